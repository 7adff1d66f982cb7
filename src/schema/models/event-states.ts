/**
 * The event state machine: which states an operator may ask for (PUT /event/state/{id}) from
 * each state. One pure table, shared by the service (which enforces it) and the dashboard (which
 * offers only these transitions).
 *
 * The interface shows only a few rows (service-interface.md "States and transitions"); the rest
 * is the "sensible state machine" of public-facts.md §2, marked (inferred) there. Choices made
 * here where both are silent:
 * - LIVE_STARTING and LIVE_STOPPING are never requested: the service passes through them on its
 *   own (a start goes PRE_LIVE -> LIVE_STARTING -> the live state once the encoder runs; a stop
 *   goes -> LIVE_STOPPING -> INSTANT_VOD once it has stopped).
 * - STOPPED is a command, not a resting state: it resolves to INSTANT_VOD, or to PRE_LIVE when
 *   the event never streamed (a start cancelled while LIVE_STARTING).
 * - While LIVE_STARTING the target may still change (LIVE_UNPUBLISHED <-> LIVE_PUBLISHED), and
 *   STOPPED cancels the start.
 * - INSTANT_VOD_BACKUP and INSTANT_VOD_DELETE are final (a deployment uses one of them).
 * - Error states retry: VOD_ERROR -> PRE_VOD | VOD_INGESTING, COMPOSE_ERROR -> COMPOSE_WAITING |
 *   COMPOSE_GENERATING, REMIX_ERROR -> REMIX_GENERATING.
 * - A stored STOPPED (written by another path, e.g. POST /event/xflow/add/ with EventState 4)
 *   behaves as INSTANT_VOD and may also be settled to INSTANT_VOD.
 * - Asking for the state an event is already in (or STOPPED for an event at rest in an instant
 *   VOD state, or the target an event is already starting or stopping towards) is no transition:
 *   it succeeds and changes nothing.
 */
import { EventState, type EventStateName } from './event.ts';

/** What an operator may request from each state, in the order a UI should offer them. */
export const EVENT_STATE_TRANSITIONS: Readonly<Record<EventStateName, readonly EventStateName[]>> = {
  PRE_LIVE: ['LIVE_UNPUBLISHED', 'LIVE_PUBLISHED'],
  LIVE_STARTING: ['LIVE_UNPUBLISHED', 'LIVE_PUBLISHED', 'STOPPED'],
  LIVE_UNPUBLISHED: ['LIVE_PUBLISHED', 'SUSPENDED', 'STOPPED'],
  LIVE_PUBLISHED: ['LIVE_UNPUBLISHED', 'SUSPENDED', 'STOPPED'],
  SUSPENDED: ['LIVE_UNPUBLISHED', 'LIVE_PUBLISHED', 'STOPPED'],
  LIVE_STOPPING: [],
  STOPPED: ['INSTANT_VOD', 'INSTANT_VOD_BACKUP', 'INSTANT_VOD_DELETE', 'PRE_LIVE'],
  INSTANT_VOD: ['INSTANT_VOD_BACKUP', 'INSTANT_VOD_DELETE', 'PRE_LIVE'],
  INSTANT_VOD_BACKUP: [],
  INSTANT_VOD_DELETE: [],
  PRE_VOD: ['VOD_INGESTING'],
  VOD_INGESTING: ['VOD_PRIVATE', 'VOD_PUBLIC', 'VOD_ERROR'],
  VOD_PRIVATE: ['VOD_PUBLIC'],
  VOD_PUBLIC: ['VOD_PRIVATE'],
  VOD_ERROR: ['PRE_VOD', 'VOD_INGESTING'],
  REMIX_GENERATING: ['REMIX_PRIVATE', 'REMIX_PUBLIC', 'REMIX_ERROR'],
  REMIX_PRIVATE: ['REMIX_PUBLIC'],
  REMIX_PUBLIC: ['REMIX_PRIVATE'],
  REMIX_ERROR: ['REMIX_GENERATING'],
  ARCHIVER_PRIVATE: ['ARCHIVER_PUBLIC'],
  ARCHIVER_PUBLIC: ['ARCHIVER_PRIVATE'],
  COMPOSE_WAITING: ['COMPOSE_GENERATING'],
  COMPOSE_GENERATING: ['COMPOSE_PRIVATE', 'COMPOSE_PUBLIC', 'COMPOSE_ERROR'],
  COMPOSE_PRIVATE: ['COMPOSE_PUBLIC'],
  COMPOSE_PUBLIC: ['COMPOSE_PRIVATE'],
  COMPOSE_ERROR: ['COMPOSE_WAITING', 'COMPOSE_GENERATING'],
};

/** The states in which the encoder runs or its publishing point is kept (a stop applies). */
export const STREAMING_STATES: readonly EventStateName[] = ['LIVE_STARTING', 'LIVE_UNPUBLISHED', 'LIVE_PUBLISHED', 'SUSPENDED', 'LIVE_STOPPING'];

/** Where a stopped live event rests: STOPPED is satisfied by any of these. */
export const STOPPED_STATES: readonly EventStateName[] = ['STOPPED', 'INSTANT_VOD', 'INSTANT_VOD_BACKUP', 'INSTANT_VOD_DELETE'];

/** States that change by themselves (the encoder or a generation works); a UI polls them fast. */
export const TRANSITIONAL_STATES: readonly EventStateName[] = ['LIVE_STARTING', 'LIVE_STOPPING', 'VOD_INGESTING', 'COMPOSE_GENERATING', 'REMIX_GENERATING'];

function nameOf(state: number | EventStateName): EventStateName | undefined {
  return typeof state === 'number' ? EventState.nameOf(state) : (EventState.names as readonly string[]).includes(state) ? state : undefined;
}

/** The states an operator may request from `state` (a value or a name); none for an unknown state. */
export function allowedTargets(state: number | EventStateName): readonly EventStateName[] {
  const name = nameOf(state);
  return name ? EVENT_STATE_TRANSITIONS[name] : [];
}

/** Whether `requested` is a transition the table allows from `from`. */
export function canRequest(from: number | EventStateName, requested: number | EventStateName): boolean {
  const to = nameOf(requested);
  return to !== undefined && allowedTargets(from).includes(to);
}

/**
 * How a request is carried out: `start` passes through LIVE_STARTING (the encoder starts),
 * `stop` through LIVE_STOPPING (the encoder stops), `direct` changes the state at once.
 */
export type TransitionKind = 'start' | 'stop' | 'direct';

export function transitionKind(from: number | EventStateName, requested: number | EventStateName): TransitionKind {
  const source = nameOf(from);
  const to = nameOf(requested);
  if ((source === 'PRE_LIVE' || source === 'LIVE_STARTING') && (to === 'LIVE_UNPUBLISHED' || to === 'LIVE_PUBLISHED')) return 'start';
  if (to === 'STOPPED' && source !== undefined && STREAMING_STATES.includes(source)) return 'stop';
  return 'direct';
}

/** The transitional state a request passes through, or null when it changes the state at once. */
export function passesThrough(from: number | EventStateName, requested: number | EventStateName): EventStateName | null {
  const kind = transitionKind(from, requested);
  return kind === 'start' ? 'LIVE_STARTING' : kind === 'stop' ? 'LIVE_STOPPING' : null;
}
