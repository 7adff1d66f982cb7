/**
 * The date and time formats of template fields (`dateFormat`, `timeFormat`, written the .NET way:
 * `yyyy-MM-dd`, `dd/MM/yyyy`, `HH:mm`, `h:mm tt`), so that a DateField can be a native date input
 * and a TimeField a native time input while the value stays in the template's format.
 *
 * Understood: y (yy, yyyy), M (M, MM, MMM, MMMM), d (d, dd; ddd and dddd week-day names), H, h,
 * m, s (one or two letters), t and tt (AM/PM); 'quoted' or "quoted" literals and \-escapes; the
 * moment.js spellings YYYY/DD and date-fns's `a`. A format with anything else (fractions, offsets)
 * is shown as plain text, and the service checks it.
 */

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export const DEFAULT_DATE_FORMAT = 'yyyy-MM-dd';
export const DEFAULT_TIME_FORMAT = 'HH:mm';

type Letter = 'y' | 'M' | 'd' | 'H' | 'h' | 'm' | 's' | 't';
type Part = { literal: string } | { letter: Letter; count: number } | { unsupported: string };

const LETTERS: Record<string, Letter> = { y: 'y', Y: 'y', M: 'M', d: 'd', D: 'd', H: 'H', h: 'h', m: 'm', s: 's', t: 't', a: 't' };
/** Letters the service understands that a native input cannot give. */
const UNSUPPORTED = new Set(['f', 'F', 'z', 'K']);

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
      const letter = LETTERS[c];
      if (letter) parts.push({ letter, count: c === 'a' ? 2 : n });
      else if (UNSUPPORTED.has(c)) parts.push({ unsupported: c.repeat(n) });
      else literal(c.repeat(n));
      i += n;
    }
  }
  return parts;
}

export interface DateTimeParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const names = (list: string[], short: boolean) => list.map((n) => (short ? n.slice(0, 3) : n)).join('|');
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

function pattern(part: { letter: Letter; count: number }): string {
  const { letter, count } = part;
  switch (letter) {
    case 'y':
      return count >= 3 ? '\\d{4}' : count === 2 ? '\\d{2}' : '\\d{1,2}';
    case 'M':
      if (count >= 4) return names(MONTHS, false);
      if (count === 3) return names(MONTHS, true);
      return count === 1 ? '\\d{1,2}' : '\\d{2}';
    case 'd':
      if (count >= 4) return names(DAYS, false);
      if (count === 3) return names(DAYS, true);
      return count === 1 ? '\\d{1,2}' : '\\d{2}';
    case 't':
      return count === 1 ? '[AP]' : 'AM|PM';
    default:
      return count === 1 ? '\\d{1,2}' : '\\d{2}';
  }
}

export interface CompiledFormat {
  format: string;
  /** Which parts the format has: a date input needs y, M and d; a time input needs an hour. */
  has: ReadonlySet<Letter>;
  /** False when the format has parts no native input gives (fractions, offsets). */
  native: boolean;
  /** The parts of a value written in this format, or undefined when it is not one (31 April included). */
  parse(text: string): Partial<DateTimeParts> | undefined;
  /** Writes parts in this format. */
  write(parts: DateTimeParts): string;
  /** An example value (15 January 2026, 14:30), for hints. */
  example: string;
}

const cache = new Map<string, CompiledFormat>();

