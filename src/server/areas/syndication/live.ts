/**
 * Live publications (service-interface.md "Media syndication: live publications"; states from
 * public-facts.md §2): Scheduled (1, in the service, not yet on the destination) -> InProgress (2)
 * -> Completed (3), or FailedDestination (4) / FailedPublication (6) with the reason.
 *
 * - Creating one puts it in Scheduled; the `syndication.livePrepare` job then creates the
 *   broadcast on the target: its ingestion details (the stream targets the live media server
 *   pushes to) fill details.ingestionDetails.
 * - Start is synchronous, so start/all can say afterwards which publication had a fault: the
 *   broadcast is created on the target if it is not yet, then goes live. A publication runs only
 *   while its event is live: started while the event is not, it waits (startRequested) and the
 *   event's watcher (`syndication.liveWatch`, every 5 s while the event has publications to run or
 *   running) starts it when the event goes live and completes it when the event ends.
 *   startInstantly, and the event's autoStartPublications, request the start at creation.
 * - Stop ends the broadcast (Completed); stopping one that waits only withdraws the request.
 * - Recreate discards the target data and creates the broadcast again (removeOriginal: the old one
 *   is removed from the platform), and starts it again if it was asked to run and the event is live.
 *
 * Talking to the target is outside I/O: the `plan*` functions read, ask the target and answer the
 * changes to make (core.ts `Planned`), outside any transaction (an operation's prepare step, a job
 * before it writes); the write applies them. The two jobs are in live-jobs.ts.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { EventState, type LivePublicationCreateBody } from '#schema';
import type { DbOrTx } from '../../db/database.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import type { Clock } from '../../jobs/clock.ts';
import { jobKind } from '../../jobs/define.ts';
import type { AppServices } from '../../services.ts';
import { adapterFor, apply, asTargetDestination, isFailed, LIVE, parseConfig, plan, planned, recordCreated, recordPublicationChange, targetEnv, type Planned, PublicationJobPayload, type PublicationRow, type Step } from './core.ts';
import { checkPublications, eventOr400, storedDetails } from './input.ts';
import { findEvent, insertPublication, replaceCallbacks } from './repo.ts';
import { findDestination } from './destination-repo.ts';

export const LIVE_PREPARE_JOB = 'syndication.livePrepare';
export const LIVE_WATCH_JOB = 'syndication.liveWatch';
/** Prepares a live publication on its target; watches an event's live publications (live-jobs.ts has their handlers). */
export const livePrepareKind = jobKind(LIVE_PREPARE_JOB, PublicationJobPayload);
export const liveWatchKind = jobKind(LIVE_WATCH_JOB, z.object({ clientId: z.string().min(1), eventId: z.string().min(1) }));

const ES = EventState.values;
/** The event is on air: publications may start. */
export const ON_AIR: readonly number[] = [ES.LIVE_UNPUBLISHED, ES.LIVE_PUBLISHED];
/** Running publications keep running (a suspended stream resumes; a starting one is about to be on air). */
export const KEEPS_RUNNING: readonly number[] = [...ON_AIR, ES.SUSPENDED, ES.LIVE_STARTING];
/** The event's live run is over. */
export const ENDED: readonly number[] = [ES.LIVE_STOPPING, ES.STOPPED, ES.INSTANT_VOD, ES.INSTANT_VOD_BACKUP, ES.INSTANT_VOD_DELETE];

export const WATCH_LIVE_MS = 5_000;
/** Also while waiting for the event to go live: a publication should start within seconds of it. */
export const WATCH_IDLE_MS = 5_000;
const WATCH_BUCKET_MS = 5_000;

/** What talking to a target needs: a handle outside any transaction, the clock, the adapters. */
export interface TargetContext {
  db: DbOrTx;
  clock: Clock;
  services: Pick<AppServices, 'targets'>;
}

// ---- Creating -----------------------------------------------------------------------------------------

/** The parsed create body (startInstantly defaulted). */
export type LiveCreateBody = { eventId: string; publications: { audioInputId?: string | null; destinationId: string; publicationJson: string }[]; startInstantly: boolean };
export function parseCreate(body: LivePublicationCreateBody & { startInstantly: boolean }): LiveCreateBody {
  return body as LiveCreateBody;
}

