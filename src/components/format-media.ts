/**
 * Media times and file sizes as the dashboard writes them everywhere: one timecode, one size.
 * (Dates: `format-time.ts`.)
 */

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * Milliseconds into a media as `hh:mm:ss.fff`, the form the service takes for clip starts and
 * ends, trim points and marker starts; below zero counts as zero. `fraction` shortens it for
 * people: `'tenths'` (`hh:mm:ss.f`, a clip mark), `'when-any'` (`.fff` only where there are
 * milliseconds, a chapter point).
 */
export function formatTimecode(ms: number, fraction: 'ms' | 'tenths' | 'when-any' = 'ms'): string {
  const total = fraction === 'tenths' ? Math.max(0, Math.round(ms / 100)) * 100 : Math.max(0, Math.round(ms));
  const base = `${pad(Math.floor(total / 3_600_000))}:${pad(Math.floor((total % 3_600_000) / 60_000))}:${pad(Math.floor((total % 60_000) / 1000))}`;
  const millis = total % 1000;
  if (fraction === 'tenths') return `${base}.${millis / 100}`;
  if (fraction === 'when-any' && millis === 0) return base;
  return `${base}.${pad(millis, 3)}`;
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];

/**
 * Decimal units, as the service's friendlyFormat writes them: "950 B", "1.2 KB", "38.5 GB"; an
 * unknown size (a file not made yet) is `''`, for the caller to leave out or stand in for.
 */
export function formatBytes(bytes: number | null | undefined, locale?: string): string {
  if (bytes === null || bytes === undefined) return '';
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  if (unit === 0) return `${Math.round(value).toLocaleString(locale)} B`;
  if (Number(value.toFixed(1)) >= 1000 && unit < BYTE_UNITS.length - 1) return `1.0 ${BYTE_UNITS[unit + 1]}`;
  return `${value.toLocaleString(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} ${BYTE_UNITS[unit]}`;
}
