/**
 * Date and time formats of property configuration fields (`dateFormat`, `timeFormat`), as the
 * original (.NET) service writes them: `yyyy-MM-dd`, `dd/MM/yyyy`, `HH:mm`, `h:mm tt`...
 *
 * Supported: y (yy, yyyy), M (M, MM, MMM, MMMM), d (d, dd, ddd, dddd), H, h, m, s (one or two
 * letters), f and F (fractions), t and tt (A/P, AM/PM), z (zz, zzz) and K (offsets), 'quoted' or
 * "quoted" literals and \-escapes; every other character stands for itself. The moment.js
 * spellings YYYY/DD and date-fns's `a` are read as yyyy/dd and tt, since templates written for a
 * JavaScript form use them. Week-day names are accepted without checking them against the date.
 */

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

type Field = 'year2' | 'year4' | 'month' | 'monthName' | 'day' | 'weekday' | 'hour24' | 'hour12' | 'minute' | 'second' | 'fraction' | 'ampm' | 'offset';

interface Token {
  field: Field;
  /** The regular expression of this token, without a group. */
  pattern: string;
  /** How the example value is written. */
  example: (sample: Sample) => string;
}

interface Sample {
  year: number;
  month: number;
  day: number;
  weekday: number;
  hour: number;
  minute: number;
  second: number;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const names = (list: string[], short: boolean) => list.map((n) => (short ? n.slice(0, 3) : n)).join('|');

function token(letter: string, count: number): Token | undefined {
  switch (letter) {
    case 'y':
    case 'Y':
      return count >= 3
        ? { field: 'year4', pattern: '\\d{4}', example: (s) => pad(s.year, 4) }
        : { field: 'year2', pattern: count === 1 ? '\\d{1,2}' : '\\d{2}', example: (s) => pad(s.year % 100) };
    case 'M':
      if (count >= 4) return { field: 'monthName', pattern: names(MONTHS, false), example: (s) => MONTHS[s.month - 1]! };
      if (count === 3) return { field: 'monthName', pattern: names(MONTHS, true), example: (s) => MONTHS[s.month - 1]!.slice(0, 3) };
      return { field: 'month', pattern: count === 1 ? '\\d{1,2}' : '\\d{2}', example: (s) => (count === 1 ? String(s.month) : pad(s.month)) };
    case 'd':
    case 'D':
      if (count >= 4) return { field: 'weekday', pattern: names(DAYS, false), example: (s) => DAYS[s.weekday]! };
      if (count === 3) return { field: 'weekday', pattern: names(DAYS, true), example: (s) => DAYS[s.weekday]!.slice(0, 3) };
      return { field: 'day', pattern: count === 1 ? '\\d{1,2}' : '\\d{2}', example: (s) => (count === 1 ? String(s.day) : pad(s.day)) };
    case 'H':
      return { field: 'hour24', pattern: count === 1 ? '\\d{1,2}' : '\\d{2}', example: (s) => (count === 1 ? String(s.hour) : pad(s.hour)) };
    case 'h': {
      const h12 = (s: Sample) => ((s.hour + 11) % 12) + 1;
      return { field: 'hour12', pattern: count === 1 ? '\\d{1,2}' : '\\d{2}', example: (s) => (count === 1 ? String(h12(s)) : pad(h12(s))) };
    }
    case 'm':
      return { field: 'minute', pattern: count === 1 ? '\\d{1,2}' : '\\d{2}', example: (s) => (count === 1 ? String(s.minute) : pad(s.minute)) };
    case 's':
      return { field: 'second', pattern: count === 1 ? '\\d{1,2}' : '\\d{2}', example: (s) => (count === 1 ? String(s.second) : pad(s.second)) };
    case 'f':
      return { field: 'fraction', pattern: `\\d{${count}}`, example: () => '0'.repeat(count) };
    case 'F':
      return { field: 'fraction', pattern: `\\d{0,${count}}`, example: () => '' };
    case 't':
      return count === 1
        ? { field: 'ampm', pattern: '[AP]', example: (s) => (s.hour < 12 ? 'A' : 'P') }
        : { field: 'ampm', pattern: 'AM|PM', example: (s) => (s.hour < 12 ? 'AM' : 'PM') };
    case 'a':
      return { field: 'ampm', pattern: 'AM|PM', example: (s) => (s.hour < 12 ? 'AM' : 'PM') };
    case 'z':
      return count >= 3
        ? { field: 'offset', pattern: '[+-]\\d{2}:\\d{2}', example: () => '+00:00' }
        : { field: 'offset', pattern: count === 1 ? '[+-]\\d{1,2}' : '[+-]\\d{2}', example: () => (count === 1 ? '+0' : '+00') };
    case 'K':
      return { field: 'offset', pattern: 'Z|[+-]\\d{2}:\\d{2}', example: () => 'Z' };
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
  /** Whether the text is a valid value of the format (real dates only: no 31 April). */
  matches(text: string): boolean;
  /** An example value, for messages. */
  example: string;
}

const SAMPLE: Sample = { year: 2026, month: 1, day: 15, weekday: 4, hour: 14, minute: 30, second: 0 };

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function compileFormat(format: string): CompiledFormat {
  const parts = tokenize(format);
  const source = parts.map((p) => ('literal' in p ? escapeRegex(p.literal) : `(${p.token.pattern})`)).join('');
  const regex = new RegExp(`^${source}$`, 'i');
  const tokens = parts.flatMap((p) => ('token' in p ? [p.token] : []));
  return {
    format,
    example: parts.map((p) => ('literal' in p ? p.literal : p.token.example(SAMPLE))).join(''),
    matches(text: string): boolean {
      const match = regex.exec(text);
      if (!match) return false;
      let year = 2000; // a leap year, so 29 February passes when the format has no year
      let month: number | undefined;
      let day: number | undefined;
      for (const [i, t] of tokens.entries()) {
        const value = match[i + 1]!;
        const n = Number(value);
        switch (t.field) {
          case 'year4':
            year = n;
            break;
          case 'year2':
            year = 2000 + n;
            break;
          case 'month':
            if (n < 1 || n > 12) return false;
            month = n;
            break;
          case 'monthName':
            month = MONTHS.findIndex((m) => m.toLowerCase().startsWith(value.toLowerCase())) + 1;
            break;
          case 'day':
            if (n < 1 || n > 31) return false;
            day = n;
            break;
          case 'hour24':
            if (n > 23) return false;
            break;
          case 'hour12':
            if (n < 1 || n > 12) return false;
            break;
          case 'minute':
          case 'second':
            if (n > 59) return false;
            break;
          case 'offset': {
            const [h, m] = value.replace(/^[+-]/, '').split(':').map(Number);
            if ((h ?? 0) > 14 || (m ?? 0) > 59) return false;
            break;
          }
          default:
            break;
        }
      }
      return day === undefined || day <= daysIn(year, month ?? 1);
    },
  };
}
