/**
 * What the composition event is doing now, followed live: a standard composition's generation
 * (COMPOSE_WAITING -> COMPOSE_GENERATING -> COMPOSE_PRIVATE | COMPOSE_PUBLIC, or COMPOSE_ERROR)
 * until the result plays; an encoder composition's live state, its controls and its stream.
 */
import { Link as RouterLink } from 'react-router';
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { EventState, type Event } from '#schema';
import { useServiceUrl } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { formatDateTime, parseServiceDate } from '#components/format-time.ts';
import { stateLabel } from '#components/event-state.ts';
import { Player } from '#components/player.tsx';
import { WorkProgressBar } from '#components/work-progress.tsx';
import { absoluteUrl, EventActions, eventDetailOptions, isLive, isTransitional, playableHlsUrl } from '#pages/event/index.ts';
import type { CompositionKind } from './playlist-document.ts';
import { formatClock, parseTimeSpan } from './timecode.ts';

/** The composition event, with its video structure (kept fresh by the change feed). */
export function useCompositionEvent(eventId: string | null) {
  return useQuery({
    ...eventDetailOptions(eventId ?? '00000000-0000-0000-0000-000000000000'),
    enabled: eventId !== null,
  });
}

/** The playlist with its generation (status, times, the reason of a failure), fresh at each state change (the change feed). */
function useGeneration(eventId: string, enabled: boolean) {
  const query = useQuery({
    ...api.compose.get.queryOptions({ params: { eventId } }),
    enabled,
    retry: false,
  });
  return query.data?.generation ?? null;
}

/**
 * A running generation's progress in percent, moved on each second from its start and expected
 * end (the service answers the same from the same times), so the bar moves without asking again.
 */
function useGenerationPercent(generation: ReturnType<typeof useGeneration>): number | null {
  const running = generation?.status === 'GENERATING';
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [running]);
  if (!running) return null;
  const start = parseServiceDate(generation.startedAt)?.getTime();
  const ready = parseServiceDate(generation.readyAt)?.getTime();
  if (start === undefined || ready === undefined || ready <= start) return Math.round(generation.progress * 100);
  return Math.max(Math.round(generation.progress * 100), Math.min(99, Math.floor(((now - start) / (ready - start)) * 100)));
}

/** What is left of a generation's planned time at `percent`, in seconds. */
function compositionEtaSeconds(generation: { startedAt: string | null; readyAt: string | null }, percent: number): number | null {
  if (!generation.startedAt || !generation.readyAt) return null;
  const total = Date.parse(generation.readyAt) - Date.parse(generation.startedAt);
  return total > 0 ? Math.max(0, Math.round((total * (1 - percent / 100)) / 1000)) : null;
}

