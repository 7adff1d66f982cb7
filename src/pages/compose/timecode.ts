/**
 * Timecodes of the playlist editor, in integer milliseconds so sums over 500 items never drift.
 *
 * - A trim point or a marker's startAt is a DateOrTime (`#schema/common.ts`): a time into the
 *   source, `hh:mm:ss.fff`, or a full ISO 8601 date-time. The editor types and shows the former.
 * - A marker's duration and an event's duration are TimeSpans (`hh:mm:ss`, .NET style: a day part
 *   `d.hh:mm:ss` and a fraction are possible).
 */

import { formatTimecode } from '#components/format-media.ts';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `00:01:23.456`: the form the service takes for trim points and marker starts. */
export { formatTimecode };

/** `00:00:30`, or `00:00:30.5` with a fraction: a TimeSpan for marker durations. */
export function formatTimeSpan(ms: number): string {
  const total = Math.max(0, Math.round(ms));
  const hours = Math.floor(total / 3_600_000);
  const minutes = Math.floor((total % 3_600_000) / 60_000);
  const seconds = Math.floor((total % 60_000) / 1000);
  const fraction = total % 1000;
  const base = `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
  return fraction ? `${base}.${pad(fraction, 3).replace(/0+$/, '')}` : base;
}

/** `1:02:03` or `12:34` (no hours): running times in rows and totals, to the second. */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}

/** "1 h 2 min 3 s", "45 s": a duration read out by a screen reader. */
export function spokenDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const parts = [hours ? `${hours} h` : '', minutes ? `${minutes} min` : '', seconds || (!hours && !minutes) ? `${seconds} s` : ''];
  return parts.filter(Boolean).join(' ');
}

const FRACTION = /^\d{1,3}$/;

function fractionMs(text: string | undefined): number | null {
  if (text === undefined || text === '') return 0;
  if (!FRACTION.test(text)) return null;
  return Number(text.padEnd(3, '0'));
}

/**
 * A typed time into the source, in milliseconds; null when it cannot be read. Operators type
 * what they see, so shorter forms are accepted and normalised by `normalizeTimecode`:
 * `1:02:03.5` (h:mm:ss.f), `02:03` (mm:ss), `83.25` (seconds). Minutes and seconds must be
 * under 60 wherever a larger unit is given.
 */
export function parseTimecode(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const [clock, fraction, ...rest] = trimmed.split('.');
  if (rest.length > 0 || clock === undefined || clock === '') return null;
  const ms = fractionMs(fraction);
  if (ms === null) return null;
  const parts = clock.split(':');
  if (parts.length > 3 || parts.some((p) => !/^\d+$/.test(p))) return null;
  const numbers = parts.map(Number);
  if (numbers.length === 1) return numbers[0]! * 1000 + ms;
  const seconds = numbers.at(-1)!;
  const minutes = numbers.at(-2)!;
  if (seconds >= 60 || parts.at(-1)!.length !== 2) return null;
  if (numbers.length === 3 && (minutes >= 60 || parts[1]!.length !== 2)) return null;
  const hours = numbers.length === 3 ? numbers[0]! : 0;
  return ((hours * 60 + minutes) * 60 + seconds) * 1000 + ms;
}

/** The typed text in the service's form (`00:01:23.456`); null when it cannot be read. */
export function normalizeTimecode(text: string): string | null {
  const ms = parseTimecode(text);
  return ms === null ? null : formatTimecode(ms);
}

/**
 * A TimeSpan (`hh:mm:ss`, `d.hh:mm:ss`, with an optional fraction) in milliseconds; null when it
 * cannot be read or is negative. Event durations and marker durations come in this form.
 */
export function parseTimeSpan(text: string | null | undefined): number | null {
  if (!text) return null;
  const match = /^(?:(\d+)\.)?(\d+):(\d{2}):(\d{2})(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const [, days, hours, minutes, seconds, fraction] = match;
  if (Number(minutes) >= 60 || Number(seconds) >= 60) return null;
  const fractionPart = fraction ? Math.round(Number(`0.${fraction}`) * 1000) : 0;
  return (((Number(days ?? 0) * 24 + Number(hours)) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000 + fractionPart;
}

/** A typed marker duration (`30`, `0:30`, `00:00:30`) as the service's TimeSpan; null when unreadable. */
export function normalizeTimeSpan(text: string): string | null {
  const ms = parseTimecode(text);
  return ms === null ? null : formatTimeSpan(ms);
}

/** True for a full ISO 8601 date-time (the other form a DateOrTime may take). */
export function isIsoDateTime(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i.test(text.trim()) && !Number.isNaN(Date.parse(text));
}

/** A DateOrTime as the service takes it: `hh:mm:ss.fff` (two or more hour digits) or an ISO date-time. */
export function isDateOrTime(text: string): boolean {
  return /^\d{2,}:\d{2}:\d{2}(\.\d{1,3})?$/.test(text) || isIsoDateTime(text);
}
