/**
 * USP-style track filter expressions (`type=="video"&&systemBitrate<800000||type=="audio"`), as
 * the video asset and VOD download clips take them: which tracks of the media to keep.
 *
 * Supported: comparisons (== != < <= > >=) of a track property with a number or a "string",
 * && || ! and parentheses; properties of the simulated media's tracks: type ("video", "audio"),
 * systemBitrate, FourCC ("AVC1", "AACL"), trackID, width, height, SamplingRate, channels, lang.
 * An unknown property compares as missing (false). A syntax error is reported with its position.
 */

export interface Track {
  type: 'video' | 'audio';
  [property: string]: string | number;
}

/** The tracks of the shipped test media (sim/media/README.md): H.264 960x540 and AAC-LC mono 48 kHz. */
export const TEST_MEDIA_TRACKS: readonly Track[] = [
  { type: 'video', trackID: 1, FourCC: 'AVC1', systemBitrate: 600_000, width: 960, height: 540, lang: 'und' },
  { type: 'audio', trackID: 2, FourCC: 'AACL', systemBitrate: 64_000, SamplingRate: 48_000, channels: 1, lang: 'und' },
];

type Token = { kind: 'op'; value: string; at: number } | { kind: 'name'; value: string; at: number } | { kind: 'value'; value: string | number; at: number };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) i += 1;
    else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][\w.]*/.exec(text.slice(i))!;
      tokens.push({ kind: 'name', value: m[0], at: i });
      i += m[0].length;
    } else if (/[\d.]/.test(c) || (c === '-' && /\d/.test(text[i + 1] ?? ''))) {
      const m = /^-?\d+(\.\d+)?/.exec(text.slice(i));
      if (!m) throw new Error(`unexpected "${c}" at ${i + 1}`);
      tokens.push({ kind: 'value', value: Number(m[0]), at: i });
      i += m[0].length;
    } else if (c === '"' || c === "'") {
      const end = text.indexOf(c, i + 1);
      if (end < 0) throw new Error(`unterminated string at ${i + 1}`);
      tokens.push({ kind: 'value', value: text.slice(i + 1, end), at: i });
      i = end + 1;
    } else {
      const op = ['&&', '||', '==', '!=', '<=', '>=', '<', '>', '!', '(', ')'].find((o) => text.startsWith(o, i));
      if (!op) throw new Error(`unexpected "${c}" at ${i + 1}`);
      tokens.push({ kind: 'op', value: op, at: i });
      i += op.length;
    }
  }
  return tokens;
}

type Node = (track: Track) => boolean;

/** Parses a filter; throws an Error saying what is wrong and where. */
export function parseTrackFilter(text: string): Node {
  const tokens = tokenize(text);
  let pos = 0;
  const peek = () => tokens[pos];
  const expectOp = (value: string) => {
    const t = tokens[pos];
    if (t?.kind !== 'op' || t.value !== value) throw new Error(`expected "${value}" ${t ? `at ${t.at + 1}` : 'at the end'}`);
    pos += 1;
  };
  const or = (): Node => {
    let left = and();
    while (peek()?.kind === 'op' && peek()!.value === '||') {
      pos += 1;
      const a = left;
      const b = and();
      left = (t) => a(t) || b(t);
    }
    return left;
  };
  const and = (): Node => {
    let left = unary();
    while (peek()?.kind === 'op' && peek()!.value === '&&') {
      pos += 1;
      const a = left;
      const b = unary();
      left = (t) => a(t) && b(t);
    }
    return left;
  };
  const unary = (): Node => {
    const t = peek();
    if (t?.kind === 'op' && t.value === '!') {
      pos += 1;
      const inner = unary();
      return (track) => !inner(track);
    }
    if (t?.kind === 'op' && t.value === '(') {
      pos += 1;
      const inner = or();
      expectOp(')');
      return inner;
    }
    return comparison();
  };
  const comparison = (): Node => {
    const name = tokens[pos];
    if (name?.kind !== 'name') throw new Error(`expected a track property ${name ? `at ${name.at + 1}` : 'at the end'}`);
    pos += 1;
    const op = tokens[pos];
    if (op?.kind !== 'op' || !['==', '!=', '<', '<=', '>', '>='].includes(op.value)) throw new Error(`expected a comparison after "${name.value}"`);
    pos += 1;
    const value = tokens[pos];
    if (value?.kind !== 'value') throw new Error(`expected a number or a "string" after "${op.value}"`);
    pos += 1;
    return (track) => {
      const actual = track[name.value];
      if (actual === undefined) return false;
      const v = value.value;
      switch (op.value) {
        case '==':
          return String(actual).toLowerCase() === String(v).toLowerCase();
        case '!=':
          return String(actual).toLowerCase() !== String(v).toLowerCase();
        case '<':
          return Number(actual) < Number(v);
        case '<=':
          return Number(actual) <= Number(v);
        case '>':
          return Number(actual) > Number(v);
        default:
          return Number(actual) >= Number(v);
      }
    };
  };
  if (tokens.length === 0) throw new Error('the filter is empty');
  const node = or();
  if (pos < tokens.length) throw new Error(`unexpected "${tokens[pos]!.value}" at ${tokens[pos]!.at + 1}`);
  return node;
}

/** The tracks a filter keeps: `{ video, audio }`, or an error message. */
export function selectTracks(filter: string | null | undefined, tracks: readonly Track[] = TEST_MEDIA_TRACKS): { video: boolean; audio: boolean } | { error: string } {
  if (!filter || filter.trim() === '') return { video: true, audio: true };
  let node: Node;
  try {
    node = parseTrackFilter(filter);
  } catch (error) {
    return { error: `is not a filter expression: ${(error as Error).message}` };
  }
  const kept = tracks.filter(node);
  if (kept.length === 0) return { error: 'selects no track of the media (a video track, type=="video", and an audio track, type=="audio")' };
  return { video: kept.some((t) => t.type === 'video'), audio: kept.some((t) => t.type === 'audio') };
}
