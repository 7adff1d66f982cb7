/**
 * The date and time formats of template fields (`dateFormat`, `timeFormat`), written the .NET way
 * as the original service does: `yyyy-MM-dd`, `dd/MM/yyyy`, `HH:mm`, `h:mm tt`. One reading for
 * both sides: the service checks values with it, the dashboard shows them in native date and time
 * inputs and checks them the same way before sending.
 *
 * Supported: y (yy, yyyy), M (M, MM, MMM, MMMM), d (d, dd; ddd and dddd week-day names), H, h,
 * m, s (one or two letters), f and F (fractions), t and tt (A/P, AM/PM), z (z, zz, zzz) and K
 * (offsets), 'quoted' or "quoted" literals and \-escapes; every other character stands for
 * itself. The moment.js spellings YYYY/DD and date-fns's `a` are read as yyyy/dd and tt, since
 * templates written for a JavaScript form use them. Week-day names are accepted without checking
 * them against the date.
 */

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Used when a DateField or TimeField does not give its format. */
export const DEFAULT_DATE_FORMAT = 'yyyy-MM-dd';
export const DEFAULT_TIME_FORMAT = 'HH:mm';

/** What the parts of a format stand for: year, month, day, hour (24 or 12), minute, second, fraction, AM/PM, offset. */
export type FormatLetter = 'y' | 'M' | 'd' | 'H' | 'h' | 'm' | 's' | 'f' | 't' | 'z';

export interface DateTimeParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

type Field = 'year2' | 'year4' | 'month' | 'monthName' | 'day' | 'weekday' | 'hour24' | 'hour12' | 'minute' | 'second' | 'fraction' | 'ampm' | 'offset';

