import { describe, expect, it } from 'vitest';
import { EventState, type Event } from '#schema';
import { coverEnd, findConflicts, groupConflicts, layoutDay, layoutLanes, itemsByDay, toScheduleItems, type ScheduleItem } from './schedule-model.ts';
import { calendarRange, parseScheduleView, step, timelineRange, writeScheduleView, DEFAULT_SCHEDULE_VIEW, type ScheduleView } from './schedule-view.ts';
import { fitColumns } from './calendar-overlaps.tsx';

const local = (d: number, h = 0, m = 0) => new Date(2026, 10, d, h, m); // November 2026
let n = 0;
function event(patch: Partial<Event> & { start?: Date | null; end?: Date | null }): Event {
  const { start, end, ...rest } = patch;
  n++;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Event ${n}`,
    state: EventState.values.PRE_LIVE,
    channel: 'News 24',
    eventType: 'News Bulletin',
    eventTypeColour: '#e53935',
    scheduledStart: start === null ? null : (start ?? local(23, 9)).toISOString(),
    scheduledEnd: end === null ? null : (end ?? local(23, 10)).toISOString(),
    ...rest,
  } as Event;
}
const items = (...events: Event[]) => toScheduleItems(events, local(23, 12)).items;
const ids = (list: { id: string }[]) => list.map((i) => i.id);

describe('schedule items', () => {
  it('places events by their scheduled times, open-ended ones for an hour or until now while streaming', () => {
    const now = local(23, 12);
    const plain = event({ start: local(23, 9), end: local(23, 11) });
    const open = event({ start: local(23, 14), end: null });
    const liveOpen = event({ start: local(23, 8), end: null, state: EventState.values.LIVE_PUBLISHED });
    const unscheduled = event({ start: null });
    const result = toScheduleItems([open, plain, liveOpen, unscheduled], now);
    expect(result.unscheduled).toBe(1);
    expect(ids(result.items)).toEqual([liveOpen.id, plain.id, open.id]);
    const [live, first, later] = result.items as [ScheduleItem, ScheduleItem, ScheduleItem];
    expect([first.start, first.end, first.openEnded]).toEqual([local(23, 9), local(23, 11), false]);
    expect([later.end, later.openEnded]).toEqual([local(23, 15), true]);
    expect([live.end, live.live]).toEqual([now, true]);
    expect(first.colour).toBe('#e53935');
  });
});

describe('conflicts', () => {
  it('are overlapping events on one channel, each pair once, and nothing else', () => {
    const a = event({ start: local(23, 9), end: local(23, 11), channel: 'News 24' });
    const b = event({ start: local(23, 10), end: local(23, 12), channel: 'news 24' }); // names match in any case
    const c = event({ start: local(23, 10, 30), end: local(23, 10, 45), channel: 'News 24' });
    const touching = event({ start: local(23, 12), end: local(23, 13), channel: 'News 24' }); // starts as b ends
    const otherChannel = event({ start: local(23, 9), end: local(23, 11), channel: 'Sports Arena 1' });
    const noChannel = event({ start: local(23, 9), end: local(23, 11), channel: null });
    const noChannel2 = event({ start: local(23, 9), end: local(23, 11), channel: null });
    const { conflicts, ids: conflicting } = findConflicts(items(a, b, c, touching, otherChannel, noChannel, noChannel2));
    expect(conflicts.map((x) => [x.a.id, x.b.id])).toEqual([
      [a.id, b.id],
      [a.id, c.id],
      [b.id, c.id],
    ]);
    expect(conflicts[0]).toMatchObject({ channel: 'news 24', overlapStart: local(23, 10), overlapEnd: local(23, 11) });
    expect([...conflicting].sort()).toEqual([a.id, b.id, c.id].sort());
  });

  it('groups events that overlap, directly or through a chain, per channel', () => {
    const a = event({ start: local(23, 9), end: local(23, 10) });
    const b = event({ start: local(23, 9, 30), end: local(23, 11) });
    const c = event({ start: local(23, 10, 30), end: local(23, 12) }); // overlaps b, not a
    const later1 = event({ start: local(23, 20), end: local(23, 21) });
    const later2 = event({ start: local(23, 20), end: local(23, 22) });
    const sport1 = event({ start: local(23, 9), end: local(23, 10), channel: 'Sports Arena 1' });
    const sport2 = event({ start: local(23, 9), end: local(23, 10), channel: 'Sports Arena 1' });
    const groups = groupConflicts(findConflicts(items(a, b, c, later1, later2, sport1, sport2)).conflicts);
    expect(groups.map((g) => [g.channel, ids(g.items), g.pairs, g.start, g.end])).toEqual([
      ['Sports Arena 1', [sport1.id, sport2.id], 1, local(23, 9), local(23, 10)],
      ['News 24', [a.id, b.id, c.id], 2, local(23, 9, 30), local(23, 11)],
      ['News 24', [later1.id, later2.id], 1, local(23, 20), local(23, 21)],
    ]);
  });

  it('finds none in a clean schedule', () => {
    const list = items(
      event({ start: local(23, 9), end: local(23, 10) }),
      event({ start: local(23, 10), end: local(23, 11) }),
      event({ start: local(23, 11), end: local(23, 12), channel: 'Sports Arena 1' }),
    );
    expect(findConflicts(list).conflicts).toEqual([]);
  });
});

describe('calendar layout', () => {
  it('puts an event on the right day at the right height, overlapping ones side by side', () => {
    const morning = event({ start: local(23, 6), end: local(23, 12) });
    const overlap = event({ start: local(23, 9), end: local(23, 10) });
    const after = event({ start: local(23, 12), end: local(23, 18) });
    const nextDay = event({ start: local(24, 6), end: local(24, 7) });
    const list = items(morning, overlap, after, nextDay);
    const day = layoutDay(list, local(23), local(24));
    expect(ids(day.map((p) => p.item))).toEqual([morning.id, overlap.id, after.id]);
    expect(day.map((p) => [p.top, p.height, p.column, p.columns])).toEqual([
      [0.25, 0.25, 0, 2],
      [9 / 24, 1 / 24, 1, 2],
      // A new cluster: the full width again.
      [0.5, 0.25, 0, 1],
    ]);
    expect(ids(layoutDay(list, local(24), local(25)).map((p) => p.item))).toEqual([nextDay.id]);
  });

  it('cuts an event that crosses midnight into both days', () => {
    const overnight = event({ start: local(23, 22), end: local(24, 2) });
    const [late] = layoutDay(items(overnight), local(23), local(24));
    const [early] = layoutDay(items(overnight), local(24), local(25));
    expect(late).toMatchObject({ top: 22 / 24, height: 2 / 24, continuesAfter: true, continuesBefore: false });
    expect(early).toMatchObject({ top: 0, height: 2 / 24, continuesBefore: true, continuesAfter: false });
  });

  it('lists each month day’s events', () => {
    const range = calendarRange('month', local(15));
    const a = event({ start: local(23, 9), end: local(23, 10) });
    const b = event({ start: local(30, 23), end: new Date(2026, 11, 1, 1) });
    const c = event({ start: new Date(2026, 11, 1, 6), end: new Date(2026, 11, 1, 7) });
    const byDay = itemsByDay(items(a, b, c), range.days);
    expect(ids(byDay.get(local(23).getTime())!)).toEqual([a.id]);
    // The day's own events first, then the one carried over from the night before.
    expect(ids(byDay.get(new Date(2026, 11, 1).getTime())!)).toEqual([c.id, b.id]);
  });
});

describe('timeline lanes', () => {
  it('gives every channel a lane, events on their channel’s lane, overlaps on a row of their own', () => {
    const a = event({ start: local(23, 9), end: local(23, 11), channel: 'News 24' });
    const b = event({ start: local(23, 10), end: local(23, 12), channel: 'News 24' });
    const c = event({ start: local(23, 11), end: local(23, 12), channel: 'News 24' });
    const sport = event({ start: local(23, 9), end: local(23, 11), channel: 'Sports Arena 1' });
    const stray = event({ start: local(23, 9), end: local(23, 11), channel: 'Pop-up Channel' });
    const none = event({ start: local(23, 9), end: local(23, 11), channel: null });
    const lanes = layoutLanes(items(a, b, c, sport, stray, none), ['Main Stage HD', 'News 24', 'Sports Arena 1']);
    expect(lanes.map((l) => [l.channel, l.rows, l.placed.length])).toEqual([
      ['Main Stage HD', 1, 0],
      ['News 24', 2, 3],
      ['Sports Arena 1', 1, 1],
      ['Pop-up Channel', 1, 1],
      [null, 1, 1],
    ]);
    const news = lanes[1]!.placed.map((p) => [p.item.id, p.row]);
    // c starts when a ends: back on the first row.
    expect(news).toEqual([
      [a.id, 0],
      [b.id, 1],
      [c.id, 0],
    ]);
  });
});

describe('the schedule view in the URL', () => {
  const parse = (search: string) => parseScheduleView(new URLSearchParams(search));

  it('defaults to this week’s calendar and round-trips every view', () => {
    expect(parse('')).toEqual(DEFAULT_SCHEDULE_VIEW);
    expect(parse('?mode=gantt&view=year&zoom=2h&date=2026-13-01')).toEqual(DEFAULT_SCHEDULE_VIEW);
    const views: ScheduleView[] = [
      DEFAULT_SCHEDULE_VIEW,
      { mode: 'calendar', view: 'day', zoom: '12h', date: '2026-11-23' },
      { mode: 'calendar', view: 'month', zoom: '12h', date: '2026-02-01' },
      { mode: 'timeline', view: 'week', zoom: '3h', date: null },
      { mode: 'timeline', view: 'day', zoom: '7d', date: '2026-11-30' },
    ];
    for (const v of views) expect(parse(writeScheduleView(v).toString())).toEqual(v);
    expect(writeScheduleView({ ...DEFAULT_SCHEDULE_VIEW, mode: 'timeline' }, new URLSearchParams('keep=1')).toString()).toBe('keep=1&mode=timeline');
  });

  it('shows Monday-to-Sunday weeks, whole weeks of a month, and timeline days by zoom', () => {
    const week = calendarRange('week', local(25)); // a Wednesday
    expect([week.start, week.end, week.days.length]).toEqual([local(23), local(30), 7]);
    const month = calendarRange('month', local(15));
    expect([month.start, month.end]).toEqual([new Date(2026, 9, 26), new Date(2026, 11, 7)]);
    expect(month.days.length % 7).toBe(0);
    expect(timelineRange('6h', local(23)).days.length).toBe(1);
    expect(timelineRange('3d', local(23)).end).toEqual(local(26));
  });

  it('steps by the period shown', () => {
    const now = local(22, 10);
    expect(step({ ...DEFAULT_SCHEDULE_VIEW, view: 'week', date: '2026-11-25' }, 1, now)).toBe('2026-12-02');
    expect(step({ ...DEFAULT_SCHEDULE_VIEW, view: 'day', date: null }, -1, now)).toBe('2026-11-21');
    expect(step({ ...DEFAULT_SCHEDULE_VIEW, view: 'month', date: '2026-01-31' }, 1, now)).toBe('2026-02-01');
    expect(step({ ...DEFAULT_SCHEDULE_VIEW, mode: 'timeline', zoom: '3d', date: '2026-11-23' }, 1, now)).toBe('2026-11-26');
  });
});

describe('busy days and nights', () => {
  it('runs a day on past midnight while one of its events goes on (22:00 to 02:00 shows whole), at most 12 hours', () => {
    const night = items(event({ start: local(23, 22), end: local(24, 1, 30) }));
    expect(coverEnd(night, local(23), local(24))).toEqual(local(24, 2));
    // An event that began the day before does not stretch this day.
    expect(coverEnd(night, local(24), local(25))).toEqual(local(25));
    const marathon = items(event({ start: local(23, 20), end: local(25, 8) }));
    expect(coverEnd(marathon, local(23), local(24))).toEqual(local(24, 12));
    // Laid out over the longer day, it is one block from 22:00 to 01:30, not cut at midnight.
    const [placed] = layoutDay(night, local(23), local(24, 2));
    expect(placed!.continuesAfter).toBe(false);
    expect(placed!.top * 26).toBeCloseTo(22);
    expect(placed!.height * 26).toBeCloseTo(3.5);
  });

  it('lays overlaps side by side and puts what does not fit behind "+n"', () => {
    const crowd = items(...Array.from({ length: 5 }, (_, i) => event({ start: local(23, 9, i * 5), end: local(23, 11) })), event({ start: local(23, 14), end: local(23, 15) }));
    const placed = layoutDay(crowd, local(23), local(24));
    expect(placed.map((p) => [p.column, p.columns, p.cluster])).toEqual([
      [0, 5, 0],
      [1, 5, 0],
      [2, 5, 0],
      [3, 5, 0],
      [4, 5, 0],
      [0, 1, 1],
    ]);
    const wide = fitColumns(placed, 8);
    expect(wide.every((e) => e.kind === 'event')).toBe(true);
    const narrow = fitColumns(placed, 2);
    const shape = (list: ReturnType<typeof fitColumns>) =>
      list.map((e) => (e.kind === 'event' ? `${e.placed.item.id.slice(-2)}@${e.column}+${e.span}/${e.columns}` : `+${e.all.length}@${Math.round(e.top * 24)}h`));
    expect(shape(narrow)).toEqual([`${crowd[0]!.id.slice(-2)}@0+1/2`, `${crowd[1]!.id.slice(-2)}@1+1/2`, '+3@9h', `${crowd[5]!.id.slice(-2)}@0+1/1`]);
    // The one just made is never the one hidden.
    const pinned = fitColumns(placed, 2, new Set([crowd[4]!.id]));
    expect(pinned.some((e) => e.kind === 'event' && e.placed.item.id === crowd[4]!.id)).toBe(true);
    expect(pinned.filter((e) => e.kind === 'more').map((e) => e.kind === 'more' && e.all.length)).toEqual([3]);
  });

  it('hides behind "+n" only what truly cannot fit, and widens into free columns', () => {
    // A long event holds the cluster together from midnight; the short one beside it and the first
    // of the three at 10:00 fit in the second column, so only two go behind "+n".
    const long = items(event({ start: local(23, 0), end: local(23, 13) }), event({ start: local(23, 0), end: local(23, 0, 30) }), ...Array.from({ length: 3 }, () => event({ start: local(23, 10), end: local(23, 11) })));
    const fitted = fitColumns(layoutDay(long, local(23), local(24)), 2);
    expect(fitted.filter((e) => e.kind === 'more').map((e) => (e.kind === 'more' ? [e.all.length, Math.round(e.top * 24)] : []))).toEqual([[2, 10]]);
    expect(fitted.filter((e) => e.kind === 'event')).toHaveLength(3);
    // Three at once, then one alone in the same cluster: the lone one takes the whole width.
    const chain = items(event({ start: local(23, 9), end: local(23, 12) }), event({ start: local(23, 9), end: local(23, 10) }), event({ start: local(23, 9), end: local(23, 10) }), event({ start: local(23, 10), end: local(23, 11) }));
    const widened = fitColumns(layoutDay(chain, local(23), local(24)), 8);
    const lone = widened.find((e) => e.kind === 'event' && e.placed.item.id === chain[3]!.id);
    expect(lone && lone.kind === 'event' && [lone.column, lone.span, lone.columns]).toEqual([1, 2, 3]);
  });
});
