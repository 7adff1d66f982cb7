/**
 * What a tick records of a capture: from its cursor up to now (or its endTime), segments of
 * `segmentMs` (whole segments of the source stream) of whatever a publishing point was
 * publishing; where none was, nothing is written (a gap). See recorder.ts for the tick itself.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { archiverCaptures, archiverSegments, type SegmentSource } from '../../db/tables/index.ts';
import { streamOffsetAt } from '../../sim/stream-routes.ts';
import type { CaptureTick, SourceCache } from './recorder.ts';
import type { ResolvedArchiverSettings } from './settings.ts';
import { nextContentAfter, sourceAt, sourcesOf, type SourceStream } from './sources.ts';

type CaptureRow = typeof archiverCaptures.$inferSelect;
type NewSegment = typeof archiverSegments.$inferInsert;

/** Records from the cursor up to now; true when the per-tick bound stopped it. */
export async function record(db: Db, settings: ResolvedArchiverSettings, capture: CaptureRow, now: Date, out: CaptureTick, cache: SourceCache): Promise<boolean> {
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
