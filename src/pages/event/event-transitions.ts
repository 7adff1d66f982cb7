/**
 * Which live controls an event offers in each state. The state targets come from the service's
 * own transition table (#schema/models/event-states.ts), so the page offers exactly what the
 * service accepts; the force operations from the interface's state table (service-interface.md
 * "States and transitions"), which that table does not cover.
 */
import { EventState, type EventStateName } from '#schema';
import { allowedTargets, STREAMING_STATES, TRANSITIONAL_STATES } from '#schema/models/event-states.ts';

export type EventActionId = 'start' | 'cancelStart' | 'publish' | 'unpublish' | 'suspend' | 'resume' | 'resumePublished' | 'stop' | 'forceRestart' | 'forceStop';

export type EventActionRequest =
  | { kind: 'setState'; target: EventStateName; waitUntilCompleted: boolean }
  | { kind: 'forceStop' }
  | { kind: 'forceRestart' };

export interface EventAction {
  id: EventActionId;
  /** The button's text. */
  label: string;
  request: EventActionRequest;
  /** Ends or interrupts what viewers see: styled as destructive, confirmed with Cancel focused. */
  destructive: boolean;
}

/**
 * Start and stop do not wait for the encoder (waitUntilCompleted=false): the event shows
 * LIVE_STARTING / LIVE_STOPPING while it works, which the page follows (service-interface.md:
 * "asynchronous intermediate states avoid time-outs").
 */
const stateActions: readonly { id: EventActionId; label: string; from: readonly EventStateName[]; target: EventStateName; destructive: boolean; wait: boolean }[] = [
  { id: 'start', label: 'Start', from: ['PRE_LIVE'], target: 'LIVE_UNPUBLISHED', destructive: false, wait: false },
  { id: 'publish', label: 'Publish', from: ['LIVE_UNPUBLISHED'], target: 'LIVE_PUBLISHED', destructive: false, wait: true },
  { id: 'resume', label: 'Resume', from: ['SUSPENDED'], target: 'LIVE_UNPUBLISHED', destructive: false, wait: true },
  { id: 'resumePublished', label: 'Resume and publish', from: ['SUSPENDED'], target: 'LIVE_PUBLISHED', destructive: false, wait: true },
  { id: 'unpublish', label: 'Unpublish', from: ['LIVE_PUBLISHED'], target: 'LIVE_UNPUBLISHED', destructive: false, wait: true },
  { id: 'suspend', label: 'Suspend', from: ['LIVE_UNPUBLISHED', 'LIVE_PUBLISHED'], target: 'SUSPENDED', destructive: false, wait: true },
  { id: 'stop', label: 'Stop', from: ['LIVE_UNPUBLISHED', 'LIVE_PUBLISHED', 'SUSPENDED'], target: 'STOPPED', destructive: true, wait: false },
  // A start still under way can be called off; the event goes back to pre-live (event-states.ts).
  { id: 'cancelStart', label: 'Cancel start', from: ['LIVE_STARTING'], target: 'STOPPED', destructive: true, wait: false },
];

/** The interface: force restart only from a live state. */
const FORCE_RESTART_FROM: readonly EventStateName[] = ['LIVE_UNPUBLISHED', 'LIVE_PUBLISHED'];
/**
 * The interface checks nothing for a force stop; offering it where no encoder can be running
 * (a VOD, an event not yet started) would only confuse, so it is offered while one may be:
 * starting, live, suspended, or stuck stopping.
 */
const FORCE_STOP_FROM: readonly EventStateName[] = STREAMING_STATES;

/** The live controls valid from `state` (a value or a name), in the order the page shows them. */
export function eventActions(state: number | string): EventAction[] {
  const name = typeof state === 'number' ? EventState.nameOf(state) : (EventState.names as readonly string[]).includes(state) ? (state as EventStateName) : undefined;
  if (!name) return [];
  const targets = allowedTargets(name);
  const actions: EventAction[] = stateActions
    .filter((a) => a.from.includes(name) && targets.includes(a.target))
    .map((a) => ({ id: a.id, label: a.label, destructive: a.destructive, request: { kind: 'setState', target: a.target, waitUntilCompleted: a.wait } }));
  if (FORCE_RESTART_FROM.includes(name)) actions.push({ id: 'forceRestart', label: 'Force restart', destructive: true, request: { kind: 'forceRestart' } });
  if (FORCE_STOP_FROM.includes(name)) actions.push({ id: 'forceStop', label: 'Force stop', destructive: true, request: { kind: 'forceStop' } });
  return actions;
}

/**
 * Why an action the state allows cannot succeed for this event, in words to show beside it; null
 * when nothing stands in its way. The service refuses to start an event without a channel (there
 * is no encoder to start), so Start is not offered then.
 */
export function actionBlocker(action: EventActionId, event: { channelId: string | null }): string | null {
  if ((action === 'start' || action === 'forceRestart') && !event.channelId) return 'Start needs a channel to stream on: choose one under Channel & workflow.';
  return null;
}

/** The places of the live controls, left to right; each always holds the same kind of action. */
export const LIVE_CONTROL_SLOTS = [
  { slot: 'start', label: 'Start', actions: ['start'] },
  { slot: 'publish', label: 'Publish', actions: ['publish', 'resumePublished'] },
  { slot: 'unpublish', label: 'Unpublish', actions: ['unpublish'] },
  { slot: 'suspend', label: 'Suspend', actions: ['suspend'] },
  { slot: 'resume', label: 'Resume', actions: ['resume'] },
  // Calling off a start is a stop too: it ends up where Stop is, never where Start was.
  { slot: 'stop', label: 'Stop', actions: ['stop', 'cancelStart'] },
] as const satisfies readonly { slot: string; label: string; actions: readonly EventActionId[] }[];

export interface LiveControls {
  /** Every slot, in its fixed place; `action` is null where nothing of that kind is possible now. */
  slots: { slot: (typeof LIVE_CONTROL_SLOTS)[number]['slot']; label: string; action: EventAction | null }[];
  /** Force restart / force stop, kept apart in a menu (each null when not possible now). */
  force: { forceRestart: EventAction | null; forceStop: EventAction | null };
}

/**
 * The live controls laid out in fixed places, so the button under the pointer never changes
 * meaning when the state does (Start does not become Cancel start). Null when the event has no
 * live controls at all (a VOD, a finished event).
 */
export function liveControls(state: number | string): LiveControls | null {
  const actions = eventActions(state);
  if (actions.length === 0) return null;
  const find = (id: EventActionId) => actions.find((a) => a.id === id) ?? null;
  return {
    slots: LIVE_CONTROL_SLOTS.map((s) => ({
      slot: s.slot,
      label: s.label,
      action: s.actions.map((id) => find(id)).find((a) => a !== null) ?? null,
    })),
    force: { forceRestart: find('forceRestart'), forceStop: find('forceStop') },
  };
}

/** States that change by themselves within seconds: the page shows progress (the change feed brings the next). */
export function isTransitional(state: number): boolean {
  const name = EventState.nameOf(state);
  return name !== undefined && TRANSITIONAL_STATES.includes(name);
}

/** States with an encoder running (or paused with its publishing point kept). */
export function isLive(state: number): boolean {
  const name = EventState.nameOf(state);
  return name === 'LIVE_UNPUBLISHED' || name === 'LIVE_PUBLISHED' || name === 'SUSPENDED';
}
