/**
 * Pruning the change log: `event_changes` gets a row for every change of every event, for ever,
 * unless old rows go. A row is kept while
 * - it is younger than the retention (default 72 hours: a dashboard closed over a weekend still
 *   catches up change by change with `Last-Event-ID`; one away longer is told its replay is
 *   incomplete and refreshes everything, see feed.ts `ready`),
 * - it is the newest row (the feed's hubs start from the highest seq in the table).
 *
 * Every service process prunes on a timer (`startPruning`, from the change feed's extension);
 * deleting is idempotent, so processes sharing a database need no coordination. Time is the
 * app's Clock, so tests move it instead of waiting.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { archiverChanges, eventChanges } from '../db/tables/changes.ts';
import type { Clock } from '../jobs/clock.ts';

export interface PruneSettings {
  /** How long a change stays replayable. Default 72 hours; 0 keeps every change. */
  retentionMs?: number;
  /** How often the log is pruned. Default 1 hour (the first run comes a minute after the start). */
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
  let total = 0;
  for (;;) {
    const result = (await db.execute(sql`
      delete from ${eventChanges} where ${eventChanges.seq} in (
        select c.seq from ${eventChanges} c
        where c.created_at < ${cutoff}
          and c.seq < (select max(seq) from ${eventChanges})
        order by c.seq
        limit ${BATCH}
      )`)) as unknown as { affectedRows?: number; rowCount?: number | null };
    const deleted = Number(result.affectedRows ?? result.rowCount ?? 0);
    total += deleted;
    if (deleted < BATCH) break;
  }
  // The archiver's log: the same retention (its newest row kept, as the event log's).
  for (;;) {
    const result = (await db.execute(sql`
      delete from ${archiverChanges} where ${archiverChanges.seq} in (
        select c.seq from ${archiverChanges} c
        where c.created_at < ${cutoff} and c.seq < (select max(seq) from ${archiverChanges})
        order by c.seq
        limit ${BATCH}
      )`)) as unknown as { affectedRows?: number; rowCount?: number | null };
    const deleted = Number(result.affectedRows ?? result.rowCount ?? 0);
    total += deleted;
    if (deleted < BATCH) return total;
  }
}

export interface Pruner {
  /** Prunes now (also what the timer does); resolves with how many rows went. */
  run(): Promise<number>;
  stop(): Promise<void>;
}

/** Prunes on a real-time timer, with "now" from the clock. */
export function startPruning(
  db: Db,
  clock: Clock,
  settings: PruneSettings,
  log?: { warn(obj: object, msg?: string): void },
  firstDelayMs = 60_000,
): Pruner {
  const retentionMs = settings.retentionMs ?? DEFAULT_RETENTION_MS;
  const intervalMs = settings.pruneIntervalMs ?? DEFAULT_PRUNE_INTERVAL_MS;
  let running: Promise<number> | undefined;
  let stopped = false;
  const run = () => {
    running ??= pruneChanges(db, clock, retentionMs)
      .catch((error: unknown) => {
        if (!stopped) log?.warn({ err: error instanceof Error ? error.message : String(error) }, 'pruning the change log failed; trying again later');
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  let timer: NodeJS.Timeout | undefined;
  const schedule = (ms: number) => {
    timer = setTimeout(() => {
      void run().then(() => {
        if (!stopped) schedule(intervalMs);
      });
    }, ms);
    timer.unref();
  };
  if (retentionMs > 0) schedule(Math.min(firstDelayMs, intervalMs));
  return {
    run,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
