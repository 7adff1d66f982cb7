/**
 * The archiver's queries (the recorder's own are in recorder.ts). Every one names the client, but
 * for the catch-up playback's lookups by play key, an unguessable key handed out in place of the
 * client's ids; and whether an archiverflow id is taken by anyone asks `idsInUse`.
 */
import { and, asc, eq, gte, inArray, lte, max, min, sql, type SQL } from 'drizzle-orm';
import type { CaptureStats } from '#schema';
import type { DbOrTx } from '../../db/database.ts';
import { idsInUse } from '../../db/tenant-scope.ts';
import { archiverCaptures, archiverflows, archiverProfileCaptures, archiverProfiles, archiverSegments, archiverStreams } from '../../db/tables/index.ts';
import { toCapture, type ArchiverflowRow, type CaptureRow, type ProfileCaptureRow, type ProfileRow, type StreamRow } from './serialize.ts';

/** Segments closer than this count as one continuous range (rounding of the source's timing). */
export const CONTINUOUS_TOLERANCE_MS = 50;

export async function getCapture(db: DbOrTx, clientId: string, id: string): Promise<CaptureRow | undefined> {
  const [row] = await db.select().from(archiverCaptures).where(and(eq(archiverCaptures.clientId, clientId), eq(archiverCaptures.id, id)));
  return row;
}

