// Over ~250 lines on purpose: pure functions of one model (items, layout, conflicts), each tested in schedule-model.test.tsx; no component.
/**
 * The schedule as data: events become items with a start and an end on a channel; items are laid
 * out in day columns (calendar) or channel lanes (timeline); overlapping items on one channel are
 * conflicts. Pure functions, tested on their own.
 *
 * Times are the *scheduled* ones (scheduledStart to scheduledEnd): what the channel is booked for,
 * and what GET /event/ filters by. An event without a scheduled end is open-ended: it is drawn
 * to now while it streams, else for DEFAULT_DURATION_MS, and marked open-ended.
 */
import { EventState, type Event } from '#schema';
import { parseServiceDate } from '#components/format-time.ts';

export const HOUR_MS = 3_600_000;
export const DEFAULT_DURATION_MS = HOUR_MS;
/** Shorter events still get a box one can read and click. */
export const MIN_DURATION_MS = 15 * 60_000;

/** States in which the event is on air (or paused on air): marked live. */
const LIVE = new Set<number>([EventState.values.LIVE_PUBLISHED, EventState.values.LIVE_UNPUBLISHED, EventState.values.SUSPENDED]);
/** Live or about to be: an open-ended one of these runs until now at least. */
const STREAMING = new Set<number>([...LIVE, EventState.values.LIVE_STARTING, EventState.values.LIVE_STOPPING]);

export interface ScheduleItem {
  id: string;
  title: string;
  start: Date;
  end: Date;
  /** No scheduled end: `end` is an estimate. */
  openEnded: boolean;
  channel: string | null;
  eventType: string | null;
  /** `#rrggbb` of the event type, when it has one. */
  colour: string | null;
  state: number;
  live: boolean;
  event: Event;
}

const HEX = /^#[0-9a-f]{6}$/i;

export function toScheduleItem(event: Event, now: Date): ScheduleItem | undefined {
  const start = parseServiceDate(event.scheduledStart);
  if (!start) return undefined;
  const scheduledEnd = parseServiceDate(event.scheduledEnd);
  let end: Date;
  if (scheduledEnd && scheduledEnd > start) end = scheduledEnd;
  else if (STREAMING.has(event.state)) end = new Date(Math.max(now.getTime(), start.getTime() + DEFAULT_DURATION_MS));
  else end = new Date(start.getTime() + DEFAULT_DURATION_MS);
  return {
    id: event.id,
    title: event.title || 'Untitled event',
    start,
    end,
    openEnded: !scheduledEnd,
    channel: event.channel,
    eventType: event.eventType,
    colour: typeof event.eventTypeColour === 'string' && HEX.test(event.eventTypeColour) ? event.eventTypeColour : null,
    state: event.state,
    live: LIVE.has(event.state),
    event,
  };
}

/** Items for the events that have a scheduled start, by start; also how many had none. */
export function toScheduleItems(events: readonly Event[], now: Date): { items: ScheduleItem[]; unscheduled: number } {
  const items: ScheduleItem[] = [];
  for (const event of events) {
    const item = toScheduleItem(event, now);
    if (item) items.push(item);
  }
  items.sort((a, b) => a.start.getTime() - b.start.getTime() || b.end.getTime() - a.end.getTime() || a.id.localeCompare(b.id));
  return { items, unscheduled: events.length - items.length };
}

export function overlaps(a: { start: Date; end: Date }, b: { start: Date; end: Date }): boolean {
  return a.start < b.end && b.start < a.end;
}

/** Items that overlap [start, end). */
export function within(items: readonly ScheduleItem[], start: Date, end: Date): ScheduleItem[] {
  return items.filter((item) => item.start < end && item.end > start);
}

export interface Conflict {
  channel: string;
  /** The earlier-starting one first. */
  a: ScheduleItem;
  b: ScheduleItem;
  overlapStart: Date;
  overlapEnd: Date;
}

/**
 * Pairs of events booked on the same channel at the same time: an encoder can stream one event at
 * a time. Events without a channel conflict with nothing. A sweep per channel, O(n log n + pairs).
 */