export function compileFormat(format: string): CompiledFormat {
  const cached = cache.get(format);
  if (cached) return cached;
  const parts = tokenize(format);
  const tokens = parts.filter((p): p is { letter: Letter; count: number } => 'letter' in p);
  const regex = new RegExp(
    `^${parts.map((p) => ('literal' in p ? escapeRegex(p.literal) : 'letter' in p ? `(${pattern(p)})` : escapeRegex(p.unsupported))).join('')}$`,
    'i',
  );
  const write = (v: DateTimeParts) =>
    parts
      .map((p) => {
        if ('literal' in p) return p.literal;
        if ('unsupported' in p) return p.unsupported;
        const { letter, count } = p;
        const two = (n: number) => (count === 1 ? String(n) : pad(n));
        switch (letter) {
          case 'y':
            return count >= 3 ? pad(v.year, 4) : pad(v.year % 100);
          case 'M':
            return count >= 4 ? MONTHS[v.month - 1]! : count === 3 ? MONTHS[v.month - 1]!.slice(0, 3) : two(v.month);
          case 'd': {
            if (count <= 2) return two(v.day);
            const weekday = DAYS[new Date(Date.UTC(v.year, v.month - 1, v.day)).getUTCDay()]!;
            return count >= 4 ? weekday : weekday.slice(0, 3);
          }
          case 'H':
            return two(v.hour);
          case 'h':
            return two(((v.hour + 11) % 12) + 1);
          case 'm':
            return two(v.minute);
          case 's':
            return two(v.second);
          case 't':
            return count === 1 ? (v.hour < 12 ? 'A' : 'P') : v.hour < 12 ? 'AM' : 'PM';
        }
      })
      .join('');
  const compiled: CompiledFormat = {
    format,
    has: new Set(tokens.map((t) => t.letter)),
    native: !parts.some((p) => 'unsupported' in p),
    write,
    example: write({ year: 2026, month: 1, day: 15, hour: 14, minute: 30, second: 0 }),
    parse(text) {
      const match = regex.exec(text.trim());
      if (!match) return undefined;
      const out: Partial<DateTimeParts> = {};
      let pm: boolean | undefined;
      let hour12: number | undefined;
      for (const [i, t] of tokens.entries()) {
        const value = match[i + 1]!;
        const n = Number(value);
        switch (t.letter) {
          case 'y':
            out.year = t.count >= 3 ? n : 2000 + n;
            break;
          case 'M':
            out.month = t.count >= 3 ? MONTHS.findIndex((m) => m.toLowerCase().startsWith(value.toLowerCase())) + 1 : n;
            if (out.month < 1 || out.month > 12) return undefined;
            break;
          case 'd':
            if (t.count >= 3) break;
            if (n < 1 || n > 31) return undefined;
            out.day = n;
            break;
          case 'H':
            if (n > 23) return undefined;
            out.hour = n;
            break;
          case 'h':
            if (n < 1 || n > 12) return undefined;
            hour12 = n;
            break;
          case 'm':
            if (n > 59) return undefined;
            out.minute = n;
            break;
          case 's':
            if (n > 59) return undefined;
            out.second = n;
            break;
          case 't':
            pm = value.toUpperCase().startsWith('P');
            break;
        }
      }
      if (hour12 !== undefined) out.hour = (hour12 % 12) + (pm ? 12 : 0);
      if (out.day !== undefined && out.day > daysIn(out.year ?? 2000, out.month ?? 1)) return undefined;
      return out;
    },
  };
  cache.set(format, compiled);
  return compiled;
}

/** A date format a native date input can stand for: it has a year, a month and a day, nothing more. */
export function dateInputFits(format: CompiledFormat): boolean {
  return format.native && format.has.has('y') && format.has.has('M') && format.has.has('d') && !['H', 'h', 'm', 's', 't'].some((l) => format.has.has(l as Letter));
}

/** A time format a native time input can stand for: it has an hour and no date parts. */
export function timeInputFits(format: CompiledFormat): boolean {
  return format.native && (format.has.has('H') || format.has.has('h')) && !['y', 'M', 'd'].some((l) => format.has.has(l as Letter));
}

/** A value in the template's date format as a date input's yyyy-MM-dd; '' for blank, undefined when it is not a date of the format. */
export function toDateInput(value: string, format: CompiledFormat): string | undefined {
  if (value.trim() === '') return '';
  const parts = format.parse(value);
  if (!parts || parts.year === undefined || parts.month === undefined || parts.day === undefined) return undefined;
  return `${pad(parts.year, 4)}-${pad(parts.month)}-${pad(parts.day)}`;
}

/** A date input's yyyy-MM-dd in the template's format ('' stays ''). */
export function fromDateInput(iso: string, format: CompiledFormat): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return '';
  return format.write({ year: Number(match[1]), month: Number(match[2]), day: Number(match[3]), hour: 0, minute: 0, second: 0 });
}

/** A value in the template's time format as a time input's HH:mm (HH:mm:ss when the format has seconds). */
export function toTimeInput(value: string, format: CompiledFormat): string | undefined {
  if (value.trim() === '') return '';
  const parts = format.parse(value);
  if (!parts || parts.hour === undefined) return undefined;
  const base = `${pad(parts.hour)}:${pad(parts.minute ?? 0)}`;
  return format.has.has('s') ? `${base}:${pad(parts.second ?? 0)}` : base;
}

/** A time input's HH:mm[:ss] in the template's format ('' stays ''). */
export function fromTimeInput(iso: string, format: CompiledFormat): string {
  const match = /^(\d{2}):(\d{2})(?::(\d{2}))?/.exec(iso);
  if (!match) return '';
  return format.write({ year: 2000, month: 1, day: 1, hour: Number(match[1]), minute: Number(match[2]), second: Number(match[3] ?? 0) });
}
