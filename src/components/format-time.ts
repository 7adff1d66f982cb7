/**
 * Dates as operators read them: in their own locale and time zone, with a relative hint.
 * Formatters are cached per locale; creating Intl objects per cell is measurably slow.
 */

/**
 * Parses a date-time of the service. One without an offset is taken as UTC: the interface's
 * reference service (a .NET one) writes UTC times and sometimes omits the `Z`
 * (see `DateTime` in `#schema/common.ts`).
 */
export function parseServiceDate(value: string | null | undefined): Date | undefined {
  if (!value) return undefined;
  const hasOffset = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(value);
  const date = new Date(hasOffset || !value.includes('T') ? value : `${value}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const cache = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.RelativeTimeFormat>(key: string, make: () => T): T {
  let formatter = cache.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter;
}

/**
 * "Mar 12, 2:30 PM" (in the user's locale); the year only when it is not the current one, so
 * the part that differs between rows stays visible in a narrow column.
 */
export function formatDateTime(date: Date, now: Date = new Date(), locale?: string): string {
  const withYear = date.getFullYear() !== now.getFullYear();
  return cached(
    `dt:${withYear}:${locale}`,
    () =>
      new Intl.DateTimeFormat(locale, {
        year: withYear ? 'numeric' : undefined,
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }),
  ).format(date);
}

/** A range as formatDateTime writes its ends, the shared part once: "Mar 12, 2:30 – 4:05 PM". */
export function formatDateTimeRange(start: Date, end: Date, now: Date = new Date(), locale?: string): string {
  const withYear = start.getFullYear() !== now.getFullYear() || end.getFullYear() !== now.getFullYear();
  const format = cached(
    `dt:${withYear}:${locale}`,
    () => new Intl.DateTimeFormat(locale, { year: withYear ? 'numeric' : undefined, month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }),
  ) as Intl.DateTimeFormat;
  return format.formatRange(start, end);
}

/** "Thursday 12 March 2026 at 14:30:00 CET": for tooltips. */
export function formatDateTimeLong(date: Date, locale?: string): string {
  return cached(
    `dtl:${locale}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'long' }),
  ).format(date);
}

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "in 2 hr", "5 min ago", "now": the largest unit that fits, rounded. */
export function formatRelative(date: Date, now: Date, locale?: string): string {
  const seconds = (date.getTime() - now.getTime()) / 1000;
  const format = cached(`rt:${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' }));
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size * (unit === 'minute' ? 1 : 0.95)) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(0, 'second');
}

/** "14:30" / "2:30 PM": a time of day in the operator's locale (a chart's axis, a fault's start). */
export function formatTimeOfDay(date: Date, locale?: string, seconds = false): string {
  return cached(`t:${locale ?? ''}:${seconds}`, () => new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', ...(seconds ? { second: '2-digit' } : {}) })).format(date);
}
