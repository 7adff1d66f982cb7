/**
 * The media encoder: real ffmpeg runs on the simulated world's media (the shipped MPEG-TS
 * segments of the test programme and the MP4 test card), for frames, GIFs, MP4 cuts, stitched
 * clips and sprites. DESIGN.md "The simulated world"; issue 15.
 *
 * Why ffmpeg from `@ffmpeg-installer/ffmpeg`: it ships a static ffmpeg (libx264, AAC, GIF, MJPEG)
 * *inside* the npm tarball of its platform package (`@ffmpeg-installer/linux-x64`), executable as
 * unpacked, so `npm install` on a fresh machine has it without apt, without a download and without
 * running an install script (npm 11 runs none by default). `ffmpeg-static` downloads its binary in
 * a postinstall script, which fails where only the registry is reachable. `FFMPEG_PATH` (config.ts)
 * points at another ffmpeg when wanted.
 *
 * How to use it (the job handlers of assets, MP4s and VOD downloads do this):
 *
 * @example
 * const encoder = new MediaEncoder({ concurrency: 2 });
 * // The input: segment files and the range wanted, from areas/media/event-media.ts:
 * const media = await eventMediaOf(db, clientId, eventId, clock.now());   // what the event plays
 * const input = mediaInputOf(media, 12_000, 42_000);                      // a 30 s range of it
 * await encoder.mp4([input], '/tmp/out.mp4', { frameAccurate: true });    // an MP4 cut (or several stitched)
 * await encoder.frame(input, '/tmp/out.jpg', { atMs: 0 });                // a JPEG at the range's start
 * await encoder.gif(input, '/tmp/out.gif', { fps: 10, width: 480 });      // an animated GIF of the range
 * const info = await encoder.probe('/tmp/out.mp4');                       // { durationMs, width, height, ... }
 *
 * - At most `concurrency` ffmpeg processes run at once in the process (others wait their turn, in
 *   call order); each run has a time limit (`timeoutMs`, default 120 s) after which it is killed.
 * - Every failure is a MediaEncoderError whose message says what was asked and ffmpeg's last
 *   lines of output; `kind` tells a time-out, a failed start (no binary) and a failed run apart.
 * - Outputs are written to a temporary name beside the target and renamed when complete, so a
 *   reader never sees half a file.
 * - Nothing here knows events or tenants: inputs are files.
 */
import { spawn } from 'node:child_process';
import { accessSync, chmodSync, constants } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** One file of an input: a shipped MPEG-TS segment (or any file ffmpeg reads), with its duration. */
export interface SegmentFile {
  file: string;
  durationMs: number;
}

/**
 * A range of media: consecutive segment files, played one after the other, and the part of them
 * wanted, `startMs` from the start of the first file for `durationMs`. The files start on key
 * frames (the shipped segments do), so a cut at a file boundary needs no re-encoding.
 */
export interface MediaInput {
  segments: readonly SegmentFile[];
  startMs: number;
  durationMs: number;
}

export type MediaEncoderErrorKind = 'spawn' | 'timeout' | 'exit' | 'input';

export class MediaEncoderError extends Error {
  override readonly name = 'MediaEncoderError';
  constructor(
    readonly kind: MediaEncoderErrorKind,
    message: string,
    /** ffmpeg's last lines of output, when it ran. */
    readonly output = '',
  ) {
    super(message);
  }
}

export interface MediaEncoderOptions {
  /** The ffmpeg binary; default the one `@ffmpeg-installer/ffmpeg` ships. */
  ffmpegPath?: string;
  /** ffmpeg processes at once in this process. Default 2. */
  concurrency?: number;
  /** Default time limit of one run. Default 120 s. */
  timeoutMs?: number;
  /** Where concat lists and partial outputs live; default the system's temporary folder. */
  tmpDir?: string;
}

