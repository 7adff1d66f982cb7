/**
 * HLS playlists of the simulated publishing point (DESIGN.md: "The simulated world").
 *
 * The encoder "plays" one shipped test programme (media/, 24 MPEG-TS segments of 2 s made by
 * media/make-media.sh) in a loop for as long as an event streams. Every segment of an event's
 * stream has a *position*: 0 is the segment that began at `liveStart`, 1 the next, and so on.
 * Position k plays shipped file k mod N, and its URI is `<k>.ts`, so a position always names the
 * same bytes (segments are cacheable for ever) and a player never sees one URI twice in a window.
 * Where the loop wraps (k mod N = 0) the timestamps inside the files restart, which the playlist
 * announces with EXT-X-DISCONTINUITY.
 *
 * Everything here is a pure function of (media index, liveStart, now, window): the same inputs
 * give the same playlist, which is what lets tests drive it with a ManualClock. The only I/O is
 * `loadMediaIndex()`, which reads media/index.json once.
 *
 * Arithmetic is in integer milliseconds, so positions never drift with floating-point sums.
 * Reference: RFC 8216 (HTTP Live Streaming), https://www.rfc-editor.org/rfc/rfc8216
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The folder of the shipped media. */
export const MEDIA_DIR = fileURLToPath(new URL('./media/', import.meta.url));

const MediaIndexSchema = z.object({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  frameRate: z.number().positive(),
  /** RFC 6381 codec string of the variant, e.g. `avc1.4d401f,mp4a.40.2`. */
  codecs: z.string().min(1),
  /** Peak and average bits per second of a segment (container included). */
  bandwidth: z.number().int().positive(),
  averageBandwidth: z.number().int().positive(),
  segments: z
    .array(z.object({ uri: z.string().regex(/^[\w.-]+$/), duration: z.number().positive(), bytes: z.number().int().positive() }))
    .min(1),
  /** The MP4 the segments were cut from, when there is one (media/card: the MP4 test card). */
  mp4: z.object({ file: z.string().regex(/^[\w.-]+\.mp4$/), bytes: z.number().int().positive(), durationMs: z.number().int().positive() }).optional(),
});
/** media/index.json: what make-media.sh wrote about the shipped segments. */
export type MediaIndex = z.infer<typeof MediaIndexSchema>;

/** The folder of the MP4 test card (media/card/README.md). */
export const CARD_DIR = fileURLToPath(new URL('./media/card/', import.meta.url));

const loaded = new Map<string, MediaIndex>();