export async function listCaptures(db: DbOrTx, clientId: string): Promise<CaptureRow[]> {
  return db.select().from(archiverCaptures).where(eq(archiverCaptures.clientId, clientId)).orderBy(asc(archiverCaptures.createdAt), asc(archiverCaptures.id));
}

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
export async function statsOf(db: DbOrTx, clientId: string, captures: readonly CaptureRow[]): Promise<CaptureStats[]> {
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
      publishingPoints: toCapture(c).publishingPoints,
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

export async function getProfile(db: DbOrTx, clientId: string, id: string): Promise<{ profile: ProfileRow; captures: ProfileCaptureRow[] } | undefined> {
  const [profile] = await db.select().from(archiverProfiles).where(and(eq(archiverProfiles.clientId, clientId), eq(archiverProfiles.id, id)));
  if (!profile) return undefined;
  const captures = await db
    .select()
    .from(archiverProfileCaptures)
    .where(and(eq(archiverProfileCaptures.clientId, clientId), eq(archiverProfileCaptures.profileId, id)))
    .orderBy(asc(archiverProfileCaptures.position));
  return { profile, captures };
}

export async function listProfiles(db: DbOrTx, clientId: string): Promise<{ profile: ProfileRow; captures: ProfileCaptureRow[] }[]> {
  const profiles = await db.select().from(archiverProfiles).where(eq(archiverProfiles.clientId, clientId)).orderBy(asc(archiverProfiles.createdAt), asc(archiverProfiles.id));
  const links = await db.select().from(archiverProfileCaptures).where(eq(archiverProfileCaptures.clientId, clientId)).orderBy(asc(archiverProfileCaptures.position));
  return profiles.map((profile) => ({ profile, captures: links.filter((l) => l.profileId === profile.id) }));
}

export async function listStreams(db: DbOrTx, clientId: string, id?: number) {
  return db
    .select({ stream: archiverStreams, profile: archiverProfiles })
    .from(archiverStreams)
    .leftJoin(archiverProfiles, and(eq(archiverProfiles.clientId, archiverStreams.clientId), eq(archiverProfiles.id, archiverStreams.profileId)))
    .where(and(eq(archiverStreams.clientId, clientId), id === undefined ? undefined : eq(archiverStreams.id, id)))
    .orderBy(asc(archiverStreams.id));
}

// ---- Archiverflows ----------------------------------------------------------------------------------

export async function getFlow(db: DbOrTx, clientId: string, id: string): Promise<ArchiverflowRow | undefined> {
  const [row] = await db.select().from(archiverflows).where(and(eq(archiverflows.clientId, clientId), eq(archiverflows.id, id)));
  return row;
}

/** Whether any client has an archiverflow with this id. */
export async function flowIdTaken(db: DbOrTx, id: string): Promise<boolean> {
  return (await idsInUse(db, archiverflows, [id])).size > 0;
}

export async function listFlows(db: DbOrTx, clientId: string): Promise<ArchiverflowRow[]> {
  return db.select().from(archiverflows).where(eq(archiverflows.clientId, clientId)).orderBy(archiverflows.name, archiverflows.id);
}

export async function insertFlow(db: DbOrTx, values: typeof archiverflows.$inferInsert): Promise<ArchiverflowRow> {
  const [row] = await db.insert(archiverflows).values(values).returning();
  return row!;
}

export async function updateFlow(db: DbOrTx, clientId: string, id: string, values: Partial<typeof archiverflows.$inferInsert>): Promise<ArchiverflowRow | undefined> {
  const [row] = await db
    .update(archiverflows)
    .set(values)
    .where(and(eq(archiverflows.clientId, clientId), eq(archiverflows.id, id)))
    .returning();
  return row;
}

/** Deletes an archiverflow; answers whether there was one. */
export async function deleteFlow(db: DbOrTx, clientId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(archiverflows)
    .where(and(eq(archiverflows.clientId, clientId), eq(archiverflows.id, id)))
    .returning({ id: archiverflows.id });
  return gone.length > 0;
}

// ---- Captures, profiles and streams: writes ----------------------------------------------------------

export async function insertCapture(db: DbOrTx, values: typeof archiverCaptures.$inferInsert): Promise<CaptureRow> {
  const [row] = await db.insert(archiverCaptures).values(values).returning();
  return row!;
}

export async function updateCapture(db: DbOrTx, clientId: string, id: string, values: Partial<typeof archiverCaptures.$inferInsert>): Promise<CaptureRow | undefined> {
  const [row] = await db
    .update(archiverCaptures)
    .set(values)
    .where(and(eq(archiverCaptures.clientId, clientId), eq(archiverCaptures.id, id)))
    .returning();
  return row;
}

/** Deletes a capture with its streams (its segments and profile links go by foreign key); answers it, if there was one. */
export async function deleteCapture(db: DbOrTx, clientId: string, id: string): Promise<CaptureRow | undefined> {
  await db.delete(archiverStreams).where(and(eq(archiverStreams.clientId, clientId), eq(archiverStreams.captureId, id)));
  const [row] = await db
    .delete(archiverCaptures)
    .where(and(eq(archiverCaptures.clientId, clientId), eq(archiverCaptures.id, id)))
    .returning();
  return row;
}

export async function insertProfile(db: DbOrTx, values: typeof archiverProfiles.$inferInsert): Promise<void> {
  await db.insert(archiverProfiles).values(values);
}

export async function updateProfile(db: DbOrTx, clientId: string, id: string, values: Partial<typeof archiverProfiles.$inferInsert>): Promise<ProfileRow | undefined> {
  const [row] = await db
    .update(archiverProfiles)
    .set(values)
    .where(and(eq(archiverProfiles.clientId, clientId), eq(archiverProfiles.id, id)))
    .returning();
  return row;
}

/** Deletes a profile: its captures first (the links), then its streams, then the profile. */
export async function deleteProfile(db: DbOrTx, clientId: string, id: string): Promise<void> {
  await db.delete(archiverProfileCaptures).where(and(eq(archiverProfileCaptures.clientId, clientId), eq(archiverProfileCaptures.profileId, id)));
  await db.delete(archiverStreams).where(and(eq(archiverStreams.clientId, clientId), eq(archiverStreams.profileId, id)));
  await db.delete(archiverProfiles).where(and(eq(archiverProfiles.clientId, clientId), eq(archiverProfiles.id, id)));
}

export interface ProfileCapture {
  captureId: string;
  liveRedirectUrl: string | null;
}

/**
 * Replaces a profile's capture list (in order), keeping which captures had their stream made, and
 * deletes the streams of captures it no longer names.
 */
export async function replaceProfileCaptures(db: DbOrTx, clientId: string, profileId: string, captures: readonly ProfileCapture[]): Promise<void> {
  const before = await db
    .delete(archiverProfileCaptures)
    .where(and(eq(archiverProfileCaptures.clientId, clientId), eq(archiverProfileCaptures.profileId, profileId)))
    .returning({ captureId: archiverProfileCaptures.captureId, streamMade: archiverProfileCaptures.streamMade });
  const made = new Set(before.filter((b) => b.streamMade).map((b) => b.captureId));
  if (captures.length > 0) {
    await db.insert(archiverProfileCaptures).values(
      captures.map((c, position) => ({ clientId, profileId, captureId: c.captureId, position, liveRedirectUrl: c.liveRedirectUrl, streamMade: made.has(c.captureId) })),
    );
  }
  const kept = captures.map((c) => c.captureId);
  await db
    .delete(archiverStreams)
    .where(
      and(
        eq(archiverStreams.clientId, clientId),
        eq(archiverStreams.profileId, profileId),
        kept.length > 0 ? sql`${archiverStreams.captureId} <> all(${sql.param(kept)}::text[])` : undefined,
      ),
    );
}

export async function deleteStream(db: DbOrTx, clientId: string, id: number): Promise<void> {
  await db.delete(archiverStreams).where(and(eq(archiverStreams.clientId, clientId), eq(archiverStreams.id, id)));
}

// ---- Catch-up playback ------------------------------------------------------------------------------

/** The capture a play key opens (the key is the secret, so it is looked up for no client). */
export async function captureByPlayKey(db: DbOrTx, playKey: string): Promise<CaptureRow | undefined> {
  const [row] = await db.select().from(archiverCaptures).where(eq(archiverCaptures.playKey, playKey));
  return row;
}

/** The stream a play key opens, with its capture. */
export async function streamByPlayKey(db: DbOrTx, playKey: string): Promise<{ stream: StreamRow; capture: CaptureRow } | undefined> {
  const [row] = await db
    .select({ stream: archiverStreams, capture: archiverCaptures })
    .from(archiverStreams)
    .innerJoin(archiverCaptures, and(eq(archiverCaptures.clientId, archiverStreams.clientId), eq(archiverCaptures.id, archiverStreams.captureId)))
    .where(eq(archiverStreams.playKey, playKey));
  return row;
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
