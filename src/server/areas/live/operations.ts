/**
 * Carrying out state changes of events: the direct ones at once, the ones that need the encoder
 * (start, stop, force restart) as an operation in flight (the `live_operations` row) that
 * `advanceOperation` moves on whenever it is called: by the `live.encoderCheck` job (always
 * scheduled, so an operation finishes even if nobody waits for it, and after a restart), and by
 * a request that waits for it (waitUntilCompleted=true).
 *
 * Concurrency: every change locks the event row first (SELECT ... FOR UPDATE), so two changes
 * of one event never both pass their checks; the second sees the state the first left. The
 * encoder is called while the row is locked, which serialises its commands for an event.
 *
 * Every state change is recorded (recordEventChange, stateChanged; isForced for the force
 * operations) in the transaction that makes it, and the automation of the event is brought up
 * to date (a stopped event needs no auto end any more; one set back to PRE_LIVE may start again).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ChannelConfiguration } from '#schema';
import type { Db, DbOrTx } from '../../db/database.ts';
import { liveOperations } from '../../db/tables/index.ts';
import { recordEventChange } from '../../changes/record.ts';
import { fieldChanges, recordSystemActivity } from '../../activity/record.ts';
import { badRequest, HttpError, notFound } from '../../http/errors.ts';
import type { Clock } from '../../jobs/clock.ts';
import { z } from 'zod';
import { jobKind } from '../../jobs/define.ts';
import type { Encoder, EncoderStatus } from './encoder.ts';
import type { EventRow } from '../event/index.ts';
import { lockEventRow, scheduleAutomation, writeEvents } from '../event/index.ts';
import { channelConfiguration } from './configuration.ts';
import {
  canRequest,
  directStamps,
  isState,
  resetStamps,
  S,
  startedStamps,
  stateName,
  STOPPED_STATES,
  stoppedStamps,
  STREAMING_STATES,
  transitionKind,
  transitionRefused,
} from './state-machine.ts';

export const ENCODER_CHECK_JOB = 'live.encoderCheck';
/** Follows an operation on the encoder (jobs.ts gives it its handler). */
export const encoderCheckKind = jobKind(ENCODER_CHECK_JOB, z.object({ clientId: z.guid(), eventId: z.guid(), runId: z.guid() }));
/**
 * A composition was set to COMPOSE_GENERATING or COMPOSE_WAITING: its generation is planned anew.
 * The compose area, which sits above this one, gives it its handler (areas/compose/jobs.ts).
 */
export const compositionRequestedKind = jobKind('live.compositionRequested', z.object({ clientId: z.guid(), eventId: z.guid(), state: z.number().int() }));

export interface LiveLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface LiveDeps {
  clock: Clock;
  encoder: Encoder;
  log: LiveLog;
  /**
   * The background work that changes states through these deps (`automation`, `encoder`): its
   * changes are recorded in the activity trail under its name. A request's are recorded by the
   * binder (http/trust.ts), so a request leaves it out.
   */
  system?: string;
}

export type LiveOperation = typeof liveOperations.$inferSelect;

async function operationOf(tx: DbOrTx, eventId: string): Promise<LiveOperation | undefined> {
  const [op] = await tx.select().from(liveOperations).where(eq(liveOperations.eventId, eventId));
  return op;
}

