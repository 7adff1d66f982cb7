/**
 * Pruning the change log: `event_changes` gets a row for every change of every event, for ever,
 * unless old rows go. A row is kept while
 * - it is younger than the retention (default 72 hours: a dashboard closed over a weekend still
 *   catches up change by change with `Last-Event-ID`; one away longer is told its replay is
 *   incomplete and refreshes everything, see feed.ts `ready`),
 * - it is the newest row (the feed's hubs start from the highest seq in the table).
 *
 * It is a durable job, `changes.prune` (jobs.ts), like every periodic piece of work: the change
 * feed makes sure one is pending when the service starts (`ensureChangePruneScheduled`), and each
 * run schedules the next one an interval later. Runs fall on interval boundaries and one pending
 * job per boundary is kept (its dedupe key), so processes sharing a database prune once per
 * interval between them. Time is the app's Clock, so tests move it and run the due jobs.
 */
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, DbOrTx } from '../db/database.ts';
import { entityChanges, eventChanges } from '../db/tables/changes.ts';
import { jobs } from '../db/tables/jobs.ts';
import type { Clock } from '../jobs/clock.ts';
import { jobKind } from '../jobs/define.ts';

export interface PruneSettings {
  /** How long a change stays replayable. Default 72 hours; 0 keeps every change. */
  retentionMs?: number;
  /** How often the log is pruned. Default 1 hour (the first run comes at most a minute after the start). */
  pruneIntervalMs?: number;
}

export const DEFAULT_RETENTION_MS = 72 * 3_600_000;
export const DEFAULT_PRUNE_INTERVAL_MS = 3_600_000;
/** Rows deleted per statement, so a large backlog never holds a long lock. */
const BATCH = 5_000;

/** Deletes the changes older than the retention that nothing needs any more; answers how many. */
export async function pruneChanges(db: Db, clock: Clock, retentionMs = DEFAULT_RETENTION_MS): Promise<number> {
  if (retentionMs <= 0) return 0;
  const cutoff = new Date(clock.now().getTime() - retentionMs);
  // The log of the other records keeps the same retention as the event log.
  return (await pruneLog(db, eventChanges, cutoff)) + (await pruneLog(db, entityChanges, cutoff));
}

/** One change log's rows older than `cutoff`, in batches, keeping its newest row. */
async function pruneLog(db: Db, log: typeof eventChanges | typeof entityChanges, cutoff: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const result = (await db.execute(sql`
      delete from ${log} where ${log.seq} in (
        select c.seq from ${log} c
        where c.created_at < ${cutoff} and c.seq < (select max(seq) from ${log})
        order by c.seq
        limit ${BATCH}
      )`)) as unknown as { affectedRows?: number; rowCount?: number | null };
    const deleted = Number(result.affectedRows ?? result.rowCount ?? 0);
    total += deleted;
    if (deleted < BATCH) return total;
  }
}

export const CHANGE_PRUNE_JOB = 'changes.prune';
/** Prunes the change log, then schedules the next run; jobs.ts gives it its handler. */
export const changePruneKind = jobKind(CHANGE_PRUNE_JOB, z.null());

/** When the first run comes after a start, at most. */
const FIRST_PRUNE_MS = 60_000;

/** Enqueues the run at the interval boundary at or after `at` (one job per boundary). */
export async function scheduleChangePrune(db: DbOrTx, clock: Clock, at: number, intervalMs: number): Promise<void> {
  const boundary = Math.ceil(at / intervalMs) * intervalMs;
  await changePruneKind.enqueue(db, clock, null, { runAt: new Date(boundary), dedupeKey: `${CHANGE_PRUNE_JOB}@${boundary}`, maxAttempts: 3 });
}

/** Makes sure a prune is pending (at start): the first comes within a minute, or the interval when shorter. */
export async function ensureChangePruneScheduled(db: DbOrTx, clock: Clock, settings: PruneSettings): Promise<void> {
  const { retentionMs, intervalMs } = pruneSettingsOf(settings);
  if (retentionMs <= 0) return;
  const [pending] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.type, CHANGE_PRUNE_JOB), eq(jobs.status, 'pending')))
    .limit(1);
  if (!pending) await scheduleChangePrune(db, clock, clock.now().getTime() + Math.min(FIRST_PRUNE_MS, intervalMs), intervalMs);
}

export function pruneSettingsOf(settings: PruneSettings | undefined): { retentionMs: number; intervalMs: number } {
  return { retentionMs: settings?.retentionMs ?? DEFAULT_RETENTION_MS, intervalMs: settings?.pruneIntervalMs ?? DEFAULT_PRUNE_INTERVAL_MS };
}
