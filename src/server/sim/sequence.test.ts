import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { crc32Mpeg2, audioOnlySegment } from './audio-only.ts';
import { CARD_DIR, liveWindow, loadMediaIndex, MEDIA_DIR, programmeOf, renderMediaPlaylist, vodPlaylist } from './hls.ts';
import { Sequence, type Clip } from './sequence.ts';
import { streamPlaylist } from './stream-playlist.ts';

const programme = programmeOf(loadMediaIndex());
const card = programmeOf(loadMediaIndex(CARD_DIR));
const bars = (from: number, to: number, extra: Partial<Clip> = {}): Clip => ({ name: 'programme', programme, from, to, ...extra });
const cardClip = (from: number, to: number): Clip => ({ name: 'card', programme: card, from, to });

describe('a sequence of clips', () => {
  it('maps positions to clips and files, in order, with their starts', () => {
    const sequence = new Sequence([], [bars(5, 8), cardClip(0, 5), bars(30, 32)]);
    expect(sequence.count).toBe(10);
    expect(sequence.durationMs).toBe(20_000);
    const seen = Array.from({ length: 10 }, (_, k) => sequence.segment(k));
    expect(seen.map((s) => `${s.clip.name}:${s.fileIndex}`)).toEqual([
      'programme:5',
      'programme:6',
      'programme:7',
      'card:0',
      'card:1',
      'card:2',
      'card:3',
      'card:4',
      'programme:6',
      'programme:7',
    ]);
    expect(seen.map((s) => s.startMs)).toEqual([0, 2000, 4000, 6000, 8000, 10_000, 12_000, 14_000, 16_000, 18_000]);
    expect(seen.map((s) => s.discontinuity)).toEqual([false, false, false, true, false, false, false, false, true, false]);
    expect(() => sequence.segment(10)).toThrow(RangeError);
  });

  it('finds the position playing at an offset, and the end of a finite sequence', () => {
    const sequence = new Sequence([], [bars(5, 8), cardClip(0, 5)]);
    expect([0, 1999, 2000, 5999, 6000, 15_999].map((ms) => sequence.positionAt(ms))).toEqual([0, 0, 1, 2, 3, 7]);
    expect(sequence.positionAt(16_000)).toBe(8);
    expect(sequence.positionAt(-5)).toBe(0);
  });

  it('marks a discontinuity where a programme wraps inside a clip', () => {
    const sequence = new Sequence([], [bars(20, 30)]);
    expect(sequence.segment(4).fileIndex).toBe(0);
    expect(sequence.segment(4).discontinuity).toBe(true);
    expect(sequence.discontinuitiesThrough(3)).toBe(0);
    expect(sequence.discontinuitiesThrough(4)).toBe(1);
  });

  it('loops its body after the intro, and counts every discontinuity through a position', () => {
    const sequence = new Sequence([bars(0, 3)], [bars(0, 2), cardClip(0, 2)], true);
    expect(sequence.count).toBe(Infinity);
    const names = Array.from({ length: 11 }, (_, k) => {
      const s = sequence.segment(k);
      return `${s.clip.name[0]}${s.fileIndex}${s.discontinuity ? '|' : ''}`;
    });
    expect(names).toEqual(['p0', 'p1', 'p2', 'p0|', 'p1', 'c0|', 'c1', 'p0|', 'p1', 'c0|', 'c1']);
    // Discontinuities counted one by one agree with the closed form, far into the loop.
    let counted = 0;
    for (let k = 0; k < 400; k++) {
      if (sequence.segment(k).discontinuity) counted++;
      expect(sequence.discontinuitiesThrough(k)).toBe(counted);
    }
    expect(sequence.positionAt(sequence.startMs(397) + 1)).toBe(397);
  });

  it('an endless clip of the programme is an ordinary live stream', () => {
    const sequence = Sequence.endless('programme', programme);
    expect(sequence.count).toBe(Infinity);
    expect(sequence.segment(24).discontinuity).toBe(true);
    expect(sequence.segment(49).fileIndex).toBe(1);
    expect(sequence.discontinuitiesThrough(48)).toBe(2);
    expect(() => new Sequence([], [bars(0, Infinity), bars(0, 2)])).toThrow();
  });

  it('skips empty clips', () => {
    const sequence = new Sequence([], [bars(3, 3), bars(4, 2), bars(1, 2)]);
    expect(sequence.count).toBe(1);
    expect(new Sequence([], [], true).isEmpty).toBe(true);
  });
});

