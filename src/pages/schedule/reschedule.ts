/**
 * Rescheduling as data: where a dragged (or keyed) event would land, what it would clash with
 * there (the Conflicts view's rule: the same channel, overlapping times), and the JSON Patch that
 * moves it, with the automation times that belong to it. Pure functions, tested on their own.
 *
 * - Only an event that has not started (PRE_LIVE) moves: a live or past event's times are a record
 *   of what happened, and its channel cannot change while it streams.
 * - A move keeps the duration; a resize moves the end only (never shorter than MIN_DURATION_MS).
 * - Automation times move with it: the provision and terminate times (body fields) shift by the
 *   same amount in the patch; the encoder's own start and end (scheduledChannelStart/End, not
 *   body fields) are kept at their offset by the service when the scheduled times change.
 */
import { EventState, type Event, type JsonPatchOperation } from '#schema';
import { parseServiceDate } from '#components/format-time.ts';
import { MIN_DURATION_MS, overlaps, type ScheduleItem } from './schedule-model.ts';

/** Drags and keys move in quarter hours. */
export const SNAP_MS = 15 * 60_000;

export const snap = (ms: number): number => Math.round(ms / SNAP_MS) * SNAP_MS;

export function canReschedule(item: ScheduleItem): boolean {
  return item.state === EventState.values.PRE_LIVE;
}

/** Where an event would be: its times and channel. */
export interface Placement {
  start: Date;
  end: Date;
  channel: string | null;
}

export type RescheduleKind = 'move' | 'resize';

/** `from` moved by `deltaMs` (and to `channel`, when given: the timeline). */
export function moved(from: Placement, deltaMs: number, channel: string | null = from.channel): Placement {
  return { start: new Date(from.start.getTime() + deltaMs), end: new Date(from.end.getTime() + deltaMs), channel };
}

/** `from` moved by whole local days (a day is 23 or 25 hours when the clocks change) and `deltaMs`. */
export function movedDays(from: Placement, days: number, deltaMs: number): Placement {
  const start = new Date(from.start);
  start.setDate(start.getDate() + days);
  return moved(from, start.getTime() - from.start.getTime() + deltaMs);
}

/** `from` with its end moved by `deltaMs`, never shorter than MIN_DURATION_MS. */
export function resized(from: Placement, deltaMs: number): Placement {
  const end = Math.max(from.start.getTime() + MIN_DURATION_MS, from.end.getTime() + deltaMs);
  return { start: from.start, end: new Date(end), channel: from.channel };
}

const sameChannel = (a: string | null, b: string | null) => a !== null && b !== null && a.toLowerCase() === b.toLowerCase();

/** The other events the placement would overlap on its channel (none without a channel), by start. */
export function clashesAt(items: readonly ScheduleItem[], id: string, placement: Placement): ScheduleItem[] {
  return items
    .filter((other) => other.id !== id && sameChannel(other.channel, placement.channel) && overlaps(other, placement))
    .sort((a, b) => a.start.getTime() - b.start.getTime());
}

export function unchanged(item: ScheduleItem, placement: Placement): boolean {
  return (
    item.start.getTime() === placement.start.getTime() &&
    item.end.getTime() === placement.end.getTime() &&
    (item.channel ?? '').toLowerCase() === (placement.channel ?? '').toLowerCase()
  );
}

const shift = (text: string | null, deltaMs: number): string | null => {
  const date = parseServiceDate(text);
  return date ? new Date(date.getTime() + deltaMs).toISOString() : null;
};

/**
 * The JSON Patch (PATCH /event/{id}) that puts the event at `placement`. `channelId` is the id of
 * the placement's channel when it changes (null: no channel). An open-ended event stays open-ended
 * when moved; resizing gives it an end.
 */
export function reschedulePatch(event: Event, item: ScheduleItem, placement: Placement, kind: RescheduleKind, channelId?: string | null): JsonPatchOperation[] {
  const startDelta = placement.start.getTime() - item.start.getTime();
  const endDelta = placement.end.getTime() - item.end.getTime();
  const ops: JsonPatchOperation[] = [];
  const replace = (path: string, value: unknown) => ops.push({ op: 'replace', path, value });
  if (startDelta !== 0) replace('/ScheduledStart', placement.start.toISOString());
  if (endDelta !== 0 && (kind === 'resize' || !item.openEnded)) replace('/ScheduledEnd', placement.end.toISOString());
  if (startDelta !== 0 && event.scheduledProvisionAt) replace('/ScheduledProvisionAt', shift(event.scheduledProvisionAt, startDelta));
  if (endDelta !== 0 && event.scheduledTerminateAt) replace('/ScheduledTerminateAt', shift(event.scheduledTerminateAt, endDelta));
  if (channelId !== undefined && !sameChannel(item.channel, placement.channel)) replace('/ChannelId', channelId);
  return ops;
}

/** The patch that puts an event back where it was before `patch` (Undo). */
export function undoPatch(event: Event, patch: readonly JsonPatchOperation[]): JsonPatchOperation[] {
  const before: Record<string, unknown> = {
    '/ScheduledStart': event.scheduledStart,
    '/ScheduledEnd': event.scheduledEnd,
    '/ScheduledProvisionAt': event.scheduledProvisionAt,
    '/ScheduledTerminateAt': event.scheduledTerminateAt,
    '/ChannelId': event.channelId,
  };
  return patch.map((op) => {
    const value = before[op.path] ?? null;
    // Dates go back as the service wrote them, read as it means them (UTC without an offset).
    const date = op.path === '/ChannelId' ? undefined : parseServiceDate(value as string | null);
    return { op: 'replace', path: op.path, value: date ? date.toISOString() : value };
  });
}
