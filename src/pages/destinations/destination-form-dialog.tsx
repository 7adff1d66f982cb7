/** Adding or editing a destination: name, what it is used for, its target and the target's configuration fields. */
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ActionDialog } from '#components/action-dialog.tsx';
import { useFormSubmit } from '#components/form/use-form-submit.ts';
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
  const submit = useFormSubmit(
    form,
    async (values) => {
      const body = valuesToBody(values);
      let saved: AnyDestination;
      if (values.api === 'direct') {
        const direct = { name: body.name, target: String(body.target), configJson: body.destinationJson ?? '{}' };
        saved = fromDirect(
          destination ? await updateDirect.mutateAsync({ params: { id: destination.id }, body: { ...direct, active: destination.active } }) : await createDirect.mutateAsync({ body: direct }),
        );
      } else {
        saved = { ...(destination ? await update.mutateAsync({ params: { id: destination.id }, body }) : await create.mutateAsync({ body })), api: 'media' };
      }
      notify(destination ? 'Destination saved' : 'Destination added: activate it before publishing to it', { severity: 'success' });
      onSaved(saved);
    },
    { map: destinationServerErrors },
  );
  const retarget = destination !== null && target !== (DestinationTarget.nameOf(destination.target) ?? '');
  return (
    <ActionDialog
      title={destination ? `Edit ${destination.name}` : 'Add a destination'}
      actionLabel={destination ? 'Save' : 'Add'}
      {...submit}
      onClose={onClose}
    >
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
