/**
 * The simulated archiver: a recorder that, tick after tick, writes the segments of every capture
 * that needs work (DESIGN.md "Time and background work": a durable job on the clock; nothing sleeps).
 *
 * Per capture, in its own transaction (the capture row locked, so two processes never record it
 * at once):
 * 1. Archiving: an attempt in hand (inProgress) that is due completes, or fails (the fault
 *    setting); a failed segment is tried again after `retryDelayMs` until `maxAttempts`, then it
 *    has failed for good (failedCount). A recorded segment waiting (scheduled) starts its attempt.
 * 2. Recording: from the capture's cursor (`recorded_until`, else its startTime) up to now (or
 *    its endTime), segments of `segmentMs` (whole segments of the source stream) of whatever a
 *    publishing point was publishing; where none was, nothing is written: a gap. A capture whose
 *    cursor lies further back than the origin still holds (the source's DVR window, e.g. after the
 *    service was stopped) skips to what is still there: an honest gap, never invented content.
 *    At most `maxSegmentsPerTick` per tick; the next tick carries on at once.
 * 3. Expiry: segments that ended more than expiresIn seconds ago are deleted (bounded per tick),
 *    and so are streams past their expiresAt.
 * 4. Streams of the playout profiles that name the capture: made once it has content, their range
 *    following the content, `uploaded` once made a moment ago.
 *
 * The tick is one job (`archiver.tick`) per time bucket of `tickMs` (deduplicated by key, so writes
 * that ask for a tick and the tick that schedules the next never make two chains), scheduled for
 * as long as some capture needs work. A pending tick survives a restart.
 */
import { and, eq, inArray, isNotNull, lte, max, min, not, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database.ts';
import { archiverCaptures, archiverProfileCaptures, archiverSegments, archiverStreams, type SegmentSource } from '../../db/tables/index.ts';
import type { Clock } from '../../jobs/clock.ts';
import { z } from 'zod';
import { jobKind } from '../../jobs/define.ts';
import type { JobLogger } from '../../jobs/queue.ts';
import { recordArchiverChanges } from '../../changes/record.ts';
import { fieldChanges, recordSystemActivity } from '../../activity/record.ts';
import { streamOffsetAt } from '../../sim/stream-routes.ts';
import { resolveArchiverSettings, type ArchiverSettings, type ResolvedArchiverSettings } from './settings.ts';
import { nextContentAfter, sourceAt, sourcesOf, type SourceStream } from './sources.ts';

export const TICK_JOB = 'archiver.tick';
/** One round of the recorder; jobs.ts gives it its handler. */
export const tickKind = jobKind(TICK_JOB, z.null());

type CaptureRow = typeof archiverCaptures.$inferSelect;
type NewSegment = typeof archiverSegments.$inferInsert;

/** Schedules a tick at the start of the next bucket after `at` (now by default). */
export async function scheduleTick(db: DbOrTx, clock: Clock, settings: ArchiverSettings | undefined, at?: Date): Promise<void> {
  const { tickMs } = resolveArchiverSettings(settings);
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

/** One tick over every capture that needs work. */
export async function runTick(db: Db, clock: Clock, settingsIn: ArchiverSettings | undefined, log?: JobLogger): Promise<TickResult> {
  const settings = resolveArchiverSettings(settingsIn);
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
      const one = await db.transaction((tx) => tickCapture(tx as unknown as Db, clock, settings, target.clientId, target.id, sources));
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
      await recordArchiverChanges(tx, clock, clientId, streams.map((st) => ({ kind: 'stream' as const, id: String(st.id), action: 'Deleted' as const })));
    }
  });
  return result;
}

/** The job: a tick, then the next one while anything needs work. */
export async function tickJob(db: Db, clock: Clock, settings: ArchiverSettings | undefined, log: JobLogger): Promise<void> {
  const result = await runTick(db, clock, settings, log);
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

interface CaptureTick {
  created: number;
  completed: number;
  failed: number;
  expired: number;
  more: boolean;
}

type SourceCache = Map<string, Promise<SourceStream[]>>;

async function tickCapture(db: Db, clock: Clock, settings: ResolvedArchiverSettings, clientId: string, captureId: string, sources: SourceCache): Promise<CaptureTick> {
  const out: CaptureTick = { created: 0, completed: 0, failed: 0, expired: 0, more: false };
  const [capture] = await db
    .select()
    .from(archiverCaptures)
    .where(and(eq(archiverCaptures.clientId, clientId), eq(archiverCaptures.id, captureId)))
    .for('update');
  if (!capture) return out;
  const now = clock.now();
  const mine = and(eq(archiverSegments.clientId, clientId), eq(archiverSegments.captureId, captureId));

  // 1. Attempts in hand that are due: completed or failed.
  const due = await db
    .select({ id: archiverSegments.id, startTime: archiverSegments.startTime, attempts: archiverSegments.attempts })
    .from(archiverSegments)
    .where(and(mine, eq(archiverSegments.state, 'inProgress'), lte(archiverSegments.dueAt, now)))
    .limit(5_000);
  const completed: number[] = [];
  const retry: number[] = [];
  const gaveUp: number[] = [];
  for (const segment of due) {
    if (settings.fault({ captureId, startTime: segment.startTime, attempt: segment.attempts })) {
      (segment.attempts >= settings.maxAttempts ? gaveUp : retry).push(segment.id);
    } else completed.push(segment.id);
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
        .where(inArray(archiverSegments.id, ids.slice(i, i + 1_000)));
    }
  }
  out.completed = completed.length;
  out.failed = retry.length + gaveUp.length;

  // 2. Recording up to now.
  if (capture.active) out.more = (await record(db, settings, capture, now, out, sources)) || out.more;

  // 1b. Waiting segments and due retries start an attempt.
  const started = await db
    .update(archiverSegments)
    .set({ state: 'inProgress', attempts: sql`${archiverSegments.attempts} + 1`, dueAt: new Date(now.getTime() + settings.archiveDelayMs), updatedAt: now })
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
  const streamsChanged = await keepStreams(db, settings, clientId, captureId, now);

  // On the change feed: one change of the capture's segments per tick that changed any (or its streams).
  if (out.created + out.completed + out.failed + out.expired + started.length > 0 || streamsChanged) {
    await recordArchiverChanges(db, clock, clientId, [{ kind: 'segments', id: captureId, action: 'Updated' }]);
  }
  return out;
}

