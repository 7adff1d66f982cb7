import { describe, expect, it } from 'vitest';
import { EventState, type Event } from '#schema';
import { toScheduleItems, type ScheduleItem } from './schedule-model.ts';
import { canReschedule, clashesAt, moved, movedDays, reschedulePatch, resized, snap, undoPatch, unchanged } from './reschedule.ts';

const local = (d: number, h = 0, m = 0) => new Date(2026, 10, d, h, m);
let n = 0;
function item(patch: Partial<Event> & { start: Date; end?: Date | null }): ScheduleItem {
  const { start, end, ...rest } = patch;
  n++;
  const event = {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Event ${n}`,
    state: EventState.values.PRE_LIVE,
    channel: 'News 24',
    channelId: '10000000-0000-4000-8000-000000000001',
    scheduledStart: start.toISOString(),
    scheduledEnd: end === null ? null : (end ?? new Date(start.getTime() + 3_600_000)).toISOString(),
    scheduledProvisionAt: null,
    scheduledTerminateAt: null,
    ...rest,
  } as Event;
  return toScheduleItems([event], local(1)).items[0]!;
}

describe('rescheduling', () => {
  it('moves in quarter hours, by whole days, and resizes no shorter than the minimum', () => {
    const a = item({ start: local(23, 9), end: local(23, 10) });
    expect(snap(7 * 60_000)).toBe(0);
    expect(snap(8 * 60_000)).toBe(15 * 60_000);
    expect(moved(a, 30 * 60_000)).toEqual({ start: local(23, 9, 30), end: local(23, 10, 30), channel: 'News 24' });
    expect(moved(a, 0, 'Main Stage HD').channel).toBe('Main Stage HD');
    expect(movedDays(a, 2, 15 * 60_000).start).toEqual(local(25, 9, 15));
    expect(resized(a, -2 * 3_600_000).end).toEqual(local(23, 9, 15));
    expect(unchanged(a, moved(a, 0))).toBe(true);
    expect(canReschedule(a)).toBe(true);
    expect(canReschedule(item({ start: local(23, 9), state: EventState.values.LIVE_PUBLISHED }))).toBe(false);
  });

  it('finds the clashes of a placement as the Conflicts view does: same channel, overlapping, any case', () => {
    const a = item({ start: local(23, 9), end: local(23, 10) });
    const b = item({ start: local(23, 10), end: local(23, 11) });
    const other = item({ start: local(23, 10), end: local(23, 11), channel: 'Main Stage HD' });
    const none = item({ start: local(23, 10), end: local(23, 11), channel: null });
    const all = [a, b, other, none];
    expect(clashesAt(all, a.id, a)).toEqual([]);
    expect(clashesAt(all, a.id, moved(a, 30 * 60_000)).map((c) => c.id)).toEqual([b.id]);
    expect(clashesAt(all, a.id, moved(a, 3_600_000, 'main stage hd')).map((c) => c.id)).toEqual([other.id]);
    expect(clashesAt(all, a.id, moved(a, 3_600_000, null))).toEqual([]);
  });

  it('patches the times, the automation times with them, and the channel; Undo puts them back', () => {
    const a = item({ start: local(23, 9), end: local(23, 10), scheduledProvisionAt: local(23, 8).toISOString(), scheduledTerminateAt: local(23, 11).toISOString() });
    const to = moved(a, 3_600_000, 'Main Stage HD');
    const patch = reschedulePatch(a.event, a, to, 'move', '20000000-0000-4000-8000-000000000002');
    expect(patch).toEqual([
      { op: 'replace', path: '/ScheduledStart', value: local(23, 10).toISOString() },
      { op: 'replace', path: '/ScheduledEnd', value: local(23, 11).toISOString() },
      { op: 'replace', path: '/ScheduledProvisionAt', value: local(23, 9).toISOString() },
      { op: 'replace', path: '/ScheduledTerminateAt', value: local(23, 12).toISOString() },
      { op: 'replace', path: '/ChannelId', value: '20000000-0000-4000-8000-000000000002' },
    ]);
    expect(undoPatch(a.event, patch)).toEqual([
      { op: 'replace', path: '/ScheduledStart', value: local(23, 9).toISOString() },
      { op: 'replace', path: '/ScheduledEnd', value: local(23, 10).toISOString() },
      { op: 'replace', path: '/ScheduledProvisionAt', value: local(23, 8).toISOString() },
      { op: 'replace', path: '/ScheduledTerminateAt', value: local(23, 11).toISOString() },
      { op: 'replace', path: '/ChannelId', value: '10000000-0000-4000-8000-000000000001' },
    ]);
    // A resize moves the end (and the terminate time) only.
    expect(reschedulePatch(a.event, a, resized(a, 30 * 60_000), 'resize').map((op) => op.path)).toEqual(['/ScheduledEnd', '/ScheduledTerminateAt']);
    // An open-ended event stays open-ended when moved; a resize gives it an end.
    const open = item({ start: local(23, 9), end: null });
    expect(reschedulePatch(open.event, open, moved(open, 3_600_000), 'move').map((op) => op.path)).toEqual(['/ScheduledStart']);
    expect(reschedulePatch(open.event, open, resized(open, 3_600_000), 'resize').map((op) => op.path)).toEqual(['/ScheduledEnd']);
  });
});