/** Sets the state (and stamps), records the change, and updates the event's automation. */
async function changeState(
  tx: DbOrTx,
  deps: LiveDeps,
  row: EventRow,
  state: number,
  patch: Partial<EventRow>,
  forced: boolean,
): Promise<EventRow> {
  const [event] = (await writeEvents(tx, row.clientId, row.id, { ...patch, state, dateModified: deps.clock.now() })) as [EventRow];
  if (deps.system) {
    await recordSystemActivity(tx, deps.clock.now(), {
      clientId: event.clientId,
      system: deps.system,
      operation: `${deps.system}.${forced ? 'forced' : 'state'}`,
      entity: 'event',
      entityId: event.id,
      changes: fieldChanges({ state: row.state, stateString: stateName(row.state) }, { state: event.state, stateString: stateName(event.state) }),
    });
  }
  await recordEventChange(tx, deps.clock, {
    clientId: event.clientId,
    eventId: event.id,
    action: 'Updated',
    event: { refId: event.refId, externalId: event.externalId, state: event.state, mp4State: event.mp4State, provisionState: event.provisionState },
    flags: forced ? { stateChanged: true, isForced: true } : { stateChanged: true },
  });
  await scheduleAutomation(tx, deps.clock, event.clientId, event.id);
  return event;
}

async function startOperation(
  tx: DbOrTx,
  deps: LiveDeps,
  row: EventRow,
  values: { kind: LiveOperation['kind']; target: number; forced: boolean },
): Promise<string> {
  const runId = randomUUID();
  const op = { ...values, runId, requestedAt: deps.clock.now() };
  await tx
    .insert(liveOperations)
    .values({ eventId: row.id, clientId: row.clientId, ...op })
    .onConflictDoUpdate({ target: liveOperations.eventId, set: op });
  await scheduleCheck(tx, deps.clock, row.clientId, row.id, runId, deps.clock.now());
  return runId;
}

/**
 * The encoder check of an operation. Without a dedupe key: a check re-schedules itself while it
 * runs (its key would still be taken), and a check of an earlier operation simply finds another
 * run id and stops.
 */
export async function scheduleCheck(db: DbOrTx, clock: Clock, clientId: string, eventId: string, runId: string, at: Date): Promise<void> {
  await encoderCheckKind.enqueue(db, clock, { clientId, eventId, runId }, { clientId, runAt: at, maxAttempts: 10 });
}

async function requireChannel(tx: DbOrTx, row: EventRow): Promise<ChannelConfiguration> {
  const channel = await channelConfiguration(tx, row.clientId, row.channelId);
  if (!channel) {
    // Said to an operator as much as to an integrator: in words, without the event's id (the request names it).
    throw badRequest(
      row.channelId
        ? 'The event cannot start: the configuration of its channel is not valid (see ChannelConfiguration). Correct the channel, or choose another.'
        : 'The event cannot start: it has no channel to stream on. Choose its channel (ChannelId) first.',
      { field: 'channelId' },
    );
  }
  return channel;
}

// ---- Requests ------------------------------------------------------------------------------------

export interface StateRequestResult {
  /** The operation to wait for, when the change needs the encoder; null when it is done. */
  runId: string | null;
}

/**
 * PUT /event/state/{id} (and the automation): checks `requested` against the state machine and
 * starts the change. Direct changes are complete on return; a start or stop leaves the event in
 * LIVE_STARTING or LIVE_STOPPING with an operation in flight (see `advanceOperation`).
 */
