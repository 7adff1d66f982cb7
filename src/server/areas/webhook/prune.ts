/**
 * Pruning the delivery log: a finished delivery (delivered, or failed after its last attempt) is
 * deleted with its attempts once it is older than the retention (settings.ts `retentionMs`,
 * WEBHOOKS_RETENTION_DAYS, 30 days by default). Deliveries still to be sent (pending, sending)
 * are never pruned, however old.
 *
 * The job runs only while there is something to prune one day, so an idle service stays quiet:
 * - when a delivery finishes, the dispatcher makes sure a `webhook.prune` job is due at the
 *   latest when that delivery's retention is over (`ensurePruneScheduled`; one look at the jobs
 *   table per process until that time);
 * - the job deletes what has expired, in batches, then schedules itself for the moment the
 *   oldest remaining finished delivery expires, or not at all when none is left.
 * Jobs fall on hour boundaries (one per hour at most, however many deliveries finish) and are
 * durable like every job: a restart loses none.
 */
import { and, asc, eq, inArray, lt, min } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database.ts';
import { jobs } from '../../db/tables/jobs.ts';
import { webhookDeliveries } from '../../db/tables/webhooks.ts';
import type { Clock } from '../../jobs/clock.ts';
import { z } from 'zod';
import { jobKind } from '../../jobs/define.ts';

export const PRUNE_JOB = 'webhook.prune';
/** Deletes what is past the retention; jobs.ts gives it its handler. */
export const pruneKind = jobKind(PRUNE_JOB, z.null());

/** Prune jobs are rounded up to the hour, so a day of deliveries shares 24 jobs at most. */
export const PRUNE_BUCKET_MS = 60 * 60_000;
/** Rows deleted per statement: a large backlog never holds the database in one long statement. */
const PRUNE_BATCH = 1_000;

const FINISHED = ['delivered', 'failed'] as const;

function bucketUp(at: number): number {
  return Math.ceil(at / PRUNE_BUCKET_MS) * PRUNE_BUCKET_MS;
}

/** Lets pending I/O run between batches (PGlite does not yield while it answers). */
const yieldToIo = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Deletes the finished deliveries completed before `before` (their attempts go with them, by
 * the foreign key), every client's. Answers how many were deleted.
 */
export async function pruneDeliveries(db: Db, before: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const expired = db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(inArray(webhookDeliveries.status, FINISHED), lt(webhookDeliveries.completedAt, before)))
      .orderBy(asc(webhookDeliveries.completedAt))
      .limit(PRUNE_BATCH);
    const deleted = await db.delete(webhookDeliveries).where(inArray(webhookDeliveries.id, expired)).returning({ id: webhookDeliveries.id });
    total += deleted.length;
    if (deleted.length < PRUNE_BATCH) return total;
    await yieldToIo();
  }
}

/** Enqueues a prune job for the hour boundary at or after `at` (one job per boundary). */
async function schedulePruneAt(db: DbOrTx, clock: Clock, at: number): Promise<number> {
  const bucket = bucketUp(at);
  await pruneKind.enqueue(db, clock, null, { runAt: new Date(bucket), dedupeKey: `${PRUNE_JOB}@${bucket}`, maxAttempts: 3 });
  return bucket;
}

/**
 * Makes sure a prune job is due at the latest at `at` (the moment a just-finished delivery
 * expires). Answers the time of the job that will run, for the caller to remember.
 */
export async function ensurePruneScheduled(db: DbOrTx, clock: Clock, at: Date): Promise<number> {
  const [next] = await db
    .select({ runAt: min(jobs.runAt) })
    .from(jobs)
    .where(and(eq(jobs.type, PRUNE_JOB), eq(jobs.status, 'pending')));
  if (next?.runAt && next.runAt.getTime() <= bucketUp(at.getTime())) return next.runAt.getTime();
  return schedulePruneAt(db, clock, at.getTime());
}

/**
 * One run of the prune job: deletes what has expired, then schedules the next run for when the
 * oldest remaining finished delivery expires (none when nothing is left). Answers both.
 */
export async function runPrune(db: Db, clock: Clock, retentionMs: number): Promise<{ deleted: number; nextAt: Date | null }> {
  const now = clock.now().getTime();
  const deleted = await pruneDeliveries(db, new Date(now - retentionMs));
  const [oldest] = await db
    .select({ completedAt: min(webhookDeliveries.completedAt) })
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.status, FINISHED));
  if (!oldest?.completedAt) return { deleted, nextAt: null };
  // Never sooner than the next hour boundary: what expires in between waits for it.
  const at = Math.max(oldest.completedAt.getTime() + retentionMs, now + 1);
  return { deleted, nextAt: new Date(await schedulePruneAt(db, clock, at)) };
}
