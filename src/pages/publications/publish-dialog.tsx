/**
 * Adding live publications (an audio input, one or more destinations, each target's fields as a
 * form with a raw JSON view for experts, start now or with the event) or publishing the event's
 * MP4 to several destinations at once.
 */
import { useMemo } from 'react';
import { Controller, useForm, useWatch, type Control, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { targetFields, type Event, type MediaDestination, type PublicationKind } from '#schema';
import { useDescribeError } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { notify } from '#app/notifications.tsx';
import { ActionDialog } from '#components/action-dialog.tsx';
import { useFormSubmit } from '#components/form/use-form-submit.ts';
import { Mp4Offer, useEventMp4 } from './event-mp4.tsx';
import { draftJson, mapPublishErrors, newDraft, publishSchema, type PublishValues } from './publish-form.ts';
import { FieldInput } from './target-field-input.tsx';
import { DestinationChoiceLabel, TargetLabel, targetName } from './targets.tsx';

/** Adding live publications or publishing the MP4: choose destinations, fill each target's form, submit together. */
export function PublishDialog({ event, kind, onClose }: { event: Event; kind: PublicationKind; onClose: () => void }) {
  const describe = useDescribeError();
  const destinations = useQuery(api.mediaDestination.list.queryOptions({}));
  const list = useMemo(() => destinations.data ?? [], [destinations.data]);
  const profile = useQuery({ ...api.channelProfile.getForEvent.queryOptions({ params: { id: event.id } }), enabled: kind === 'live' });
  const resolver = useMemo(() => zodResolver(publishSchema(kind, list)) as unknown as Resolver<PublishValues>, [kind, list]);
  const form = useForm<PublishValues>({ resolver, defaultValues: { selected: [], drafts: {}, audioInputId: '', startInstantly: true } });
  const selected = useWatch({ control: form.control, name: 'selected' });
  const chosen = selected.map((id) => list.find((d) => d.id === id)).filter((d): d is MediaDestination => d !== undefined);
  const createLive = useMutation(api.livePublication.create.mutationOptions());
  const createVod = useMutation(api.vodPublication.create.mutationOptions());

  const toggle = (d: MediaDestination) => {
    if (!form.getValues(`drafts.${d.id}`)) form.setValue(`drafts.${d.id}`, newDraft(kind, event, d));
    form.setValue('selected', selected.includes(d.id) ? selected.filter((id) => id !== d.id) : [...selected, d.id], { shouldDirty: true });
  };

  const setRaw = (id: string, raw: boolean) => {
    // Into the expert view with what the fields hold, pretty-printed; out of it, the fields as they were.
    const draft = form.getValues(`drafts.${id}`);
    if (raw) form.setValue(`drafts.${id}.rawText`, JSON.stringify(JSON.parse(draftJson({ ...draft, raw: false })), null, 2));
    form.setValue(`drafts.${id}.raw`, raw, { shouldDirty: true });
  };

  const submit = useFormSubmit(
    form,
    async (values) => {
      const publications = values.selected.map((id) => ({ destinationId: id, publicationJson: draftJson(values.drafts[id]!) }));
      const { audioInputId, startInstantly } = values;
      const created =
        kind === 'live'
          ? await createLive.mutateAsync({ body: { eventId: event.id, startInstantly, publications: publications.map((p) => ({ ...p, ...(audioInputId ? { audioInputId } : {}) })) } })
          : await createVod.mutateAsync({ body: { eventId: event.id, publications } });
      notify(`${created.length} ${kind === 'live' ? 'live' : 'VOD'} ${created.length === 1 ? 'publication' : 'publications'} created`, { severity: 'success' });
      onClose();
    },
    { map: (errors) => mapPublishErrors(errors, form.getValues('selected'), form.getValues('drafts')) },
  );

  const mp4 = useEventMp4(event.id);
  return (
    <ActionDialog
      title={kind === 'live' ? 'Add live publications' : 'Publish the MP4'}
      actionLabel={
        kind === 'live'
          ? `Create ${chosen.length || ''} live ${chosen.length === 1 ? 'publication' : 'publications'}`
          : `Publish to ${chosen.length || ''} ${chosen.length === 1 ? 'destination' : 'destinations'}`
      }
      {...submit}
      disabled={chosen.length === 0 || (kind === 'vod' && !mp4.ready)}
      onClose={onClose}
      maxWidth="md"
      long
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {kind === 'vod' && <Mp4Offer mp4={mp4} />}
        {kind === 'live' && (
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
            <Controller
              control={form.control}
              name="audioInputId"
              render={({ field, fieldState }) => (
                <TextField select size="small" label="Audio input" {...field} inputRef={field.ref} error={Boolean(fieldState.error)} helperText={fieldState.error?.message} sx={{ minWidth: 220 }}>
                  <MenuItem value="">The event’s default audio</MenuItem>
                  {(profile.data?.audioInputs ?? []).map((a) => (
                    <MenuItem key={a.id} value={a.id}>
                      {a.languageCode} · channel {a.audioChannel}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              control={form.control}
              name="startInstantly"
              render={({ field }) => <FormControlLabel control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />} label="Start at once (or when the event goes live)" />}
            />
          </Box>
        )}
        <Box>
          <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
            Destinations
          </Typography>
          {destinations.error ? (
            <Alert severity="error">{describe(destinations.error).message}</Alert>
          ) : destinations.isPending ? (
            <Skeleton variant="rounded" height={40} />
          ) : list.length === 0 ? (
            <Alert severity="info">
              No destinations yet. <RouterLink to="/destinations?new=1">Add one</RouterLink> first.
            </Alert>
          ) : (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              {list.map((d) => (
                <FormControlLabel key={d.id} control={<Checkbox checked={selected.includes(d.id)} onChange={() => toggle(d)} />} label={<DestinationChoiceLabel destination={d} />} />
              ))}
            </Box>
          )}
        </Box>
        {chosen.map((d) => (
          <DraftFields key={d.id} destination={d} kind={kind} control={form.control} setRaw={(raw) => setRaw(d.id, raw)} />
        ))}
      </Stack>
    </ActionDialog>
  );
}

/** One chosen destination's part of the form: its target's fields, or (Raw JSON) the publicationJson as text. */
function DraftFields({ destination: d, kind, control, setRaw }: { destination: MediaDestination; kind: PublicationKind; control: Control<PublishValues>; setRaw: (raw: boolean) => void }) {
  const draft = useWatch({ control, name: `drafts.${d.id}` });
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="fieldset" aria-label={`${d.name} (${targetName(d.target)})`}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1.5 }}>
        <Typography variant="subtitle1" component="legend" sx={{ flex: 1, display: 'inline-flex', gap: 1, alignItems: 'center' }}>
          <TargetLabel target={d.target} /> · {d.name}
        </Typography>
        <FormControlLabel control={<Switch size="small" checked={draft.raw} onChange={(e) => setRaw(e.target.checked)} />} label="Raw JSON" />
      </Box>
      {!d.active && <Alert severity="warning" sx={{ mb: 1.5 }}>This destination is not active: its publications will fail with FailedDestination until it is activated.</Alert>}
      {draft.raw ? (
        <Controller
          control={control}
          name={`drafts.${d.id}.rawText`}
          render={({ field, fieldState }) => (
            <TextField
              label="publicationJson"
              multiline
              minRows={4}
              fullWidth
              {...field}
              inputRef={field.ref}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
              slotProps={{ htmlInput: { style: { fontFamily: 'monospace', fontSize: 13 } } }}
            />
          )}
        />
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}>
          {targetFields(d.target, kind).map((f) => (
            <Box key={f.key} sx={{ gridColumn: f.type === 'textarea' || f.type === 'urls' ? '1 / -1' : undefined }}>
              <Controller
                control={control}
                name={`drafts.${d.id}.values.${f.key}`}
                render={({ field, fieldState }) => <FieldInput field={f} value={field.value} error={fieldState.error?.message} onChange={field.onChange} inputRef={field.ref} />}
              />
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}
