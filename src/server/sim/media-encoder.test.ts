import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMediaIndex, MEDIA_DIR } from './hls.ts';
import { MediaEncoder, MediaEncoderError, trimInput, type MediaInput, type SegmentFile } from './media-encoder.ts';

const index = loadMediaIndex();
/** Positions 22, 23, 0, 1, 2 of the programme: across the loop's wrap, as a long recording has it. */
const segments: SegmentFile[] = [22, 23, 0, 1, 2].map((i) => ({ file: join(MEDIA_DIR, index.segments[i]!.uri), durationMs: index.segments[i]!.duration * 1000 }));

let dir: string;
const encoder = new MediaEncoder({ concurrency: 2 });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'media-encoder-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Frames of a file: one line each in ffmpeg's framecrc output. */
async function framesOf(file: string): Promise<number> {
  const crc = join(dir, 'frames.txt');
  await encoder.run(['-i', file, '-map', '0:v', '-vsync', '0', '-f', 'framecrc', '-y', crc]);
  return (await readFile(crc, 'utf8')).split('\n').filter((line) => line !== '' && !line.startsWith('#')).length;
}

describe('trimInput', () => {
  it('keeps only the segments the range touches', () => {
    const input: MediaInput = { segments, startMs: 3_500, durationMs: 3_000 };
    const trimmed = trimInput(input);
    expect(trimmed.segments.map((s) => s.file)).toEqual([segments[1]!.file, segments[2]!.file, segments[3]!.file]);
    expect(trimmed.startMs).toBe(1_500);
  });
});

