/**
 * The event page's Assets tab (`?tab=assets`):
 * - the event's MP4 ("ready" only when its file is there, with the parts that came with it; the file
 *   missing, being made, why it failed) with the action to generate it;
 * - the player, paused, to scrub and mark a clip: In and Out (keys I and O, as editors expect,
 *   when no field has the focus), then "Image here", "GIF of the clip", "Video of the clip", each
 *   with the options of its request in a short form (asset-request-dialog.tsx);
 * - the event's gallery (asset-gallery.tsx).
 * Times are offsets from the stream start (HH:mm:ss.fff), what the player's clock shows for an
 * on-demand stream.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import MovieIcon from '@mui/icons-material/MovieOutlined';
import type { Event, EventMp4 } from '#schema';
import { useDescribeError, useServiceUrl } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { RoleNotice } from '#app/role-notice.tsx';
import { useCan } from '#app/use-role.ts';
import { useNotify } from '#app/notifications.tsx';
import { mp4Condition, mp4ConditionLabel, mp4Parts, type Mp4Condition } from '#components/event-state.ts';
import { formatBytes } from '#components/format-media.ts';
import { Player } from '#components/player.tsx';
import { WorkProgressBar } from '#components/work-progress.tsx';
import { absoluteUrl, playableHlsUrl } from '#pages/event/index.ts';
import { AssetGallery } from './asset-gallery.tsx';
import { AssetRequestDialog, type RequestKind } from './asset-request-dialog.tsx';
import { formatClipTime, parseClipTime } from './use-assets.ts';

const MP4_COLOURS: Record<Mp4Condition, 'default' | 'info' | 'success' | 'warning' | 'error'> = { none: 'default', making: 'info', ready: 'success', missing: 'warning', failed: 'error' };

/** "not made" as a chip's words: "Not made". */
const sentenceCase = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

function mp4Detail(condition: Mp4Condition | undefined, mp4: EventMp4 | undefined): string {
  if (!mp4 || !condition) return 'Looking for the file…';
  if (condition === 'ready') return sentenceCase([formatBytes(mp4.bytes), mp4.durationMs ? formatClipTime(mp4.durationMs / 1000) : '', `${mp4Parts(mp4)}.`].filter(Boolean).join(', '));
  if (condition === 'missing') return 'The event is marked as having an MP4, but its file is not there (never made, or removed). Generate it to publish or download it.';
  if (condition === 'making') return 'Being made from the event’s media; this updates by itself.';
  if (condition === 'failed') return `It could not be made: ${mp4.error ?? 'no reason given'}.`;
  return 'No MP4 yet. VOD publications need one.';
}

function Mp4Panel({ event}: { event: Event }) {
  const describeError = useDescribeError();
  const notify = useNotify();
  const query = useQuery({
    ...api.asset.vodFile.queryOptions({ params: { id: event.id }, query: {} }),
  });
  const mayGenerate = useCan()(api.asset.generateVodFile);
  const generate = useMutation({
    ...api.asset.generateVodFile.mutationOptions(),
    onError: (error) => notify(`Could not request the MP4: ${describeError(error).message}`, { severity: 'error' }),
  });
  const mp4 = query.data;
  const condition = generate.isPending ? 'making' : mp4 && mp4Condition(mp4);
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }} aria-label="MP4 of the event" role="region">
      <MovieIcon color="action" />
      <Box sx={{ flex: 1, minWidth: 220 }}>
        <Typography variant="subtitle2" component="h2">
          MP4 of the event {condition && <Chip size="small" label={sentenceCase(mp4ConditionLabel(condition))} color={MP4_COLOURS[condition]} sx={{ ml: 1 }} />}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {mp4Detail(condition, mp4)}
        </Typography>
        {condition === 'making' && <WorkProgressBar progress={mp4?.progress} label="Generating the MP4" sx={{ mt: 1, maxWidth: 420 }} />}
        {condition === 'ready' && mp4?.url && (
          <Link href={mp4.url} target="_blank" rel="noreferrer" variant="body2">
            Open the MP4
          </Link>
        )}
      </Box>
      <Button
        variant={condition === 'ready' ? 'outlined' : 'contained'}
        disabled={!condition || condition === 'making' || !mayGenerate.allowed}
        // A file marked AVAILABLE but missing is made again only when asked to (regenerate).
        onClick={() => generate.mutate({ params: { id: event.id }, body: { regenerate: condition === 'ready' || condition === 'missing' } })}
      >
        {condition === 'making' ? 'Generating…' : condition === 'ready' ? 'Generate again' : condition === 'failed' ? 'Try again' : 'Generate MP4'}
      </Button>
    </Paper>
  );
}