interface Token {
  field: Field;
  letter: FormatLetter;
  /** The regular expression of this token, without a group. */
  pattern: string;
  write: (v: DateTimeParts) => string;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const names = (list: string[], short: boolean) => list.map((n) => (short ? n.slice(0, 3) : n)).join('|');
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const weekdayOf = (v: DateTimeParts) => DAYS[new Date(Date.UTC(v.year, v.month - 1, v.day)).getUTCDay()]!;

/** A number part of one letter (`d`: 1 to 2 digits, unpadded) or more (`dd`: 2 digits). */
function numeric(field: Field, letter: FormatLetter, count: number, value: (v: DateTimeParts) => number): Token {
  return { field, letter, pattern: count === 1 ? '\\d{1,2}' : '\\d{2}', write: (v) => (count === 1 ? String(value(v)) : pad(value(v))) };
}

function token(c: string, count: number): Token | undefined {
  switch (c) {
    case 'y':
    case 'Y':
      return count >= 3
        ? { field: 'year4', letter: 'y', pattern: '\\d{4}', write: (v) => pad(v.year, 4) }
        : { field: 'year2', letter: 'y', pattern: count === 1 ? '\\d{1,2}' : '\\d{2}', write: (v) => pad(v.year % 100) };
    case 'M':
      if (count >= 4) return { field: 'monthName', letter: 'M', pattern: names(MONTHS, false), write: (v) => MONTHS[v.month - 1]! };
      if (count === 3) return { field: 'monthName', letter: 'M', pattern: names(MONTHS, true), write: (v) => MONTHS[v.month - 1]!.slice(0, 3) };
      return numeric('month', 'M', count, (v) => v.month);
    case 'd':
    case 'D':
      if (count >= 4) return { field: 'weekday', letter: 'd', pattern: names(DAYS, false), write: weekdayOf };
      if (count === 3) return { field: 'weekday', letter: 'd', pattern: names(DAYS, true), write: (v) => weekdayOf(v).slice(0, 3) };
      return numeric('day', 'd', count, (v) => v.day);
    case 'H':
      return numeric('hour24', 'H', count, (v) => v.hour);
    case 'h':
      return numeric('hour12', 'h', count, (v) => ((v.hour + 11) % 12) + 1);
    case 'm':
      return numeric('minute', 'm', count, (v) => v.minute);
    case 's':
      return numeric('second', 's', count, (v) => v.second);
    case 'f':
      return { field: 'fraction', letter: 'f', pattern: `\\d{${count}}`, write: () => '0'.repeat(count) };
    case 'F':
      return { field: 'fraction', letter: 'f', pattern: `\\d{0,${count}}`, write: () => '' };
    case 't':
      if (count === 1) return { field: 'ampm', letter: 't', pattern: '[AP]', write: (v) => (v.hour < 12 ? 'A' : 'P') };
      return { field: 'ampm', letter: 't', pattern: 'AM|PM', write: (v) => (v.hour < 12 ? 'AM' : 'PM') };
    case 'a':
      return { field: 'ampm', letter: 't', pattern: 'AM|PM', write: (v) => (v.hour < 12 ? 'AM' : 'PM') };
    case 'z':
      return count >= 3
        ? { field: 'offset', letter: 'z', pattern: '[+-]\\d{2}:\\d{2}', write: () => '+00:00' }
        : { field: 'offset', letter: 'z', pattern: count === 1 ? '[+-]\\d{1,2}' : '[+-]\\d{2}', write: () => (count === 1 ? '+0' : '+00') };
    case 'K':
      return { field: 'offset', letter: 'z', pattern: 'Z|[+-]\\d{2}:\\d{2}', write: () => 'Z' };
    default:
      return undefined;
  }
}

type Part = { literal: string } | { token: Token };

function tokenize(format: string): Part[] {
  const parts: Part[] = [];
  const literal = (text: string) => {
    const last = parts.at(-1);
    if (last && 'literal' in last) last.literal += text;
    else parts.push({ literal: text });
  };
  for (let i = 0; i < format.length; ) {
    const c = format[i]!;
    if (c === "'" || c === '"') {
      const end = format.indexOf(c, i + 1);
      literal(format.slice(i + 1, end === -1 ? format.length : end));
      i = end === -1 ? format.length : end + 1;
    } else if (c === '\\') {
      literal(format[i + 1] ?? '');
      i += 2;
    } else if (c === '%') {
      i += 1;
    } else {
      let n = 1;
      while (format[i + n] === c) n++;
      const t = token(c, n);
      if (t) parts.push({ token: t });
      else literal(c.repeat(n));
      i += n;
    }
  }
  return parts;
}

export interface CompiledFormat {
  format: string;
  /** Which parts the format has: a date needs y, M and d; a time needs an hour. */
  has: ReadonlySet<FormatLetter>;
  /** The parts of a value written in this format, or undefined when it is not one (real dates only: no 31 April). */
  parse(text: string): Partial<DateTimeParts> | undefined;
  /** Whether the text is a valid value of the format. */
  matches(text: string): boolean;
  /** Writes parts in this format (fractions as zeros, offsets as UTC). */
  write(parts: DateTimeParts): string;
  /** An example value (15 January 2026, 14:30), for hints and messages. */
  example: string;
}

/** Compiled formats by text; a template has a handful, so the cache stays small (and is bounded anyway). */
const cache = new Map<string, CompiledFormat>();
const CACHE_LIMIT = 200;

export function compileFormat(format: string): CompiledFormat {
  const cached = cache.get(format);
  if (cached) return cached;
  const parts = tokenize(format);
  const tokens = parts.flatMap((p) => ('token' in p ? [p.token] : []));
  const regex = new RegExp(`^${parts.map((p) => ('literal' in p ? escapeRegex(p.literal) : `(${p.token.pattern})`)).join('')}$`, 'i');
  const write = (v: DateTimeParts) => parts.map((p) => ('literal' in p ? p.literal : p.token.write(v))).join('');
  const parse = (text: string): Partial<DateTimeParts> | undefined => {
    const match = regex.exec(text);
    if (!match) return undefined;
    const out: Partial<DateTimeParts> = {};
    let pm = false;
    let hour12: number | undefined;
    for (const [i, t] of tokens.entries()) {
      const value = match[i + 1]!;
      const n = Number(value);
      switch (t.field) {
        case 'year4':
          out.year = n;
          break;
        case 'year2':
          out.year = 2000 + n;
          break;
        case 'month':
          if (n < 1 || n > 12) return undefined;
          out.month = n;
          break;
        case 'monthName':
          out.month = MONTHS.findIndex((m) => m.toLowerCase().startsWith(value.toLowerCase())) + 1;
          break;
        case 'day':
          if (n < 1 || n > 31) return undefined;
          out.day = n;
          break;
        case 'hour24':
          if (n > 23) return undefined;
          out.hour = n;
          break;
        case 'hour12':
          if (n < 1 || n > 12) return undefined;
          hour12 = n;
          break;
        case 'minute':
          if (n > 59) return undefined;
          out.minute = n;
          break;
        case 'second':
          if (n > 59) return undefined;
          out.second = n;
          break;
        case 'ampm':
          pm = value.toUpperCase().startsWith('P');
          break;
        case 'offset': {
          const [h, m] = value.replace(/^[+-]/, '').split(':').map(Number);
          if ((h ?? 0) > 14 || (m ?? 0) > 59) return undefined;
          break;
        }
        case 'weekday':
        case 'fraction':
          break;
      }
    }
    if (hour12 !== undefined) out.hour = (hour12 % 12) + (pm ? 12 : 0);
    // Without a year, 2000 (a leap year): 29 February passes.
    if (out.day !== undefined && out.day > daysIn(out.year ?? 2000, out.month ?? 1)) return undefined;
    return out;
  };
  const compiled: CompiledFormat = {
    format,
    has: new Set(tokens.map((t) => t.letter)),
    parse,
    matches: (text) => parse(text) !== undefined,
    write,
    example: write({ year: 2026, month: 1, day: 15, hour: 14, minute: 30, second: 0 }),
  };
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(format, compiled);
  return compiled;
}
