/**
 * How billing figures read, and how the reference service computes each one (its documented
 * computation: src/server/areas/stats/billing.ts). A service other than the reference one may
 * count differently; the texts say "this service" for that reason.
 */

/** "1,234.5" minutes: at most two decimals, as the service rounds them. */
export function formatMinutes(minutes: number, locale?: string): string {
  return minutes.toLocaleString(locale, { maximumFractionDigits: 2 });
}

/** "20 h 34 min", "45 min", "0 min": a duration for people, to the minute. */
export function formatDuration(minutes: number): string {
  const whole = Math.round(minutes);
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours.toLocaleString()} h` : `${hours.toLocaleString()} h ${rest} min`;
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];

export { formatBytes } from '#components/format-media.ts';

/** The unit that suits the largest of some byte counts, for one chart axis. */
export function byteScale(max: number): { unit: string; divisor: number } {
  let divisor = 1;
  let unit = 0;
  while (max / divisor >= 1000 && unit < BYTE_UNITS.length - 1) {
    divisor *= 1000;
    unit++;
  }
  return { unit: BYTE_UNITS[unit]!, divisor };
}

export function count(n: number, one: string, many: string): string {
  return `${n.toLocaleString()} ${n === 1 ? one : many}`;
}

/** How the service computes each figure; shown as help next to it. */
export const HOW = {
  period:
    'Periods are whole days in UTC, as the service bills them. Figures are computed from what actually happened: events deleted since still count. A period that includes today counts up to now.',
  liveMinutes:
    'The time each event was live (its actual start to its actual end, or until now while it is still live), clipped to the period and summed over events. Every live minute is also a transcode minute.',
  resolution:
    'An event’s resolution is its custom property “billing / resolution” (SD, HD or UHD, any case); an event without one counts as HD. The resolution picker chooses which resolution’s figures are shown in detail.',
  twentyFourSeven:
    'Minutes of always-on (24/7) channels. Channel configurations in this service have no always-on marker, so every live minute is an event minute and these figures are 0.',
  simultaneous:
    'The most channels live at one moment in the period. Overlapping events on one channel count once; one channel handing over to another at the same instant is not an overlap. An event whose channel was deleted counts as a channel of its own.',
  storage:
    'An estimate of what the period added to storage: the live time of every event live in the period (its instant VOD) plus the duration of every VOD, compose and archiver asset created in it, each at the bitrate of its resolution (SD 3, HD 8, UHD 20 Mbit/s). Decimal units: 1 GB is 1,000,000,000 bytes.',
  cdn: 'Bytes delivered: the live time of every event live in the period × the bitrate of its resolution (SD 3, HD 8, UHD 20 Mbit/s), one simulated viewer per live stream.',
  drm: 'One licence per DRM-protected event live in the period (an event whose DRM settings name a provider other than NONE): the licence packaging its stream needs.',
  assets:
    'Events created in the period that are VOD assets (ingesting, private or public), compose playlists (generating, private or public) or archiver captures (private or public). Media syndication is used when a publication (live or VOD, to a destination or directly) was at work in the period.',
  buckets:
    'Each bar is the service’s figure for that day, week or month on its own. Minutes, bytes and assets add up to the period’s total; peaks, events and licences are per bar (an event live on two days counts on both).',
} as const;
