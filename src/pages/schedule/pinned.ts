/**
 * The events a busy hour must never hide behind "+n": the one named in the URL (`?event=<id>`,
 * a link to an event on the schedule), the one just moved, and the newest one made in the last
 * RECENT_MS (an operator who has just created an event comes to see it).
 */
import { parseServiceDate } from '#components/format-time.ts';
import type { ScheduleItem } from './schedule-model.ts';

export const RECENT_MS = 30 * 60_000;

export function pinnedIds(items: readonly ScheduleItem[], now: Date, explicit: readonly (string | null)[]): Set<string> {
  const pinned = new Set(explicit.filter((id): id is string => id !== null));
  let newest: { id: string; at: number } | null = null;
  for (const item of items) {
    const created = parseServiceDate(item.event.dateCreated)?.getTime();
    if (created !== undefined && now.getTime() - created < RECENT_MS && (!newest || created > newest.at)) newest = { id: item.id, at: created };
  }
  if (newest) pinned.add(newest.id);
  return pinned;
}