export async function requestState(tx: DbOrTx, deps: LiveDeps, clientId: string, eventId: string, requested: number): Promise<StateRequestResult> {
  const row = await lockEventRow(tx, clientId, eventId);
  if (!row) throw notFound(`There is no event ${eventId}`);
  const current = row.state;
  const op = await operationOf(tx, row.id);

  // No transition: the state it is in, at rest in a stopped state, or already heading there.
  if (requested === current) return { runId: null };
  if (requested === S.STOPPED && isState(current, STOPPED_STATES)) return { runId: null };
  if (op && current === S.LIVE_STARTING && requested === op.target && op.kind !== 'stop') return { runId: op.runId };
  if (op && current === S.LIVE_STOPPING && (requested === S.STOPPED || requested === op.target)) return { runId: op.runId };

  if (!canRequest(current, requested)) throw transitionRefused(current, requested);

  switch (transitionKind(current, requested)) {
    case 'start': {
      await requireChannel(tx, row);
      if (current === S.LIVE_STARTING && op && op.kind !== 'stop') {
        // Still starting: only the state to reach changes (no state change to record yet).
        await tx.update(liveOperations).set({ target: requested }).where(eq(liveOperations.eventId, row.id));
        return { runId: op.runId };
      }
      if (current !== S.LIVE_STARTING) await changeState(tx, deps, row, S.LIVE_STARTING, { actualLiveEnd: null }, false);
      return { runId: await startOperation(tx, deps, row, { kind: 'start', target: requested, forced: op?.forced ?? false }) };
    }
    case 'stop': {
      // A stop rests in INSTANT_VOD; an event that never streamed (a start cancelled) goes back to PRE_LIVE.
      const target = row.actualLiveStart ? S.INSTANT_VOD : S.PRE_LIVE;
      await changeState(tx, deps, row, S.LIVE_STOPPING, {}, false);
      return { runId: await startOperation(tx, deps, row, { kind: 'stop', target, forced: false }) };
    }
    case 'direct': {
      const at = deps.clock.now();
      if (requested === S.PRE_LIVE && (current === S.INSTANT_VOD || current === S.STOPPED)) {
        // Removing the publishing point: make sure nothing of the last run still publishes.
        await stopEncoderQuietly(tx, deps, row);
      }
      await changeState(tx, deps, row, requested, directStamps(row, current, requested, at), false);
      // A composition asked to generate (again) or to wait: its generation is planned anew (areas/compose).
      if (requested === S.COMPOSE_GENERATING || requested === S.COMPOSE_WAITING) {
        await compositionRequestedKind.enqueue(tx, deps.clock, { clientId, eventId: row.id, state: requested }, { clientId });
      }
      return { runId: null };
    }
  }
}

async function stopEncoderQuietly(tx: DbOrTx, deps: LiveDeps, row: Pick<EventRow, 'clientId' | 'id'>): Promise<void> {
  try {
    await deps.encoder.stop(tx, { clientId: row.clientId, eventId: row.id });
  } catch (error) {
    deps.log.warn({ eventId: row.id, err: error instanceof Error ? error.message : String(error) }, 'the encoder did not take the stop command');
  }
}

/**
 * PUT /event/forcestop/{id}: no checks, by design. Stops the encoder without waiting for it and
 * removes the operation in flight (the event's lock). An event that was starting, live,
 * suspended or stopping goes straight to INSTANT_VOD when it had streamed (actualLiveStart set),
 * else back to PRE_LIVE; an event in any other state keeps it (nothing of a VOD or a composition
 * is "stopped" by it), and then no change is recorded.
 */
export async function forceStop(tx: DbOrTx, deps: LiveDeps, clientId: string, eventId: string): Promise<void> {
  const row = await lockEventRow(tx, clientId, eventId);
  if (!row) throw notFound(`There is no event ${eventId}`);
  await tx.delete(liveOperations).where(eq(liveOperations.eventId, row.id));
  await stopEncoderQuietly(tx, deps, row);
  if (!isState(row.state, STREAMING_STATES) && row.state !== S.STOPPED) return;
  const now = deps.clock.now();
  if (row.actualLiveStart) await changeState(tx, deps, row, S.INSTANT_VOD, stoppedStamps(row, row.actualLiveEnd ?? now), true);
  else await changeState(tx, deps, row, S.PRE_LIVE, {}, true);
}

/** The states a force restart accepts (service-interface.md "States and transitions"). */
export const FORCE_RESTART_FROM = [S.LIVE_UNPUBLISHED, S.LIVE_PUBLISHED] as const;

/**
 * PUT /event/forcerestart/{id}: from LIVE_UNPUBLISHED or LIVE_PUBLISHED only. The channel is
 * stopped completely (LIVE_STOPPING), the event goes PRE_LIVE, starts again (LIVE_STARTING) and
 * returns to the live state it was in; every step is a change with isForced.
 */
