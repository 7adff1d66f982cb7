/**
 * The template's date and time formats (read by the schema module, as the service reads them) on
 * native inputs: a DateField is a date input and a TimeField a time input while the value stays in
 * the template's format. A format with parts no native input gives (fractions, offsets) or with
 * parts of both a date and a time is shown as plain text.
 */
import type { CompiledFormat, FormatLetter } from '#schema/models/date-time-format.ts';

export { compileFormat, DEFAULT_DATE_FORMAT, DEFAULT_TIME_FORMAT, type CompiledFormat } from '#schema/models/date-time-format.ts';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const hasAny = (format: CompiledFormat, letters: readonly FormatLetter[]) => letters.some((l) => format.has.has(l));
/** Parts no native input gives. */
const NOT_NATIVE: readonly FormatLetter[] = ['f', 'z'];

/** A date format a native date input can stand for: it has a year, a month and a day, nothing more. */
export function dateInputFits(format: CompiledFormat): boolean {
  return !hasAny(format, NOT_NATIVE) && format.has.has('y') && format.has.has('M') && format.has.has('d') && !hasAny(format, ['H', 'h', 'm', 's', 't']);
}

/** A time format a native time input can stand for: it has an hour and no date parts. */
export function timeInputFits(format: CompiledFormat): boolean {
  return !hasAny(format, NOT_NATIVE) && (format.has.has('H') || format.has.has('h')) && !hasAny(format, ['y', 'M', 'd']);
}

/** A value in the template's date format as a date input's yyyy-MM-dd; '' for blank, undefined when it is not a date of the format. */
export function toDateInput(value: string, format: CompiledFormat): string | undefined {
  if (value.trim() === '') return '';
  const parts = format.parse(value.trim());
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
  const parts = format.parse(value.trim());
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
