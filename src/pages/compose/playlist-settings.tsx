// Over ~250 lines: one form, the Settings tab's field list (playlist, type, composition event), read top to bottom.
/**
 * The Settings tab: the playlist's own settings (name, looped, liveStreamStart with the licence
 * rule), the composition type and why it cannot change, and the composition event's fields.
 * Typing in a field is one undo step (coalesced per field).
 */
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Event } from '#schema';
import { useNow } from '#components/use-now.ts';
import { isoToLocalInput, localInputToIso, timeZoneLabel } from '#components/form/date-time.ts';
import type { EventLookups } from '#pages/event/index.ts';
import { BookingWarning } from '#pages/schedule/index.ts';
import type { CompositionEventFields, CompositionKind, EditorAction, PlaylistDocument, PlaylistSettings } from './playlist-document.ts';
import type { DocumentIssues } from './playlist-validation.ts';

export const KIND_LABEL: Record<CompositionKind, string> = { standard: 'Standard composition', encoder: 'Encoder composition' };

export const KIND_DESCRIPTION: Record<CompositionKind, string> = {
  standard: 'The items are generated into one on-demand video (a new event), with trims and SCTE-35 markers. Events only.',
  encoder: 'A live event whose encoder plays the items in order, looped if you like. Events and MP4 files by URL; no markers.',
};

export const KIND_FIXED =
  'The type is chosen when the composition is created and cannot change: a standard composition is a generated on-demand event, an encoder composition a live event on a channel, and the service creates them through different operations. To change type, create a new composition and add the items again.';

export interface SettingsProps {
  kind: CompositionKind;
  doc: PlaylistDocument;
  isNew: boolean;
  event: Event | null;
  lookups: EventLookups;
  /** Local validation and the service's 400, by field. */
  errors: DocumentIssues['fields'];
  dispatch: (action: EditorAction) => void;
}

function Group({ title, children, description }: { title: string; children: ReactNode; description?: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography variant="h2" sx={{ fontSize: '1rem', fontWeight: 600 }}>
        {title}
      </Typography>
      {description && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {description}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, mt: 2 }}>{children}</Box>
    </Paper>
  );
}