export async function forceRestart(tx: DbOrTx, deps: LiveDeps, clientId: string, eventId: string): Promise<StateRequestResult> {
  const row = await lockEventRow(tx, clientId, eventId);
  if (!row) throw notFound(`There is no event ${eventId}`);
  if (!(FORCE_RESTART_FROM as readonly number[]).includes(row.state)) {
    const allowed = FORCE_RESTART_FROM.map(stateName);
    throw new HttpError(400, 'BadRequest', `A force restart needs the event in ${allowed.join(' or ')}; it is ${stateName(row.state)}`, {
      currentState: stateName(row.state),
      allowedStates: allowed,
    });
  }
  await requireChannel(tx, row);
  const target = row.state;
  await changeState(tx, deps, row, S.LIVE_STOPPING, {}, true);
  return { runId: await startOperation(tx, deps, row, { kind: 'restart', target, forced: true }) };
}

// ---- Moving an operation on ----------------------------------------------------------------------

export type AdvanceResult =
  | { status: 'done'; state: number }
  | { status: 'pending'; nextCheckAt: Date }
  /** The operation is no longer this one (finished, replaced, force-stopped, or the event is gone). */
  | { status: 'stale' }
  | { status: 'failed'; state: number; error: string };

const ADVANCE_STEPS = 4;

/**
 * Asks the encoder how far the operation `runId` of the event got and moves the event on as far
 * as it can without time passing: LIVE_STARTING -> the live state once the encoder runs,
 * LIVE_STOPPING -> INSTANT_VOD (or PRE_LIVE) once it has stopped, and for a force restart
 * LIVE_STOPPING -> PRE_LIVE -> LIVE_STARTING -> the live state. Commands are re-sent when the
 * encoder does not know the event (it forgot it in a restart), which they allow (sim/encoder.ts).
 */
export async function advanceOperation(db: Db, depsIn: LiveDeps, clientId: string, eventId: string, runId: string): Promise<AdvanceResult> {
  // What follows from the encoder is the encoder's doing, whoever asked for it (a job, a request that waits).
  const deps: LiveDeps = { ...depsIn, system: 'encoder' };
  return db.transaction(async (tx) => {
    let row = await lockEventRow(tx, clientId, eventId);
    const op = await operationOf(tx, eventId);
    if (!op || op.runId !== runId) return { status: 'stale' } as const;
    if (!row) {
      // Deleted meanwhile: nothing to finish.
      await tx.delete(liveOperations).where(eq(liveOperations.eventId, eventId));
      return { status: 'stale' } as const;
    }
    const finish = async () => tx.delete(liveOperations).where(eq(liveOperations.eventId, eventId));

    for (let step = 0; step < ADVANCE_STEPS; step++) {
      if (row.state === S.LIVE_STARTING && op.kind !== 'stop') {
        let status = await deps.encoder.status(tx, { clientId, eventId });
        if (status.state === 'idle' || status.state === 'stopped' || status.state === 'stopping') {
          const channel = await channelConfiguration(tx, row.clientId, row.channelId);
          if (!channel) return failStart(tx, deps, row, finish, 'the channel of the event has no valid configuration');
          await deps.encoder.start(tx, { clientId, eventId }, channel);
          status = await deps.encoder.status(tx, { clientId, eventId });
        }
        if (status.state === 'running') {
          const readyAt = status.readyAt ?? deps.clock.now();
          row = await changeState(tx, deps, row, op.target, startedStamps(row, op.target, readyAt, op.kind === 'restart'), op.forced);
          await finish();
          return { status: 'done', state: row.state };
        }
        if (status.state === 'failed') return failStart(tx, deps, row, finish, status.error ?? 'the encoder failed to start', op.forced);
        return { status: 'pending', nextCheckAt: status.readyAt ?? deps.clock.now() };
      }

      if (row.state === S.LIVE_STOPPING) {
        let status: EncoderStatus = await deps.encoder.status(tx, { clientId, eventId });
        if (status.state === 'starting' || status.state === 'running' || status.state === 'failed') {
          try {
            await deps.encoder.stop(tx, { clientId, eventId });
            status = await deps.encoder.status(tx, { clientId, eventId });
          } catch (error) {
            // A failed safe stop falls back to a force stop (service-interface.md): the encoder is taken as stopped.
            deps.log.warn({ eventId, err: error instanceof Error ? error.message : String(error) }, 'safe stop failed; forcing');
            status = { ...status, state: 'stopped', stoppedAt: deps.clock.now() };
          }
        }
        if (status.state === 'stopping') return { status: 'pending', nextCheckAt: status.stoppedAt ?? deps.clock.now() };
        const endedAt = status.stoppedAt ?? deps.clock.now();
        if (op.kind === 'restart') {
          // Stopped completely: pre-live, then started again towards the live state it was in.
          row = await changeState(tx, deps, row, S.PRE_LIVE, {}, true);
          const channel = await channelConfiguration(tx, row.clientId, row.channelId);
          if (!channel) return failStart(tx, deps, row, finish, 'the channel of the event has no valid configuration', true);
          await deps.encoder.start(tx, { clientId, eventId }, channel);
          row = await changeState(tx, deps, row, S.LIVE_STARTING, {}, true);
          continue;
        }
        const patch = op.target === S.INSTANT_VOD ? stoppedStamps(row, endedAt) : {};
        row = await changeState(tx, deps, row, op.target, patch, op.forced);
        await finish();
        return { status: 'done', state: row.state };
      }

      // The event moved on by another path (a direct state write): the operation has nothing left to do.
      await finish();
      return { status: 'stale' } as const;
    }
    return { status: 'pending', nextCheckAt: deps.clock.now() };
  });
}