/** The index.json of a media folder (default: the shipped test programme), read from disk on the first call only. */
export function loadMediaIndex(dir: string = MEDIA_DIR): MediaIndex {
  let index = loaded.get(dir);
  if (!index) {
    index = MediaIndexSchema.parse(JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')));
    loaded.set(dir, index);
  }
  return index;
}

// ---- The programme: the shipped segments as a looping timeline ---------------------------------

/** The looping timeline of a media index, precomputed once per index. */
export interface Programme {
  readonly index: MediaIndex;
  /** Number of shipped segments (N). */
  readonly size: number;
  readonly durationsMs: readonly number[];
  /** Start of each shipped segment within one loop. */
  readonly startsMs: readonly number[];
  readonly loopMs: number;
  /** EXT-X-TARGETDURATION: the longest segment, rounded up to whole seconds. */
  readonly targetDuration: number;
}

const programmes = new WeakMap<MediaIndex, Programme>();

export function programmeOf(index: MediaIndex): Programme {
  let programme = programmes.get(index);
  if (!programme) {
    const durationsMs = index.segments.map((s) => Math.round(s.duration * 1000));
    const startsMs: number[] = [];
    let loopMs = 0;
    for (const d of durationsMs) {
      startsMs.push(loopMs);
      loopMs += d;
    }
    const targetDuration = Math.ceil(Math.max(...durationsMs) / 1000);
    programme = { index, size: durationsMs.length, durationsMs, startsMs, loopMs, targetDuration };
    programmes.set(index, programme);
  }
  return programme;
}

/** The shipped file (index into `segments`) that position k plays. */
export function fileIndexAt(programme: Programme, position: number): number {
  return position % programme.size;
}

/** Start of position k, in ms after liveStart. */
export function positionStartMs(programme: Programme, position: number): number {
  const loop = Math.floor(position / programme.size);
  return loop * programme.loopMs + (programme.startsMs[position % programme.size] ?? 0);
}

export function positionDurationMs(programme: Programme, position: number): number {
  return programme.durationsMs[position % programme.size] ?? 0;
}

/** The position playing at `offsetMs` after liveStart (0 before it). */
export function positionAt(programme: Programme, offsetMs: number): number {
  if (offsetMs <= 0) return 0;
  const loop = Math.floor(offsetMs / programme.loopMs);
  const within = offsetMs - loop * programme.loopMs;
  let i = programme.size - 1;
  while (i > 0 && (programme.startsMs[i] ?? 0) > within) i--;
  return loop * programme.size + i;
}

/** True where the loop wraps: the files' timestamps restart at this position. */
export function wrapsAt(programme: Programme, position: number): boolean {
  return position > 0 && position % programme.size === 0;
}

// ---- Media playlists ---------------------------------------------------------------------------

/** One line-pair of a media playlist. */
export interface PlaylistSegment {
  position: number;
  uri: string;
  durationMs: number;
  /** EXT-X-DISCONTINUITY before this segment. */
  discontinuity: boolean;
  /** EXT-X-PROGRAM-DATE-TIME of this segment, when the playlist states it here. */
  programDateTime: Date | null;
  /** EXT-X-DATERANGE tags (attribute lists) that begin in this segment: SCTE-35 markers. */
  dateRanges?: string[];
}

export interface MediaPlaylist {
  /** LIVE: a sliding window; EVENT: grows from a fixed start (an in point); VOD: complete. */
  type: 'LIVE' | 'EVENT' | 'VOD';
  /** No segment will be added (EXT-X-ENDLIST): always for VOD; a live stream whose out point or programme end has passed. */
  ended?: boolean;
  targetDuration: number;
  mediaSequence: number;
  discontinuitySequence: number;
  segments: PlaylistSegment[];
  /** Sum of the segments' durations. */
  durationMs: number;
}

/**
 * Where segment URIs point: relative `<position>.ts` by default, resolved by players against the
 * playlist's own URL (`/api/stream/<key>/index.m3u8` -> `/api/stream/<key>/<position>.ts`).
 */
export type SegmentUri = (position: number) => string;
export const relativeSegmentUri: SegmentUri = (position) => `${position}.ts`;

/** The smallest window a live playlist keeps: RFC 8216 §6.2.2 forbids less than three target durations. */
export const MIN_WINDOW_TARGET_DURATIONS = 3;
/** A live window longer than this is cut to it, so a huge dvrWindowLength cannot make megabyte playlists every refresh. */
export const MAX_WINDOW_SECONDS = 6 * 3600;
/** A finished stream longer than this is served as its first MAX_VOD_SECONDS (a guard against absurd liveEnd values). */
export const MAX_VOD_SECONDS = 48 * 3600;

interface RunOptions {
  programme: Programme;
  from: number;
  /** Exclusive. */
  to: number;
  liveStart: Date | null;
  segmentUri: SegmentUri;
  /** Mark the first segment of the run as a discontinuity (a later piece of a trimmed playlist). */
  discontinuityFirst: boolean;
}

/** Positions [from, to): discontinuities where the loop wraps, program date-times at the first and after each discontinuity. */
function run(options: RunOptions): PlaylistSegment[] {
  const { programme, from, to, liveStart } = options;
  const segments: PlaylistSegment[] = [];
  for (let position = from; position < to; position++) {
    const first = position === from;
    const discontinuity = first ? options.discontinuityFirst : wrapsAt(programme, position);
    segments.push({
      position,
      uri: options.segmentUri(position),
      durationMs: positionDurationMs(programme, position),
      discontinuity,
      programDateTime:
        liveStart && (first || discontinuity) ? new Date(liveStart.getTime() + positionStartMs(programme, position)) : null,
    });
  }
  return segments;
}

function total(segments: readonly PlaylistSegment[]): number {
  return segments.reduce((sum, s) => sum + s.durationMs, 0);
}

/** The last published position of a live stream at `now` (see liveWindow). */
export function liveEdge(programme: Programme, liveStart: Date, now: Date): number {
  const elapsedMs = Math.max(0, now.getTime() - liveStart.getTime());
  return Math.max(0, positionAt(programme, elapsedMs) - 1);
}

/** How many positions a finished stream has (see vodPlaylist). */
export function vodSegmentCount(programme: Programme, liveStart: Date, liveEnd: Date): number {
  const durationMs = Math.min(Math.max(0, liveEnd.getTime() - liveStart.getTime()), MAX_VOD_SECONDS * 1000);
  const atEnd = positionAt(programme, durationMs);
  // Positions that began before liveEnd: the one playing at liveEnd counts unless it begins exactly there.
  return Math.max(1, positionStartMs(programme, atEnd) < durationMs ? atEnd + 1 : atEnd);
}

/**
 * Positions [0, end) a stream has published at `now`: up to the live edge while live, all of
 * it once ended. Segments that slid out of the DVR window stay fetchable (like an origin that
 * keeps them a while), future ones are not.
 */
export function publishedEnd(index: MediaIndex, stream: { liveStart: Date; liveEnd: Date | null }, now: Date): number {
  const programme = programmeOf(index);
  const { liveStart, liveEnd } = stream;
  if (liveEnd && isFinished({ liveEnd }, now)) return vodSegmentCount(programme, liveStart, liveEnd);
  return liveEdge(programme, liveStart, now) + 1;
}

/** A stream is finished (served as VOD) once its liveEnd has passed. */
export function isFinished(stream: { liveEnd: Date | null }, now: Date): boolean {
  return stream.liveEnd !== null && stream.liveEnd.getTime() <= now.getTime();
}

export interface LiveWindowInput {
  liveStart: Date;
  now: Date;
  /** The channel's dvrWindowLength; raised to three target durations, capped at MAX_WINDOW_SECONDS. */
  dvrWindowSeconds: number;
  segmentUri?: SegmentUri;
}

/**
 * The live sliding window at `now`. A segment is published once it is complete (its end is at or
 * before now), except that the first segment is listed from liveStart on so that a player never
 * meets an empty playlist. The window is the fewest trailing segments that cover the DVR window
 * (or everything published so far), so its duration is at least the DVR window and less than
 * one segment more.
 *
 * EXT-X-MEDIA-SEQUENCE is the first segment's position; EXT-X-DISCONTINUITY-SEQUENCE counts the
 * wraps before it (a discontinuity on the window's first segment is implied by that count rather
 * than written, RFC 8216 §6.2.2).
 */
export function liveWindow(index: MediaIndex, input: LiveWindowInput): MediaPlaylist {
  const programme = programmeOf(index);
  const last = liveEdge(programme, input.liveStart, input.now);
  const dvrSeconds = Number.isFinite(input.dvrWindowSeconds) ? Math.min(Math.max(input.dvrWindowSeconds, 0), MAX_WINDOW_SECONDS) : 0;
  const wantMs = Math.max(dvrSeconds * 1000, MIN_WINDOW_TARGET_DURATIONS * programme.targetDuration * 1000);
  let first = last;
  let coveredMs = positionDurationMs(programme, last);
  while (first > 0 && coveredMs < wantMs) {
    first--;
    coveredMs += positionDurationMs(programme, first);
  }
  const segments = run({
    programme,
    from: first,
    to: last + 1,
    liveStart: input.liveStart,
    segmentUri: input.segmentUri ?? relativeSegmentUri,
    discontinuityFirst: false,
  });
  return {
    type: 'LIVE',
    targetDuration: programme.targetDuration,
    mediaSequence: first,
    discontinuitySequence: Math.floor(first / programme.size),
    segments,
    durationMs: total(segments),
  };
}

export interface VodInput {
  liveStart: Date;
  liveEnd: Date;
  segmentUri?: SegmentUri;
}

/**
 * The whole finished stream, liveStart..liveEnd: every position that began before liveEnd (the
 * encoder flushes the segment it was writing when stopped), so the duration is liveEnd - liveStart
 * rounded up to a segment boundary, and at least one segment.
 */
export function vodPlaylist(index: MediaIndex, input: VodInput): MediaPlaylist {
  const programme = programmeOf(index);
  const count = vodSegmentCount(programme, input.liveStart, input.liveEnd);
  const segments = run({
    programme,
    from: 0,
    to: count,
    liveStart: input.liveStart,
    segmentUri: input.segmentUri ?? relativeSegmentUri,
    discontinuityFirst: false,
  });
  return { type: 'VOD', targetDuration: programme.targetDuration, mediaSequence: 0, discontinuitySequence: 0, segments, durationMs: total(segments) };
}

/** A piece of a programme to keep, in seconds after its liveStart (end exclusive). */
export interface Piece {
  start: number;
  end: number;
  /** The programme's liveStart: gives the piece's program date-times. Without it, none are written. */
  liveStart?: Date | null;
  /** Where this piece's segments live, when not beside the playlist (a piece of another event). */
  segmentUri?: SegmentUri;
}

/** What a piece became: its in and out points snapped outward to segment boundaries. */
export interface TrimmedPiece {
  requested: { start: number; end: number };
  /** Seconds after the piece's liveStart. */
  start: number;
  end: number;
  fromPosition: number;
  /** Exclusive. */
  toPosition: number;
}

/**
 * An "in/out" VOD playlist stitched from pieces of programmes (for compose and clips): each piece
 * keeps the segments overlapping [start, end), so its in point moves back and its out point
 * forward to the nearest segment boundary (never cutting content away). Every piece after the
 * first begins with EXT-X-DISCONTINUITY; wraps inside a piece are discontinuities too. Pieces
 * that are empty (end <= start) or negative are skipped.
 */
export function trimmedPlaylist(
  index: MediaIndex,
  pieces: readonly Piece[],
  segmentUri: SegmentUri = relativeSegmentUri,
): MediaPlaylist & { pieces: TrimmedPiece[] } {
  const programme = programmeOf(index);
  const segments: PlaylistSegment[] = [];
  const trimmed: TrimmedPiece[] = [];
  for (const piece of pieces) {
    const startMs = Math.max(0, Math.round(piece.start * 1000));
    const endMs = Math.min(Math.round(piece.end * 1000), MAX_VOD_SECONDS * 1000);
    if (!(endMs > startMs)) continue;
    const from = positionAt(programme, startMs);
    const to = positionAt(programme, endMs - 1) + 1;
    segments.push(
      ...run({
        programme,
        from,
        to,
        liveStart: piece.liveStart ?? null,
        segmentUri: piece.segmentUri ?? segmentUri,
        discontinuityFirst: segments.length > 0,
      }),
    );
    trimmed.push({
      requested: { start: piece.start, end: piece.end },
      start: positionStartMs(programme, from) / 1000,
      end: positionStartMs(programme, to) / 1000,
      fromPosition: from,
      toPosition: to,
    });
  }
  return {
    type: 'VOD',
    targetDuration: programme.targetDuration,
    mediaSequence: 0,
    discontinuitySequence: 0,
    segments,
    durationMs: total(segments),
    pieces: trimmed,
  };
}

// ---- Text --------------------------------------------------------------------------------------

/** RFC 8216 version 3: floating-point EXTINF. Nothing here needs a later version. */
const VERSION = 3;

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

/** The text of a media playlist. */
export function renderMediaPlaylist(playlist: MediaPlaylist): string {
  const lines = ['#EXTM3U', `#EXT-X-VERSION:${VERSION}`, `#EXT-X-TARGETDURATION:${playlist.targetDuration}`];
  if (playlist.type !== 'LIVE') lines.push(`#EXT-X-PLAYLIST-TYPE:${playlist.type}`);
  lines.push(`#EXT-X-MEDIA-SEQUENCE:${playlist.mediaSequence}`);
  if (playlist.discontinuitySequence > 0) lines.push(`#EXT-X-DISCONTINUITY-SEQUENCE:${playlist.discontinuitySequence}`);
  lines.push('#EXT-X-INDEPENDENT-SEGMENTS');
  for (const segment of playlist.segments) {
    if (segment.discontinuity) lines.push('#EXT-X-DISCONTINUITY');
    if (segment.programDateTime) lines.push(`#EXT-X-PROGRAM-DATE-TIME:${segment.programDateTime.toISOString()}`);
    for (const range of segment.dateRanges ?? []) lines.push(`#EXT-X-DATERANGE:${range}`);
    lines.push(`#EXTINF:${seconds(segment.durationMs)},`, segment.uri);
  }
  if (playlist.type === 'VOD' || playlist.ended) lines.push('#EXT-X-ENDLIST');
  return lines.join('\n') + '\n';
}

/** The master playlist: the one variant of the test programme. */
export function masterPlaylist(index: MediaIndex, mediaUri = 'index.m3u8'): string {
  const attributes = [
    `BANDWIDTH=${index.bandwidth}`,
    `AVERAGE-BANDWIDTH=${index.averageBandwidth}`,
    `RESOLUTION=${index.width}x${index.height}`,
    `FRAME-RATE=${index.frameRate.toFixed(3)}`,
    `CODECS="${index.codecs}"`,
  ];
  const lines = ['#EXTM3U', `#EXT-X-VERSION:${VERSION}`, '#EXT-X-INDEPENDENT-SEGMENTS', `#EXT-X-STREAM-INF:${attributes.join(',')}`, mediaUri];
  return lines.join('\n') + '\n';
}

/**
 * The master playlist of an audio-only request (the event's `audioOnly`): one variant with the
 * audio codec of the programme only, at the bit rate of its audio track.
 */
export function audioOnlyMasterPlaylist(index: MediaIndex, audio: { bandwidth: number; averageBandwidth: number }, mediaUri: string): string {
  const codec = index.codecs.split(',').find((c) => c.trim().startsWith('mp4a'))?.trim() ?? 'mp4a.40.2';
  const attributes = [`BANDWIDTH=${audio.bandwidth}`, `AVERAGE-BANDWIDTH=${audio.averageBandwidth}`, `CODECS="${codec}"`];
  const lines = ['#EXTM3U', `#EXT-X-VERSION:${VERSION}`, '#EXT-X-INDEPENDENT-SEGMENTS', `#EXT-X-STREAM-INF:${attributes.join(',')}`, mediaUri];
  return lines.join('\n') + '\n';
}
