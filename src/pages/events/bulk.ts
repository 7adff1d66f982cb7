/**
 * Bulk actions on selected events, as pure pieces: which state targets every selected event
 * allows (the service's own transition table, `#schema/models/event-states.ts`). Running them and
 * their outcomes: `#components/bulk.ts`.
 */
import type { Event, EventStateName } from '#schema';
import { allowedTargets, transitionKind } from '#schema/models/event-states.ts';
import { countOf } from '#components/bulk.ts';

/** The targets valid for every one of `states`, in the order the table offers them. */
export function commonTargets(states: readonly number[]): EventStateName[] {
  if (states.length === 0) return [];
  const [first, ...rest] = states;
  return allowedTargets(first!).filter((target) => rest.every((state) => allowedTargets(state).includes(target)));
}

/**
 * Starts and stops do not wait for the encoder: the events show LIVE_STARTING / LIVE_STOPPING
 * while it works, and a bulk run of long calls would hold the dialog for minutes.
 */
export function waitsForCompletion(from: number, target: EventStateName): boolean {
  return transitionKind(from, target) === 'direct';
}

export type BulkEvent = Pick<Event, 'id' | 'title' | 'state'>;

export const countEvents = (n: number) => countOf(n, 'event');
