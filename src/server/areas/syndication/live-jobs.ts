/**
 * The jobs of live publications: `syndication.livePrepare` creates a new publication's broadcast
 * on its target (and starts it, when asked to run and its event is on air); `syndication.liveWatch`
 * keeps an event's live publications in step with the event. Each asks the target first, outside
 * any transaction, then writes what it answered (core.ts `apply`).
 */
import type { z } from 'zod';
import { EventState } from '#schema';
import type { JobContext, JobHandler } from '../../jobs/queue.ts';
import { adapterFor, apply, asTargetDestination, failedOnTarget, LIVE, plan, targetEnv, type Planned, type PublicationJob, type PublicationRow, type Step } from './core.ts';
import { findDestination } from './destination-repo.ts';
import { endOnTarget, ENDED, goLiveOnTarget, KEEPS_RUNNING, ON_AIR, prepareOnTarget, scheduleWatch, WATCH_IDLE_MS, WATCH_LIVE_MS, type liveWatchKind, type TargetContext } from './live.ts';
import { findEvent, publicationById, watchedPublications, type EventRow } from './repo.ts';

const jobEnv = (ctx: JobContext): TargetContext => ({ db: ctx.db, clock: ctx.clock, services: ctx.services });

export const livePrepareJob: JobHandler<PublicationJob> = async ({ publicationId }, ctx) => {
  const clientId = ctx.job.clientId;
  if (!clientId) return;
  const row = await publicationById(ctx.db, clientId, publicationId);
  if (!row || row.state !== LIVE.Scheduled || row.targetItemId) return;
  const event = row.eventId ? await findEvent(ctx.db, clientId, row.eventId) : undefined;
  const steps = row.startRequested && event && ON_AIR.includes(event.state) ? await goLiveOnTarget(jobEnv(ctx), row, 'event') : await prepareOnTarget(jobEnv(ctx), row, 'service');
  await ctx.db.transaction((tx) => apply(tx, ctx.clock, plan(row, ...steps)));
};

/** What the watcher does for one publication, given its event (undefined: deleted). */
async function watchOne(env: TargetContext, row: PublicationRow, event: EventRow | undefined): Promise<Step[]> {
  const state = event?.state ?? -1;
  if (row.state === LIVE.InProgress) {
    if (!event || !KEEPS_RUNNING.includes(state)) {
      await endOnTarget(env, row);
      const reason = event ? `The event ended (${EventState.nameOf(state) ?? state})` : 'The event was deleted';
      return [{ to: LIVE.Completed, options: { reason, cause: 'event', set: { dateCompleted: env.clock.now() } } }];
    }
    if (!row.targetItemId) return [];
    const destination = await findDestination(env.db, row.clientId, row.destinationId);
    const view = destination ? await adapterFor(env.services, row.target).view(targetEnv(env.db, env.clock), asTargetDestination(destination), row.targetItemId) : null;
    return (view && failedOnTarget(row, view, env.clock.now())?.steps) ?? [];
  }
  if (event && ON_AIR.includes(state)) return goLiveOnTarget(env, row, 'event');
  if (!event || ENDED.includes(state)) return [{ to: row.state, options: { cause: 'event', reason: 'The event ended before the publication started', set: { startRequested: false } } }];
  return [];
}

/**
 * Keeps an event's live publications in step with the event: starts the ones asked to run when
 * the event is on air, completes the running ones when it ends, and notices a broadcast the
 * platform removed. Runs again while there is something to watch.
 */
export const liveWatchJob: JobHandler<z.output<typeof liveWatchKind.payload>> = async ({ clientId, eventId }, ctx) => {
  const rows = await watchedPublications(ctx.db, clientId, eventId);
  if (rows.length === 0) return;
  const event = await findEvent(ctx.db, clientId, eventId);
  const plans: Planned[] = [];
  for (const row of rows) plans.push(plan(row, ...(await watchOne(jobEnv(ctx), row, event))));
  await ctx.db.transaction(async (tx) => {
    for (const p of plans) if (p.steps.length > 0) await apply(tx, ctx.clock, p);
    await scheduleWatch(tx, ctx.clock, clientId, eventId, event && KEEPS_RUNNING.includes(event.state) ? WATCH_LIVE_MS : WATCH_IDLE_MS);
  });
};
