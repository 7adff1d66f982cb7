/**
 * Bulk actions on selected events, as pure pieces: which state targets every selected event
 * allows (the service's own transition table, `#schema/models/event-states.ts`), running a task
 * per event a few at a time, and the outcome per event with the service's reason.
 */
import type { Event, EventStateName } from '#schema';
import { allowedTargets, transitionKind } from '#schema/models/event-states.ts';
import { ApiError } from '#client';

/** Enough to be quick, few enough not to flood a service (or trip its rate limits). */
export const BULK_CONCURRENCY = 4;

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

export interface BulkOutcome {
  event: BulkEvent;
  ok: boolean;
  /** The service's reason, in its words, when it refused. */
  reason?: string;
}

/** The service's message for a failed call, else a plain description. */
export function failureReason(error: unknown): string {
  if (error instanceof ApiError) {
    const message = error.body?.exceptionMessage || (error.status === 0 ? 'The service could not be reached' : `HTTP ${error.status}`);
    // Field messages the exception message already says are not repeated.
    const fields = error.fieldErrors
      .filter((f) => !message.includes(f.message))
      .map((f) => `${f.field}: ${f.message}`)
      .join('; ');
    return fields ? `${message} (${fields})` : message;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * Runs `task` for every event, at most `concurrency` at once, and reports each outcome in the
 * order of `events` (not the order they finished). One failure does not stop the others.
 */
export async function runBulk(
  events: readonly BulkEvent[],
  task: (event: BulkEvent) => Promise<unknown>,
  { concurrency = BULK_CONCURRENCY, onProgress }: { concurrency?: number; onProgress?: (done: number) => void } = {},
): Promise<BulkOutcome[]> {
  const outcomes: BulkOutcome[] = new Array(events.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < events.length) {
      const index = next++;
      const event = events[index]!;
      try {
        await task(event);
        outcomes[index] = { event, ok: true };
      } catch (error) {
        outcomes[index] = { event, ok: false, reason: failureReason(error) };
      }
      onProgress?.(++done);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, events.length)) }, worker));
  return outcomes;
}

export const countEvents = (n: number) => `${n.toLocaleString()} ${n === 1 ? 'event' : 'events'}`;

/** "3 events changed; 1 failed." */
export function summarise(outcomes: readonly BulkOutcome[], verb: string): string {
  const ok = outcomes.filter((o) => o.ok).length;
  const failed = outcomes.length - ok;
  if (failed === 0) return `${countEvents(ok)} ${verb}.`;
  if (ok === 0) return `None of the ${countEvents(failed)} ${verb}: every one failed.`;
  return `${countEvents(ok)} ${verb}; ${failed} failed.`;
}

