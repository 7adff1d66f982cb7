/**
 * Adding live publications (an audio input, one or more destinations, each target's fields as a
 * form with a raw JSON view for experts, start now or with the event) or publishing the event's
 * MP4 to several destinations at once.
 */
import { useState } from 'react';
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
import { ApiError } from '#client';
import { checkTargetField, targetFields, type Event, type MediaDestination, type PublicationKind } from '#schema';
import { useDescribeError } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { notify } from '#app/notifications.tsx';
import { ActionDialog } from '#components/action-dialog.tsx';
import { Mp4Offer, useEventMp4 } from './event-mp4.tsx';
import { FieldInput } from './target-field-input.tsx';
import { DestinationChoiceLabel, TargetLabel, targetName } from './targets.tsx';

interface Draft {
  destination: MediaDestination;
  values: Record<string, unknown>;
  raw: boolean;
  rawText: string;
}

/** The publicationJson of a draft: the raw text when the expert view is on, else the form's non-empty values. */
export function draftJson(d: Draft): string {
  if (d.raw) return d.rawText;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(d.values)) {
    if (v === '' || v === undefined || v === null || (Array.isArray(v) && v.length === 0)) continue;
    out[k] = v;
  }
  return JSON.stringify(out);
}

function defaults(kind: PublicationKind, event: Event, destination: MediaDestination): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of targetFields(destination.target, kind)) {
    if (/_(title)$/.test(f.key)) out[f.key] = event.title.slice(0, f.maxLength ?? 255);
    if (f.key === 'mb_text') out[f.key] = `${kind === 'live' ? 'Live now' : 'Watch'}: ${event.title}`.slice(0, 280);
  }
  return out;
}