/** Records from the cursor up to now; true when the per-tick bound stopped it. */
async function record(db: Db, settings: ResolvedArchiverSettings, capture: CaptureRow, now: Date, out: CaptureTick, cache: SourceCache): Promise<boolean> {
  const limit = new Date(Math.min(now.getTime(), capture.endTime ? capture.endTime.getTime() : Infinity));
  let cursor = new Date(Math.max(capture.recordedUntil?.getTime() ?? 0, capture.startTime.getTime()));
  if (cursor >= limit) return false;
  const key = `${capture.clientId}|${[...capture.publishingPoints].sort().join('\n')}`;
  let pending = cache.get(key);
  if (!pending) {
    pending = sourcesOf(db, capture.clientId, capture.publishingPoints, now);
    cache.set(key, pending);
  }
  const sources = await pending;
  const rows: NewSegment[] = [];
  let bounded = false;
  let guard = settings.maxSegmentsPerTick * 3 + 10;
  while (cursor < limit && guard-- > 0) {
    if (rows.length >= settings.maxSegmentsPerTick) {
      bounded = true;
      break;
    }
    const source = sourceAt(sources, cursor);
    if (!source) {
      // Nothing published here: a gap up to the next content, or up to now.
      const next = nextContentAfter(sources, cursor);
      cursor = next && next < limit ? next : limit;
      continue;
    }
    // The origin holds only its DVR window: what slid out of it cannot be caught up.
    const oldest = now.getTime() - source.dvrMs;
    if (cursor.getTime() < oldest) {
      cursor = new Date(oldest);
      continue;
    }
    const made = segmentAt(source, cursor, limit, now, settings.segmentMs);
    if (made.kind === 'wait') break;
    if (made.kind === 'none') {
      cursor = made.resumeAt > cursor ? made.resumeAt : new Date(cursor.getTime() + 1);
      continue;
    }
    rows.push({
      clientId: capture.clientId,
      captureId: capture.id,
      startTime: made.start,
      endTime: made.end,
      state: 'scheduled',
      attempts: 0,
      dueAt: now,
      source: made.source,
      createdAt: now,
      updatedAt: now,
    });
    cursor = made.end;
  }
  for (let i = 0; i < rows.length; i += 500) await db.insert(archiverSegments).values(rows.slice(i, i + 500));
  out.created = rows.length;
  await db
    .update(archiverCaptures)
    .set({ recordedUntil: cursor })
    .where(and(eq(archiverCaptures.clientId, capture.clientId), eq(archiverCaptures.id, capture.id)));
  return bounded;
}

type Made =
  | { kind: 'segment'; start: Date; end: Date; source: SegmentSource }
  /** Not all of it is published yet: try again next tick. */
  | { kind: 'wait' }
  /** The source publishes nothing from here until `resumeAt` (its run ended, a pause began). */
  | { kind: 'none'; resumeAt: Date };

/**
 * The segment of `source` that begins at the first whole source segment at or after `cursor`:
 * whole source segments adding up to `segmentMs` (fewer where the run ends, a pause begins or the
 * capture's endTime comes), all of them published by `now`.
 */
