/**
 * Date-times between the service (ISO 8601, UTC) and `<input type="datetime-local">`, which
 * shows and returns wall-clock time in the user's own time zone without an offset.
 */
import { parseServiceDate } from '../format-time.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-03-12T13:30:00Z` -> `2026-03-12T14:30` in Amsterdam; empty for no date. */
export function isoToLocalInput(value: string | null | undefined): string {
  const date = parseServiceDate(value);
  if (!date) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The input's local wall-clock text -> an ISO date-time in UTC; null for empty or unreadable text. */
export function localInputToIso(text: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text)) return null;
  // Without an offset, a date-time string is read as local time (ECMA-262 Date Time String Format).
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** `UTC+01:00` for a date in the user's time zone (the offset depends on the date: summer time). */
export function utcOffsetLabel(date: Date = new Date()): string {
  const minutes = -date.getTimezoneOffset();
  const sign = minutes < 0 ? '−' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** "Europe/Amsterdam (UTC+01:00)": the zone date-time fields are shown in. */
export function timeZoneLabel(date: Date = new Date()): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone ? `${zone.replace(/_/g, ' ')} (${utcOffsetLabel(date)})` : utcOffsetLabel(date);
}
