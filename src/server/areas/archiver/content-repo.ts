/** The archiver's queries of recorded content: what a capture holds, in ranges, as segments, as stats. Every one names the client. */
import { and, asc, eq, gte, inArray, lte, max, min, sql, type SQL } from 'drizzle-orm';
import type { CaptureStats } from '#schema';
import type { DbOrTx } from '../../db/database.ts';
import { archiverProfileCaptures, archiverSegments } from '../../db/tables/index.ts';
import { toCapture, type CaptureRow } from './serialize.ts';

/** Segments closer than this count as one continuous range (rounding of the source's timing). */
export const CONTINUOUS_TOLERANCE_MS = 50;

/**
 * Ordered, non-overlapping ranges of continuous completed content, in one pass over the completed
 * segments in start order (the partial index archiver_segments_completed_idx gives that order): a
 * segment starting after the previous one's end begins a range, one ending before the next one's
 * start ends it, and the n-th start pairs with the n-th end. A capture's segments never overlap
 * (the recorder writes them from a cursor that only moves on).
 */
export async function availableContent(db: DbOrTx, clientId: string, captureId: string): Promise<{ startTime: Date; endTime: Date }[]> {
  const tolerance = `${CONTINUOUS_TOLERANCE_MS} milliseconds`;
  const result = await db.execute(sql`
    with ordered as (
      select start_time, end_time,
        lag(end_time) over w as prev_end,
        lead(start_time) over w as next_start
      from ${archiverSegments}
      where client_id = ${clientId} and capture_id = ${captureId} and state = 'completed'
      window w as (order by start_time, end_time)
    )
    select
      case when prev_end is null or start_time > prev_end + ${tolerance}::interval then start_time end as range_start,
      case when next_start is null or next_start > end_time + ${tolerance}::interval then end_time end as range_end
    from ordered
    where prev_end is null or start_time > prev_end + ${tolerance}::interval
       or next_start is null or next_start > end_time + ${tolerance}::interval
    order by start_time`);
  const rows = (result as unknown as { rows: { range_start: string | Date | null; range_end: string | Date | null }[] }).rows;
  const starts = rows.filter((r) => r.range_start !== null).map((r) => new Date(r.range_start!));
  const ends = rows.filter((r) => r.range_end !== null).map((r) => new Date(r.range_end!));
  return starts.map((startTime, i) => ({ startTime, endTime: ends[i]! }));
}

/** A timestamp as JavaScript's toISOString writes it (UTC, milliseconds, Z). */
const isoText = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

function inRange(clientId: string, captureId: string, range: { start?: Date; end?: Date }) {
  return and(
    eq(archiverSegments.clientId, clientId),
    eq(archiverSegments.captureId, captureId),
    range.start ? gte(archiverSegments.startTime, range.start) : undefined,
    range.end ? lte(archiverSegments.endTime, range.end) : undefined,
  );
}

/**
 * The segments of a capture (those starting and ending inside the range, if one is given) as the
 * JSON text of the interface's Capture Segment array, in start order: the database writes it
 * (json_agg), so a week of segments is one value rather than a row and an object per segment.
 */
export async function segmentsJson(db: DbOrTx, clientId: string, captureId: string, range: { start?: Date; end?: Date }): Promise<string> {
  const s = archiverSegments;
  // Written by hand rather than json_build_object, whose text has a space around every colon and
  // comma (a tenth more bytes); every value is a number, a boolean or an ISO time: nothing to escape.
  const t = (column: SQL) => sql`'"' || ${isoText(column)} || '"'`;
  const [row] = await db
    .select({
      json: sql<string>`'[' || coalesce(string_agg(
        '{"id":' || ${s.id}
        || ',"startTime":' || ${t(sql`${s.startTime}`)}
        || ',"endTime":' || ${t(sql`${s.endTime}`)}
        || ',"archived":' || (${s.state} = 'completed')
        || ',"failed":' || (${s.state} = 'failed')
        || ',"inProgress":' || (${s.state} = 'inProgress')
        || ',"scheduled":' || (${s.state} = 'scheduled')
        || ',"completed":' || (${s.state} = 'completed')
        || ',"attempts":' || ${s.attempts}
        || ',"createdAt":' || ${t(sql`${s.createdAt}`)}
        || ',"updatedAt":' || ${t(sql`${s.updatedAt}`)} || '}',
        ',' order by ${s.startTime}, ${s.id}), '') || ']'`,
    })
    .from(s)
    .where(inRange(clientId, captureId, range));
  return row!.json;
}

