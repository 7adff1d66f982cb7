import { describe, expect, it } from 'vitest';
import { ManualClock } from '../jobs/clock.ts';
import {
  liveWindow,
  loadMediaIndex,
  masterPlaylist,
  MAX_WINDOW_SECONDS,
  programmeOf,
  publishedEnd,
  renderMediaPlaylist,
  trimmedPlaylist,
  vodPlaylist,
  type MediaIndex,
} from './hls.ts';

const index = loadMediaIndex();
const N = index.segments.length;
const liveStart = new Date('2026-01-15T12:00:00.000Z');
const at = (seconds: number) => new Date(liveStart.getTime() + seconds * 1000);

interface ParsedSegment {
  uri: string;
  duration: number;
  discontinuity: boolean;
  programDateTime: Date | null;
}

/** Reads a media playlist's text back, the way a player would. */
function parse(text: string) {
  const lines = text.trim().split('\n');
  expect(lines[0]).toBe('#EXTM3U');
  const tags = new Map<string, string>();
  const segments: ParsedSegment[] = [];
  let pending: Omit<ParsedSegment, 'uri'> = { duration: NaN, discontinuity: false, programDateTime: null };
  for (const line of lines.slice(1)) {
    if (line === '#EXT-X-DISCONTINUITY') pending.discontinuity = true;
    else if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) pending.programDateTime = new Date(line.slice(25));
    else if (line.startsWith('#EXTINF:')) pending.duration = Number(line.slice(8).replace(/,$/, ''));
    else if (line.startsWith('#')) {
      const [name, value = ''] = line.slice(1).split(/:(.*)/s);
      tags.set(name ?? '', value);
    } else {
      segments.push({ uri: line, ...pending });
      pending = { duration: NaN, discontinuity: false, programDateTime: null };
    }
  }
  const mediaSequence = Number(tags.get('EXT-X-MEDIA-SEQUENCE') ?? 0);
  const discontinuitySequence = Number(tags.get('EXT-X-DISCONTINUITY-SEQUENCE') ?? 0);
  return { tags, segments, mediaSequence, discontinuitySequence, endList: tags.has('EXT-X-ENDLIST') };
}

/** Each segment's discontinuity sequence number and wall time, as RFC 8216 defines them. */
function timeline(playlist: ReturnType<typeof parse>) {
  let dsn = playlist.discontinuitySequence;
  let wall: number | null = null;
  return playlist.segments.map((segment, i) => {
    if (segment.discontinuity) dsn++;
    if (segment.programDateTime) wall = segment.programDateTime.getTime();
    const entry = { position: Number(segment.uri.replace('.ts', '')), sequence: playlist.mediaSequence + i, dsn, wall };
    if (wall !== null) wall += segment.duration * 1000;
    return entry;
  });
}

describe('the shipped programme', () => {
  it('is 24 segments of 2 s looping over 48 s', () => {
    const programme = programmeOf(index);
    expect(N).toBe(24);
    expect(programme.durationsMs.every((d) => d === 2000)).toBe(true);
    expect(programme.loopMs).toBe(48_000);
    expect(programme.targetDuration).toBe(2);
    expect(index.codecs).toMatch(/^avc1\.[0-9a-f]{6},mp4a\.40\.2$/);
  });
});