export interface RunOptions {
  timeoutMs?: number;
  /** What is being made, for the error message (`a GIF of 00:00:12.000-00:00:17.000`). */
  what?: string;
  /** Told how far the output has got (ms of media written), from ffmpeg's `-progress` output. */
  onProgress?: (doneMs: number) => void;
}

export interface FrameOptions {
  /** The frame's time from the input's start (its range), ms. Default 0. */
  atMs?: number;
  /** Output size; one side given keeps the aspect ratio. Default the media's own size. */
  width?: number;
  height?: number;
}

export interface GifOptions {
  /** Frames per second. Default 10. */
  fps?: number;
  width?: number;
  height?: number;
  /** 1 normal, 2 twice as fast, 0.5 half; 0 a still frame (a one-frame GIF of the start). Default 1. */
  speed?: number;
  /** The GIF's loop count: -1 plays once (no loop), 0 loops for ever, n repeats n times. Default 0. */
  repeats?: number;
}

export interface Mp4Options {
  /**
   * true: re-encoded, cut to the exact frames of each range (H.264 + AAC). false (default): the
   * source's own packets copied, each range widened to the key frames around it (2 s segments),
   * which takes milliseconds.
   */
  frameAccurate?: boolean;
  /** Keep the video track. Default true. */
  video?: boolean;
  /** Keep the audio track. Default true. */
  audio?: boolean;
  /** The MP4's first timestamp, ms (copyTs: the clip's time in its stream). Default 0. */
  startTimeMs?: number;
  /** Told the share done (0..1) as ffmpeg writes, a few times a second at most. */
  onProgress?: (fraction: number) => void;
}

export interface SpriteOptions {
  /** Time between two tiles, ms. Default: the duration / 100, at least 2 s. */
  intervalMs?: number;
  /** Tiles per row. Default 10. */
  columns?: number;
  /** Width of a tile. Default 160 (the height follows the aspect ratio). */
  tileWidth?: number;
}

export interface ProbeResult {
  /** Null when the file does not say (a GIF: ffmpeg reads no duration from it). */
  durationMs: number | null;
  width: number | null;
  height: number | null;
  hasVideo: boolean;
  hasAudio: boolean;
  /** `h264`, `gif`, `mjpeg`, ... */
  videoCodec: string | null;
}

const require = createRequire(import.meta.url);

let installedPath: string | undefined;
/** The ffmpeg of `@ffmpeg-installer/ffmpeg`, made executable if the tarball's mode was lost. */
export function installedFfmpegPath(): string {
  if (installedPath) return installedPath;
  let path: string;
  try {
    path = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  } catch (error) {
    throw new MediaEncoderError('spawn', `ffmpeg is not installed (npm install @ffmpeg-installer/ffmpeg): ${String(error)}`);
  }
  try {
    accessSync(path, constants.X_OK);
  } catch {
    // The platform package's postinstall only does `chmod u+x`; do it here when scripts did not run.
    chmodSync(path, 0o755);
  }
  installedPath = path;
  return path;
}

/**
 * Half a frame at 25 fps: a frame's timestamp after the concat demuxer's rounding may fall just
 * before the time asked for, which would show the previous frame; seeking half a frame later
 * picks the frame that is on screen at that time.
 */
const HALF_FRAME_MS = 20;
const seconds = (ms: number): string => (Math.max(0, ms) / 1000).toFixed(3);
const TAIL_LINES = 8;