const inField = (target: EventTarget | null) => target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

function ClipMaker({ event}: { event: Event }) {
  const serviceUrl = useServiceUrl();
  const url = playableHlsUrl(event.video);
  const src = url ? absoluteUrl(url, serviceUrl) : null;
  const video = useRef<HTMLVideoElement | null>(null);
  const [now, setNow] = useState(0);
  const [inText, setInText] = useState('');
  const [outText, setOutText] = useState('');
  const [dialog, setDialog] = useState<RequestKind | null>(null);
  const setVideo = useCallback((element: HTMLVideoElement | null) => {
    video.current = element;
  }, []);

  useEffect(() => {
    const timer = setInterval(() => setNow(video.current?.currentTime ?? 0), 200);
    return () => clearInterval(timer);
  }, []);

  const can = useCan();
  const [image, gif, clipVideo] = [can(api.asset.createImage), can(api.asset.createGif), can(api.asset.createVideo)];
  const markIn = useCallback(() => setInText(formatClipTime(video.current?.currentTime ?? 0)), []);
  const markOut = useCallback(() => setOutText(formatClipTime(video.current?.currentTime ?? 0)), []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || inField(e.target) || dialog) return;
      if (e.key === 'i' || e.key === 'I') {
        e.preventDefault();
        markIn();
      } else if (e.key === 'o' || e.key === 'O') {
        e.preventDefault();
        markOut();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [markIn, markOut, dialog]);

  const inAt = parseClipTime(inText);
  const outAt = parseClipTime(outText);
  const clipProblem =
    inText && inAt === undefined ? 'In is not HH:mm:ss.fff' : outText && outAt === undefined ? 'Out is not HH:mm:ss.fff' : inAt !== undefined && outAt !== undefined && outAt <= inAt ? 'Out must come after In' : null;
  const hasClip = inAt !== undefined && outAt !== undefined && !clipProblem;

  if (!src) {
    return (
      <Alert severity="info">
        This event has nothing to play now, so no clip can be marked. Assets are made from a live stream, a recording, a VOD or a generated composition.
      </Alert>
    );
  }
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(260px, 2fr)' }, gap: 2, alignItems: 'start' }}>
      <Player src={src} live={false} title={event.title} mediaRef={setVideo} autoPlay={false} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle2" component="h2" gutterBottom>
          Make an asset from the player
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          Playing at <strong data-testid="player-time">{formatClipTime(now)}</strong>. Press <kbd>I</kbd> and <kbd>O</kbd> to mark in and out.
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
          <TextField size="small" label="In" value={inText} onChange={(e) => setInText(e.target.value)} placeholder="00:00:00.000" error={Boolean(inText) && inAt === undefined} />
          <Button onClick={markIn} aria-label="Mark in at the playing time (I)">
            Mark in
          </Button>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
          <TextField size="small" label="Out" value={outText} onChange={(e) => setOutText(e.target.value)} placeholder="00:00:05.000" error={Boolean(outText) && (outAt === undefined || clipProblem !== null)} />
          <Button onClick={markOut} aria-label="Mark out at the playing time (O)">
            Mark out
          </Button>
        </Stack>
        {clipProblem && (
          <Typography variant="caption" color="error" component="p" sx={{ mb: 1 }}>
            {clipProblem}
          </Typography>
        )}
        {hasClip && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
            Clip of {formatClipTime(outAt - inAt)}
          </Typography>
        )}
        <Stack direction={{ xs: 'column', sm: 'row', lg: 'column', xl: 'row' }} spacing={1}>
          <Button variant="contained" disabled={!image.allowed} onClick={() => setDialog('image')}>
            Image here
          </Button>
          <Button variant="contained" disabled={!hasClip || !gif.allowed} onClick={() => setDialog('gif')}>
            GIF of the clip
          </Button>
          <Button variant="contained" disabled={!hasClip || !clipVideo.allowed} onClick={() => setDialog('video')}>
            Video of the clip
          </Button>
        </Stack>
      </Paper>
      {dialog && (
        <AssetRequestDialog
          kind={dialog}
          eventId={event.id}
          eventTitle={event.title}
          at={formatClipTime(now)}
          start={inText}
          end={outText}
          onClose={() => setDialog(null)}
        />
      )}
    </Box>
  );
}

export function EventAssetsTab({ event}: { event: Event }) {
  const work = useCan()(api.asset.createImage);
  return (
    <Stack spacing={2}>
      <RoleNotice permission={work}>This key looks at the event's MP4 and assets and makes or changes none.</RoleNotice>
      <Mp4Panel event={event} />
      <ClipMaker event={event} />
      <AssetGallery eventId={event.id} />
    </Stack>
  );
}