describe('the live window', () => {
  it('lists the first segment from liveStart on, so a player never meets an empty playlist', () => {
    for (const now of [liveStart, at(0.5), at(1.999), at(-30)]) {
      const playlist = parse(renderMediaPlaylist(liveWindow(index, { liveStart, now, dvrWindowSeconds: 30 })));
      expect(playlist.segments.map((s) => s.uri)).toEqual(['0.ts']);
      expect(playlist.mediaSequence).toBe(0);
      expect(playlist.segments[0]?.programDateTime).toEqual(liveStart);
      expect(playlist.endList).toBe(false);
      expect(playlist.tags.has('EXT-X-PLAYLIST-TYPE')).toBe(false);
    }
  });

  it('publishes a segment once it is complete, and advances the media sequence with the clock', () => {
    const clock = new ManualClock(liveStart);
    const window = () => liveWindow(index, { liveStart, now: clock.now(), dvrWindowSeconds: 10 });
    clock.advance(3_999);
    expect(window().segments.map((s) => s.position)).toEqual([0]);
    clock.advance(1);
    expect(window().segments.map((s) => s.position)).toEqual([0, 1]);
    clock.set(at(100));
    const before = window();
    expect(before.mediaSequence).toBe(45);
    expect(before.segments.map((s) => s.position)).toEqual([45, 46, 47, 48, 49]);
    clock.advance(2_000);
    const after = window();
    expect(after.mediaSequence).toBe(46);
    expect(after.segments.at(-1)?.position).toBe(50);
  });

  it('honours the DVR window: at least its length, less than one segment more, never under three target durations', () => {
    const covered = (dvrWindowSeconds: number) => liveWindow(index, { liveStart, now: at(3600), dvrWindowSeconds }).durationMs / 1000;
    expect(covered(30)).toBe(30);
    expect(covered(31)).toBe(32);
    expect(covered(7)).toBe(8);
    expect(covered(0)).toBe(6);
    expect(covered(-5)).toBe(6);
    expect(covered(Number.NaN)).toBe(6);
    expect(covered(7200)).toBe(3600);
    expect(covered(10 * MAX_WINDOW_SECONDS)).toBe(3600);
    expect(liveWindow(index, { liveStart, now: at(48 * 3600), dvrWindowSeconds: 10 * MAX_WINDOW_SECONDS }).durationMs / 1000).toBe(
      MAX_WINDOW_SECONDS,
    );
    // Only what has been published: 9.9 s into the stream 4 segments are complete, at 10 s 5.
    expect(liveWindow(index, { liveStart, now: at(9.9), dvrWindowSeconds: 30 }).segments).toHaveLength(4);
    expect(liveWindow(index, { liveStart, now: at(10), dvrWindowSeconds: 30 }).segments).toHaveLength(5);
  });

  it('maps each position to a shipped file modulo the set, with a discontinuity where the loop wraps', () => {
    const playlist = parse(renderMediaPlaylist(liveWindow(index, { liveStart, now: at(60), dvrWindowSeconds: 30 })));
    expect(playlist.mediaSequence).toBe(15);
    expect(playlist.segments.map((s) => s.uri)).toEqual(Array.from({ length: 15 }, (_, i) => `${15 + i}.ts`));
    const marked = playlist.segments.filter((s) => s.discontinuity).map((s) => s.uri);
    expect(marked).toEqual(['24.ts']);
    // A program date-time at the start and after the discontinuity.
    expect(playlist.segments.filter((s) => s.programDateTime).map((s) => [s.uri, s.programDateTime])).toEqual([
      ['15.ts', at(30)],
      ['24.ts', at(48)],
    ]);
  });

  it('keeps discontinuity sequence numbers and program date-times consistent as the window slides', () => {
    // Every 0.5 s over three loops: each segment keeps its discontinuity sequence number (the
    // loop it is in) and its wall time, whichever window lists it (RFC 8216 §6.2.2, §6.3.3).
    const seen = new Map<number, { dsn: number; wall: number | null }>();
    let lastSequence = -1;
    for (let t = 0; t <= 150; t += 0.5) {
      const playlist = parse(renderMediaPlaylist(liveWindow(index, { liveStart, now: at(t), dvrWindowSeconds: 20 })));
      expect(playlist.mediaSequence).toBeGreaterThanOrEqual(lastSequence);
      lastSequence = playlist.mediaSequence;
      for (const entry of timeline(playlist)) {
        expect(entry.sequence).toBe(entry.position);
        expect(entry.dsn).toBe(Math.floor(entry.position / N));
        expect(entry.wall).toBe(at(entry.position * 2).getTime());
        const earlier = seen.get(entry.position);
        if (earlier) expect(earlier).toEqual({ dsn: entry.dsn, wall: entry.wall });
        seen.set(entry.position, { dsn: entry.dsn, wall: entry.wall });
      }
      // The first segment never carries the tag: the sequence number already counts it.
      expect(playlist.segments[0]?.discontinuity).toBe(false);
    }
    expect(seen.size).toBeGreaterThan(3 * N);
  });

  it('is deterministic', () => {
    const a = renderMediaPlaylist(liveWindow(index, { liveStart, now: at(1234.5), dvrWindowSeconds: 60 }));
    const b = renderMediaPlaylist(liveWindow(index, { liveStart, now: at(1234.5), dvrWindowSeconds: 60 }));
    expect(a).toBe(b);
    expect(a).toContain('#EXT-X-DISCONTINUITY-SEQUENCE:24\n');
    expect(a).toContain('#EXT-X-TARGETDURATION:2\n');
  });
});

