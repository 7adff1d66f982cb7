/** Adding or editing a destination: name, what it is used for, its target and the target's configuration fields. */
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ActionDialog } from '#components/action-dialog.tsx';
import { useFormSubmit, type FormSubmit } from '#components/form/use-form-submit.ts';
import { useFormConflict } from '#components/use-version-conflict.tsx';
import { DestinationTarget } from '#schema';
import { api } from '#app/api.ts';
import { notify } from '#app/notifications.tsx';
import { FormTextField } from '#components/form/text-field.tsx';
import { TargetLabel } from '#pages/publications/index.ts';
import {
  DestinationFormSchema,
  destinationToValues,
  fromDirect,
  newDestinationValues,
  destinationServerErrors,
  TARGET_CONFIG_FIELDS,
  valuesToBody,
  type DestinationApi,
  type DestinationFormValues,
  type AnyDestination,
} from './destination-form.ts';

/** The form's fields in the conflict dialog's words (target fields by their own labels). */
const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  target: 'Target',
  rawJson: 'More configuration (JSON)',
  ...Object.fromEntries(Object.values(TARGET_CONFIG_FIELDS).flatMap((fields) => fields.map((f) => [`fields.${f.key}`, f.label]))),
};

export function DestinationFormDialog({ destination, onClose, onSaved }: { destination: AnyDestination | null; onClose: () => void; onSaved: (d: AnyDestination) => void }) {
  const form = useForm<DestinationFormValues>({
    resolver: zodResolver(DestinationFormSchema) as unknown as Resolver<DestinationFormValues>,
    defaultValues: destination ? destinationToValues(destination) : newDestinationValues(),
  });
  const target = useWatch({ control: form.control, name: 'target' });
  const kind = useWatch({ control: form.control, name: 'api' });
  const create = useMutation(api.mediaDestination.create.mutationOptions());
  const update = useMutation(api.mediaDestination.update.mutationOptions());
  const createDirect = useMutation(api.destination.create.mutationOptions());
  const updateDirect = useMutation(api.destination.update.mutationOptions());
  // A save is based on the version the operator opened; a 412 shows what changed meanwhile.
  const conflict = useFormConflict({
    form,
    record: destination,
    // The 412 answers the record as its own GET does (without `api`): the kind is the one being edited.
    toValues: (d: AnyDestination) => destinationToValues({ ...d, api: destination?.api ?? 'media' }),
    what: destination ? `the destination ‘${destination.name}’` : 'the destination',
    ...(destination ? { entity: destination.api === 'direct' ? ('destination' as const) : ('mediaDestination' as const), id: destination.id } : {}),
    labelOf: (field) => FIELD_LABELS[field] ?? field,
    resubmit: (): void => submit.onSubmit(),
  });
  const submit: FormSubmit = useFormSubmit(
    form,
    async (values) => {
      const body = valuesToBody(values);
      let saved: AnyDestination;
      if (values.api === 'direct') {
        const direct = { name: body.name, target: String(body.target), configJson: body.destinationJson ?? '{}' };
        saved = fromDirect(
          destination ? await updateDirect.mutateAsync({ params: { id: destination.id }, body: { ...direct, active: destination.active }, ifMatch: conflict.ifMatch() }) : await createDirect.mutateAsync({ body: direct }),
        );
      } else {
        saved = { ...(destination ? await update.mutateAsync({ params: { id: destination.id }, body, ifMatch: conflict.ifMatch() }) : await create.mutateAsync({ body })), api: 'media' };
      }
      conflict.saved(saved);
      notify(destination ? 'Destination saved' : 'Destination added: activate it before publishing to it', { severity: 'success' });
      onSaved(saved);
    },
    { map: destinationServerErrors, versions: conflict },
  );
  const retarget = destination !== null && target !== (DestinationTarget.nameOf(destination.target) ?? '');
  return (
    <ActionDialog
      title={destination ? `Edit ${destination.name}` : 'Add a destination'}
      actionLabel={destination ? 'Save' : 'Add'}
      {...submit}
      onClose={onClose}
    >
      {conflict.dialog}
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField control={form.control} name="name" label="Name" required autoFocus />
        <TextField
          select
          label="Used for"
          value={kind}
          disabled={destination !== null}
          onChange={(e) => form.setValue('api', e.target.value as DestinationApi, { shouldDirty: true })}
          helperText={
            kind === 'direct'
              ? 'Direct publishing: VOD publications of content ids, with guided forms (regions, categories, playlists).'
              : 'Syndication: live and VOD publications of events.'
          }
        >
          <MenuItem value="media">Syndication (live and VOD of events)</MenuItem>
          <MenuItem value="direct">Direct publishing (VOD by content id)</MenuItem>
        </TextField>
        <TextField
          select
          label="Target"
          value={target}
          onChange={(e) => form.setValue('target', e.target.value, { shouldDirty: true })}
          helperText={retarget ? 'Another target is another account: the destination must be activated again.' : undefined}
        >
          {DestinationTarget.names.map((n) => (
            <MenuItem key={n} value={n}>
              <TargetLabel target={DestinationTarget.values[n]} />
            </MenuItem>
          ))}
        </TextField>
        {(TARGET_CONFIG_FIELDS[target] ?? []).map((f) => (
          <FormTextField key={`${target}-${f.key}`} control={form.control} name={`fields.${f.key}`} label={f.label} helperText={f.help} />
        ))}
        <FormTextField
          control={form.control}
          name="rawJson"
          label="More configuration (JSON)"
          multiline
          minRows={3}
          helperText="Other keys of destinationJson, for experts"
          slotProps={{ htmlInput: { style: { fontFamily: 'monospace', fontSize: 13 } } }}
        />
      </Stack>
    </ActionDialog>
  );
}