export function CompositionStatus({ kind, event, justSaved }: { kind: CompositionKind; event: Event; justSaved: boolean }) {
  const serviceUrl = useServiceUrl();
  const name = EventState.nameOf(event.state);
  const generation = useGeneration(event.id, kind === 'standard');
  const percent = useGenerationPercent(generation);
  const hls = playableHlsUrl(event.video);
  const src = hls ? absoluteUrl(hls, serviceUrl) : null;

  if (kind === 'encoder') {
    const live = isLive(event.state) || isTransitional(event.state);
    return (
      <Box component="section" aria-label="Composition status" data-testid="composition-status" sx={{ mb: 2, display: 'grid', gridTemplateColumns: { xs: '1fr', md: live && src ? 'minmax(0, 1fr) minmax(240px, 360px)' : '1fr' }, gap: 2, alignItems: 'start' }}>
        <Alert severity={live ? 'success' : 'info'} icon={false} action={<EventActions event={event} />} sx={{ alignItems: 'center' }}>
          <AlertTitle sx={{ mb: 0 }}>{live ? 'The encoder is playing the playlist' : 'Live event with this playlist'}</AlertTitle>
          <Typography variant="body2">
            {name === 'PRE_LIVE'
              ? `Start it to play the items in order${event.channel ? ` on ${event.channel}` : ''}. Saved changes to the playlist apply to what the encoder plays next.`
              : name === 'LIVE_STARTING'
                ? 'The encoder is starting…'
                : live
                  ? 'Saved changes to the playlist apply to what the encoder plays next.'
                  : `State: ${stateLabel(event.state)}.`}
          </Typography>
          {isTransitional(event.state) && <LinearProgress sx={{ mt: 1 }} aria-label="The encoder is changing state" />}
        </Alert>
        {live && src && <Player src={src} live title={`Composition: ${event.title}`} />}
      </Box>
    );
  }

  if (name === 'COMPOSE_GENERATING') {
    return (
      <Alert severity="info" sx={{ mb: 2 }} data-testid="composition-status" role="status">
        <AlertTitle>Generating the composition…</AlertTitle>
        The service is stitching the items into one video. This page follows it; you can keep editing, and a new save starts the generation again.
        <WorkProgressBar
          progress={generation?.status === 'GENERATING' && percent !== null ? { percent, etaSeconds: compositionEtaSeconds(generation, percent) } : null}
          label="Generating the composition"
          sx={{ mt: 1 }}
        />
      </Alert>
    );
  }
  if (name === 'COMPOSE_WAITING') {
    const at = parseServiceDate(generation?.readyAt ?? null);
    return (
      <Alert severity="info" sx={{ mb: 2 }} data-testid="composition-status" role="status">
        <AlertTitle>Waiting for the live stream start</AlertTitle>
        The composition is generated once its live stream starts{at ? ` (${formatDateTime(at)})` : ''}; this page follows it.
      </Alert>
    );
  }
  if (name === 'COMPOSE_ERROR') {
    return (
      <Alert severity="error" sx={{ mb: 2 }} data-testid="composition-status" role="status">
        <AlertTitle>Generation failed</AlertTitle>
        <Box component="span" data-testid="generation-error">
          {generation?.error ?? 'A source may be missing or unplayable, or a licensed feature is not available.'}
        </Box>{' '}
        Fix the playlist and save to generate it again.
      </Alert>
    );
  }
  if (name === 'COMPOSE_PRIVATE' || name === 'COMPOSE_PUBLIC') {
    return <ReadyStatus event={event} src={src} justSaved={justSaved} durationText={generation?.duration ? formatClock(parseTimeSpan(generation.duration) ?? 0) : null} />;
  }
  return null;
}

/** Ready: a one-line summary; the player opens by itself after a save this page watched, or on request. */
function ReadyStatus({ event, src, justSaved, durationText }: { event: Event; src: string | null; justSaved: boolean; durationText: string | null }) {
  const [open, setOpen] = useState(false);
  const showPlayer = open || justSaved;
  const name = EventState.nameOf(event.state);
  const modified = parseServiceDate(event.dateModified);
  return (
    <Box component="section" aria-label="Composition status" data-testid="composition-status" sx={{ mb: 2 }}>
      <Alert
        severity="success"
        role="status"
        action={
          <Box sx={{ display: 'flex', gap: 0.5 }}>
            <Button size="small" color="inherit" onClick={() => setOpen(!showPlayer)} aria-expanded={showPlayer}>
              {showPlayer ? 'Hide the player' : 'Play the result'}
            </Button>
            <Button size="small" color="inherit" component={RouterLink} to={`/events/${event.id}?tab=player`}>
              Open the event
            </Button>
          </Box>
        }
      >
        <AlertTitle sx={{ mb: 0 }}>{justSaved ? 'Generated: the composition plays' : 'The composition is ready'}</AlertTitle>
        {name === 'COMPOSE_PRIVATE' ? 'Private: playable from the protected URL only.' : 'Public.'}
        {durationText ? ` ${durationText} long.` : ''}
        {modified ? ` Last generated ${formatDateTime(modified)}.` : ''}
      </Alert>
      {showPlayer && (
        <Box sx={{ mt: 1, maxWidth: 560 }}>
          <Player
            src={src}
            live={false}
            title={`Composition: ${event.title}`}
            empty={<Box sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1, color: 'text.secondary', fontSize: 14 }}>The service gives no stream for this composition yet.</Box>}
          />
        </Box>
      )}
    </Box>
  );
}
