/**
 * The availability timeline of one capture: captured ranges (green), gaps (hatched red), segments
 * that failed for good (red ticks), the selected range (outlined). Drag across it to select a
 * range; each captured block is also a button (keyboard: Tab to it, Enter selects it).
 */
import { useRef, useState, type PointerEvent } from 'react';
import Box from '@mui/material/Box';
import { Tooltip } from '#components/tooltip.tsx';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import { formatDateTime, formatDateTimeRange } from '#components/format-time.ts';
import { formatDuration, layoutBlocks, ticksOf, type TimeRange } from './timeline.ts';

export interface AvailabilityTimelineProps {
  ranges: readonly TimeRange[];
  window: TimeRange;
  tickMs: number;
  /** Up to where the capture has recorded (a gap after the last content is shown up to it). */
  recordedUntil: number | null;
  failures: readonly TimeRange[];
  selection: TimeRange | null;
  onSelect(range: TimeRange): void;
  label: string;
  now: Date;
}

const HEIGHT = 44;

export function AvailabilityTimeline({ ranges, window, tickMs, recordedUntil, failures, selection, onSelect, label, now }: AvailabilityTimelineProps) {
  const theme = useTheme();
  const ref = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<{ from: number; to: number } | null>(null);
  const blocks = layoutBlocks(ranges, window, recordedUntil);
  const ticks = ticksOf(window, tickMs);
  const span = window.end - window.start;
  const timeAt = (clientX: number) => {
    const rect = ref.current!.getBoundingClientRect();
    const x = Math.min(Math.max(0, clientX - rect.left), rect.width);
    return window.start + (x / Math.max(1, rect.width)) * span;
  };
  const pos = (t: number) => `${(((Math.min(Math.max(t, window.start), window.end) - window.start) / span) * 100).toFixed(3)}%`;
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0 || (e.target as HTMLElement).closest('button')) return;
    const t = timeAt(e.clientX);
    setDrag({ from: t, to: t });
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (drag) setDrag({ ...drag, to: timeAt(e.clientX) });
  };
  const onPointerUp = () => {
    if (drag) {
      const start = Math.min(drag.from, drag.to);
      const end = Math.max(drag.from, drag.to);
      if (end - start > span / 500) onSelect({ start: Math.round(start), end: Math.round(end) });
    }
    setDrag(null);
  };
  const shown = drag ? { start: Math.min(drag.from, drag.to), end: Math.max(drag.from, drag.to) } : selection;
  const gapColour = theme.palette.error.main;
  return (
    <Box>
      <Box
        ref={ref}
        role="group"
        aria-label={label}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => setDrag(null)}
        sx={{
          position: 'relative',
          height: HEIGHT,
          borderRadius: 1,
          border: 1,
          borderColor: 'divider',
          bgcolor: theme.palette.action.hover,
          cursor: 'crosshair',
          userSelect: 'none',
          touchAction: 'none',
          overflow: 'hidden',
        }}
      >
        {blocks.map((b) =>
          b.kind === 'captured' ? (
            <Tooltip key={`c${b.start}`} title={`Captured ${formatDateTimeRange(new Date(b.start), new Date(b.end), now)} (${formatDuration(b.end - b.start)}). Select to play.`}>
              <Box
                component="button"
                type="button"
                aria-label={`Captured ${formatDateTime(new Date(b.start), now)} to ${formatDateTime(new Date(b.end), now)}, ${formatDuration(b.end - b.start)}: select this range`}
                onClick={() => onSelect({ start: b.start, end: b.end })}
                sx={{
                  position: 'absolute',
                  top: 6,
                  bottom: 6,
                  left: `${b.left * 100}%`,
                  width: `max(2px, ${b.width * 100}%)`,
                  p: 0,
                  border: 0,
                  borderRadius: 0.5,
                  bgcolor: 'success.main',
                  cursor: 'pointer',
                  '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
                }}
              />
            </Tooltip>
          ) : (
            <Tooltip key={`g${b.start}`} title={`Gap: nothing captured ${formatDateTimeRange(new Date(b.start), new Date(b.end), now)} (${formatDuration(b.end - b.start)})`}>
              <Box
                data-testid="timeline-gap"
                aria-hidden
                sx={{
                  position: 'absolute',
                  top: 6,
                  bottom: 6,
                  left: `${b.left * 100}%`,
                  width: `max(2px, ${b.width * 100}%)`,
                  borderRadius: 0.5,
                  background: `repeating-linear-gradient(135deg, ${alpha(gapColour, 0.55)} 0 4px, ${alpha(gapColour, 0.15)} 4px 8px)`,
                }}
              />
            </Tooltip>
          ),
        )}
        {failures
          .filter((f) => f.end > window.start && f.start < window.end)
          .map((f) => (
            <Box
              key={`f${f.start}`}
              aria-hidden
              sx={{ position: 'absolute', top: 0, bottom: 0, left: pos(f.start), width: 3, bgcolor: 'error.main' }}
            />
          ))}
        {shown && shown.end > window.start && shown.start < window.end && (
          <Box
            aria-hidden
            sx={{
              position: 'absolute',
              top: 1,
              bottom: 1,
              left: pos(shown.start),
              width: `calc(${pos(shown.end)} - ${pos(shown.start)})`,
              minWidth: 2,
              border: 2,
              borderColor: 'primary.main',
              bgcolor: alpha(theme.palette.primary.main, 0.18),
              borderRadius: 0.5,
              pointerEvents: 'none',
            }}
          />
        )}
      </Box>
      <Box sx={{ position: 'relative', height: 20, mt: 0.5 }} aria-hidden>
        {ticks.map((t, i) => (
          <Typography
            key={t.at}
            variant="caption"
            color="text.secondary"
            // On a narrow screen every third label, so they do not run into each other.
            sx={{ display: { xs: i % 3 === 0 ? 'block' : 'none', md: 'block' }, position: 'absolute', left: `${t.left * 100}%`, transform: t.left > 0.95 ? 'translateX(-100%)' : t.left < 0.03 ? 'none' : 'translateX(-50%)', whiteSpace: 'nowrap' }}
          >
            {tickLabel(t.at, tickMs)}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

function tickLabel(at: number, tickMs: number): string {
  const d = new Date(at);
  if (tickMs >= 24 * 3_600_000) return d.toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short' });
  return d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}
