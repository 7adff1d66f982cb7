/** What the search dialog lists (its items, in the order they are drawn) and the words around them. */
import type { Event } from '#schema';
import { parseServiceDate } from '#components/format-time.ts';
import type { ChapterPointResult } from './use-search-results.ts';
import type { Command, ConfigResult } from './use-other-results.ts';

/** The Events list filtered on a text, over every date (the list's default shows today onwards only). */
export function eventsListHref(text: string): string {
  return `/events?${new URLSearchParams({ search: text.trim().replace(/\s+/g, ' '), range: 'all' }).toString()}`;
}

export type Item =
  | { kind: 'recent'; text: string }
  | { kind: 'event'; event: Event }
  | { kind: 'point'; result: ChapterPointResult }
  | { kind: 'config'; result: ConfigResult }
  | { kind: 'command'; command: Command }
  | { kind: 'all'; count: number | null };

/** Events in time order (by their start; unscheduled last), so a series reads as a schedule. */
export function byStart(events: readonly Event[]): Event[] {
  const start = (e: Event) => parseServiceDate(e.displayStart ?? e.scheduledStart)?.getTime() ?? Number.POSITIVE_INFINITY;
  return [...events].sort((a, b) => start(a) - start(b));
}

/** An item's identity: the same results, updated, keep the operator's place; new ones start over. */
export function itemKey(item: Item): string {
  if (item.kind === 'event') return item.event.id;
  if (item.kind === 'point') return item.result.point.id;
  if (item.kind === 'recent') return item.text;
  if (item.kind === 'config') return item.result.href;
  if (item.kind === 'command') return item.command.id;
  return 'all';
}

export function summary(events: number, points: number): string {
  const n = (count: number, one: string, many: string) => `${count.toLocaleString()} ${count === 1 ? one : many}`;
  return `${n(events, 'event', 'events')} and ${n(points, 'chapter point', 'chapter points')} found`;
}

export function seeAllLabel(count: number | null, text: string): string {
  const quoted = `“${text.trim().replace(/\s+/g, ' ')}”`;
  if (count === null || count === 0) return `Search the Events list for ${quoted}`;
  if (count === 1) return 'See it in the Events list';
  return `See all ${count.toLocaleString()} in the Events list`;
}
