import { describe, expect, it } from 'vitest';
import type { CaptureSegment } from '#schema';
import { orderSegments } from './range-panel.tsx';
import { formatDuration, layoutBlocks, ticksOf, totals, zoomOf } from './timeline.ts';

describe('the availability timeline', () => {
  const window = { start: 0, end: 1_000 };

  it('lays out captured ranges and the gaps between them, clipped to the window', () => {
    const blocks = layoutBlocks(
      [
        { start: 500, end: 700 },
        { start: -100, end: 200 },
      ],
      window,
      null,
    );
    expect(blocks.map((b) => [b.kind, b.start, b.end])).toEqual([
      ['captured', 0, 200],
      ['gap', 200, 500],
      ['captured', 500, 700],
    ]);
    expect(blocks[1]!.left).toBeCloseTo(0.2);
    expect(blocks[1]!.width).toBeCloseTo(0.3);
    expect(totals(blocks)).toEqual({ capturedMs: 400, gapMs: 300, gaps: 1 });
  });

  it('shows a trailing gap up to where a recording capture should have recorded', () => {
    const blocks = layoutBlocks([{ start: 100, end: 300 }], window, 900);
    expect(blocks.at(-1)).toMatchObject({ kind: 'gap', start: 300, end: 900 });
    expect(layoutBlocks([{ start: 100, end: 300 }], window, null)).toHaveLength(1);
  });

  it('zooms from days to minutes, with ticks on round times', () => {
    expect(zoomOf('7d').spanMs).toBe(7 * 86_400_000);
    expect(zoomOf('10m').spanMs).toBe(600_000);
    expect(zoomOf('nonsense').key).toBe('1h');
    const ticks = ticksOf({ start: 30_000, end: 200_000 }, 60_000);
    expect(ticks.map((t) => t.at)).toEqual([60_000, 120_000, 180_000]);
  });

  it('says durations in words', () => {
    expect(formatDuration(14_000)).toBe('14 s');
    expect(formatDuration(90_000)).toBe('1 min 30 s');
    expect(formatDuration(3 * 3_600_000)).toBe('3 h');
    expect(formatDuration(50 * 3_600_000)).toBe('2 d 2 h');
  });
});

describe('the segments table', () => {
  const segment = (id: number, startTime: string, flags: Partial<CaptureSegment>): CaptureSegment => ({
    id,
    startTime,
    endTime: startTime,
    archived: false,
    failed: false,
    inProgress: false,
    scheduled: false,
    completed: false,
    attempts: 1,
    createdAt: startTime,
    updatedAt: startTime,
    ...flags,
  });

  it('lists failed segments first, then those being archived, scheduled and archived, each in time order', () => {
    const ordered = orderSegments([
      segment(1, '2026-01-01T00:00:00Z', { completed: true, archived: true }),
      segment(2, '2026-01-01T00:00:04Z', { failed: true, attempts: 3 }),
      segment(3, '2026-01-01T00:00:08Z', { inProgress: true }),
      segment(4, '2026-01-01T00:00:02Z', { failed: true, attempts: 3 }),
      segment(5, '2026-01-01T00:00:12Z', { scheduled: true }),
    ]);
    expect(ordered.map((s) => s.id)).toEqual([4, 2, 3, 5, 1]);
  });
});