export function segmentAt(source: SourceStream, cursor: Date, limit: Date, now: Date, segmentMs: number): Made {
  const { sequence } = source.resolved;
  const offset = streamOffsetAt({ liveStart: source.liveStart, pauses: source.pauses }, cursor);
  let first = sequence.positionAt(offset);
  if (first < sequence.count && sequence.startMs(first) < offset) first++;
  if (first >= sequence.count) return { kind: 'none', resumeAt: source.liveEnd ?? limit };
  const startWall = cursor.getTime() + (sequence.startMs(first) - offset);
  const nextPause = source.pauses.find((p) => p.from.getTime() > cursor.getTime())?.from.getTime() ?? Infinity;
  const runEnd = source.liveEnd ? source.liveEnd.getTime() : Infinity;
  const stop = Math.min(nextPause, runEnd);
  if (startWall >= stop) return { kind: 'none', resumeAt: new Date(stop) };
  const positions: number[] = [];
  const files: SegmentSource['files'] = [];
  let duration = 0;
  let reason: 'full' | 'content' | 'limit' | 'now' = 'full';
  for (let q = first; duration < segmentMs; q++) {
    if (q >= sequence.count) {
      reason = 'content';
      break;
    }
    const at = startWall + duration;
    if (at >= stop) {
      reason = 'content';
      break;
    }
    const segment = sequence.segment(q);
    const end = at + segment.durationMs;
    if (end > now.getTime()) {
      reason = 'now';
      break;
    }
    if (end > limit.getTime()) {
      reason = 'limit';
      break;
    }
    positions.push(q);
    files.push({ programme: segment.clip.name, file: segment.fileIndex, ms: segment.durationMs });
    duration += segment.durationMs;
  }
  if (reason === 'now') return { kind: 'wait' };
  if (positions.length === 0) return reason === 'limit' ? { kind: 'wait' } : { kind: 'none', resumeAt: new Date(stop === Infinity ? limit.getTime() : stop) };
  return {
    kind: 'segment',
    start: new Date(startWall),
    end: new Date(startWall + duration),
    source: { eventId: source.eventId, publishingPoint: source.publishingPoint, positions, files },
  };
}

/** Makes and updates the streams of the profiles that name this capture; true when any changed. */
async function keepStreams(db: Db, settings: ResolvedArchiverSettings, clientId: string, captureId: string, now: Date): Promise<boolean> {
  let changed = false;
  const [range] = await db
    .select({ start: min(archiverSegments.startTime), end: max(archiverSegments.endTime) })
    .from(archiverSegments)
    .where(and(eq(archiverSegments.clientId, clientId), eq(archiverSegments.captureId, captureId), eq(archiverSegments.state, 'completed')));
  if (range?.start && range.end) {
    changed = (await createMissingStreams(db, clientId, captureId, range.start, range.end, now)) || changed;
    const moved = await db
      .update(archiverStreams)
      .set({ startTime: range.start, endTime: range.end, updatedAt: now })
      .where(
        and(
          eq(archiverStreams.clientId, clientId),
          eq(archiverStreams.captureId, captureId),
          or(sql`${archiverStreams.startTime} <> ${range.start}`, sql`${archiverStreams.endTime} <> ${range.end}`),
        ),
      )
      .returning({ id: archiverStreams.id });
    changed ||= moved.length > 0;
  }
  const uploaded = await db
    .update(archiverStreams)
    .set({ uploaded: true, updatedAt: now })
    .where(
      and(
        eq(archiverStreams.clientId, clientId),
        eq(archiverStreams.captureId, captureId),
        eq(archiverStreams.uploaded, false),
        lte(archiverStreams.createdAt, new Date(now.getTime() - settings.uploadDelayMs)),
      ),
    )
    .returning({ id: archiverStreams.id });
  for (const { id } of uploaded) {
    await recordSystemActivity(db, now, { clientId, system: 'archiver', operation: 'archiver.uploaded', entity: 'archiverStream', entityId: String(id), changes: fieldChanges({ uploaded: false }, { uploaded: true }) });
  }
  return changed || uploaded.length > 0;
}

/** A stream for every profile naming the capture that has none yet, over the capture's content; true when one was made. */
export async function createMissingStreams(db: DbOrTx, clientId: string, captureId: string, start: Date, end: Date, now: Date, profileId?: string): Promise<boolean> {
  const made = await db.execute(sql`
    insert into ${archiverStreams} (client_id, profile_id, capture_id, start_time, end_time, expires_at, uploaded, created_at, updated_at)
    select pc.client_id, pc.profile_id, pc.capture_id, ${start}, ${end},
      case when p.expires_in is null then null else ${now}::timestamptz + make_interval(secs => p.expires_in) end,
      false, ${now}, ${now}
    from ${archiverProfileCaptures} pc
    join archiver_profiles p on p.client_id = pc.client_id and p.id = pc.profile_id
    where pc.client_id = ${clientId} and pc.capture_id = ${captureId} and not pc.stream_made
      ${profileId ? sql`and pc.profile_id = ${profileId}` : sql``}
    on conflict (client_id, profile_id, capture_id) do nothing
    returning id`);
  const rows = (made as unknown as { rows?: unknown[] }).rows ?? [];
  await db
    .update(archiverProfileCaptures)
    .set({ streamMade: true })
    .where(
      and(
        eq(archiverProfileCaptures.clientId, clientId),
        eq(archiverProfileCaptures.captureId, captureId),
        profileId ? eq(archiverProfileCaptures.profileId, profileId) : undefined,
      ),
    );
  return rows.length > 0;
}

