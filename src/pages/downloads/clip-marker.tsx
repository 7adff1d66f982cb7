/**
 * An event's player with clip marking: I marks the in point at the playhead, O the out point,
 * A adds the marked clip to the download (clip-draft.ts); the buttons do the same. The marks
 * are times of the event's media (the player's position in the recording).
 *
 * The player (components/player.tsx) does not expose its video element, so the marker finds it
 * inside its own box; the media issue adds in/out marking to the player for assets, and the two
 * can share it then.
 */
import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useHotkeys } from '#app/hotkeys.tsx';
import { notify } from '#app/notifications.tsx';
import { Player } from '#components/player.tsx';
import { addClip } from './clip-draft.ts';
import { formatDuration, formatClipMark } from './download-format.ts';

export interface ClipMarkerProps {
  eventId: string;
  eventTitle: string;
  /** The event's HLS URL; null when it has nothing to play. */
  src: string | null;
  empty: React.ReactNode;
}

function Kbd({ children }: { children: string }) {
  return (
    <Box component="kbd" sx={{ ml: 0.75, px: 0.5, border: 1, borderColor: 'divider', borderRadius: 0.5, fontSize: 11, fontFamily: 'inherit', lineHeight: 1.4, color: 'text.secondary' }}>
      {children}
    </Box>
  );
}

export function ClipMarker({ eventId, eventTitle, src, empty }: ClipMarkerProps) {
  const box = useRef<HTMLDivElement>(null);
  const [inMs, setIn] = useState<number | null>(null);
  const [outMs, setOut] = useState<number | null>(null);
  const [positionMs, setPosition] = useState(0);
  const [durationMs, setDuration] = useState<number | null>(null);

  // Follow the playhead and the media's length for the marks' display.
  useEffect(() => {
    const timer = setInterval(() => {
      const video = box.current?.querySelector('video');
      if (!video) return;
      setPosition(Math.round(video.currentTime * 1000));
      setDuration(Number.isFinite(video.duration) && video.duration > 0 ? Math.round(video.duration * 1000) : null);
    }, 200);
    return () => clearInterval(timer);
  }, [src]);

  const playhead = (): number | null => {
    const video = box.current?.querySelector('video');
    return video ? Math.round(video.currentTime * 1000) : null;
  };
  const markIn = () => {
    const at = playhead();
    if (at === null) return;
    setIn(at);
    if (outMs !== null && outMs <= at) setOut(null);
  };
  const markOut = () => {
    const at = playhead();
    if (at === null) return;
    if (inMs !== null && at <= inMs) {
      notify('The out point must come after the in point: play on, then press O.', { severity: 'warning' });
      return;
    }
    setOut(at);
  };
  const valid = inMs !== null && outMs !== null && outMs - inMs >= 500;
  const add = () => {
    if (!valid) return;
    addClip({ eventId, eventTitle, fromMs: inMs, toMs: outMs });
    notify(`Added ${formatDuration(outMs - inMs)} of ${eventTitle} to the download`, { severity: 'success' });
    setIn(null);
    setOut(null);
  };
  const addWhole = () => {
    if (durationMs === null) return;
    addClip({ eventId, eventTitle, fromMs: 0, toMs: durationMs, toEnd: true });
    notify(`Added all of ${eventTitle} to the download`, { severity: 'success' });
  };

  useHotkeys(
    src
      ? [
          { keys: 'i', description: 'Mark the clip’s in point at the playhead', group: 'Clips', run: markIn },
          { keys: 'o', description: 'Mark the clip’s out point at the playhead', group: 'Clips', run: markOut },
          { keys: 'a', description: 'Add the marked clip to the download', group: 'Clips', run: add },
        ]
      : [],
  );

  return (
    <Box>
      <Box ref={box}>
        <Player src={src} live={false} title={eventTitle} empty={empty} />
      </Box>
      {src && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1.5 }}>
          <Button variant="outlined" size="small" onClick={markIn} aria-keyshortcuts="I">
            Mark in
            <Kbd>I</Kbd>
          </Button>
          <Button variant="outlined" size="small" onClick={markOut} aria-keyshortcuts="O">
            Mark out
            <Kbd>O</Kbd>
          </Button>
          <Typography variant="body2" aria-live="polite" sx={{ fontVariantNumeric: 'tabular-nums', color: 'text.secondary' }}>
            In {inMs === null ? '–' : formatClipMark(inMs)} · Out {outMs === null ? '–' : formatClipMark(outMs)}
            {valid ? ` · ${formatDuration(outMs - inMs)}` : ''}
          </Typography>
          <Box sx={{ flex: 1 }} />
          <Typography variant="caption" sx={{ fontVariantNumeric: 'tabular-nums', color: 'text.secondary' }}>
            {formatClipMark(positionMs)}
            {durationMs !== null ? ` / ${formatClipMark(durationMs)}` : ''}
          </Typography>
          <Button size="small" onClick={addWhole} disabled={durationMs === null}>
            Add whole event
          </Button>
          <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={add} disabled={!valid} aria-keyshortcuts="A">
            Add clip
            <Kbd>A</Kbd>
          </Button>
        </Box>
      )}
    </Box>
  );
}