export function findConflicts(items: readonly ScheduleItem[]): { conflicts: Conflict[]; ids: Set<string> } {
  const byChannel = new Map<string, ScheduleItem[]>();
  for (const item of items) {
    if (!item.channel) continue;
    const key = item.channel.toLowerCase();
    byChannel.set(key, [...(byChannel.get(key) ?? []), item]);
  }
  const conflicts: Conflict[] = [];
  for (const list of byChannel.values()) {
    list.sort((x, y) => x.start.getTime() - y.start.getTime() || x.id.localeCompare(y.id));
    let active: ScheduleItem[] = [];
    for (const item of list) {
      active = active.filter((other) => other.end > item.start);
      for (const other of active) {
        conflicts.push({
          channel: item.channel!,
          a: other,
          b: item,
          overlapStart: item.start,
          overlapEnd: new Date(Math.min(other.end.getTime(), item.end.getTime())),
        });
      }
      active.push(item);
    }
  }
  conflicts.sort((x, y) => x.overlapStart.getTime() - y.overlapStart.getTime() || x.channel.localeCompare(y.channel));
  const ids = new Set(conflicts.flatMap((c) => [c.a.id, c.b.id]));
  return { conflicts, ids };
}

export interface ConflictGroup {
  channel: string;
  /** From the first overlap's start to the last one's end. */
  start: Date;
  end: Date;
  /** Every event involved, by start. */
  items: ScheduleItem[];
  /** How many pairs of them overlap. */
  pairs: number;
}

/**
 * Conflicts as an operator fixes them: events that overlap each other, directly or through a
 * chain, on one channel, as one group (five events at once are one problem, not ten pairs).
 */
export function groupConflicts(conflicts: readonly Conflict[]): ConflictGroup[] {
  const groups: ConflictGroup[] = [];
  const groupOf = new Map<string, ConflictGroup>();
  for (const conflict of conflicts) {
    const existing = groupOf.get(conflict.a.id) ?? groupOf.get(conflict.b.id);
    const other = groupOf.get(conflict.b.id);
    let group = existing;
    if (!group) {
      group = { channel: conflict.channel, start: conflict.overlapStart, end: conflict.overlapEnd, items: [], pairs: 0 };
      groups.push(group);
    } else if (other && other !== group) {
      // Two groups joined by this pair: fold the second into the first.
      for (const item of other.items) groupOf.set(item.id, group);
      group.items.push(...other.items);
      group.pairs += other.pairs;
      if (other.start < group.start) group.start = other.start;
      if (other.end > group.end) group.end = other.end;
      groups.splice(groups.indexOf(other), 1);
    }
    for (const item of [conflict.a, conflict.b]) {
      if (groupOf.get(item.id) !== group) {
        groupOf.set(item.id, group);
        if (!group.items.includes(item)) group.items.push(item);
      }
    }
    group.pairs++;
    if (conflict.overlapStart < group.start) group.start = conflict.overlapStart;
    if (conflict.overlapEnd > group.end) group.end = conflict.overlapEnd;
  }
  for (const group of groups) group.items.sort((x, y) => x.start.getTime() - y.start.getTime() || x.id.localeCompare(y.id));
  return groups.sort((x, y) => x.start.getTime() - y.start.getTime() || x.channel.localeCompare(y.channel));
}

export interface PlacedInColumn {
  item: ScheduleItem;
  /** Fractions of the day, 0..1. */
  top: number;
  height: number;
  /** Side by side with overlapping items: column `column` of `columns`. */
  column: number;
  columns: number;
  /** The item began before this day / goes on after it. */
  continuesBefore: boolean;
  continuesAfter: boolean;
  /** Which cluster of overlapping items of the day it belongs to (0, 1, ...). */
  cluster: number;
}

/**
 * Where a view that starts at `start` must end so the items starting in it show whole: `end`,
 * or later when one of them goes on past it (22:00 to 02:00), to the next full hour, at most
 * `maxExtraHours` later.
 */
export function coverEnd(items: readonly ScheduleItem[], start: Date, end: Date, maxExtraHours = 12): Date {
  let latest = end.getTime();
  for (const item of items) {
    if (item.start >= start && item.start < end && !item.openEnded && item.end.getTime() > latest) latest = item.end.getTime();
  }
  const capped = Math.min(latest, end.getTime() + maxExtraHours * HOUR_MS);
  const extra = Math.ceil((capped - end.getTime()) / HOUR_MS) * HOUR_MS;
  return new Date(end.getTime() + extra);
}

