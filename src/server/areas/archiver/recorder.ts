/**
 * The simulated archiver: a recorder that, tick after tick, writes the segments of every capture
 * that needs work (DESIGN.md "Time and background work": a durable job on the clock; nothing sleeps).
 *
 * Per capture, in its own transaction (the capture row locked, so two processes never record it
 * at once):
 * 1. Archiving: an attempt in hand (inProgress) that is due completes, or fails, as the archive
 *    storage says (archive-storage.ts; asked before the transaction opens: outside I/O); a failed
 *    segment is tried again after `retryDelayMs` until `maxAttempts`, then it has failed for good
 *    (failedCount). A recorded segment waiting (scheduled) starts its attempt.
 * 2. Recording: from the capture's cursor (`recorded_until`, else its startTime) up to now (or
 *    its endTime), segments of `segmentMs` (whole segments of the source stream) of whatever a
 *    publishing point was publishing; where none was, nothing is written: a gap. A capture whose
 *    cursor lies further back than the origin still holds (the source's DVR window, e.g. after the
 *    service was stopped) skips to what is still there: an honest gap, never invented content.
 *    At most `maxSegmentsPerTick` per tick; the next tick carries on at once.
 * 3. Expiry: segments that ended more than expiresIn seconds ago are deleted (bounded per tick),
 *    and so are streams past their expiresAt.
 * 4. Streams of the playout profiles that name the capture: made once it has content, their range
 *    following the content, `uploaded` once the storage has them.
 *
 * The tick is one job (`archiver.tick`) per time bucket of `tickMs` (deduplicated by key, so writes
 * that ask for a tick and the tick that schedules the next never make two chains), scheduled for
 * as long as some capture needs work. A pending tick survives a restart.
 */
