/**
 * Background work of webhooks:
 * - `changes.fanout` {seq} (enqueued by recordEventChange): one delivery per matching webhook
 *   (the client's system-wide webhooks and the event's own), then the dispatcher starts sending.
 * - `webhook.dispatch` (scheduled by the dispatcher for retries and leases): starts what is due.
 * - `webhook.prune` (scheduled when deliveries finish, prune.ts): deletes finished deliveries
 *   older than the retention, then schedules itself for the next one to expire.
 */
import { and, asc, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import { FANOUT_JOB, notifyChangeListeners } from '../../changes/record.ts';
import type { Db } from '../../db/database.ts';
import { eventChanges } from '../../db/tables/changes.ts';
import { changeFanouts, webhookDeliveries, webhooks } from '../../db/tables/webhooks.ts';
import { z } from 'zod';
import { defineJob } from '../../jobs/define.ts';
import type { JobContext } from '../../jobs/queue.ts';
import { dispatcherFor, DISPATCH_JOB, laneLeaseMs, scheduleDispatch, type DispatchEnv } from './dispatcher.ts';
import { PRUNE_JOB, runPrune } from './prune.ts';
import { toNotification } from './serialize.ts';
import { resolveSettings } from './settings.ts';

/** Changes fanned out by one job at most; the rest are their own jobs' (or the next batch's). */
const FANOUT_BATCH = 1_000;

export function dispatchEnv(ctx: Pick<JobContext, 'db' | 'clock' | 'log' | 'services'>): DispatchEnv {
  return { db: ctx.db, clock: ctx.clock, log: ctx.log, settings: resolveSettings(ctx.services.webhooks) };
}

/**
 * Fans change `seq` out, together with every change of the same client queued before it, in seq
 * order: the jobs of two changes may run in either order (or at once in two processes), and the
 * deliveries of an event must still be created earlier change first. Locking the queued rows
 * makes two fan-outs of one client take turns; the unique (webhook, seq) index makes a repeat
 * harmless. In a burst the first job takes many changes at once and the others find theirs done.
 * Answers the changes fanned out.
 */
export async function fanOut(db: Db, env: DispatchEnv, seq: number): Promise<{ clientId: string; seq: number; webhookIds: string[] }[]> {
  const { clock, settings } = env;
  // Outside a transaction first: in a burst most jobs find their change fanned out already.
  const [queued] = await db.select().from(changeFanouts).where(eq(changeFanouts.seq, seq));
  if (!queued) return [];
  return db.transaction(async (tx) => {
    const batch = await tx
      .select()
      .from(changeFanouts)
      .where(and(eq(changeFanouts.clientId, queued.clientId), lte(changeFanouts.seq, seq)))
      .orderBy(asc(changeFanouts.seq))
      .limit(FANOUT_BATCH)
      .for('update');
    if (batch.length === 0) return [];
    const seqs = batch.map((b) => b.seq);
    const changes = await tx.select().from(eventChanges).where(inArray(eventChanges.seq, seqs)).orderBy(asc(eventChanges.seq));
    const eventIds = [...new Set(changes.map((c) => c.eventId))];
    const targets = await tx
      .select({ id: webhooks.id, eventId: webhooks.eventId })
      .from(webhooks)
      .where(and(eq(webhooks.clientId, queued.clientId), or(isNull(webhooks.eventId), inArray(webhooks.eventId, eventIds))));
    const now = clock.now();
    const rows = changes.flatMap((change) =>
      targets.filter((target) => target.eventId === null || target.eventId === change.eventId).map((target) => ({
        clientId: change.clientId,
        webhookId: target.id,
        eventId: change.eventId,
        seq: change.seq,
        kind: 'change' as const,
        payload: toNotification(change),
        status: 'pending' as const,
        maxAttempts: settings.maxAttempts,
        nextAttemptAt: now,
        createdAt: now,
      })),
    );
    for (let i = 0; i < rows.length; i += 500) await tx.insert(webhookDeliveries).values(rows.slice(i, i + 500)).onConflictDoNothing();
    await tx.delete(changeFanouts).where(inArray(changeFanouts.seq, seqs));
    // Should this process stop before sending, a dispatch job finds these deliveries.
    if (rows.length > 0) await scheduleDispatch(tx, clock, new Date(now.getTime() + laneLeaseMs(settings)));
    const webhookIds = [...new Set(rows.map((r) => r.webhookId))];
    return changes.map((c) => ({ clientId: c.clientId, seq: c.seq, webhookIds }));
  });
}

/**
 * Lets pending I/O run. The embedded PGlite answers queries without ever giving the event loop
 * back, so a worker going through a backlog of jobs would otherwise starve every socket of the
 * process: the API, and the webhook calls in flight (whose time-outs would then fire for nothing).
 */
export const yieldToIo = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

const fanoutJob = defineJob(FANOUT_JOB, z.object({ seq: z.number().int().nonnegative() }), async ({ seq }, ctx) => {
  await yieldToIo();
  const env = dispatchEnv(ctx);
  const fanned = await fanOut(ctx.db, env, seq);
  // Committed: tell the change feed, and start sending (without waiting for the receivers).
  for (const change of fanned) notifyChangeListeners(change.clientId, change.seq);
  // A webhook with a lane sending in this process gets its new deliveries when that lane ends
  // (its pump); the claim is spared while every webhook concerned is busy here.
  const dispatcher = dispatcherFor(ctx.db);
  const webhookIds = new Set(fanned.flatMap((f) => f.webhookIds));
  if (webhookIds.size > 0 && [...webhookIds].some((id) => !dispatcher.isSending(id))) await dispatcher.pump(env);
});

const dispatchJob = defineJob(DISPATCH_JOB, z.null(), async (_payload, ctx) => {
  await yieldToIo();
  await dispatcherFor(ctx.db).pump(dispatchEnv(ctx));
});

const pruneJob = defineJob(PRUNE_JOB, z.null(), async (_payload, ctx) => {
  await yieldToIo();
  const { retentionMs } = resolveSettings(ctx.services.webhooks);
  const { deleted, nextAt } = await runPrune(ctx.db, ctx.clock, retentionMs);
  if (deleted > 0) ctx.log.info({ deleted, retentionDays: retentionMs / 86_400_000, nextAt }, 'pruned the webhook delivery log');
});

export const webhookJobs = [fanoutJob, dispatchJob, pruneJob];