/** Writes the publications of a create request (Scheduled), with their first step on the target as a job. */
export async function createLivePublications(db: DbOrTx, clock: Clock, clientId: string, body: LiveCreateBody, refusals: readonly { field: string; message: string }[]): Promise<PublicationRow[]> {
  const event = await eventOr400(db, clientId, body.eventId);
  const checked = await checkPublications(db, clientId, 'live', event, body.publications, 'media', refusals);
  const transactionId = randomUUID();
  const now = clock.now();
  const startRequested = body.startInstantly || event.autoStartPublications;
  const rows: PublicationRow[] = [];
  for (const [i, c] of checked.entries()) {
    const row = await insertPublication(db, {
      clientId,
      kind: 'live',
      eventId: event.id,
      audioInputId: body.publications[i]!.audioInputId ?? null,
      destinationId: c.destination.id,
      target: c.destination.target,
      transactionId,
      contentId: event.contentId ?? event.id,
      publicationJson: body.publications[i]!.publicationJson,
      state: LIVE.Scheduled,
      reason: startRequested ? (ON_AIR.includes(event.state) ? 'Starting' : 'Starts when the event is live') : null,
      startRequested,
      details: storedDetails(c.fields),
      // A millisecond apart, so the publications of one request keep their order.
      dateCreated: new Date(now.getTime() + i),
      dateModified: now,
    });
    await replaceCallbacks(db, clientId, row.id, c.callbackUrls);
    await recordCreated(db, clock, row);
    await livePrepareKind.enqueue(db, clock, { publicationId: row.id }, { clientId });
    rows.push(row);
  }
  await recordPublicationChange(db, clock, { clientId, eventId: event.id });
  if (startRequested) await scheduleWatch(db, clock, clientId, event.id, 0);
  return rows;
}

/**
 * Schedules the event's watcher at the next 5 s boundary after the delay, one job per event and
 * boundary: a watcher that reschedules itself and a start that asks for one share the same job.
 */
export async function scheduleWatch(db: DbOrTx, clock: Clock, clientId: string, eventId: string, delayMs: number): Promise<void> {
  const at = Math.ceil((clock.now().getTime() + delayMs) / WATCH_BUCKET_MS) * WATCH_BUCKET_MS;
  await liveWatchKind.enqueue(db, clock, { clientId, eventId }, { clientId, runAt: new Date(at), dedupeKey: `${LIVE_WATCH_JOB}:${eventId}@${at}`, maxAttempts: 10 });
}

// ---- On the target ------------------------------------------------------------------------------------

const failureState = (failure: 'destination' | 'publication' | 'mediaAsset') => (failure === 'destination' ? LIVE.FailedDestination : LIVE.FailedPublication);

/** Creates the broadcast on the target unless it exists; the steps that follow (failed when the target refused). */
export async function prepareOnTarget(env: TargetContext, row: PublicationRow, cause: 'request' | 'target' | 'service'): Promise<Step[]> {
  if (row.targetItemId || isFailed(row.state)) return [];
  const destination = await findDestination(env.db, row.clientId, row.destinationId);
  if (!destination?.active) {
    const reason = `The destination "${destination?.name ?? row.destinationId}" is not active: activate it, then recreate the publication.`;
    return [{ to: LIVE.FailedDestination, options: { reason, cause } }];
  }
  const result = await adapterFor(env.services, row.target).createLive(targetEnv(env.db, env.clock), asTargetDestination(destination), row.id, parseConfig(row.publicationJson));
  if (!result.ok) return [{ to: failureState(result.failure), options: { reason: result.reason, cause: 'target' } }];
  const details = { ...row.details, ingestionDetails: result.ingestion };
  return [{ to: row.state, options: { cause, set: { targetItemId: result.itemId, details }, reason: row.startRequested ? row.reason : null } }];
}

/** Creates the broadcast if needed, then starts it on the target. */
export async function goLiveOnTarget(env: TargetContext, row: PublicationRow, cause: 'request' | 'event'): Promise<Step[]> {
  const steps = await prepareOnTarget(env, row, cause === 'event' ? 'service' : 'request');
  const prepared = planned(plan(row, ...steps));
  if (isFailed(prepared.state) || !prepared.targetItemId) return steps;
  const destination = await findDestination(env.db, row.clientId, row.destinationId);
  if (!destination) return steps;
  const result = await adapterFor(env.services, row.target).startLive(targetEnv(env.db, env.clock), asTargetDestination(destination), prepared.targetItemId);
  if (!result.ok) return [...steps, { to: failureState(result.failure), options: { reason: result.reason, cause: 'target' } }];
  return [...steps, { to: LIVE.InProgress, options: { reason: null, cause, set: { dateStarted: env.clock.now(), dateCompleted: null, startRequested: true } } }];
}

export async function endOnTarget(env: TargetContext, row: PublicationRow): Promise<void> {
  if (!row.targetItemId) return;
  const destination = await findDestination(env.db, row.clientId, row.destinationId);
  if (destination) await adapterFor(env.services, row.target).stopLive(targetEnv(env.db, env.clock), asTargetDestination(destination), row.targetItemId);
}

async function removeOnTarget(env: TargetContext, row: PublicationRow): Promise<void> {
  if (!row.targetItemId) return;
  const destination = await findDestination(env.db, row.clientId, row.destinationId, 'any');
  if (destination) await adapterFor(env.services, row.target).remove(targetEnv(env.db, env.clock), asTargetDestination(destination), row.targetItemId);
}

// ---- Operations: decided and done on the target, then written ----------------------------------------

/** A plan, and the event whose watcher to schedule once it is written. */
export interface LivePlan {
  plan: Planned;
  watch?: string;
}