/** A concat-demuxer list of the files (paths quoted as the demuxer wants). */
function concatList(segments: readonly SegmentFile[]): string {
  const lines = ['ffconcat version 1.0'];
  for (const s of segments) {
    lines.push(`file '${s.file.replaceAll("'", "'\\''")}'`, `duration ${seconds(s.durationMs)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The segments of an input that its range touches, and the range's start within them. */
export function trimInput(input: MediaInput): MediaInput {
  let start = input.startMs;
  let first = 0;
  while (first < input.segments.length - 1 && start >= input.segments[first]!.durationMs) {
    start -= input.segments[first]!.durationMs;
    first += 1;
  }
  let covered = -start;
  let last = first;
  for (; last < input.segments.length; last += 1) {
    covered += input.segments[last]!.durationMs;
    if (covered >= input.durationMs) break;
  }
  return { segments: input.segments.slice(first, Math.min(last + 1, input.segments.length)), startMs: start, durationMs: input.durationMs };
}

function checkInput(input: MediaInput, what: string): void {
  const total = input.segments.reduce((sum, s) => sum + s.durationMs, 0);
  if (input.segments.length === 0) throw new MediaEncoderError('input', `${what}: the input has no media`);
  if (!(input.durationMs > 0) || input.startMs < 0 || input.startMs + input.durationMs > total + 1) {
    throw new MediaEncoderError('input', `${what}: the range ${seconds(input.startMs)}+${seconds(input.durationMs)} s is outside the input's ${seconds(total)} s`);
  }
}

/** `scale=w:h` keeping the aspect ratio when one side is missing (even sizes, as H.264 needs). */
function scaleFilter(width: number | undefined, height: number | undefined): string | null {
  if (!width && !height) return null;
  const w = width ? Math.round(width) : -2;
  const h = height ? Math.round(height) : -2;
  return `scale=${w}:${h}:flags=lanczos`;
}

export class MediaEncoder {
  private readonly ffmpegPath: string | undefined;
  readonly concurrency: number;
  private readonly timeoutMs: number;
  private readonly tmpDir: string;
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(options: MediaEncoderOptions = {}) {
    this.ffmpegPath = options.ffmpegPath;
    this.concurrency = Math.max(1, Math.floor(options.concurrency ?? 2));
    this.timeoutMs = options.timeoutMs ?? 120_000;
    this.tmpDir = options.tmpDir ?? tmpdir();
  }

  /** ffmpeg runs going on and waiting, for the bench and the logs. */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }

  private async acquire(): Promise<void> {
    if (this.active < this.concurrency) {
      this.active += 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active -= 1;
  }

  /**
   * Runs ffmpeg with `args` (after `-hide_banner -nostdin -loglevel error`), waiting for a free
   * slot first. Resolves with its output (stderr) on exit code 0; rejects with a MediaEncoderError.
   */
  async run(args: readonly string[], options: RunOptions = {}): Promise<string> {
    const what = options.what ?? 'ffmpeg';
    const path = this.ffmpegPath ?? installedFfmpegPath();
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    await this.acquire();
    try {
      return await new Promise<string>((resolve, reject) => {
        let output = '';
        let settled = false;
        const progress = options.onProgress ? ['-progress', 'pipe:1', '-nostats'] : [];
        const child = spawn(path, ['-hide_banner', '-nostdin', '-loglevel', 'error', ...progress, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
        // stdout carries -progress's lines when asked for, else nothing; it is drained either way.
        if (!options.onProgress) child.stdout.resume();
        else {
          const report = options.onProgress;
          let pending = '';
          child.stdout.setEncoding('utf8');
          child.stdout.on('data', (chunk: string) => {
            // key=value lines; out_time_us is the output's time (out_time_ms is microseconds too).
            pending += chunk;
            const lines = pending.split('\n');
            pending = lines.pop() ?? '';
            for (const line of lines) {
              const match = /^out_time_us=(\d+)/.exec(line.trim());
              if (match) report(Number(match[1]) / 1000);
            }
          });
        }
        const timer = setTimeout(() => {
          if (settled) return;
          settled = true;
          child.kill('SIGKILL');
          reject(new MediaEncoderError('timeout', `${what}: ffmpeg took longer than ${Math.round(timeoutMs / 1000)} s and was stopped`, tail(output)));
        }, timeoutMs);
        child.stderr.setEncoding('utf8');
        child.stderr.on('data', (chunk: string) => {
          output += chunk;
          if (output.length > 64_000) output = output.slice(-32_000);
        });
        child.on('error', (error) => {
          clearTimeout(timer);
          if (settled) return;
          settled = true;
          reject(new MediaEncoderError('spawn', `${what}: ffmpeg could not be started (${path}): ${error.message}`));
        });
        child.on('close', (code, signal) => {
          clearTimeout(timer);
          if (settled) return;
          settled = true;
          if (code === 0) resolve(output);
          else {
            const last = tail(output);
            reject(new MediaEncoderError('exit', `${what}: ffmpeg failed (${signal ? `signal ${signal}` : `exit code ${code}`})${last ? `: ${last}` : ''}`, last));
          }
        });
      });
    } finally {
      this.release();
    }
  }

  /** Runs `make(listFile, partialOut)` in a temporary folder, then moves the output into place. */
  private async withWork(outFile: string, inputs: readonly MediaInput[], make: (lists: string[], partial: string, work: string) => Promise<void>): Promise<void> {
    const work = await mkdtemp(join(this.tmpDir, 'control-room-media-'));
    try {
      const lists: string[] = [];
      for (const [i, input] of inputs.entries()) {
        const list = join(work, `input-${i}.ffconcat`);
        await writeFile(list, concatList(input.segments));
        lists.push(list);
      }
      await mkdir(dirname(outFile), { recursive: true });
      const extension = outFile.slice(outFile.lastIndexOf('.'));
      const partial = join(dirname(outFile), `.partial-${Math.random().toString(36).slice(2)}${extension}`);
      try {
        await make(lists, partial, work);
        await rename(partial, outFile);
      } finally {
        await rm(partial, { force: true });
      }
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  /** A JPEG of the frame at `atMs` of the input's range. */
  async frame(input: MediaInput, outFile: string, options: FrameOptions = {}): Promise<void> {
    const atMs = options.atMs ?? 0;
    const what = `a frame at ${seconds(input.startMs + atMs)} s`;
    const point = trimInput({ ...input, startMs: input.startMs + atMs, durationMs: 1 });
    checkInput(point, what);
    const scale = scaleFilter(options.width, options.height);
    await this.withWork(outFile, [point], (lists, partial) =>
      this.run(
        ['-f', 'concat', '-safe', '0', '-i', lists[0]!, '-ss', seconds(point.startMs + HALF_FRAME_MS), '-frames:v', '1', ...(scale ? ['-vf', scale] : []), '-q:v', '3', '-an', '-f', 'image2', '-y', partial],
        { what },
      ).then(() => undefined),
    );
  }

  /** An animated GIF of the input's range (a one-frame GIF when `speed` is 0). */
  async gif(input: MediaInput, outFile: string, options: GifOptions = {}): Promise<void> {
    const what = `a GIF of ${seconds(input.startMs)}+${seconds(input.durationMs)} s`;
    const trimmed = trimInput(input);
    checkInput(trimmed, what);
    const fps = options.fps ?? 10;
    const speed = options.speed ?? 1;
    const repeats = options.repeats ?? 0;
    const scale = scaleFilter(options.width, options.height) ?? 'scale=480:-2:flags=lanczos';
    const start = seconds(trimmed.startMs);
    // A still: the first frame alone (trimmed to one frame's time, so the GIF is written whole).
    const end = seconds(trimmed.startMs + (speed === 0 ? Math.min(trimmed.durationMs, 1000 / fps) : trimmed.durationMs));
    // The fps filter repeats the last frame up to the input's end: the frame count ends it.
    const frames = speed === 0 ? 1 : Math.max(1, Math.round(((trimmed.durationMs / speed) * fps) / 1000));
    const chain = [
      `trim=start=${start}:end=${end}`,
      'setpts=PTS-STARTPTS',
      ...(speed > 0 && speed !== 1 ? [`setpts=PTS/${speed}`] : []),
      `fps=${fps}`,
      `trim=end_frame=${frames}`,
      scale,
    ];
    const graph = `[0:v]${chain.join(',')},split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=bayer:bayer_scale=3[out]`;
    await this.withWork(outFile, [trimmed], (lists, partial) =>
      this.run(
        ['-f', 'concat', '-safe', '0', '-i', lists[0]!, '-filter_complex', graph, '-map', '[out]', '-loop', String(repeats), '-f', 'gif', '-y', partial],
        { what },
      ).then(() => undefined),
    );
  }

  /**
   * An MP4 of the inputs' ranges one after the other (one input: a cut; several: stitched).
   * Without frameAccurate the ranges widen to whole segments and nothing is re-encoded.
   */
  async mp4(inputs: readonly MediaInput[], outFile: string, options: Mp4Options = {}): Promise<void> {
    const what = inputs.length === 1 ? `an MP4 of ${seconds(inputs[0]!.startMs)}+${seconds(inputs[0]!.durationMs)} s` : `an MP4 of ${inputs.length} clips`;
    const trimmed = inputs.map(trimInput);
    for (const input of trimmed) checkInput(input, what);
    const video = options.video ?? true;
    const audio = options.audio ?? true;
    if (!video && !audio) throw new MediaEncoderError('input', `${what}: neither video nor audio is wanted`);
    const tracks = [...(video ? [] : ['-vn']), ...(audio ? [] : ['-an'])];
    const offset = options.startTimeMs ? ['-output_ts_offset', seconds(options.startTimeMs)] : [];
    const mp4Out = ['-movflags', '+faststart', '-f', 'mp4'];
    const totalMs = trimmed.reduce((sum, i) => sum + i.durationMs, 0);
    let lastReported = -1;
    /** ffmpeg's written ms, after `beforeMs` of earlier pieces, as a share (at most every 1 %). */
    const progressAfter = (beforeMs: number) =>
      options.onProgress && totalMs > 0
        ? (doneMs: number) => {
            const fraction = Math.min(1, Math.max(0, (beforeMs + doneMs) / totalMs));
            if (fraction - lastReported < 0.01) return;
            lastReported = fraction;
            options.onProgress!(fraction);
          }
        : undefined;
    const withProgress = (beforeMs: number) => {
      const onProgress = progressAfter(beforeMs);
      return onProgress ? { onProgress } : {};
    };
    if (!options.frameAccurate) {
      // One list of every segment of every range: copied packets, key frame to key frame.
      const all: MediaInput = { segments: trimmed.flatMap((i) => i.segments), startMs: 0, durationMs: 1 };
      await this.withWork(outFile, [all], (lists, partial) =>
        this.run(['-f', 'concat', '-safe', '0', '-i', lists[0]!, ...tracks, '-c', 'copy', ...offset, ...mp4Out, '-y', partial], { what, timeoutMs: this.timeoutMs * 2, ...withProgress(0) }).then(() => undefined),
      );
      return;
    }
    const encode = [
      ...(video ? ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-g', '50'] : []),
      ...(audio ? ['-c:a', 'aac', '-b:a', '64k', '-ar', '48000', '-ac', '1'] : []),
    ];
    await this.withWork(outFile, trimmed, async (lists, partial, work) => {
      if (trimmed.length === 1) {
        const input = trimmed[0]!;
        await this.run(
          ['-f', 'concat', '-safe', '0', '-i', lists[0]!, '-ss', seconds(input.startMs), '-t', seconds(input.durationMs), ...tracks, ...encode, ...offset, ...mp4Out, '-y', partial],
          { what, ...withProgress(0) },
        );
        return;
      }
      // Each range re-encoded alike to MPEG-TS, then the pieces joined without re-encoding.
      const pieces: SegmentFile[] = [];
      let beforeMs = 0;
      for (const [i, input] of trimmed.entries()) {
        const piece = join(work, `piece-${i}.ts`);
        await this.run(
          ['-f', 'concat', '-safe', '0', '-i', lists[i]!, '-ss', seconds(input.startMs), '-t', seconds(input.durationMs), ...tracks, ...encode, '-f', 'mpegts', '-y', piece],
          { what: `${what} (clip ${i + 1})`, ...withProgress(beforeMs) },
        );
        beforeMs += input.durationMs;
        pieces.push({ file: piece, durationMs: input.durationMs });
      }
      const joined = join(work, 'pieces.ffconcat');
      await writeFile(joined, concatList(pieces));
      await this.run(['-f', 'concat', '-safe', '0', '-i', joined, '-c', 'copy', ...offset, ...mp4Out, '-y', partial], { what });
    });
  }

  /** A JPEG grid of frames every `intervalMs` (the key frames nearest), for scrubbing previews. */
  async sprite(input: MediaInput, outFile: string, options: SpriteOptions = {}): Promise<{ tiles: number; intervalMs: number; columns: number }> {
    const what = 'a sprite';
    const trimmed = trimInput(input);
    checkInput(trimmed, what);
    const intervalMs = Math.max(2_000, options.intervalMs ?? Math.ceil(trimmed.durationMs / 100 / 2_000) * 2_000);
    const tiles = Math.max(1, Math.min(100, Math.ceil(trimmed.durationMs / intervalMs)));
    const columns = Math.min(options.columns ?? 10, tiles);
    const rows = Math.ceil(tiles / columns);
    const width = options.tileWidth ?? 160;
    await this.withWork(outFile, [trimmed], (lists, partial) =>
      this.run(
        [
          '-skip_frame', 'nokey', '-f', 'concat', '-safe', '0', '-i', lists[0]!, '-an',
          '-vf', `trim=start=${seconds(trimmed.startMs)}:duration=${seconds(trimmed.durationMs)},fps=1000/${intervalMs},scale=${width}:-2,tile=${columns}x${rows}`,
          '-frames:v', '1', '-q:v', '4', '-f', 'image2', '-y', partial,
        ],
        { what },
      ).then(() => undefined),
    );
    return { tiles, intervalMs, columns };
  }

  /** What a file holds, read from ffmpeg's description of it. */
  async probe(file: string): Promise<ProbeResult> {
    // `ffmpeg -i file` alone describes the input and exits 1 ("At least one output file"): read its output.
    const path = this.ffmpegPath ?? installedFfmpegPath();
    const output = await new Promise<string>((resolve, reject) => {
      let text = '';
      const child = spawn(path, ['-hide_banner', '-nostdin', '-i', file], { stdio: ['ignore', 'ignore', 'pipe'] });
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (chunk: string) => (text += chunk));
      child.on('error', (error) => reject(new MediaEncoderError('spawn', `probing ${file}: ffmpeg could not be started: ${error.message}`)));
      child.on('close', () => resolve(text));
    });
    const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(output);
    if (!duration && !/Duration: N\/A/.test(output)) throw new MediaEncoderError('input', `probing ${file}: not a media file ffmpeg reads`, tail(output));
    const videoLine = /Stream #\S+.*?: Video: (\w+)[^\n]*?, (\d{2,5})x(\d{2,5})/.exec(output);
    return {
      durationMs: duration ? Math.round(((Number(duration[1]) * 60 + Number(duration[2])) * 60 + Number(duration[3])) * 1000) : null,
      width: videoLine ? Number(videoLine[2]) : null,
      height: videoLine ? Number(videoLine[3]) : null,
      hasVideo: /Stream #\S+.*?: Video:/.test(output),
      hasAudio: /Stream #\S+.*?: Audio:/.test(output),
      videoCodec: videoLine ? videoLine[1]! : null,
    };
  }
}

function tail(output: string): string {
  return output.trim().split('\n').slice(-TAIL_LINES).join(' | ').slice(0, 1000);
}
