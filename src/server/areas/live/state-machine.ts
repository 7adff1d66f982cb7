/**
 * The event state machine on the service side: the transition table of the schema module
 * (src/schema/models/event-states.ts, shared with the dashboard), the error a refused request
 * answers, and the time stamps each transition writes.
 *
 * Stamps (the interface names the fields, not when they are written; our choices):
 * - actualLiveStart: when the encoder reported the stream running (its `readyAt`), at the end of
 *   a start. A force restart keeps the original one: the event has been live since then.
 * - actualLiveEnd: when the encoder reported the stream stopped (its `stoppedAt`); for a force
 *   stop, the time of the force stop.
 * - publishedStart: the first time the event became LIVE_PUBLISHED in this run (a value from
 *   before actualLiveStart belongs to an earlier run or a plan, and is replaced).
 * - publishedEnd: when it last left LIVE_PUBLISHED: unpublished or suspended, or, for a stop while
 *   published, the end of the stream. Publishing again clears it.
 * - instantVodStart/instantVodEnd: the window of the instant VOD, the whole stream by default:
 *   set to actualLiveStart/actualLiveEnd on reaching INSTANT_VOD unless already set (a trim
 *   window given with POST /event/ is kept).
 * - INSTANT_VOD -> PRE_LIVE removes the publishing point (public-facts.md §2), and with it the
 *   recording: all six stamps are cleared, ready for a new run.
 */
import { EventState, type EventStateName } from '#schema';
import { allowedTargets } from '#schema/models/event-states.ts';
import { HttpError } from '../../http/errors.ts';
import type { EventRow } from '../event/index.ts';

export {
  allowedTargets,
  canRequest,
  EVENT_STATE_TRANSITIONS,
  passesThrough,
  STOPPED_STATES,
  STREAMING_STATES,
  transitionKind,
} from '#schema/models/event-states.ts';

export const S = EventState.values;

export function stateName(state: number): string {
  return EventState.nameOf(state) ?? String(state);
}

export function isState(state: number, names: readonly EventStateName[]): boolean {
  const name = EventState.nameOf(state);
  return name !== undefined && names.includes(name);
}

/** 400 for a transition the table refuses, naming the states that are allowed from here. */
export function transitionRefused(current: number, requested: number): HttpError {
  const allowed = allowedTargets(current);
  const from = stateName(current);
  const to = stateName(requested);
  const choices = allowed.length > 0 ? `allowed from ${from}: ${allowed.join(', ')}` : `no state can be requested from ${from}`;
  const message = `cannot change from ${from} to ${to}; ${choices}`;
  return new HttpError(400, 'Validation', `The state change is not allowed: ${message}`, {
    fields: [{ field: 'body.state', message }],
    currentState: from,
    requestedState: to,
    allowedStates: allowed,
  });
}

type Stamps = Pick<
  EventRow,
  'actualLiveStart' | 'actualLiveEnd' | 'publishedStart' | 'publishedEnd' | 'instantVodStart' | 'instantVodEnd'
>;

function publishedInRun(row: Stamps, liveStart: Date | null): boolean {
  return row.publishedStart !== null && liveStart !== null && row.publishedStart.getTime() >= liveStart.getTime();
}

/** Becoming LIVE_PUBLISHED at `at`, in a run that began at `liveStart`. */
export function publishStamps(row: Stamps, at: Date, liveStart = row.actualLiveStart): Partial<Stamps> {
  return { publishedStart: publishedInRun(row, liveStart) ? row.publishedStart : at, publishedEnd: null };
}

/** Leaving LIVE_PUBLISHED for LIVE_UNPUBLISHED or SUSPENDED at `at`. */
export function unpublishStamps(at: Date): Partial<Stamps> {
  return { publishedEnd: at };
}

/** The encoder reported the stream running at `readyAt`: the event becomes `target`. */
export function startedStamps(row: Stamps, target: number, readyAt: Date, keepLiveStart: boolean): Partial<Stamps> {
  const liveStart = keepLiveStart && row.actualLiveStart ? row.actualLiveStart : readyAt;
  return {
    actualLiveStart: liveStart,
    actualLiveEnd: null,
    ...(target === S.LIVE_PUBLISHED ? publishStamps(row, readyAt, liveStart) : {}),
  };
}

/** The stream ended at `endedAt` and the event rests in INSTANT_VOD. */
export function stoppedStamps(row: Stamps, endedAt: Date): Partial<Stamps> {
  const wasPublished = publishedInRun(row, row.actualLiveStart) && row.publishedEnd === null;
  return {
    actualLiveEnd: endedAt,
    ...(wasPublished ? { publishedEnd: endedAt } : {}),
    instantVodStart: row.instantVodStart ?? row.actualLiveStart,
    instantVodEnd: row.instantVodEnd ?? endedAt,
  };
}

/** The publishing point is removed (INSTANT_VOD -> PRE_LIVE): nothing of the last run remains. */
export function resetStamps(): Stamps {
  return { actualLiveStart: null, actualLiveEnd: null, publishedStart: null, publishedEnd: null, instantVodStart: null, instantVodEnd: null };
}

/** Stamps of a transition that changes the state at once (no encoder involved). */
export function directStamps(row: Stamps, from: number, to: number, at: Date): Partial<Stamps> {
  if (to === S.LIVE_PUBLISHED) return publishStamps(row, at);
  if (from === S.LIVE_PUBLISHED) return unpublishStamps(at);
  if (to === S.PRE_LIVE && (from === S.INSTANT_VOD || from === S.STOPPED)) return resetStamps();
  if (to === S.INSTANT_VOD && from === S.STOPPED) {
    return { instantVodStart: row.instantVodStart ?? row.actualLiveStart, instantVodEnd: row.instantVodEnd ?? row.actualLiveEnd };
  }
  return {};
}