export async function planStart(env: TargetContext, row: PublicationRow): Promise<LivePlan> {
  if (row.state === LIVE.InProgress) return { plan: plan(row) };
  if (isFailed(row.state)) throw badRequest(`The publication has failed (${row.reason ?? 'no reason given'}): recreate it (PUT /media/livepublication/recreate/) to try again.`);
  if (row.state === LIVE.Completed) throw badRequest('The publication has completed: its broadcast has ended on the target. Recreate it to broadcast again.');
  const event = await findEvent(env.db, row.clientId, row.eventId!);
  if (!event || !ON_AIR.includes(event.state)) {
    const waiting = plan(row, { to: row.state, options: { cause: 'request', reason: 'Starts when the event is live', set: { startRequested: true } } });
    return event ? { plan: waiting, watch: event.id } : { plan: waiting };
  }
  const wanting = { ...row, startRequested: true };
  return { plan: plan(row, ...(await goLiveOnTarget(env, wanting, 'request'))), watch: event.id };
}

export async function planStop(env: TargetContext, row: PublicationRow): Promise<LivePlan> {
  if (row.state === LIVE.InProgress) {
    await endOnTarget(env, row);
    return { plan: plan(row, { to: LIVE.Completed, options: { reason: 'Stopped', cause: 'request', set: { dateCompleted: env.clock.now(), startRequested: false } } }) };
  }
  if (row.startRequested) return { plan: plan(row, { to: row.state, options: { cause: 'request', reason: null, set: { startRequested: false } } }) };
  return { plan: plan(row) };
}

export async function planVisibility(env: TargetContext, row: PublicationRow, visibility: 'public' | 'private'): Promise<{ answer: { description: string; isSuccessful: boolean }; plan: Planned }> {
  if (!row.targetItemId) {
    return { answer: { isSuccessful: false, description: isFailed(row.state) ? `The publication has failed: ${row.reason ?? ''}`.trim() : 'The broadcast is not on the target yet: try again in a moment.' }, plan: plan(row) };
  }
  const destination = await findDestination(env.db, row.clientId, row.destinationId);
  if (!destination) return { answer: { isSuccessful: false, description: 'The destination is gone.' }, plan: plan(row) };
  const result = await adapterFor(env.services, row.target).setVisibility(targetEnv(env.db, env.clock), asTargetDestination(destination), row.targetItemId, visibility);
  if (!result.ok) return { answer: { isSuccessful: false, description: result.reason }, plan: plan(row) };
  return {
    answer: { isSuccessful: true, description: visibility === 'public' ? `Published: the broadcast is public on ${destination.name}.` : `Unpublished: the broadcast is private on ${destination.name}.` },
    plan: plan(row, { to: row.state, options: { cause: 'request', set: { details: { ...row.details, visibility } } } }),
  };
}

export async function planRecreate(env: TargetContext, row: PublicationRow, removeOriginal: boolean, reason = 'Recreated'): Promise<LivePlan> {
  if (row.state === LIVE.InProgress) await endOnTarget(env, row);
  if (removeOriginal) await removeOnTarget(env, row);
  const reset: Step = {
    to: LIVE.Scheduled,
    options: { reason, cause: 'request', set: { targetItemId: null, details: storedDetails(parseConfig(row.publicationJson)), dateStarted: null, dateCompleted: null } },
  };
  const fresh = planned(plan(row, reset));
  const event = await findEvent(env.db, row.clientId, row.eventId!);
  if (fresh.startRequested && event && ON_AIR.includes(event.state)) return { plan: plan(row, reset, ...(await goLiveOnTarget(env, fresh, 'request'))), watch: event.id };
  return { plan: plan(row, reset, ...(await prepareOnTarget(env, fresh, 'request'))) };
}

/** Ends the broadcast of a publication about to be deleted (and, with hardDelete, removes it from the platform). */
export async function leaveTarget(env: TargetContext, row: PublicationRow, hardDelete: boolean): Promise<void> {
  if (row.state === LIVE.InProgress) await endOnTarget(env, row);
  if (hardDelete) await removeOnTarget(env, row);
}

/** Writes a plan in the request's transaction and schedules the watcher it asks for. */
export async function applyLive(db: DbOrTx, clock: Clock, live: LivePlan): Promise<PublicationRow> {
  const row = (await apply(db, clock, live.plan))?.row ?? live.plan.row;
  if (live.watch) await scheduleWatch(db, clock, row.clientId, live.watch, WATCH_LIVE_MS);
  return row;
}

export async function liveStatistics(env: TargetContext, row: PublicationRow): Promise<Record<string, unknown>> {
  const base = { publicationId: row.id, destinationId: row.destinationId, target: row.target, publicationState: row.state };
  if (!row.targetItemId) return { ...base, status: 'notCreated', viewers: 0, peakViewers: 0, bitrateKbps: 0, health: 'noData', samples: [] };
  const destination = await findDestination(env.db, row.clientId, row.destinationId);
  if (!destination) throw new HttpError(502, 'TargetUnavailable', 'The target did not give statistics: the destination is gone');
  const result = await adapterFor(env.services, row.target).statistics(targetEnv(env.db, env.clock), asTargetDestination(destination), row.targetItemId);
  if (!result.ok) throw new HttpError(502, 'TargetUnavailable', `The target did not give statistics: ${result.reason}`);
  return { ...base, ...result.statistics };
}
