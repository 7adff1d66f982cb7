/**
 * What a stream of the simulated publishing point plays, position by position: a sequence of
 * clips, each a range of positions of a programme (hls.ts: the shipped test programme, the MP4
 * test card). An ordinary live event is one endless clip of the test programme; a generated
 * standard composition is the trimmed pieces of its source events one after the other; an
 * encoder composition plays its items in order, looped when asked.
 *
 * Positions of the sequence are the stream's segment URIs (`<k>.ts`), so a position names the same
 * bytes for ever. A discontinuity comes before the first segment of every clip (but the very
 * first of the stream) and wherever a programme wraps inside a clip (its timestamps restart).
 *
 * Everything here is pure and in integer milliseconds; lookups are binary searches over per-clip
 * prefix sums, so a sequence of thousands of clips answers a playlist in microseconds.
 */
import { positionAt as programmePositionAt, positionStartMs, positionDurationMs, type Programme } from './hls.ts';

/** An SCTE-35 marker inside a clip, in ms from the clip's first segment. */
export interface Cue {
  id: string;
  offsetMs: number;
  durationMs: number;
  /** `INSERTION` or `REPLACEMENT`. */
  type: string;
  frameAccurate: boolean | null;
}

export interface Clip {
  /** A name for the programme (`programme`, `card`): which shipped segments the clip plays. */
  name: string;
  programme: Programme;
  /** Positions [from, to) of the programme; `to` may be Infinity for an endless last clip. */
  from: number;
  to: number;
  /** Wall-clock time of the clip's first segment (the source's time), for EXT-X-PROGRAM-DATE-TIME. */
  dateTime?: Date | null;
  cues?: readonly Cue[];
}

export interface SequenceSegment {
  position: number;
  clip: Clip;
  /** Index of the clip in intro + body. */
  clipIndex: number;
  /** Position within the clip's programme (the shipped file is programmePosition mod size). */
  programmePosition: number;
  fileIndex: number;
  durationMs: number;
  /** Start in ms from the start of the sequence. */
  startMs: number;
  /** Start in ms from the clip's first segment. */
  clipOffsetMs: number;
  discontinuity: boolean;
  /** The first segment of a clip (of each loop's pass). */
  clipStart: boolean;
}

interface Part {
  clip: Clip;
  count: number;
  durationMs: number;
  /** Discontinuities inside the clip where its programme wraps (not counting its own start). */
  wraps: number;
}

interface Block {
  parts: Part[];
  /** Prefix sums: first position, start ms and wraps before each part. */
  firstPosition: number[];
  startMs: number[];
  wrapsBefore: number[];
  count: number;
  durationMs: number;
  wraps: number;
}

function partOf(clip: Clip): Part {
  const size = clip.programme.size;
  if (!(clip.to > clip.from) || clip.from < 0) return { clip, count: 0, durationMs: 0, wraps: 0 };
  if (clip.to === Infinity) return { clip, count: Infinity, durationMs: Infinity, wraps: Infinity };
  const count = clip.to - clip.from;
  const durationMs = positionStartMs(clip.programme, clip.to) - positionStartMs(clip.programme, clip.from);
  // Wrap positions p in (from, to): multiples of the programme's size.
  const wraps = Math.floor((clip.to - 1) / size) - Math.floor(clip.from / size);
  return { clip, count, durationMs, wraps };
}

function blockOf(clips: readonly Clip[]): Block {
  const parts = clips.map(partOf).filter((p) => p.count > 0);
  const firstPosition: number[] = [];
  const startMs: number[] = [];
  const wrapsBefore: number[] = [];
  let count = 0;
  let durationMs = 0;
  let wraps = 0;
  for (const part of parts) {
    firstPosition.push(count);
    startMs.push(durationMs);
    wrapsBefore.push(wraps);
    count += part.count;
    durationMs += part.durationMs;
    wraps += part.wraps;
  }
  return { parts, firstPosition, startMs, wrapsBefore, count, durationMs, wraps };
}

