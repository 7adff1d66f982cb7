/**
 * The media of an event, one model for every event that holds playable content in the simulated
 * world, however it got there (issue 15; README "Media of events"):
 * - `recording`: recorded while it was live (actualLiveStart..actualLiveEnd, suspensions taken
 *   out), once stopped: STOPPED, INSTANT_VOD(_BACKUP), VOD_PUBLIC/PRIVATE after a live run;
 * - `live`: what a live event has streamed so far (from its start; it grows);
 * - `test-programme`: an event created or moved into a VOD state through the API, which nothing
 *   recorded: the test programme, for the duration areas/live/recording.ts derives from the event
 *   (its scheduled span, capped; testProgrammeDurationMs);
 * - `composition`: a generated standard composition (COMPOSE_PUBLIC/PRIVATE): its trimmed items
 *   one after the other. (An encoder composition is a live event: `live`/`recording`.)
 * It is exactly what the event's stream plays (areas/live/streams.ts): the same positions, the
 * same shipped segment files, so a cut shows what the player showed at that time.
 *
 * How to use it (assets, the event's MP4, VOD downloads):
 *
 * @example
 * const found = await eventMediaOf(db, clientId, eventId, clock.now());
 * if (!found.media) throw badField('body.clip.eventId', found.problem);   // unknown, foreign, or nothing to play
 * const media = found.media;                                               // { source, durationMs, hasTimecode, ... }
 * const from = parseMediaTime(media, '00:00:12.000');                      // ms, or { error }; ISO 8601 when hasTimecode
 * const input = mediaInputOf(media, 12_000, 42_000);                       // the segment files of [12 s, 42 s)
 * await encoder.mp4([input], outFile, { frameAccurate: true });            // sim/media-encoder.ts
 *
 * Tenancy: an event of another client, a deleted one and an unknown id all answer `not-found`
 * with the same message.
 */
import { join } from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { EventState, isGuid } from '#schema';
import type { Db } from '../../db/database.ts';
import { events } from '../../db/tables/index.ts';
import { CARD_DIR, loadMediaIndex, MEDIA_DIR, programmeOf, type MediaIndex, type Programme } from '../../sim/hls.ts';
import type { MediaInput, SegmentFile } from '../../sim/media-encoder.ts';
import { Sequence } from '../../sim/sequence.ts';
import { parseStreamPoint, publishedCount, resolveAt } from '../../sim/stream-routes.ts';
import { playsTestProgramme, testProgrammeDurationMs } from '../live/index.ts';
import { S } from '../live/index.ts';
import { streamOf } from '../live/index.ts';

export type EventMediaSource = 'recording' | 'live' | 'test-programme' | 'composition';

export interface EventMedia {
  eventId: string;
  source: EventMediaSource;
  /** Length of the media in ms (what has streamed so far, while live). */
  durationMs: number;
  /**
   * The media has wall-clock timecode (a live run and its recording): times may be given as ISO
   * 8601 moments as well as HH:mm:ss.fff offsets. Compositions and the test programme have none.
   */
  hasTimecode: boolean;
  /** Wall-clock time of offset 0, when it has timecode. */
  startsAt: Date | null;
  /** The stream offset (ms) of a moment; null without timecode. */
  offsetOf: ((at: Date) => number) | null;
  /** The positions of the stream (sim/sequence.ts); positions [0, count) are the media. */
  sequence: Sequence;
  count: number;
}

export type EventMediaResult =
  | { media: EventMedia; problem?: undefined; reason?: undefined }
  | { media?: undefined; reason: 'not-found' | 'no-media'; problem: string };

/** The shipped programmes the stream's clips name, with their folders. */
const PROGRAMME_DIRS: Record<string, string> = { programme: MEDIA_DIR, card: CARD_DIR };
let loaded: { programmes: Record<string, Programme>; indexes: Record<string, MediaIndex> } | undefined;
function shipped() {
  if (!loaded) {
    const indexes = Object.fromEntries(Object.entries(PROGRAMME_DIRS).map(([name, dir]) => [name, loadMediaIndex(dir)]));
    loaded = { indexes, programmes: Object.fromEntries(Object.entries(indexes).map(([name, index]) => [name, programmeOf(index)])) };
  }
  return loaded;
}

const LIVE_STATES: readonly number[] = [S.LIVE_UNPUBLISHED, S.LIVE_PUBLISHED, S.SUSPENDED, S.LIVE_STOPPING];
const COMPOSED_STATES: readonly number[] = [S.COMPOSE_PUBLIC, S.COMPOSE_PRIVATE];

export interface EventMediaOptions {
  /**
   * An event without media gets the test programme for its derived duration instead of
   * `no-media`: what an MP4 declared AVAILABLE through `POST /event/xflow/add/` holds for an event
   * whose content never came through the simulated world (a PRE_VOD event, say).
   */
  fallbackToTestProgramme?: boolean;
}

/** The test programme as media, for `durationMs` (whole segments, the last one cut). */
function testProgrammeMedia(eventId: string, durationMs: number): EventMedia {
  const programme = shipped().programmes.programme!;
  const count = Math.max(1, Math.ceil(durationMs / (programme.loopMs / programme.size)));
  const sequence = new Sequence([], [{ name: 'programme', programme, from: 0, to: count }]);
  const exactCount = Math.min(sequence.count, sequence.positionAt(durationMs - 1) + 1);
  return { eventId, source: 'test-programme', durationMs, hasTimecode: false, startsAt: null, offsetOf: null, sequence, count: exactCount };
}