describe('the VOD playlist', () => {
  it('covers liveStart..liveEnd within one segment, with every wrap marked, and ends', () => {
    for (const seconds of [0.4, 2, 59.9, 60, 61.3, 3600.1]) {
      const text = renderMediaPlaylist(vodPlaylist(index, { liveStart, liveEnd: at(seconds) }));
      const playlist = parse(text);
      const duration = playlist.segments.reduce((sum, s) => sum + s.duration, 0);
      expect(duration).toBeGreaterThanOrEqual(seconds);
      expect(duration - seconds).toBeLessThan(2);
      expect(playlist.tags.get('EXT-X-PLAYLIST-TYPE')).toBe('VOD');
      expect(playlist.endList).toBe(true);
      expect(text.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
      for (const entry of timeline(playlist)) {
        expect(entry.dsn).toBe(Math.floor(entry.position / N));
        expect(entry.wall).toBe(at(entry.position * 2).getTime());
      }
    }
  });

  it('has one segment for an event that ended as it began', () => {
    expect(vodPlaylist(index, { liveStart, liveEnd: liveStart }).segments.map((s) => s.position)).toEqual([0]);
  });

  it('is the live stream plus the segment being written when it stopped', () => {
    const live = liveWindow(index, { liveStart, now: at(61.3), dvrWindowSeconds: 3600 });
    const vod = vodPlaylist(index, { liveStart, liveEnd: at(61.3) });
    expect(vod.segments.slice(0, live.segments.length)).toEqual(live.segments);
    expect(vod.segments.length).toBe(live.segments.length + 1);
    expect(publishedEnd(index, { liveStart, liveEnd: at(61.3) }, at(61.3))).toBe(vod.segments.length);
    expect(publishedEnd(index, { liveStart, liveEnd: at(61.3) }, at(61.2))).toBe(live.segments.length);
  });
});

describe('the trimmed playlist', () => {
  it('snaps each piece outward to segment boundaries and marks every piece and wrap', () => {
    const result = trimmedPlaylist(index, [
      { start: 5, end: 9.5, liveStart },
      { start: 3, end: 3 },
      { start: 47, end: 51 },
      { start: 96, end: 98 },
    ]);
    expect(result.pieces.map(({ start, end, fromPosition, toPosition }) => ({ start, end, fromPosition, toPosition }))).toEqual([
      { start: 4, end: 10, fromPosition: 2, toPosition: 5 },
      { start: 46, end: 52, fromPosition: 23, toPosition: 26 },
      { start: 96, end: 98, fromPosition: 48, toPosition: 49 },
    ]);
    const playlist = parse(renderMediaPlaylist(result));
    expect(playlist.segments.map((s) => s.uri)).toEqual(['2.ts', '3.ts', '4.ts', '23.ts', '24.ts', '25.ts', '48.ts']);
    expect(playlist.segments.map((s) => s.discontinuity)).toEqual([false, false, false, true, true, false, true]);
    expect(playlist.segments.map((s) => s.programDateTime)).toEqual([at(4), null, null, null, null, null, null]);
    expect(result.durationMs).toBe(14_000);
    expect(playlist.endList).toBe(true);
  });

  it('takes per-piece URIs for pieces of other streams', () => {
    const result = trimmedPlaylist(index, [
      { start: 0, end: 2 },
      { start: 0, end: 2, segmentUri: (p) => `/api/stream/other/${p}.ts` },
    ]);
    expect(result.segments.map((s) => s.uri)).toEqual(['0.ts', '/api/stream/other/0.ts']);
  });
});

describe('the master playlist', () => {
  it('names the one variant with its bandwidth, resolution and codecs', () => {
    const text = masterPlaylist(index);
    const lines = text.trim().split('\n');
    expect(lines[0]).toBe('#EXTM3U');
    const inf = lines.find((l) => l.startsWith('#EXT-X-STREAM-INF:')) ?? '';
    expect(inf).toContain(`BANDWIDTH=${index.bandwidth}`);
    expect(inf).toContain(`RESOLUTION=${index.width}x${index.height}`);
    expect(inf).toContain(`CODECS="${index.codecs}"`);
    expect(lines.at(-1)).toBe('index.m3u8');
  });

  it('works for any segment list, such as one with uneven durations', () => {
    const uneven: MediaIndex = { ...index, segments: [{ uri: 'a.ts', duration: 2.5, bytes: 1 }, { uri: 'b.ts', duration: 1.5, bytes: 1 }] };
    const window = liveWindow(uneven, { liveStart, now: at(9), dvrWindowSeconds: 0 });
    // 0-2.5 a, 2.5-4 b, 4-6.5 a, 6.5-8 b, 8-10.5 a (playing): published up to position 3.
    expect(window.segments.map((s) => s.position)).toEqual([0, 1, 2, 3]);
    expect(window.targetDuration).toBe(3);
    expect(window.durationMs).toBe(8000);
    expect(renderMediaPlaylist(window)).toContain('#EXTINF:2.500,\n0.ts');
  });
});