export function PlaylistSettingsPanel({ kind, doc, isNew, event, lookups, errors, dispatch }: SettingsProps) {
  const settings = (patch: Partial<PlaylistSettings>, label: string, coalesce?: string) => dispatch({ type: 'setSettings', patch, label, ...(coalesce ? { coalesce } : {}) });
  const fields = (patch: Partial<CompositionEventFields>, label: string, coalesce?: string) => dispatch({ type: 'setEvent', patch, label, ...(coalesce ? { coalesce } : {}) });
  const e = doc.event;
  const now = useNow();
  const future = doc.settings.liveStreamStart ? Date.parse(doc.settings.liveStreamStart) > now.getTime() : false;
  const unknownOption = (id: string | null, options: { value: string }[]) => (id && !options.some((o) => o.value === id) ? [{ value: id, label: `Unknown (${id.slice(0, 8)}…)` }] : []);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 960 }}>
      <Group title="Playlist">
        <TextField
          label="Playlist name"
          required
          value={doc.settings.name}
          onChange={(ev) => settings({ name: ev.target.value }, 'renamed the playlist', 'name')}
          error={Boolean(errors.name)}
          helperText={errors.name ?? 'Shown to operators; the event has its own title.'}
        />
        <Box sx={{ display: 'flex', flexDirection: 'column' }}>
          <FormControlLabel
            control={<Switch checked={doc.settings.looped} onChange={(ev) => settings({ looped: ev.target.checked }, ev.target.checked ? 'turned looping on' : 'turned looping off')} />}
            label="Loop the playlist"
          />
          <Typography variant="caption" sx={{ color: 'text.secondary', ml: 6 }}>
            {kind === 'encoder' ? 'After the last item the encoder starts again at the first, until the event stops.' : 'Played again from the first item when it ends.'}
          </Typography>
        </Box>
        {kind === 'standard' && (
          <Box sx={{ gridColumn: '1 / -1' }}>
            <TextField
              type="datetime-local"
              label="Live stream start"
              value={isoToLocalInput(doc.settings.liveStreamStart)}
              onChange={(ev) => settings({ liveStreamStart: localInputToIso(ev.target.value) }, ev.target.value ? 'set the live stream start' : 'cleared the live stream start')}
              error={Boolean(errors.liveStreamStart)}
              helperText={errors.liveStreamStart ?? `Optional. In ${timeZoneLabel()}. Empty: generated as soon as it is saved.`}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ minWidth: 280 }}
            />
            {doc.settings.liveStreamStart && (
              <Alert severity="info" sx={{ mt: 1.5 }} data-testid="licence-note">
                A live stream start is a licensed feature. {future ? 'The composition waits (Compose waiting) until this time, then generates. ' : ''}If your account is
                not licensed for it, generation fails with a message saying so; clear the field to generate without it.
              </Alert>
            )}
          </Box>
        )}
      </Group>

      <Paper variant="outlined" component="section" aria-label="Composition type" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h2" sx={{ fontSize: '1rem', fontWeight: 600 }}>
            Composition type
          </Typography>
          <Chip label={KIND_LABEL[kind]} color="primary" variant="outlined" size="small" />
        </Box>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {KIND_DESCRIPTION[kind]}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }} data-testid="kind-fixed">
          {KIND_FIXED}
        </Typography>
      </Paper>

      <Group
        title="Event"
        description={
          isNew
            ? 'The composition is an event of its own; these fields are sent when it is created.'
            : 'Changes here are saved to the event with the playlist.'
        }
      >
        <TextField
          label="Title"
          required
          value={e.title}
          onChange={(ev) => fields({ title: ev.target.value }, 'changed the title', 'title')}
          error={Boolean(errors.title)}
          helperText={errors.title}
          sx={{ gridColumn: '1 / -1' }}
        />
        <TextField
          label="Description"
          multiline
          minRows={2}
          value={e.description}
          onChange={(ev) => fields({ description: ev.target.value }, 'changed the description', 'description')}
          sx={{ gridColumn: '1 / -1' }}
        />
        <TextField label="Reference id" value={e.refId} onChange={(ev) => fields({ refId: ev.target.value }, 'changed the reference id', 'refId')} error={Boolean(errors.refId)} helperText={errors.refId ?? 'Up to 100 characters'} />
        <TextField label="External id" value={e.externalId} onChange={(ev) => fields({ externalId: ev.target.value }, 'changed the external id', 'externalId')} error={Boolean(errors.externalId)} helperText={errors.externalId ?? 'Up to 100 characters'} />
        <TextField select label="Event type" value={e.eventTypeId ?? ''} onChange={(ev) => fields({ eventTypeId: ev.target.value || null }, 'changed the event type')} error={Boolean(errors.eventTypeId)} helperText={errors.eventTypeId ?? lookups.eventTypes.error}>
          <MenuItem value="">No type</MenuItem>
          {[...lookups.eventTypes.options, ...unknownOption(e.eventTypeId, lookups.eventTypes.options)].map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label="Room" value={e.roomId ?? ''} onChange={(ev) => fields({ roomId: ev.target.value || null }, 'changed the room')} error={Boolean(errors.roomId)} helperText={errors.roomId ?? lookups.rooms.error}>
          <MenuItem value="">No room</MenuItem>
          {[...lookups.rooms.options, ...unknownOption(e.roomId, lookups.rooms.options)].map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
        {isNew ? (
          <TextField
            select
            label="Categories"
            value={e.categoryIds}
            onChange={(ev) => {
              const value = ev.target.value as unknown as string[] | string;
              fields({ categoryIds: typeof value === 'string' ? value.split(',').filter(Boolean) : value }, 'changed the categories');
            }}
            slotProps={{ select: { multiple: true, renderValue: (selected) => (selected as string[]).map((id) => lookups.categories.options.find((o) => o.value === id)?.label ?? id).join(', ') } }}
            error={Boolean(errors.categoryIds)}
            helperText={errors.categoryIds ?? lookups.categories.error}
          >
            {lookups.categories.options.map((o) => (
              <MenuItem key={o.value} value={o.value}>
                {o.label}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <TextField
            select
            label="Category"
            value={e.categoryIds[0] ?? ''}
            onChange={(ev) => fields({ categoryIds: ev.target.value ? [ev.target.value, ...e.categoryIds.filter((id) => id !== ev.target.value).slice(1)] : [] }, 'changed the category')}
            helperText={e.categoryIds.length > 1 ? `The event has ${e.categoryIds.length} categories; this changes the first.` : errors.categoryIds}
          >
            <MenuItem value="">No category</MenuItem>
            {[...lookups.categories.options, ...unknownOption(e.categoryIds[0] ?? null, lookups.categories.options)].map((o) => (
              <MenuItem key={o.value} value={o.value}>
                {o.label}
              </MenuItem>
            ))}
          </TextField>
        )}

        {kind === 'standard' ? (
          <>
            {isNew ? (
              <TextField
                select
                required
                label="Workflow"
                value={e.workflowId ?? ''}
                onChange={(ev) => fields({ workflowId: ev.target.value || null }, 'chose the workflow')}
                error={Boolean(errors.workflowId)}
                helperText={errors.workflowId ?? lookups.xflows.error ?? 'The xflow that generates the composition.'}
              >
                {lookups.xflows.options.map((o) => (
                  <MenuItem key={o.value} value={o.value}>
                    {o.label}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <TextField label="Workflow" value={event?.xflow ?? lookups.xflows.options.find((o) => o.value === e.workflowId)?.label ?? '—'} disabled helperText="Chosen when the composition was created." />
            )}
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
              <FormControlLabel
                control={<Switch checked={e.setPrivateAfterGeneration} onChange={(ev) => fields({ setPrivateAfterGeneration: ev.target.checked }, 'changed the privacy after generation')} />}
                label="Private after generation"
              />
              {isNew && <FormControlLabel control={<Switch checked={e.vodDrm} onChange={(ev) => fields({ vodDrm: ev.target.checked }, 'changed the DRM')} />} label="Protect with DRM" />}
            </Box>
          </>
        ) : (
          <>
            {isNew ? (
              <TextField
                select
                required
                label="Channel"
                value={e.channelId ?? ''}
                onChange={(ev) => fields({ channelId: ev.target.value || null }, 'chose the channel')}
                error={Boolean(errors.channelId)}
                helperText={errors.channelId ?? lookups.channels.error ?? 'Its encoder must support composition; the service checks.'}
              >
                {lookups.channels.options.map((o) => (
                  <MenuItem key={o.value} value={o.value}>
                    {o.label}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <TextField label="Channel" value={event?.channel ?? '—'} disabled helperText="Change the channel on the event page." />
            )}
            <Box />
            <TextField
              type="datetime-local"
              label="Scheduled start"
              value={isoToLocalInput(e.scheduledStart)}
              onChange={(ev) => fields({ scheduledStart: localInputToIso(ev.target.value) }, 'changed the scheduled start')}
              error={Boolean(errors.scheduledStart)}
              helperText={errors.scheduledStart ?? timeZoneLabel()}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              type="datetime-local"
              label="Scheduled end"
              value={isoToLocalInput(e.scheduledEnd)}
              onChange={(ev) => fields({ scheduledEnd: localInputToIso(ev.target.value) }, 'changed the scheduled end')}
              error={Boolean(errors.scheduledEnd)}
              helperText={errors.scheduledEnd}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <BookingWarning channel={event?.channel ?? lookups.channels.options.find((o) => o.value === e.channelId)?.label} start={e.scheduledStart} end={e.scheduledEnd} eventId={event?.id} sx={{ gridColumn: '1 / -1' }} />
            <FormControlLabel control={<Switch checked={e.autoStart} onChange={(ev) => fields({ autoStart: ev.target.checked }, 'changed auto start')} />} label="Start automatically at the scheduled start" />
            <FormControlLabel control={<Switch checked={e.autoEnd} onChange={(ev) => fields({ autoEnd: ev.target.checked }, 'changed auto end')} />} label="End automatically at the scheduled end" />
          </>
        )}
        {event && (
          <Typography variant="caption" sx={{ color: 'text.secondary', gridColumn: '1 / -1' }}>
            Event id <code>{event.id}</code>
          </Typography>
        )}
      </Group>
    </Box>
  );
}