describe('playlists of a sequence', () => {
  const liveStart = new Date('2026-01-15T12:00:00.000Z');

  it('agree with the plain live window and VOD playlist for an ordinary stream', () => {
    const index = loadMediaIndex();
    const sequence = Sequence.endless('programme', programme);
    for (const seconds of [0, 1, 2, 47, 49, 100, 1000.5]) {
      const now = new Date(liveStart.getTime() + seconds * 1000);
      const mine = streamPlaylist({ sequence, window: { kind: 'live', elapsedMs: seconds * 1000, dvrWindowSeconds: 30 }, dateTimeBase: liveStart, segmentUri: (k) => `${k}.ts` });
      expect(renderMediaPlaylist(mine!), String(seconds)).toBe(renderMediaPlaylist(liveWindow(index, { liveStart, now, dvrWindowSeconds: 30 })));
    }
    const vod = streamPlaylist({ sequence, window: { kind: 'vod', end: 31 }, dateTimeBase: liveStart, segmentUri: (k) => `${k}.ts` });
    expect(renderMediaPlaylist(vod!)).toBe(renderMediaPlaylist(vodPlaylist(index, { liveStart, liveEnd: new Date(liveStart.getTime() + 61_000) })));
  });

  it('end once a finite live sequence has played, and state the clips’ own times for a composition', () => {
    const sourceTime = new Date('2026-01-10T20:00:00.000Z');
    const sequence = new Sequence([], [bars(10, 12, { dateTime: sourceTime }), cardClip(0, 1)]);
    const live = streamPlaylist({ sequence, window: { kind: 'live', elapsedMs: 60_000, dvrWindowSeconds: 0 }, dateTimeBase: liveStart, segmentUri: (k) => `${k}.ts` })!;
    expect(live.ended).toBe(true);
    expect(renderMediaPlaylist(live)).toContain('#EXT-X-ENDLIST');
    const vod = renderMediaPlaylist(streamPlaylist({ sequence, window: { kind: 'vod', end: 3 }, dateTimeBase: null, segmentUri: (k) => `${k}.ts` })!);
    expect(vod).toContain(`#EXT-X-PROGRAM-DATE-TIME:${sourceTime.toISOString()}`);
    // The card has no wall-clock time of its own.
    expect(vod.match(/PROGRAM-DATE-TIME/g)).toHaveLength(1);
  });

  it('put markers where they begin, as EXT-X-DATERANGE', () => {
    const sourceTime = new Date('2026-01-10T20:00:00.000Z');
    const cue = { id: 'm', offsetMs: 3_500, durationMs: 30_000, type: 'REPLACEMENT', frameAccurate: null };
    const sequence = new Sequence([], [bars(0, 4, { dateTime: sourceTime, cues: [cue] })]);
    const text = renderMediaPlaylist(streamPlaylist({ sequence, window: { kind: 'vod', end: 4 }, dateTimeBase: null, segmentUri: (k) => `${k}.ts` })!);
    const lines = text.split('\n');
    const at = lines.findIndex((l) => l.startsWith('#EXT-X-DATERANGE'));
    expect(lines[at]).toBe(`#EXT-X-DATERANGE:ID="m-1",CLASS="com.controlroom.scte35",START-DATE="2026-01-10T20:00:03.500Z",PLANNED-DURATION=30.000,X-SCTE35-TYPE="REPLACEMENT"`);
    expect(lines[at - 1]).toBe('#EXT-X-PROGRAM-DATE-TIME:2026-01-10T20:00:02.000Z');
    expect(lines[at + 2]).toBe('1.ts');
  });
});

describe('audio-only segments', () => {
  const segment = readFileSync(join(MEDIA_DIR, 'seg-00.m2t'));

  it('keep the PAT, a PMT listing the audio only (with a valid CRC), and the audio packets', () => {
    const audio = audioOnlySegment(segment);
    expect(audio.length % 188).toBe(0);
    const pids = new Map<number, number>();
    let pmt: Buffer | undefined;
    for (let i = 0; i < audio.length; i += 188) {
      const packet = audio.subarray(i, i + 188);
      const pid = ((packet[1]! & 0x1f) << 8) | packet[2]!;
      pids.set(pid, (pids.get(pid) ?? 0) + 1);
      if (pid === 0x1000) pmt = packet;
    }
    expect([...pids.keys()].sort((a, b) => a - b)).toEqual([0, 0x11, 0x101, 0x1000]);
    const start = 5 + pmt![4]!;
    const length = 3 + (((pmt![start + 1]! & 0x0f) << 8) | pmt![start + 2]!);
    const section = pmt!.subarray(start, start + length);
    expect(crc32Mpeg2(section)).toBe(0);
    // One elementary stream left: AAC (0x0f) on PID 0x101; no PCR PID.
    const programInfoLength = ((section[10]! & 0x0f) << 8) | section[11]!;
    expect(section[12 + programInfoLength]).toBe(0x0f);
    expect(length - 12 - programInfoLength - 4).toBe(5);
    expect(((section[8]! & 0x1f) << 8) | section[9]!).toBe(0x1fff);
  });

  it('leave what is not MPEG-TS alone', () => {
    const junk = Buffer.from('not a transport stream');
    expect(audioOnlySegment(junk)).toBe(junk);
  });
});
