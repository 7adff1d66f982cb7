/**
 * Media playlists of a sequence (sequence.ts): the sliding live window, the start-over playlist
 * of an in point, and the finished stream, each cut to the in and out points asked for.
 *
 * - Live: a segment is published once complete (its end at or before the stream's elapsed time),
 *   except that the first is listed from the start so a player never meets an empty playlist.
 *   Without an in point the window is the fewest trailing segments covering the DVR window (at
 *   least three target durations, at most MAX_WINDOW_SECONDS); with one, every segment from it
 *   (EXT-X-PLAYLIST-TYPE:EVENT). When the out point, or the end of a programme that ends, has been
 *   published, the playlist ends (EXT-X-ENDLIST).
 * - VOD: positions [0, end) of the stream, cut to in and out.
 * In and out snap outward to segment boundaries: nothing asked for is cut away.
 *
 * EXT-X-MEDIA-SEQUENCE is the first segment's position and EXT-X-DISCONTINUITY-SEQUENCE the
 * discontinuities through it (its own is implied, RFC 8216 §6.2.2). Program date-times are stated
 * on the first segment and after each discontinuity: liveStart + the position's start for a live
 * stream, the source's time for the clips of a composition. SCTE-35 markers become
 * EXT-X-DATERANGE tags on the segment they begin in (a program date-time is stated there too).
 */
import { MAX_WINDOW_SECONDS, MIN_WINDOW_TARGET_DURATIONS, type MediaPlaylist, type PlaylistSegment } from './hls.ts';
import type { Sequence, SequenceSegment } from './sequence.ts';

export type StreamWindow =
  /** A live stream that has run for elapsedMs (its pauses taken out). */
  | { kind: 'live'; elapsedMs: number; dvrWindowSeconds: number }
  /** A finished stream of `end` positions. */
  | { kind: 'vod'; end: number };

export interface StreamPlaylistInput {
  sequence: Sequence;
  window: StreamWindow;
  /** liveStart of a live stream; null: the clips' own date-times. */
  dateTimeBase: Date | null;
  /** In and out points in ms from the start of the stream. */
  inMs?: number;
  outMs?: number;
  segmentUri: (position: number) => string;
}

function targetDurationOf(sequence: Sequence): number {
  return Math.max(...sequence.clips.map((c) => c.programme.targetDuration), 1);
}

function dateTimeOf(segment: SequenceSegment, base: Date | null): Date | null {
  if (base) return new Date(base.getTime() + segment.startMs);
  const clipTime = segment.clip.dateTime;
  return clipTime ? new Date(clipTime.getTime() + segment.clipOffsetMs) : null;
}

function quote(text: string): string {
  return `"${text.replace(/["\r\n]/g, '')}"`;
}

/** The EXT-X-DATERANGE attribute lists of the markers that begin in this segment. */
function dateRanges(segment: SequenceSegment, base: Date | null): string[] {
  const cues = segment.clip.cues ?? [];
  const out: string[] = [];
  for (const cue of cues) {
    if (cue.offsetMs < segment.clipOffsetMs || cue.offsetMs >= segment.clipOffsetMs + segment.durationMs) continue;
    const clipStart = base ? new Date(base.getTime() + segment.startMs - segment.clipOffsetMs) : (segment.clip.dateTime ?? null);
    if (!clipStart) continue;
    const start = new Date(clipStart.getTime() + cue.offsetMs);
    const attributes = [
      // The position of the segment it begins in keeps the ID the same on every reload, and unique per pass of a loop.
      `ID=${quote(`${cue.id}-${segment.position}`)}`,
      `CLASS=${quote('com.controlroom.scte35')}`,
      `START-DATE=${quote(start.toISOString())}`,
      `PLANNED-DURATION=${(cue.durationMs / 1000).toFixed(3)}`,
      `X-SCTE35-TYPE=${quote(cue.type)}`,
    ];
    if (cue.frameAccurate !== null) attributes.push(`X-FRAME-ACCURATE=${quote(String(cue.frameAccurate))}`);
    out.push(attributes.join(','));
  }
  return out;
}

/** The playlist, or null when nothing between the in and out points is published yet. */
export function streamPlaylist(input: StreamPlaylistInput): MediaPlaylist | null {
  const { sequence, window } = input;
  const targetDuration = targetDurationOf(sequence);

  // [0, published): what exists now; `ended` when no more will.
  let published: number;
  let ended: boolean;
  if (window.kind === 'vod') {
    published = Math.min(window.end, sequence.count);
    ended = true;
  } else {
    const at = sequence.positionAt(window.elapsedMs);
    ended = at >= sequence.count;
    published = ended ? sequence.count : Math.max(0, at - 1) + 1;
  }
  if (published <= 0) return null;

  let last = published - 1;
  if (input.outMs !== undefined) {
    const outEnd = sequence.positionAt(Math.max(0, input.outMs - 1)) + 1;
    if (outEnd <= published) {
      last = Math.min(last, outEnd - 1);
      ended = true;
    }
  }
  let first: number;
  if (input.inMs !== undefined) {
    first = sequence.positionAt(input.inMs);
    if (first > last) return null;
  } else if (ended) {
    first = 0;
  } else {
    const dvrSeconds = Number.isFinite(window.kind === 'live' ? window.dvrWindowSeconds : 0)
      ? Math.min(Math.max(window.kind === 'live' ? window.dvrWindowSeconds : 0, 0), MAX_WINDOW_SECONDS)
      : 0;
    const wantMs = Math.max(dvrSeconds * 1000, MIN_WINDOW_TARGET_DURATIONS * targetDuration * 1000);
    first = last;
    let coveredMs = sequence.segment(last).durationMs;
    while (first > 0 && coveredMs < wantMs) {
      first--;
      coveredMs += sequence.segment(first).durationMs;
    }
  }

  const segments: PlaylistSegment[] = [];
  let durationMs = 0;
  for (let k = first; k <= last; k++) {
    const segment = sequence.segment(k);
    const ranges = dateRanges(segment, input.dateTimeBase);
    const isFirst = k === first;
    const stateTime = isFirst || segment.discontinuity || ranges.length > 0;
    segments.push({
      position: k,
      uri: input.segmentUri(k),
      durationMs: segment.durationMs,
      // The first segment's discontinuity is implied by the discontinuity sequence.
      discontinuity: !isFirst && segment.discontinuity,
      programDateTime: stateTime ? dateTimeOf(segment, input.dateTimeBase) : null,
      ...(ranges.length > 0 ? { dateRanges: ranges } : {}),
    });
    durationMs += segment.durationMs;
  }

  const type: MediaPlaylist['type'] = window.kind === 'vod' ? 'VOD' : input.inMs !== undefined ? 'EVENT' : 'LIVE';
  return {
    type,
    ended,
    targetDuration,
    mediaSequence: first,
    discontinuitySequence: sequence.discontinuitiesThrough(first),
    segments,
    durationMs,
  };
}