import { and, eq, inArray, isNotNull, lte, not, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database.ts';
import { archiverCaptures, archiverProfileCaptures, archiverSegments, archiverStreams } from '../../db/tables/index.ts';
import type { Clock } from '../../jobs/clock.ts';
import { z } from 'zod';
import { jobKind } from '../../jobs/define.ts';
import type { JobLogger } from '../../jobs/queue.ts';
import { recordChanges } from '../../changes/record-entity.ts';
import type { ArchiveStorage } from './archive-storage.ts';
import { keepStreams } from './capture-streams.ts';
import { record } from './segments.ts';
import type { ResolvedArchiverSettings } from './settings.ts';
import type { SourceStream } from './sources.ts';

export const TICK_JOB = 'archiver.tick';
/** One round of the recorder; jobs.ts gives it its handler. */
export const tickKind = jobKind(TICK_JOB, z.null());


/** Schedules a tick at the start of the next bucket after `at` (now by default). */
export async function scheduleTick(db: DbOrTx, clock: Clock, { tickMs }: Pick<ResolvedArchiverSettings, 'tickMs'>, at?: Date): Promise<void> {
  const t = (at ?? clock.now()).getTime();
  const bucket = Math.ceil(t / tickMs) * tickMs;
  await tickKind.enqueue(db, clock, null, { runAt: new Date(bucket), dedupeKey: `${TICK_JOB}@${bucket}`, maxAttempts: 3 });
}

/** Captures with something to do: recording, archiving, expiring, streams to keep. */
function needsWork() {
  const c = archiverCaptures;
  return sql`(
    (${c.active} and (${c.endTime} is null or ${c.recordedUntil} is null or ${c.recordedUntil} < ${c.endTime}))
    or exists (select 1 from ${archiverSegments} s where s.client_id = ${c.clientId} and s.capture_id = ${c.id}
               and s.state in ('scheduled', 'inProgress', 'failed') and not s.gave_up)
    or (${c.expiresIn} is not null and exists (select 1 from ${archiverSegments} s where s.client_id = ${c.clientId} and s.capture_id = ${c.id}))
    or exists (select 1 from ${archiverStreams} st where st.client_id = ${c.clientId} and st.capture_id = ${c.id}
               and (not st.uploaded or st.expires_at is not null))
    or exists (select 1 from ${archiverProfileCaptures} pc where pc.client_id = ${c.clientId} and pc.capture_id = ${c.id}
               and not pc.stream_made
               and exists (select 1 from ${archiverSegments} s where s.client_id = ${c.clientId} and s.capture_id = ${c.id} and s.state = 'completed'))
  )`;
}

export interface TickResult {
  captures: number;
  created: number;
  completed: number;
  failed: number;
  expired: number;
  /** More work is due right away (a bound was reached). */
  more: boolean;
}

/** What the recorder works with: its settings and the archive storage. */
export interface Recording {
  settings: ResolvedArchiverSettings;
  storage: ArchiveStorage;
}

/** One tick over every capture that needs work. */
export async function runTick(db: Db, clock: Clock, { settings, storage }: Recording, log?: JobLogger): Promise<TickResult> {
  const result: TickResult = { captures: 0, created: 0, completed: 0, failed: 0, expired: 0, more: false };
  const targets = await db
    .select({ clientId: archiverCaptures.clientId, id: archiverCaptures.id })
    .from(archiverCaptures)
    .where(needsWork())
    .orderBy(sql`${archiverCaptures.recordedUntil} asc nulls first`)
    .limit(settings.maxCapturesPerTick + 1);
  if (targets.length > settings.maxCapturesPerTick) result.more = true;
  // Captures of the same points share what the points carry, read once per tick.
  const sources: SourceCache = new Map();
  for (const target of targets.slice(0, settings.maxCapturesPerTick)) {
    try {
      const outcomes = await attemptOutcomes(db, storage, target.clientId, target.id, clock.now());
      const one = await db.transaction((tx) => tickCapture(tx as unknown as Db, clock, { settings, storage }, target.clientId, target.id, sources, outcomes));
      result.captures++;
      result.created += one.created;
      result.completed += one.completed;
      result.failed += one.failed;
      result.expired += one.expired;
      result.more ||= one.more;
    } catch (error) {
      // One capture's trouble is its own: the others are recorded, and it is tried again next tick.
      log?.error({ captureId: target.id, err: error instanceof Error ? error.message : String(error) }, 'archiver tick failed for a capture');
    }
  }
  // Streams past their expiry, whatever their capture (on the change feed with them).
  await db.transaction(async (tx) => {
    const gone = await tx
      .delete(archiverStreams)
      .where(and(isNotNull(archiverStreams.expiresAt), lte(archiverStreams.expiresAt, clock.now())))
      .returning({ clientId: archiverStreams.clientId, id: archiverStreams.id });
    for (const clientId of new Set(gone.map((g) => g.clientId))) {
      const streams = gone.filter((g) => g.clientId === clientId);
      await recordChanges(tx, clock, clientId, streams.map((st) => ({ kind: 'stream' as const, id: String(st.id), action: 'Deleted' as const })));
    }
  });
  return result;
}

/** The job: a tick, then the next one while anything needs work. */
export async function tickJob(db: Db, clock: Clock, recording: Recording, log: JobLogger): Promise<void> {
  const { settings } = recording;
  const result = await runTick(db, clock, recording, log);
  const [pending] = await db.select({ n: sql<number>`count(*)::int` }).from(archiverCaptures).where(needsWork());
  if (result.more) {
    // At once, without a key: the key of this tick's bucket is still held by this job.
    await tickKind.enqueue(db, clock, null, { runAt: clock.now(), maxAttempts: 3 });
  }
  else if ((pending?.n ?? 0) > 0) {
    // The next bucket boundary.
    await scheduleTick(db, clock, settings, new Date(clock.now().getTime() + 1));
  }
}

export interface CaptureTick {
  created: number;
  completed: number;
  failed: number;
  expired: number;
  more: boolean;
}

export type SourceCache = Map<string, Promise<SourceStream[]>>;

interface Outcome {
  id: number;
  attempts: number;
  archived: boolean;
}

/** The attempts of a capture that are due, with what the storage says of each (outside any transaction). */
async function attemptOutcomes(db: Db, storage: ArchiveStorage, clientId: string, captureId: string, now: Date): Promise<Outcome[]> {
  const due = await db
    .select({ id: archiverSegments.id, startTime: archiverSegments.startTime, attempts: archiverSegments.attempts })
    .from(archiverSegments)
    .where(and(eq(archiverSegments.clientId, clientId), eq(archiverSegments.captureId, captureId), eq(archiverSegments.state, 'inProgress'), lte(archiverSegments.dueAt, now)))
    .limit(5_000);
  const out: Outcome[] = [];
  for (const segment of due) out.push({ id: segment.id, attempts: segment.attempts, archived: await storage.archived({ captureId, startTime: segment.startTime, attempt: segment.attempts }) });
  return out;
}

async function tickCapture(
  db: Db,
  clock: Clock,
  { settings, storage }: Recording,
  clientId: string,
  captureId: string,
  sources: SourceCache,
  outcomes: readonly Outcome[],
): Promise<CaptureTick> {
  const out: CaptureTick = { created: 0, completed: 0, failed: 0, expired: 0, more: false };
  const [capture] = await db
    .select()
    .from(archiverCaptures)
    .where(and(eq(archiverCaptures.clientId, clientId), eq(archiverCaptures.id, captureId)))
    .for('update');
  if (!capture) return out;
  const now = clock.now();
  const mine = and(eq(archiverSegments.clientId, clientId), eq(archiverSegments.captureId, captureId));

  // 1. Attempts in hand that are due: completed or failed, as the storage said.
  const completed: number[] = [];
  const retry: number[] = [];
  const gaveUp: number[] = [];
  for (const outcome of outcomes) {
    if (!outcome.archived) (outcome.attempts >= settings.maxAttempts ? gaveUp : retry).push(outcome.id);
    else completed.push(outcome.id);
  }
  for (const [ids, values] of [
    [completed, { state: 'completed' as const, dueAt: null }],
    [retry, { state: 'failed' as const, dueAt: new Date(now.getTime() + settings.retryDelayMs) }],
    [gaveUp, { state: 'failed' as const, gaveUp: true, dueAt: null }],
  ] as const) {
    for (let i = 0; i < ids.length; i += 1_000) {
      await db
        .update(archiverSegments)
        .set({ ...values, updatedAt: now })
        // Only attempts still in hand (another process may have settled them since they were read).
        .where(and(mine, eq(archiverSegments.state, 'inProgress'), inArray(archiverSegments.id, ids.slice(i, i + 1_000))));
    }
  }
  out.completed = completed.length;
  out.failed = retry.length + gaveUp.length;

  // 2. Recording up to now.
  if (capture.active) out.more = (await record(db, settings, capture, now, out, sources)) || out.more;

  // 1b. Waiting segments and due retries start an attempt.
  const started = await db
    .update(archiverSegments)
    .set({ state: 'inProgress', attempts: sql`${archiverSegments.attempts} + 1`, dueAt: storage.attemptsDoneAt(now), updatedAt: now })
    .where(
      and(
        mine,
        or(eq(archiverSegments.state, 'scheduled'), and(eq(archiverSegments.state, 'failed'), not(archiverSegments.gaveUp))),
        lte(archiverSegments.dueAt, now),
      ),
    )
    .returning({ id: archiverSegments.id });

  // 3. Expiry.
  if (capture.expiresIn !== null) {
    const before = new Date(now.getTime() - capture.expiresIn * 1000);
    const expired = await db
      .delete(archiverSegments)
      .where(
        inArray(
          archiverSegments.id,
          db
            .select({ id: archiverSegments.id })
            .from(archiverSegments)
            .where(and(mine, lte(archiverSegments.endTime, before)))
            .limit(settings.maxExpiredPerTick),
        ),
      )
      .returning({ id: archiverSegments.id });
    out.expired = expired.length;
    if (expired.length >= settings.maxExpiredPerTick) out.more = true;
  }

  // 4. Streams of the profiles naming this capture.
  const streamsChanged = await keepStreams(db, storage, clientId, captureId, now);

  // On the change feed: one change of the capture's segments per tick that changed any (or its streams).
  if (out.created + out.completed + out.failed + out.expired + started.length > 0 || streamsChanged) {
    await recordChanges(db, clock, clientId, [{ kind: 'segments', id: captureId, action: 'Updated' }]);
  }
  return out;
}
