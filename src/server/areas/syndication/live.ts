/**
 * Live publications (service-interface.md "Media syndication: live publications"; states from
 * public-facts.md §2): Scheduled (1, in the service, not yet on the destination) -> InProgress (2)
 * -> Completed (3), or FailedDestination (4) / FailedPublication (6) with the reason.
 *
 * - Creating one puts it in Scheduled and, a moment later (the `syndication.livePrepare` job, the
 *   platform's delay), creates the broadcast on the target: its ingestion details (the stream
 *   targets the live media server pushes to) fill details.ingestionDetails.
 * - Start is synchronous, so start/all can say afterwards which publication had a fault: the
 *   broadcast is created on the target if it is not yet, then goes live. A publication runs only
 *   while its event is live: started while the event is not, it waits (startRequested) and the
 *   event's watcher (`syndication.liveWatch`, every 5 s while the event has publications to run or
 *   running) starts it when the event goes live and completes it when the event ends.
 *   startInstantly, and the event's autoStartPublications, request the start at creation.
 * - Stop ends the broadcast (Completed); stopping one that waits only withdraws the request.
 * - Recreate discards the target data and creates the broadcast again (removeOriginal: the old one
 *   is removed from the platform), and starts it again if it was asked to run and the event is live.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { LivePublicationCreateBody } from '#schema';
import type { DbOrTx } from '../../db/database.ts';
import { publicationCallbacks, publications, syndicationDestinations } from '../../db/tables/syndication.ts';
import { badRequest, HttpError, notFound } from '../../http/errors.ts';
import type { Clock } from '../../jobs/clock.ts';
import { z } from 'zod';
import { jobKind } from '../../jobs/define.ts';
import type { JobHandler } from '../../jobs/queue.ts';
import type { AppServices } from '../../services.ts';
import { slowFactor } from '../../sim/targets.ts';
import { EventState } from '#schema';
import {
  adapterFor,
  asTargetDestination,
  failIfRemoved,
  isFailed,
  LIVE,
  parseConfig,
  recordCreated,
  recordPublication,
  recordPublicationChange,
  transition,
  type PublicationRow,
  PublicationJobPayload,
  type PublicationJob,
} from './core.ts';
import { checkPublications, eventOr400, findEvent, storedDetails } from './input.ts';

export const LIVE_PREPARE_JOB = 'syndication.livePrepare';
export const LIVE_WATCH_JOB = 'syndication.liveWatch';
/** Prepares a live publication on its target; watches an event's live publications (jobs.ts gives them their handlers, below). */
export const livePrepareKind = jobKind(LIVE_PREPARE_JOB, PublicationJobPayload);
export const liveWatchKind = jobKind(LIVE_WATCH_JOB, z.object({ clientId: z.string().min(1), eventId: z.string().min(1) }));

const ES = EventState.values;
/** The event is on air: publications may start. */
export const ON_AIR: readonly number[] = [ES.LIVE_UNPUBLISHED, ES.LIVE_PUBLISHED];
/** Running publications keep running (a suspended stream resumes; a starting one is about to be on air). */
const KEEPS_RUNNING: readonly number[] = [...ON_AIR, ES.SUSPENDED, ES.LIVE_STARTING];
/** The event's live run is over. */
const ENDED: readonly number[] = [ES.LIVE_STOPPING, ES.STOPPED, ES.INSTANT_VOD, ES.INSTANT_VOD_BACKUP, ES.INSTANT_VOD_DELETE];

const WATCH_LIVE_MS = 5_000;
/** Also while waiting for the event to go live: a publication should start within seconds of it. */
const WATCH_IDLE_MS = 5_000;
const WATCH_BUCKET_MS = 5_000;

export interface LiveEnv {
  db: DbOrTx;
  clock: Clock;
  services: AppServices;
}

// ---- Reading ------------------------------------------------------------------------------------------