/** The completed segments of a range: how many, the first one's start and the last one's end. */
export async function completedSummary(db: DbOrTx, clientId: string, captureId: string, range: { start?: Date; end?: Date }) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`, start: min(archiverSegments.startTime), end: max(archiverSegments.endTime) })
    .from(archiverSegments)
    .where(and(inRange(clientId, captureId, range), eq(archiverSegments.state, 'completed')));
  return { segments: Number(row?.n ?? 0), startTime: row?.start ? new Date(row.start) : null, endTime: row?.end ? new Date(row.end) : null };
}

/** Stats of the client's captures (all, or those named). */
export async function statsOf(db: DbOrTx, clientId: string, captures: readonly CaptureRow[], serviceUrl: string): Promise<CaptureStats[]> {
  if (captures.length === 0) return [];
  const ids = captures.map((c) => c.id);
  const ranges = await db
    .select({
      captureId: archiverSegments.captureId,
      start: min(archiverSegments.startTime),
      end: max(archiverSegments.endTime),
    })
    .from(archiverSegments)
    .where(and(eq(archiverSegments.clientId, clientId), inArray(archiverSegments.captureId, ids), eq(archiverSegments.state, 'completed')))
    .groupBy(archiverSegments.captureId);
  const failed = await db
    .select({ captureId: archiverSegments.captureId, n: sql<number>`count(*)::int` })
    .from(archiverSegments)
    .where(and(eq(archiverSegments.clientId, clientId), inArray(archiverSegments.captureId, ids), eq(archiverSegments.gaveUp, true)))
    .groupBy(archiverSegments.captureId);
  const profiles = await db
    .select({ captureId: archiverProfileCaptures.captureId, profileId: archiverProfileCaptures.profileId })
    .from(archiverProfileCaptures)
    .where(and(eq(archiverProfileCaptures.clientId, clientId), inArray(archiverProfileCaptures.captureId, ids)))
    .orderBy(asc(archiverProfileCaptures.profileId));
  const rangeOf = new Map(ranges.map((r) => [r.captureId, r]));
  const failedOf = new Map(failed.map((f) => [f.captureId, f.n]));
  return captures.map((c) => {
    const range = rangeOf.get(c.id);
    const both = range?.start && range.end ? { startTime: new Date(range.start).toISOString(), endTime: new Date(range.end).toISOString() } : { startTime: null, endTime: null };
    return {
      id: c.id,
      ...both,
      failedCount: failedOf.get(c.id) ?? 0,
      active: c.active,
      publishingPoints: toCapture(c, serviceUrl).publishingPoints,
      profileIds: profiles.filter((p) => p.captureId === c.id).map((p) => p.profileId),
    };
  });
}

/** The completed content range of a capture, or null. */
export async function contentRange(db: DbOrTx, clientId: string, captureId: string): Promise<{ start: Date; end: Date } | null> {
  const [range] = await db
    .select({ start: min(archiverSegments.startTime), end: max(archiverSegments.endTime) })
    .from(archiverSegments)
    .where(and(eq(archiverSegments.clientId, clientId), eq(archiverSegments.captureId, captureId), eq(archiverSegments.state, 'completed')));
  return range?.start && range.end ? { start: new Date(range.start), end: new Date(range.end) } : null;
}

/** The completed segments of a capture's range in start order, at most `limit`. */
export async function completedSegments(db: DbOrTx, clientId: string, captureId: string, range: { start: Date | null; end: Date | null }, limit: number) {
  return db
    .select({ startTime: archiverSegments.startTime, endTime: archiverSegments.endTime, source: archiverSegments.source })
    .from(archiverSegments)
    .where(
      and(
        eq(archiverSegments.clientId, clientId),
        eq(archiverSegments.captureId, captureId),
        eq(archiverSegments.state, 'completed'),
        range.start ? gte(archiverSegments.startTime, range.start) : undefined,
        range.end ? lte(archiverSegments.endTime, range.end) : undefined,
      ),
    )
    .orderBy(asc(archiverSegments.startTime))
    .limit(limit);
}
