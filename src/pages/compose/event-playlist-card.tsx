/**
 * The playlist of one event, for the event page: a summary (name, type, items, running time),
 * the way into the editor, "Clone to another event" (GET /compose/clone/{id}?targetEventId=), the
 * DRM of a standard composition (PUT /compose/event/{id}/drm/) and, for an encoder composition,
 * removing its playlist (DELETE /compose/{id}). An event without a playlist says so and offers a
 * new composition.
 *
 * @example
 * <EventPlaylistCard event={event} />
 */
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/EditOutlined';
import CopyIcon from '@mui/icons-material/ContentCopyOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import { type ComposePlaylist, type Event } from '#schema';
import { useDescribeError } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { notify } from '#app/notifications.tsx';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { formatDateTime, parseServiceDate } from '#components/format-time.ts';
import { compositionKindOf, documentFromService, type CompositionKind } from './playlist-document.ts';
import { computeTimeline } from './playlist-timing.ts';
import { itemTitle } from './playlist-row-label.ts';
import { KIND_LABEL } from './playlist-settings.tsx';
import { formatClock } from './timecode.ts';
import { useSources } from './use-sources.ts';
import { CloneDialog, DrmDialog } from './playlist-card-dialogs.tsx';

export interface EventPlaylistCardProps {
  event: Event;
}

export function EventPlaylistCard({ event}: EventPlaylistCardProps) {
  const describeError = useDescribeError();
  const query = useQuery({ ...api.compose.get.queryOptions({ params: { eventId: event.id } }), retry: false });
  const absent = query.error && (query.error.status === 400 || query.error.status === 404);
  return (
    <Paper variant="outlined" component="section" aria-labelledby={`playlist-card-${event.id}`} sx={{ p: 2 }}>
      <Typography id={`playlist-card-${event.id}`} variant="h2" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
        Compose playlist
      </Typography>
      {query.isPending ? (
        <Skeleton variant="rounded" height={96} />
      ) : absent ? (
        <NoPlaylist />
      ) : query.error ? (
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void query.refetch()}>Retry</Button>}>
          Could not load the playlist. {describeError(query.error).message}
        </Alert>
      ) : (
        <PlaylistSummary event={event} playlist={query.data} kind={compositionKindOf(event, query.data)} />
      )}
    </Paper>
  );
}

function NoPlaylist() {
  return (
    <Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        This event has no playlist: it is not a composition. A composition is an event of its own, made from recorded events (standard) or played live by an encoder.
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button size="small" variant="outlined" component={RouterLink} to="/compose/new?type=standard">
          New standard composition
        </Button>
        <Button size="small" variant="outlined" component={RouterLink} to="/compose/new?type=encoder">
          New encoder composition
        </Button>
      </Box>
    </Box>
  );
}

function PlaylistSummary({ event, playlist, kind }: { event: Event; playlist: ComposePlaylist; kind: CompositionKind }) {
  const doc = useMemo(() => documentFromService(playlist, event), [playlist, event]);
  const sources = useSources(doc.items);
  const timeline = useMemo(() => computeTimeline(doc.items, sources.lookup), [doc.items, sources.lookup]);
  const [cloneOpen, setCloneOpen] = useState(false);
  const [drmOpen, setDrmOpen] = useState(false);
  const [removeOpen, setRemoveOpen] = useState(false);
  const remove = useMutation(api.compose.delete.mutationOptions());
  const count = doc.items.length;
  const shown = doc.items.slice(0, 5);

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{playlist.name}</Typography>
        <Chip size="small" variant="outlined" label={KIND_LABEL[kind]} />
        {playlist.looped && <Chip size="small" label="Looped" />}
        {kind === 'standard' && event.vodDrm && <Chip size="small" icon={<LockIcon />} label="DRM" />}
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }} data-testid="playlist-card-summary">
        {count} {count === 1 ? 'item' : 'items'} · {timeline.unknown > 0 ? 'at least ' : ''}
        {formatClock(timeline.totalMs)}
        {playlist.liveStreamStart ? ` · live stream start ${formatDateTime(parseServiceDate(playlist.liveStreamStart) ?? new Date(playlist.liveStreamStart))}` : ''}
        {playlist.generation?.status === 'FAILED' && playlist.generation.error ? ` · generation failed: ${playlist.generation.error}` : ''}
      </Typography>
      {count > 0 && (
        <Box component="ol" sx={{ m: 0, mt: 1, pl: 3, color: 'text.secondary', fontSize: 14 }}>
          {shown.map((item, index) => (
            <li key={item.key}>
              <Box component="span" sx={{ color: 'text.primary' }}>
                {itemTitle(item, sources.lookup(item))}
              </Box>
              {timeline.items[index]?.durationMs != null ? ` · ${formatClock(timeline.items[index]!.durationMs!)}` : ''}
            </li>
          ))}
          {count > shown.length && <Box component="li" sx={{ listStyle: 'none', ml: -3 }}>and {count - shown.length} more</Box>}
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
        <Button size="small" variant="contained" startIcon={<EditIcon />} component={RouterLink} to={`/compose/${event.id}`}>
          Open in editor
        </Button>
        <Button size="small" variant="outlined" startIcon={<CopyIcon />} onClick={() => setCloneOpen(true)}>
          Clone to another event
        </Button>
        {kind === 'standard' ? (
          <Button size="small" variant="outlined" startIcon={<LockIcon />} onClick={() => setDrmOpen(true)}>
            DRM
          </Button>
        ) : (
          <Button size="small" color="error" onClick={() => setRemoveOpen(true)}>
            Remove playlist
          </Button>
        )}
      </Box>
      {kind === 'encoder' && (
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 1 }}>
          The DRM of an encoder composition is the live event’s own (General tab).
        </Typography>
      )}
      <CloneDialog open={cloneOpen} event={event} kind={kind} onClose={() => setCloneOpen(false)} />
      {kind === 'standard' && <DrmDialog key={drmOpen ? 'open' : 'closed'} open={drmOpen} event={event} onClose={() => setDrmOpen(false)} />}
      <ConfirmDialog
        open={removeOpen}
        title="Remove the playlist?"
        confirmLabel="Remove the playlist"
        destructive
        mutation={remove}
        onClose={() => setRemoveOpen(false)}
        onConfirm={() =>
          remove.mutate(
            { params: { eventId: event.id } },
            {
              onSuccess: () => {
                setRemoveOpen(false);
                notify(`Removed the playlist of ‘${event.title}’.`, { severity: 'success' });
              },
            },
          )
        }
      >
        ‘{event.title}’ keeps its schedule and state, but its encoder no longer has a playlist to play ({count} {count === 1 ? 'item' : 'items'} are removed).
      </ConfirmDialog>
    </Box>
  );
}