/** The live publication of an action body: of the client, of that event, on that destination. */
export async function livePublicationOr404(db: DbOrTx, clientId: string, body: { eventId: string; publicationId: string; destinationId: string }, lock = true): Promise<PublicationRow> {
  const query = db
    .select()
    .from(publications)
    .where(
      and(
        eq(publications.id, body.publicationId),
        eq(publications.clientId, clientId),
        eq(publications.kind, 'live'),
        eq(publications.api, 'media'),
        eq(publications.eventId, body.eventId),
        eq(publications.destinationId, body.destinationId),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(`No live publication ${body.publicationId} of event ${body.eventId} on destination ${body.destinationId}`);
  return row;
}

async function destinationOf(db: DbOrTx, row: PublicationRow) {
  const [destination] = await db.select().from(syndicationDestinations).where(eq(syndicationDestinations.id, row.destinationId));
  return destination!;
}

// ---- Creating -----------------------------------------------------------------------------------------

export async function createLivePublications(env: LiveEnv, clientId: string, body: ReturnType<typeof parseCreate>): Promise<PublicationRow[]> {
  const { db, clock, services } = env;
  const event = await eventOr400(db, clientId, body.eventId);
  const checked = await checkPublications(db, services, clientId, 'live', event, body.publications);
  const transactionId = randomUUID();
  const now = clock.now();
  const startRequested = body.startInstantly || event.autoStartPublications;
  const rows: PublicationRow[] = [];
  for (const [i, c] of checked.entries()) {
    const [row] = await db
      .insert(publications)
      .values({
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
      })
      .returning();
    if (c.callbackUrls.length > 0) {
      await db.insert(publicationCallbacks).values(c.callbackUrls.map((url) => ({ clientId, publicationId: row!.id, url })));
    }
    await recordCreated(db, clock, row!);
    const adapter = adapterFor(services, c.destination.target);
    const faults = await adapter.faults({ db, clock }, asTargetDestination(c.destination));
    await livePrepareKind.enqueue(db, clock, { publicationId: row!.id }, { clientId, runAt: new Date(now.getTime() + adapter.delays.livePrepare * slowFactor(faults)) });
    rows.push(row!);
  }
  await recordPublicationChange(db, clock, { clientId, eventId: event.id });
  if (startRequested) await scheduleWatch(db, clock, clientId, event.id, 0);
  return rows;
}

/** The parsed create body (startInstantly defaulted). */
export function parseCreate(body: LivePublicationCreateBody & { startInstantly: boolean }) {
  return body as { eventId: string; publications: { audioInputId?: string | null; destinationId: string; publicationJson: string }[]; startInstantly: boolean };
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

/** Creates the broadcast on the target unless it exists; answers the row (failed when the target refused). */
async function prepare(env: LiveEnv, row: PublicationRow, cause: 'request' | 'target' | 'service'): Promise<PublicationRow> {
  if (row.targetItemId || isFailed(row.state)) return row;
  const { db, clock, services } = env;
  const destination = await destinationOf(db, row);
  if (!destination.active) {
    return transition(db, clock, row, LIVE.FailedDestination, {
      reason: `The destination "${destination.name}" is not active: activate it, then recreate the publication.`,
      cause,
    });
  }
  const adapter = adapterFor(services, row.target);
  const result = await adapter.createLive({ db, clock }, asTargetDestination(destination), row.id, parseConfig(row.publicationJson));
  if (!result.ok) {
    return transition(db, clock, row, result.failure === 'destination' ? LIVE.FailedDestination : LIVE.FailedPublication, { reason: result.reason, cause: 'target' });
  }
  const details = { ...row.details, ingestionDetails: result.ingestion };
  return transition(db, clock, row, row.state, { cause, set: { targetItemId: result.item.id, details }, reason: row.startRequested ? row.reason : null });
}

async function goLive(env: LiveEnv, row: PublicationRow, cause: 'request' | 'event'): Promise<PublicationRow> {
  const prepared = await prepare(env, row, cause === 'event' ? 'service' : 'request');
  if (isFailed(prepared.state) || !prepared.targetItemId) return prepared;
  const { db, clock, services } = env;
  const destination = await destinationOf(db, prepared);
  const result = await adapterFor(services, prepared.target).startLive({ db, clock }, asTargetDestination(destination), prepared.targetItemId);
  if (!result.ok) {
    return transition(db, clock, prepared, result.failure === 'destination' ? LIVE.FailedDestination : LIVE.FailedPublication, { reason: result.reason, cause: 'target' });
  }
  return transition(db, clock, prepared, LIVE.InProgress, { reason: null, cause, set: { dateStarted: clock.now(), dateCompleted: null, startRequested: true } });
}

async function endOnTarget(env: LiveEnv, row: PublicationRow): Promise<void> {
  if (!row.targetItemId) return;
  const destination = await destinationOf(env.db, row);
  await adapterFor(env.services, row.target).stopLive({ db: env.db, clock: env.clock }, asTargetDestination(destination), row.targetItemId);
}

// ---- Operations ---------------------------------------------------------------------------------------

export async function startLive(env: LiveEnv, clientId: string, row: PublicationRow): Promise<PublicationRow> {
  if (row.state === LIVE.InProgress) return row;
  if (isFailed(row.state)) throw badRequest(`The publication has failed (${row.reason ?? 'no reason given'}): recreate it (PUT /media/livepublication/recreate/) to try again.`);
  if (row.state === LIVE.Completed) throw badRequest('The publication has completed: its broadcast has ended on the target. Recreate it to broadcast again.');
  const event = await findEvent(env.db, clientId, row.eventId!);
  if (!event || !ON_AIR.includes(event.state)) {
    const waiting = await transition(env.db, env.clock, row, row.state, { cause: 'request', reason: 'Starts when the event is live', set: { startRequested: true } });
    if (event) await scheduleWatch(env.db, env.clock, clientId, event.id, WATCH_LIVE_MS);
    return waiting;
  }
  const started = await goLive(env, { ...row, startRequested: true }, 'request');
  await scheduleWatch(env.db, env.clock, clientId, event.id, WATCH_LIVE_MS);
  return started;
}

export async function stopLive(env: LiveEnv, row: PublicationRow): Promise<PublicationRow> {
  if (row.state === LIVE.InProgress) {
    await endOnTarget(env, row);
    return transition(env.db, env.clock, row, LIVE.Completed, { reason: 'Stopped', cause: 'request', set: { dateCompleted: env.clock.now(), startRequested: false } });
  }
  if (row.startRequested) return transition(env.db, env.clock, row, row.state, { cause: 'request', reason: null, set: { startRequested: false } });
  return row;
}

export async function setLiveVisibility(env: LiveEnv, row: PublicationRow, visibility: 'public' | 'private'): Promise<{ description: string; isSuccessful: boolean }> {
  if (!row.targetItemId) {
    return { isSuccessful: false, description: isFailed(row.state) ? `The publication has failed: ${row.reason ?? ''}`.trim() : 'The broadcast is not on the target yet: try again in a moment.' };
  }
  const destination = await destinationOf(env.db, row);
  const result = await adapterFor(env.services, row.target).setVisibility({ db: env.db, clock: env.clock }, asTargetDestination(destination), row.targetItemId, visibility);
  if (!result.ok) return { isSuccessful: false, description: result.reason };
  await transition(env.db, env.clock, row, row.state, { cause: 'request', set: { details: { ...row.details, visibility } } });
  return { isSuccessful: true, description: visibility === 'public' ? `Published: the broadcast is public on ${destination.name}.` : `Unpublished: the broadcast is private on ${destination.name}.` };
}

export async function recreateLive(env: LiveEnv, clientId: string, row: PublicationRow, removeOriginal: boolean): Promise<PublicationRow> {
  const { db, clock, services } = env;
  if (row.state === LIVE.InProgress) await endOnTarget(env, row);
  if (removeOriginal && row.targetItemId) {
    const destination = await destinationOf(db, row);
    await adapterFor(services, row.target).remove({ db, clock }, asTargetDestination(destination), row.targetItemId);
  }
  const fresh = await transition(db, clock, row, LIVE.Scheduled, {
    reason: 'Recreated',
    cause: 'request',
    set: { targetItemId: null, details: storedDetails(parseConfig(row.publicationJson)), dateStarted: null, dateCompleted: null },
  });
  const event = await findEvent(db, clientId, row.eventId!);
  if (fresh.startRequested && event && ON_AIR.includes(event.state)) {
    const started = await goLive(env, fresh, 'request');
    await scheduleWatch(db, clock, clientId, event.id, WATCH_LIVE_MS);
    return started;
  }
  return prepare(env, fresh, 'request');
}

export async function deleteLive(env: LiveEnv, row: PublicationRow, hardDelete: boolean): Promise<void> {
  const { db, clock, services } = env;
  if (row.state === LIVE.InProgress) await endOnTarget(env, row);
  if (hardDelete && row.targetItemId) {
    const destination = await destinationOf(db, row);
    await adapterFor(services, row.target).remove({ db, clock }, asTargetDestination(destination), row.targetItemId);
  }
  await db.delete(publications).where(eq(publications.id, row.id));
  await recordPublication(db, clock, row, 'Deleted');
}

export async function liveStatistics(env: LiveEnv, row: PublicationRow): Promise<Record<string, unknown>> {
  const base = { publicationId: row.id, destinationId: row.destinationId, target: row.target, publicationState: row.state };
  if (!row.targetItemId) return { ...base, status: 'notCreated', viewers: 0, peakViewers: 0, bitrateKbps: 0, health: 'noData', samples: [] };
  const destination = await destinationOf(env.db, row);
  const result = await adapterFor(env.services, row.target).statistics({ db: env.db, clock: env.clock }, asTargetDestination(destination), row.targetItemId);
  if (!result.ok) throw new HttpError(502, 'TargetUnavailable', `The target did not give statistics: ${result.reason}`);
  return { ...base, ...result.statistics };
}

// ---- Jobs ---------------------------------------------------------------------------------------------

export const livePrepareJob: JobHandler<PublicationJob> = async ({ publicationId }, ctx) => {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(publications).where(eq(publications.id, publicationId)).for('update');
    if (!row || row.state !== LIVE.Scheduled || row.targetItemId) return;
    const env = { db: tx, clock: ctx.clock, services: ctx.services };
    const event = row.eventId ? await findEvent(tx, row.clientId, row.eventId) : undefined;
    if (row.startRequested && event && ON_AIR.includes(event.state)) await goLive(env, row, 'event');
    else await prepare(env, row, 'service');
  });
};

/**
 * Keeps an event's live publications in step with the event: starts the ones asked to run when
 * the event is on air, completes the running ones when it ends, and notices a broadcast the
 * platform removed. Runs again while there is something to watch.
 */
export const liveWatchJob: JobHandler<z.output<typeof liveWatchKind.payload>> = async ({ clientId, eventId }, ctx) => {
  const again = await ctx.db.transaction(async (tx) => {
    const env = { db: tx, clock: ctx.clock, services: ctx.services };
    const rows = await tx
      .select()
      .from(publications)
      .where(
        and(
          eq(publications.clientId, clientId),
          eq(publications.eventId, eventId),
          eq(publications.kind, 'live'),
          or(eq(publications.state, LIVE.InProgress), and(eq(publications.state, LIVE.Scheduled), eq(publications.startRequested, true))),
        ),
      )
      .for('update');
    if (rows.length === 0) return undefined;
    const event = await findEvent(tx, clientId, eventId);
    const state = event?.state ?? -1;
    for (const row of rows) {
      if (row.state === LIVE.InProgress) {
        if (!event || !KEEPS_RUNNING.includes(state)) {
          await endOnTarget(env, row);
          await transition(tx, ctx.clock, row, LIVE.Completed, {
            reason: event ? `The event ended (${EventState.nameOf(state) ?? state})` : 'The event was deleted',
            cause: 'event',
            set: { dateCompleted: ctx.clock.now() },
          });
        } else if (row.targetItemId) {
          const destination = await destinationOf(tx, row);
          const view = await adapterFor(ctx.services, row.target).view({ db: tx, clock: ctx.clock }, asTargetDestination(destination), row.targetItemId);
          if (view) await failIfRemoved(tx, ctx.clock, row, view);
        }
      } else if (event && ON_AIR.includes(state)) {
        await goLive(env, row, 'event');
      } else if (!event || ENDED.includes(state)) {
        await transition(tx, ctx.clock, row, row.state, { cause: 'event', reason: 'The event ended before the publication started', set: { startRequested: false } });
      }
    }
    return event && KEEPS_RUNNING.includes(state) ? WATCH_LIVE_MS : WATCH_IDLE_MS;
  });
  if (again !== undefined) await scheduleWatch(ctx.db, ctx.clock, clientId, eventId, again);
};

export async function livePublicationsByIds(db: DbOrTx, ids: readonly string[]): Promise<PublicationRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(publications).where(inArray(publications.id, [...ids]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is PublicationRow => r !== undefined);
}
