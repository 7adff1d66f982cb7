/**
 * The availability timeline's arithmetic, kept pure for tests: which part of a window each
 * captured range covers, where the gaps are, and the zoom levels from days to minutes.
 */
export interface TimeRange {
  start: number;
  end: number;
}

export interface Zoom {
  key: string;
  label: string;
  spanMs: number;
  /** Distance between tick marks. */
  tickMs: number;
}

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

export const ZOOMS: readonly Zoom[] = [
  { key: '7d', label: '7 days', spanMs: 7 * DAY, tickMs: DAY },
  { key: '1d', label: '1 day', spanMs: DAY, tickMs: 3 * HOUR },
  { key: '6h', label: '6 hours', spanMs: 6 * HOUR, tickMs: HOUR },
  { key: '1h', label: '1 hour', spanMs: HOUR, tickMs: 10 * MIN },
  { key: '10m', label: '10 minutes', spanMs: 10 * MIN, tickMs: MIN },
];
export const DEFAULT_ZOOM = '1h';

export function zoomOf(key: string | null): Zoom {
  return ZOOMS.find((z) => z.key === key) ?? ZOOMS.find((z) => z.key === DEFAULT_ZOOM)!;
}

export interface Block extends TimeRange {
  kind: 'captured' | 'gap';
  /** Left edge and width, as fractions of the window (0..1). */
  left: number;
  width: number;
}

/**
 * The window cut into captured blocks and the gaps between them, from the first captured moment
 * in the window (before it nothing was captured, which is not a gap of the capture) to its end.
 * `recordedUntil` (now for a recording capture) limits the trailing gap: after the last content
 * and before now is a gap only once the capture was expected to have recorded it.
 */
export function layoutBlocks(ranges: readonly TimeRange[], window: TimeRange, recordedUntil: number | null): Block[] {
  const span = window.end - window.start;
  if (span <= 0) return [];
  const blocks: Block[] = [];
  const push = (kind: Block['kind'], start: number, end: number) => {
    const a = Math.max(start, window.start);
    const b = Math.min(end, window.end);
    if (b <= a) return;
    blocks.push({ kind, start: a, end: b, left: (a - window.start) / span, width: (b - a) / span });
  };
  const sorted = [...ranges].sort((x, y) => x.start - y.start);
  for (const [i, range] of sorted.entries()) {
    const previous = sorted[i - 1];
    if (previous && range.start > previous.end) push('gap', previous.end, range.start);
    push('captured', range.start, range.end);
  }
  const last = sorted.at(-1);
  if (last && recordedUntil !== null && recordedUntil > last.end) push('gap', last.end, recordedUntil);
  return blocks;
}

/** Tick marks of the window: times and their positions (0..1). */
export function ticksOf(window: TimeRange, tickMs: number): { at: number; left: number }[] {
  const span = window.end - window.start;
  const first = Math.ceil(window.start / tickMs) * tickMs;
  const ticks: { at: number; left: number }[] = [];
  for (let at = first; at <= window.end && ticks.length < 50; at += tickMs) ticks.push({ at, left: (at - window.start) / span });
  return ticks;
}

/** Total captured and gap time in the window. */
export function totals(blocks: readonly Block[]): { capturedMs: number; gapMs: number; gaps: number } {
  let capturedMs = 0;
  let gapMs = 0;
  let gaps = 0;
  for (const b of blocks) {
    if (b.kind === 'captured') capturedMs += b.end - b.start;
    else {
      gapMs += b.end - b.start;
      gaps++;
    }
  }
  return { capturedMs, gapMs, gaps };
}

export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${s % 60 ? `${s % 60} s` : ''}`.trim();
  const h = Math.floor(m / 60);
  if (h < 48) return `${h} h ${m % 60 ? `${m % 60} min` : ''}`.trim();
  return `${Math.floor(h / 24)} d ${h % 24 ? `${h % 24} h` : ''}`.trim();
}