/** The event's media at `now`, or why it has none. */
export async function eventMediaOf(db: Db, clientId: string, eventId: string, now: Date, options: EventMediaOptions = {}): Promise<EventMediaResult> {
  const notFound = { reason: 'not-found' as const, problem: `there is no event ${eventId}` };
  if (!isGuid(eventId)) return notFound;
  const [row] = await db
    .select({
      id: events.id,
      state: events.state,
      actualLiveStart: events.actualLiveStart,
      dateDeleted: events.dateDeleted,
      scheduledStart: events.scheduledStart,
      scheduledEnd: events.scheduledEnd,
    })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.clientId, clientId), isNull(events.dateDeleted)));
  if (!row) return notFound;
  const noMedia = {
    reason: 'no-media' as const,
    problem: `the event has no media to cut: it is ${EventState.nameOf(row.state) ?? row.state} (media comes from a live run, a VOD state or a generated composition)`,
  };
  const fallback = options.fallbackToTestProgramme ? { media: testProgrammeMedia(eventId, testProgrammeDurationMs(row)) } : noMedia;
  const stream = await streamOf(db, eventId);
  if (!stream) return fallback;
  const resolved = resolveAt(stream, now, shipped().programmes);
  if (!resolved) return fallback;
  const count = publishedCount(resolved);
  if (count <= 0 || count === Infinity) return fallback;
  const { sequence } = resolved;
  let durationMs = sequence.startMs(count - 1) + sequence.segment(count - 1).durationMs;
  let source: EventMediaSource;
  if (COMPOSED_STATES.includes(row.state)) source = 'composition';
  else if (playsTestProgramme(row)) source = 'test-programme';
  else if (LIVE_STATES.includes(row.state)) source = 'live';
  else source = 'recording';
  if (source === 'recording' && 'liveEnd' in stream && stream.liveEnd && resolved.offsetOf) {
    // The recording ends where the live run did, inside the last segment.
    durationMs = Math.min(durationMs, Math.max(1, resolved.offsetOf(stream.liveEnd)));
  }
  if (source === 'live' && resolved.window.kind === 'live') durationMs = Math.min(durationMs, resolved.window.elapsedMs);
  const hasTimecode = source === 'recording' || source === 'live';
  return {
    media: {
      eventId,
      source,
      durationMs,
      hasTimecode,
      startsAt: hasTimecode ? resolved.dateTimeBase : null,
      offsetOf: hasTimecode ? resolved.offsetOf : null,
      sequence,
      count,
    },
  };
}

/** The segment files of [fromMs, toMs) of the media, as an encoder input (sim/media-encoder.ts). */
export function mediaInputOf(media: EventMedia, fromMs: number, toMs: number): MediaInput {
  const from = Math.max(0, Math.min(fromMs, media.durationMs));
  const to = Math.max(from, Math.min(toMs, media.durationMs));
  const { indexes } = shipped();
  const first = Math.min(media.sequence.positionAt(from), media.count - 1);
  const last = Math.min(Math.max(first, media.sequence.positionAt(Math.max(from, to - 1))), media.count - 1);
  const segments: SegmentFile[] = [];
  for (let k = first; k <= last; k += 1) {
    const at = media.sequence.segment(k);
    const index = indexes[at.clip.name];
    const dir = PROGRAMME_DIRS[at.clip.name];
    if (!index || !dir) throw new Error(`the stream names an unknown programme "${at.clip.name}"`);
    segments.push({ file: join(dir, index.segments[at.fileIndex]!.uri), durationMs: at.durationMs });
  }
  return { segments, startMs: from - media.sequence.startMs(first), durationMs: Math.max(1, to - from) };
}

/**
 * A time of the media as the asset and download requests give it: HH:mm:ss.fff from the stream
 * start, or an ISO 8601 moment when the media has timecode. Not checked against the duration.
 */
export function parseMediaTime(media: Pick<EventMedia, 'hasTimecode' | 'offsetOf' | 'startsAt'>, text: string): { ms: number; error?: undefined } | { error: string; ms?: undefined } {
  const point = parseStreamPoint(text.trim());
  if (!point) return { error: `"${text}" is neither HH:mm:ss.fff from the stream start nor an ISO 8601 date-time` };
  if ('offsetMs' in point) return { ms: point.offsetMs };
  if (!media.hasTimecode || !media.offsetOf) return { error: `"${text}" is a date-time, but this event's media has no timecode: give HH:mm:ss.fff from the stream start` };
  // A moment before the media began is outside it (offsetOf counts from the start, so clamps there).
  if (media.startsAt && point.at < media.startsAt) return { ms: point.at.getTime() - media.startsAt.getTime() };
  return { ms: media.offsetOf(point.at) };
}

/** HH:mm:ss.fff of a media offset. */
export function formatMediaTime(ms: number): string {
  const total = Math.max(0, Math.round(ms));
  const h = Math.floor(total / 3_600_000);
  const m = Math.floor((total % 3_600_000) / 60_000);
  const s = Math.floor((total % 60_000) / 1000);
  const f = total % 1000;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(f).padStart(3, '0')}`;
}
