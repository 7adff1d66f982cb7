import { useEffect, useRef, useState, type ReactNode } from 'react';
import type Hls from 'hls.js';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

export interface PlayerProps {
  /** An HLS URL (`.m3u8`); null shows `empty`. */
  src: string | null | undefined;
  /** What the event's state says (live or on demand); the stream's own playlist has the last word once loaded. */
  live: boolean;
  /** Names the video for assistive technology: "Player: <title>". */
  title: string;
  /** Shown in place of the video when there is nothing to play. */
  empty?: ReactNode;
  /** Fill the parent (an embedded, chromeless player) instead of a 16:9 box with rounded corners. */
  fill?: boolean;
  /** Receives the video element (a page that reads or sets the playing time: marking in and out). */
  mediaRef?: (video: HTMLVideoElement | null) => void;
  /** Start muted and playing (default true); false starts paused, for scrubbing. */
  autoPlay?: boolean;
}

type Status = { kind: 'loading' } | { kind: 'playing' } | { kind: 'waiting'; attempt: number } | { kind: 'error'; message: string };

const RETRY_MS = 3_000;
const MAX_RETRIES = 10;

/**
 * An HLS player: hls.js where Media Source Extensions exist (loaded only when a player is shown,
 * it is large), the browser's own HLS support otherwise (Safari, iOS). Muted autoplay, so an
 * operator sees the picture at once; controls for sound and seeking. While a live stream is not
 * there yet (the encoder is still warming up) it keeps trying for half a minute before it says so.
 *
 * @example
 * <Player src={hlsUrl} live={isLive} title={event.title} empty={<EmptyState title="Nothing to play yet" />} />
 */
export function Player({ src, live, title, empty, fill = false, mediaRef, autoPlay = true }: PlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [status, setStatus] = useState<Status>({ kind: 'loading' });
  const [streamIsLive, setStreamIsLive] = useState<boolean | null>(null);
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    const video = videoRef.current;
    if (!src || !video) return;
    let hls: Hls | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    let attempt = 0;
    setStatus({ kind: 'loading' });
    setStreamIsLive(null);

    const onPlaying = () => setStatus({ kind: 'playing' });
    video.addEventListener('playing', onPlaying);
    const play = () => (autoPlay ? void video.play().catch(() => undefined) : setStatus({ kind: 'playing' }));

    const start = async () => {
      const { default: HlsClass } = await import('hls.js');
      if (cancelled) return;
      if (HlsClass.isSupported()) {
        const load = () => {
          hls?.destroy();
          const instance = new HlsClass({ liveDurationInfinity: true });
          hls = instance;
          instance.on(HlsClass.Events.MANIFEST_PARSED, play);
          instance.on(HlsClass.Events.LEVEL_LOADED, (_event, data) => setStreamIsLive(data.details.live));
          instance.on(HlsClass.Events.ERROR, (_event, data) => {
            if (!data.fatal) return;
            if (data.type === HlsClass.ErrorTypes.MEDIA_ERROR) {
              instance.recoverMediaError();
              return;
            }
            if (data.type === HlsClass.ErrorTypes.NETWORK_ERROR && attempt < MAX_RETRIES) {
              attempt += 1;
              setStatus({ kind: 'waiting', attempt });
              retryTimer = setTimeout(load, RETRY_MS);
              return;
            }
            setStatus({ kind: 'error', message: describeHlsError(data.details, data.response?.code) });
          });
          instance.loadSource(src);
          instance.attachMedia(video);
        };
        load();
      } else if (video.canPlayType('application/vnd.apple.mpegurl')) {
        video.src = src;
        video.addEventListener('loadedmetadata', play, { once: true });
        video.addEventListener('error', () => setStatus({ kind: 'error', message: 'The browser could not play this stream.' }), { once: true });
      } else {
        setStatus({ kind: 'error', message: 'This browser cannot play HLS streams. Use a current Chrome, Edge, Firefox or Safari.' });
      }
    };
    void start();

    return () => {
      cancelled = true;
      clearTimeout(retryTimer);
      video.removeEventListener('playing', onPlaying);
      hls?.destroy();
      video.removeAttribute('src');
      video.load();
    };
  }, [src, reloads, autoPlay]);

  if (!src) return <>{empty}</>;
  const isLive = streamIsLive ?? live;

  return (
    <Box sx={{ position: 'relative', width: '100%', bgcolor: '#000', overflow: 'hidden', ...(fill ? { height: '100%' } : { aspectRatio: '16 / 9', borderRadius: 1 }) }}>
      <Box
        component="video"
        ref={(element: HTMLVideoElement | null) => {
          videoRef.current = element;
          mediaRef?.(element);
        }}
        controls
        muted
        autoPlay={autoPlay}
        playsInline
        aria-label={`Player: ${title}`}
        data-stream={isLive ? 'live' : 'vod'}
        sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'contain' }}
      />
      <Box
        data-testid="stream-kind"
        sx={{
          position: 'absolute',
          top: 12,
          left: 12,
          px: 1,
          py: 0.25,
          borderRadius: 1,
          fontSize: 12,
          fontWeight: 700,
          letterSpacing: 0.6,
          display: 'flex',
          alignItems: 'center',
          gap: 0.75,
          color: '#fff',
          bgcolor: isLive ? '#c62828' : 'rgba(0, 0, 0, 0.7)',
          pointerEvents: 'none',
        }}
      >
        {isLive && <Box component="span" aria-hidden sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: '#fff' }} />}
        {isLive ? 'LIVE' : 'VOD'}
      </Box>
      {status.kind !== 'playing' && (
        <Box
          role="status"
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 1.5,
            p: 2,
            textAlign: 'center',
            color: '#fff',
            bgcolor: status.kind === 'error' ? 'rgba(0, 0, 0, 0.8)' : 'transparent',
            // Let clicks reach the video's controls unless there is a button to press.
            pointerEvents: status.kind === 'error' ? 'auto' : 'none',
          }}
        >
          {status.kind === 'error' ? (
            <>
              <Typography sx={{ fontWeight: 600 }}>The stream could not be played</Typography>
              <Typography variant="body2" sx={{ maxWidth: 420, color: 'rgba(255,255,255,0.85)' }}>
                {status.message}
              </Typography>
              <Button variant="contained" onClick={() => setReloads((n) => n + 1)}>
                Try again
              </Button>
            </>
          ) : (
            <>
              <CircularProgress color="inherit" size={32} aria-hidden />
              <Typography variant="body2">{status.kind === 'waiting' ? 'Waiting for the stream…' : 'Loading the stream…'}</Typography>
            </>
          )}
        </Box>
      )}
    </Box>
  );
}

function describeHlsError(details: string, httpStatus: number | undefined): string {
  if (/manifest/i.test(details)) {
    return httpStatus
      ? `The stream’s playlist answered HTTP ${httpStatus}. The encoder may not be publishing yet, or the stream ended.`
      : 'The stream’s playlist could not be loaded. Check the connection, or whether the encoder is publishing.';
  }
  if (/frag|level/i.test(details)) return 'Parts of the stream could not be loaded. The encoder may have stopped publishing.';
  return `The player reported “${details}”.`;
}