/**
 * The items of one day as a calendar column lays them out: overlapping items side by side,
 * each cluster of overlaps sharing its width (greedy columns, as calendars do).
 */
export function layoutDay(items: readonly ScheduleItem[], dayStart: Date, dayEnd: Date): PlacedInColumn[] {
  const span = dayEnd.getTime() - dayStart.getTime();
  const inDay = within(items, dayStart, dayEnd).sort((a, b) => a.start.getTime() - b.start.getTime() || b.end.getTime() - a.end.getTime());
  const placed: PlacedInColumn[] = [];
  let cluster: { placed: PlacedInColumn; end: number }[] = [];
  let clusterEnd = -Infinity;
  let clusterIndex = -1;
  const closeCluster = () => {
    const columns = Math.max(0, ...cluster.map((c) => c.placed.column + 1));
    for (const c of cluster) c.placed.columns = columns;
    cluster = [];
    clusterIndex += 1;
  };
  for (const item of inDay) {
    const start = Math.max(item.start.getTime(), dayStart.getTime());
    const end = Math.min(Math.max(item.end.getTime(), start + MIN_DURATION_MS), dayEnd.getTime());
    if (start >= clusterEnd) closeCluster();
    // The first column whose last item has ended.
    let column = 0;
    while (cluster.some((c) => c.placed.column === column && c.end > start)) column++;
    const entry: PlacedInColumn = {
      item,
      top: (start - dayStart.getTime()) / span,
      height: Math.max((end - start) / span, 0),
      column,
      columns: 1,
      continuesBefore: item.start < dayStart,
      continuesAfter: item.end > dayEnd,
      cluster: clusterIndex,
    };
    placed.push(entry);
    cluster.push({ placed: entry, end });
    clusterEnd = Math.max(clusterEnd, end);
  }
  closeCluster();
  return placed;
}

export interface Lane {
  /** The channel's name; null for events without a channel. */
  channel: string | null;
  /** Sub-rows: 1 unless events overlap, when each overlapping one gets its own row. */
  rows: number;
  placed: { item: ScheduleItem; row: number }[];
}

/**
 * One lane per channel (every known channel, even an idle one, in the given order; then channels
 * only events name; then "no channel"), each item in the first sub-row where it does not overlap.
 */
export function layoutLanes(items: readonly ScheduleItem[], channels: readonly string[]): Lane[] {
  const lanes = new Map<string, Lane>();
  const keyOf = (channel: string | null) => (channel === null ? '\u0000none' : channel.toLowerCase());
  for (const channel of channels) lanes.set(keyOf(channel), { channel, rows: 1, placed: [] });
  const sorted = [...items].sort((a, b) => a.start.getTime() - b.start.getTime() || a.id.localeCompare(b.id));
  const rowEnds = new Map<string, number[]>();
  for (const item of sorted) {
    const key = keyOf(item.channel);
    let lane = lanes.get(key);
    if (!lane) {
      lane = { channel: item.channel, rows: 1, placed: [] };
      lanes.set(key, lane);
    }
    const ends = rowEnds.get(key) ?? [];
    let row = ends.findIndex((end) => end <= item.start.getTime());
    if (row === -1) {
      row = ends.length;
      ends.push(0);
    }
    ends[row] = item.end.getTime();
    rowEnds.set(key, ends);
    lane.placed.push({ item, row });
    lane.rows = Math.max(lane.rows, ends.length);
  }
  const named = [...lanes.values()].filter((lane) => lane.channel !== null);
  const none = lanes.get(keyOf(null));
  return none ? [...named, none] : named;
}

/**
 * Items by local day, for the month grid: an item shows on every day it touches, the day's own
 * (starting that day) first, then those carried over from an earlier day.
 */
export function itemsByDay(items: readonly ScheduleItem[], days: readonly Date[]): Map<number, ScheduleItem[]> {
  const map = new Map<number, ScheduleItem[]>();
  for (const day of days) {
    const next = new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1);
    const touching = within(items, day, next);
    map.set(day.getTime(), [...touching.filter((i) => i.start >= day), ...touching.filter((i) => i.start < day)]);
  }
  return map;
}