/** Adding live publications or publishing the MP4: choose destinations, fill each target's form, submit together. */
export function PublishDialog({ event, kind, onClose }: { event: Event; kind: PublicationKind; onClose: () => void }) {
  const describeError = useDescribeError();
  const destinations = useQuery(api.mediaDestination.list.queryOptions({}));
  const profile = useQuery({ ...api.channelProfile.getForEvent.queryOptions({ params: { id: event.id } }), enabled: kind === 'live' });
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const [audioInputId, setAudioInputId] = useState('');
  const [startInstantly, setStartInstantly] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const createLive = useMutation(api.livePublication.create.mutationOptions());
  const createVod = useMutation(api.vodPublication.create.mutationOptions());
  const busy = createLive.isPending || createVod.isPending;

  const toggle = (d: MediaDestination) =>
    setDrafts((list) => (list.some((x) => x.destination.id === d.id) ? list.filter((x) => x.destination.id !== d.id) : [...list, { destination: d, values: defaults(kind, event, d), raw: false, rawText: '' }]));
  const update = (i: number, change: Partial<Draft>) => setDrafts((list) => list.map((d, j) => (j === i ? { ...d, ...change } : d)));

  const submit = async () => {
    setProblem(null);
    // The schema module's own checks first, so most mistakes show before a round trip.
    const local: Record<string, string> = {};
    drafts.forEach((d, i) => {
      if (d.raw) return;
      for (const f of targetFields(d.destination.target, kind)) {
        const v = d.values[f.key];
        if (f.required && !f.suppliedByDestination && (v === undefined || v === '')) local[`${i}.${f.key}`] = `${f.label} is required by ${targetName(d.destination.target)}`;
        const why = checkTargetField(f, v);
        if (why) local[`${i}.${f.key}`] = `${f.label} ${why}`;
      }
    });
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    try {
      const publications = drafts.map((d) => ({ destinationId: d.destination.id, publicationJson: draftJson(d) }));
      const created =
        kind === 'live'
          ? await createLive.mutateAsync({ body: { eventId: event.id, startInstantly, publications: publications.map((p) => ({ ...p, ...(audioInputId ? { audioInputId } : {}) })) } })
          : await createVod.mutateAsync({ body: { eventId: event.id, publications } });
      notify(`${created.length} ${kind === 'live' ? 'live' : 'VOD'} ${created.length === 1 ? 'publication' : 'publications'} created`, { severity: 'success' });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.fieldErrors.length > 0) {
        const mapped: Record<string, string> = {};
        const other: string[] = [];
        for (const f of error.fieldErrors) {
          const m = /^body\.publications\.(\d+)\.publicationJson(?:\.([\w]+))?/.exec(f.field);
          if (m) mapped[m[2] ? `${m[1]}.${m[2]}` : `${m[1]}.__raw`] = f.message;
          else other.push(`${f.field}: ${f.message}`);
        }
        setErrors(mapped);
        if (other.length > 0) setProblem(other.join('; '));
      } else setProblem(describeError(error).message);
    }
  };

  const mp4 = useEventMp4(event.id);
  const mp4Ready = mp4.ready;
  return (
    <ActionDialog
      title={kind === 'live' ? 'Add live publications' : 'Publish the MP4'}
      actionLabel={
        kind === 'live'
          ? `Create ${drafts.length || ''} live ${drafts.length === 1 ? 'publication' : 'publications'}`
          : `Publish to ${drafts.length || ''} ${drafts.length === 1 ? 'destination' : 'destinations'}`
      }
      onAction={() => void submit()}
      disabled={drafts.length === 0 || (kind === 'vod' && !mp4Ready)}
      busy={busy}
      error={problem}
      onClose={onClose}
      maxWidth="md"
      long
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {kind === 'vod' && <Mp4Offer mp4={mp4} />}
        {kind === 'live' && (
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
            <TextField select size="small" label="Audio input" value={audioInputId} onChange={(e) => setAudioInputId(e.target.value)} sx={{ minWidth: 220 }}>
              <MenuItem value="">The event’s default audio</MenuItem>
              {(profile.data?.audioInputs ?? []).map((a) => (
                <MenuItem key={a.id} value={a.id}>
                  {a.languageCode} · channel {a.audioChannel}
                </MenuItem>
              ))}
            </TextField>
            <FormControlLabel control={<Switch checked={startInstantly} onChange={(e) => setStartInstantly(e.target.checked)} />} label="Start at once (or when the event goes live)" />
          </Box>
        )}
        <Box>
          <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
            Destinations
          </Typography>
          {destinations.isPending ? (
            <Skeleton variant="rounded" height={40} />
          ) : (destinations.data ?? []).length === 0 ? (
            <Alert severity="info">
              No destinations yet. <RouterLink to="/destinations?new=1">Add one</RouterLink> first.
            </Alert>
          ) : (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              {(destinations.data ?? []).map((d) => (
                <FormControlLabel
                  key={d.id}
                  control={<Checkbox checked={drafts.some((x) => x.destination.id === d.id)} onChange={() => toggle(d)} />}
                  label={<DestinationChoiceLabel destination={d} />}
                />
              ))}
            </Box>
          )}
        </Box>
        {drafts.map((d, i) => (
          <Paper key={d.destination.id} variant="outlined" sx={{ p: 2 }} component="fieldset" aria-label={`${d.destination.name} (${targetName(d.destination.target)})`}>
            <Box sx={{ display: 'flex', alignItems: 'center', mb: 1.5 }}>
              <Typography variant="subtitle1" component="legend" sx={{ flex: 1, display: 'inline-flex', gap: 1, alignItems: 'center' }}>
                <TargetLabel target={d.destination.target} /> · {d.destination.name}
              </Typography>
              <FormControlLabel
                control={<Switch size="small" checked={d.raw} onChange={(e) => update(i, { raw: e.target.checked, rawText: e.target.checked ? JSON.stringify(JSON.parse(draftJson({ ...d, raw: false })), null, 2) : d.rawText })} />}
                label="Raw JSON"
              />
            </Box>
            {!d.destination.active && <Alert severity="warning" sx={{ mb: 1.5 }}>This destination is not active: its publications will fail with FailedDestination until it is activated.</Alert>}
            {d.raw ? (
              <TextField
                label="publicationJson"
                multiline
                minRows={4}
                fullWidth
                value={d.rawText}
                onChange={(e) => update(i, { rawText: e.target.value })}
                error={Boolean(errors[`${i}.__raw`])}
                helperText={errors[`${i}.__raw`] ?? Object.entries(errors).filter(([k]) => k.startsWith(`${i}.`)).map(([, m]) => m).join('; ')}
                slotProps={{ htmlInput: { style: { fontFamily: 'monospace', fontSize: 13 } } }}
              />
            ) : (
              <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}>
                {targetFields(d.destination.target, kind).map((f) => (
                  <Box key={f.key} sx={{ gridColumn: f.type === 'textarea' || f.type === 'urls' ? '1 / -1' : undefined }}>
                    <FieldInput field={f} value={d.values[f.key]} error={errors[`${i}.${f.key}`]} onChange={(v) => update(i, { values: { ...d.values, [f.key]: v } })} />
                  </Box>
                ))}
              </Box>
            )}
          </Paper>
        ))}
      </Stack>
    </ActionDialog>
  );
}