/**
 * The encoder could not start: it is told to stop, the operation ends, and the event goes back to
 * where a stop would leave it (PRE_LIVE when it never streamed, INSTANT_VOD after a restart).
 */
async function failStart(
  tx: DbOrTx,
  deps: LiveDeps,
  row: EventRow,
  finish: () => Promise<unknown>,
  error: string,
  forced = false,
): Promise<AdvanceResult> {
  await stopEncoderQuietly(tx, deps, row);
  const now = deps.clock.now();
  const updated = row.actualLiveStart
    ? await changeState(tx, deps, row, S.INSTANT_VOD, stoppedStamps(row, row.actualLiveEnd ?? now), forced)
    : await changeState(tx, deps, row, S.PRE_LIVE, resetStamps(), forced);
  await finish();
  deps.log.warn({ eventId: row.id, err: error }, `the encoder failed to start; the event is ${stateName(updated.state)}`);
  return { status: 'failed', state: updated.state, error };
}

// ---- Waiting ------------------------------------------------------------------------------------

export interface WaitOptions {
  /** Real milliseconds to wait at most. */
  timeoutMs: number;
  /** Real milliseconds between two looks at the encoder. */
  pollMs: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Waits, in real time, for the operation to finish, moving it on at every look (so it does not
 * depend on the job worker polling). The encoder's progress is measured on the clock; a test
 * with a ManualClock moves the clock while the request waits. Past the time-out, it returns
 * with the operation still pending: the job finishes it.
 *
 * Throws 502 EncoderFailed when the encoder could not start.
 */
export async function waitForOperation(db: Db, deps: LiveDeps, clientId: string, eventId: string, runId: string, options: WaitOptions): Promise<AdvanceResult> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const result = await advanceOperation(db, deps, clientId, eventId, runId);
    if (result.status === 'failed') {
      throw new HttpError(
        502,
        'EncoderFailed',
        `The encoder could not start the event, which is ${stateName(result.state)} again: ${result.error}`,
        { state: stateName(result.state), error: result.error },
      );
    }
    if (result.status !== 'pending') return result;
    const left = deadline - Date.now();
    if (left <= 0) return result;
    await sleep(Math.min(options.pollMs, left));
  }
}