describe('MediaEncoder', () => {
  it('makes a JPEG of a frame', async () => {
    const out = join(dir, 'frame.jpg');
    await encoder.frame({ segments, startMs: 0, durationMs: 10_000 }, out, { atMs: 3_200 });
    const bytes = await readFile(out);
    expect(bytes.subarray(0, 2).toString('hex')).toBe('ffd8');
    expect(await encoder.probe(out)).toMatchObject({ width: 960, height: 540, hasVideo: true, videoCodec: 'mjpeg' });
  });

  it('makes a GIF across the loop wrap, with its size and loop count', async () => {
    const out = join(dir, 'clip.gif');
    await encoder.gif({ segments, startMs: 3_000, durationMs: 2_000 }, out, { fps: 5, width: 200, repeats: 2 });
    const bytes = await readFile(out);
    expect(bytes.subarray(0, 6).toString('latin1')).toBe('GIF89a');
    // NETSCAPE2.0 application extension: the loop count, little-endian, after the sub-block header.
    const netscape = bytes.indexOf('NETSCAPE2.0');
    expect(netscape).toBeGreaterThan(0);
    expect(bytes.readUInt16LE(netscape + 13)).toBe(2);
    expect(await encoder.probe(out)).toMatchObject({ width: 200, height: 112, videoCodec: 'gif' });
    expect(await framesOf(out)).toBe(10);
  });

  it('makes a still GIF for speed 0', async () => {
    const out = join(dir, 'still.gif');
    await encoder.gif({ segments, startMs: 1_000, durationMs: 4_000 }, out, { speed: 0, width: 120 });
    expect(await framesOf(out)).toBe(1);
  });

  it('cuts an MP4 frame-accurately, and key frame to key frame without re-encoding', async () => {
    const exact = join(dir, 'exact.mp4');
    await encoder.mp4([{ segments, startMs: 1_300, durationMs: 5_000 }], exact, { frameAccurate: true });
    const probed = await encoder.probe(exact);
    expect(probed).toMatchObject({ width: 960, height: 540, hasAudio: true, hasVideo: true });
    expect(Math.abs(probed.durationMs! - 5_000)).toBeLessThan(150);

    const copied = join(dir, 'copied.mp4');
    await encoder.mp4([{ segments, startMs: 1_300, durationMs: 5_000 }], copied);
    // Widened to whole segments: 0..8 s of the list.
    expect(Math.abs((await encoder.probe(copied)).durationMs! - 8_000)).toBeLessThan(150);
  });

  it('reports its progress from ffmpeg\'s -progress output, across the clips it stitches', async () => {
    const seen: number[] = [];
    await encoder.mp4(
      [
        { segments, startMs: 0, durationMs: 4_000 },
        { segments, startMs: 5_000, durationMs: 4_000 },
      ],
      join(dir, 'progress.mp4'),
      { frameAccurate: true, onProgress: (fraction) => seen.push(fraction) },
    );
    expect(seen.length).toBeGreaterThan(1);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    // The first clip's end is half way; the second's, the whole.
    expect(seen.some((f) => f > 0.4 && f <= 0.55)).toBe(true);
    expect(seen.at(-1)).toBeGreaterThan(0.95);
    expect(seen.at(-1)).toBeLessThanOrEqual(1);
  });

  it('stitches clips and drops the tracks not wanted', async () => {
    const out = join(dir, 'stitched.mp4');
    await encoder.mp4(
      [
        { segments, startMs: 0, durationMs: 2_000 },
        { segments, startMs: 6_000, durationMs: 3_000 },
      ],
      out,
      { frameAccurate: true, audio: false },
    );
    const probed = await encoder.probe(out);
    expect(probed.hasAudio).toBe(false);
    expect(Math.abs(probed.durationMs! - 5_000)).toBeLessThan(200);
  });

  it('makes a sprite of key frames', async () => {
    const out = join(dir, 'x_sprite.jpg');
    const sprite = await encoder.sprite({ segments, startMs: 0, durationMs: 10_000 }, out, { intervalMs: 2_000, columns: 5, tileWidth: 100 });
    expect(sprite).toEqual({ tiles: 5, intervalMs: 2_000, columns: 5 });
    expect(await encoder.probe(out)).toMatchObject({ width: 500, height: 56 });
  });

  it('refuses a range outside its input, and never leaves a partial file', async () => {
    const out = join(dir, 'outside.mp4');
    await expect(encoder.mp4([{ segments, startMs: 8_000, durationMs: 5_000 }], out)).rejects.toMatchObject({ kind: 'input' });
    await expect(stat(out)).rejects.toThrow();
  });

  it('says why ffmpeg failed, and stops a run past its time limit', async () => {
    const error = await encoder.run(['-i', join(dir, 'missing.ts'), '-f', 'null', '-'], { what: 'a test' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaEncoderError);
    expect((error as MediaEncoderError).kind).toBe('exit');
    expect((error as Error).message).toMatch(/^a test: ffmpeg failed \(exit code 1\): .*missing\.ts/);

    const slow = encoder.run(['-f', 'lavfi', '-i', 'testsrc=duration=600:size=1920x1080', '-f', 'null', '-'], { timeoutMs: 300, what: 'a long run' });
    await expect(slow).rejects.toMatchObject({ kind: 'timeout' });

    const missing = new MediaEncoder({ ffmpegPath: join(dir, 'no-ffmpeg') });
    await expect(missing.run(['-version'])).rejects.toMatchObject({ kind: 'spawn' });
  });

  it('reports its progress over all the runs of a stitch, and stops when its signal says so', async () => {
    const seen: number[] = [];
    const out = join(dir, 'progress.mp4');
    await encoder.mp4(
      [
        { segments, startMs: 1_000, durationMs: 3_000 },
        { segments, startMs: 5_000, durationMs: 3_000 },
      ],
      out,
      { frameAccurate: true, onProgress: (f) => seen.push(f) },
    );
    expect(seen.length).toBeGreaterThan(1);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.at(-1)!).toBeGreaterThan(0.9);
    expect(seen.at(-1)!).toBeLessThanOrEqual(1);

    const stop = new AbortController();
    const stopped = encoder.run(['-re', '-f', 'lavfi', '-i', 'testsrc=duration=60:size=320x240', '-f', 'null', '-'], { signal: stop.signal, what: 'a stopped run' });
    setTimeout(() => stop.abort(), 100);
    await expect(stopped).rejects.toMatchObject({ kind: 'aborted' });
  });

  it('runs at most `concurrency` processes at once', async () => {
    const one = new MediaEncoder({ concurrency: 1 });
    const runs = [1, 2, 3].map(() => one.run(['-re', '-f', 'lavfi', '-i', 'anullsrc', '-t', '0.2', '-f', 'null', '-']));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(one.load).toEqual({ active: 1, waiting: 2 });
    await Promise.all(runs);
    expect(one.load).toEqual({ active: 0, waiting: 0 });
  });
});