/** The last index i with list[i] <= value (0 when none). */
function floorIndex(list: readonly number[], value: number): number {
  let lo = 0;
  let hi = list.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((list[mid] ?? 0) <= value) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export class Sequence {
  private readonly intro: Block;
  private readonly body: Block;
  readonly looped: boolean;
  /** Positions in all; Infinity when looped or endless. */
  readonly count: number;
  /** Length in ms; Infinity when looped or endless. */
  readonly durationMs: number;

  /**
   * `intro` plays once, then `body`, over and over when `looped`. An endless clip (to = Infinity)
   * may only be the last one of a body that is not looped.
   */
  constructor(intro: readonly Clip[], body: readonly Clip[], looped = false) {
    this.intro = blockOf(intro);
    this.body = blockOf(body);
    if (this.intro.count === Infinity) throw new Error('an endless clip cannot be part of an intro');
    if (this.body.parts.slice(0, -1).some((p) => p.count === Infinity)) throw new Error('only the last clip may be endless');
    this.looped = looped && this.body.count > 0 && this.body.count !== Infinity;
    this.count = this.looped ? Infinity : this.intro.count + this.body.count;
    this.durationMs = this.looped ? Infinity : this.intro.durationMs + this.body.durationMs;
  }

  /** One endless clip: an ordinary live stream of a programme. */
  static endless(name: string, programme: Programme, dateTime: Date | null = null): Sequence {
    return new Sequence([], [{ name, programme, from: 0, to: Infinity, dateTime }]);
  }

  get isEmpty(): boolean {
    return this.count === 0;
  }

  /** Clips in order (intro, then body): for descriptions and tests. */
  get clips(): Clip[] {
    return [...this.intro.parts, ...this.body.parts].map((p) => p.clip);
  }

  /** Where position k is: block, part, and the offsets of its pass. */
  private locate(k: number): { block: Block; index: number; within: number; loopStartMs: number; clipIndex: number; loop: number } {
    if (k < this.intro.count) {
      const index = floorIndex(this.intro.firstPosition, k);
      return { block: this.intro, index, within: k - (this.intro.firstPosition[index] ?? 0), loopStartMs: 0, clipIndex: index, loop: 0 };
    }
    let j = k - this.intro.count;
    let loop = 0;
    if (this.looped) {
      loop = Math.floor(j / this.body.count);
      j -= loop * this.body.count;
    }
    const index = floorIndex(this.body.firstPosition, j);
    return {
      block: this.body,
      index,
      within: j - (this.body.firstPosition[index] ?? 0),
      loopStartMs: this.intro.durationMs + (loop > 0 ? loop * this.body.durationMs : 0),
      clipIndex: this.intro.parts.length + index,
      loop,
    };
  }

  segment(k: number): SequenceSegment {
    if (!(k >= 0 && k < this.count)) throw new RangeError(`position ${k} is outside the sequence (${this.count} positions)`);
    const { block, index, within, loopStartMs, clipIndex } = this.locate(k);
    const part = block.parts[index]!;
    const { programme, from } = part.clip;
    const p = from + within;
    const clipOffsetMs = positionStartMs(programme, p) - positionStartMs(programme, from);
    const clipStart = within === 0;
    return {
      position: k,
      clip: part.clip,
      clipIndex,
      programmePosition: p,
      fileIndex: p % programme.size,
      durationMs: positionDurationMs(programme, p),
      startMs: loopStartMs + (block.startMs[index] ?? 0) + clipOffsetMs,
      clipOffsetMs,
      clipStart,
      discontinuity: k > 0 && (clipStart || p % programme.size === 0),
    };
  }

  /** Start of position k in ms from the start of the sequence (the end of the sequence for k = count). */
  startMs(k: number): number {
    if (k === this.count) return this.durationMs;
    return this.segment(k).startMs;
  }

  /**
   * The position playing at `offsetMs` (0 before the start). At or beyond the end of a finite
   * sequence: `count`.
   */
  positionAt(offsetMs: number): number {
    if (offsetMs <= 0) return 0;
    if (offsetMs >= this.durationMs) return this.count;
    let block: Block;
    let base = 0;
    let rest = offsetMs;
    if (rest < this.intro.durationMs) block = this.intro;
    else {
      rest -= this.intro.durationMs;
      base = this.intro.count;
      block = this.body;
      if (this.looped) {
        const loop = Math.floor(rest / this.body.durationMs);
        rest -= loop * this.body.durationMs;
        base += loop * this.body.count;
      }
    }
    const index = floorIndex(block.startMs, rest);
    const part = block.parts[index]!;
    const { programme, from } = part.clip;
    const inClip = rest - (block.startMs[index] ?? 0);
    const p = programmePositionAt(programme, positionStartMs(programme, from) + inClip);
    return base + (block.firstPosition[index] ?? 0) + Math.max(0, p - from);
  }

  /**
   * How many discontinuities come at or before position k: the stream's
   * EXT-X-DISCONTINUITY-SEQUENCE for a playlist whose first segment is k.
   */
  discontinuitiesThrough(k: number): number {
    if (k <= 0) return 0;
    const { block, index, within, loop } = this.locate(k);
    const part = block.parts[index]!;
    const size = part.clip.programme.size;
    const p = part.clip.from + within;
    // Wraps of this clip up to and including p, and this clip's own start.
    const wrapsHere = Math.floor(p / size) - Math.floor(part.clip.from / size);
    const startsHere = 1;
    const inBlock = (block.wrapsBefore[index] ?? 0) + index + wrapsHere + startsHere;
    let total: number;
    if (block === this.intro) total = inBlock;
    else {
      const passes = loop > 0 ? loop * (this.body.wraps + this.body.parts.length) : 0;
      total = this.intro.wraps + this.intro.parts.length + passes + inBlock;
    }
    // The very first clip start (position 0) is not a discontinuity.
    return total - 1;
  }
}
