/**
 * Billing statistics (GET /stats/billing; service-interface.md "Billing statistics"), computed
 * from what actually happened in the period. The interface names the figures but not how they
 * are counted; this is how this service counts them.
 *
 * PERIOD  [startPeriod, endPeriod). Without either: the calendar month (UTC) of the clock's now.
 *         Only startPeriod: until the start of the month after it. Only endPeriod: from the
 *         start of the month it ends in. endPeriod must come after startPeriod (400 otherwise).
 *         Deleted events count: billing is about what ran, not about what is listed today.
 *
 * LIVE TIME  An event was live from actualLiveStart to actualLiveEnd, or until now while it has
 *         no end yet. Its live time in the period is that span clipped to the period (and to
 *         now). An event "used" the period when that is more than zero.
 *
 * RESOLUTION  An event's custom property category `billing`, key `resolution` (SD, HD or UHD,
 *         any case); HD without one (or with another value). Channel configurations carry no
 *         resolution (ChannelConfiguration has no such field).
 *
 * live.usage (resolution `All`) and live.usageForResolution (the requested resolution, HD when
 * none is asked for) sum over all events, or over the events of that resolution:
 *   eventMinutes             live time in minutes (two decimals)
 *   eventTranscodeMinutes    = eventMinutes: every live minute goes through the encoder's
 *                            transcoder (the service has no pass-through channels)
 *   eventsUsed               events with live time in the period
 *   eventChannelsUsed        distinct channels of those events; an event whose channel has since
 *                            been deleted counts as a channel of its own
 *   twentyFourSeven*         0: ChannelConfiguration has no always-on marker, so no channel is
 *                            a 24/7 channel and every live minute is an event minute
 * live.totalEventChannels         = usage.eventChannelsUsed
 * live.totalTwentyFourSevenChannels = 0 (as above)
 * live.maxSimultaneousChannels    the most channels live at one moment: each channel's live spans
 *                                 merged, then a sweep over start (+1) and end (-1) points, ends
 *                                 first at equal times (a hand-over is not an overlap)
 * live.live2Vod          some event live in the period was capturing live to VOD (capturingLive2Vod)
 * live.mediaSyndication  some publication of the client (live or VOD, to a media destination or
 *                        directly to a platform) was at work in the period: started before its
 *                        end, and not finished (completed, or failed: its last change) before its
 *                        start. A publication never started (waiting for its event) does not count
 *
 * vod.totalAssets        events created in the period in VOD_INGESTING, VOD_PRIVATE or VOD_PUBLIC
 *                        (PRE_VOD has no content yet, VOD_ERROR stored none)
 * vodCompose.totalAssets events created in the period in COMPOSE_GENERATING, COMPOSE_PUBLIC,
 *                        COMPOSE_PRIVATE or the older REMIX_GENERATING, REMIX_PRIVATE, REMIX_PUBLIC
 * archiver.totalAssets   events created in the period in ARCHIVER_PRIVATE or ARCHIVER_PUBLIC
 * drm.totalDrmLicenses   DRM_LICENSES_PER_EVENT (1) per DRM-protected event (drmJson whose
 *                        drm_provider is not NONE) live in the period: the simulated world has no
 *                        viewers, so this is the one licence packaging the stream needs
 * storage.totalBytes     an estimate of what the period added to storage: live time of every
 *                        event live in the period (its instant VOD) plus the duration of every
 *                        asset counted above (actual live span, else scheduled span, else 0),
 *                        each at the bitrate of its resolution (BITRATE_MBPS)
 * cdns                   { name: 'Simulated CDN', totalBytes: live time × bitrate of the
 *                        resolution }: one simulated viewer per live stream
 * friendlyFormat         decimal units with one decimal: 0 B, 950 B, 1.2 KB, 3.6 GB...
 */
import { EventState, type BillingResolution, type BillingStatistics, type BillingUsage } from '#schema';

/** Bits per second of a stream of each resolution (the whole ladder), in Mbit/s. */
export const BITRATE_MBPS: Record<BillingResolution, number> = { SD: 3, HD: 8, UHD: 20 };
export const DEFAULT_RESOLUTION: BillingResolution = 'HD';
export const DRM_LICENSES_PER_EVENT = 1;
export const RESOLUTION_CATEGORY = 'billing';
export const RESOLUTION_KEY = 'resolution';
export const CDN_NAME = 'Simulated CDN';

const MINUTE = 60_000;

export const VOD_STATES = [EventState.values.VOD_INGESTING, EventState.values.VOD_PRIVATE, EventState.values.VOD_PUBLIC];
export const COMPOSE_STATES = [
  EventState.values.COMPOSE_GENERATING,
  EventState.values.COMPOSE_PUBLIC,
  EventState.values.COMPOSE_PRIVATE,
  EventState.values.REMIX_GENERATING,
  EventState.values.REMIX_PRIVATE,
  EventState.values.REMIX_PUBLIC,
];
export const ARCHIVER_STATES = [EventState.values.ARCHIVER_PRIVATE, EventState.values.ARCHIVER_PUBLIC];

export interface Period {
  start: Date;
  end: Date;
}

/** An event that was live at some point in (or around) the period. */
export interface LiveEventRow {
  id: string;
  channelId: string | null;
  actualLiveStart: Date;
  actualLiveEnd: Date | null;
  capturingLive2Vod: boolean;
  drmJson: string | null;
  /** The `billing`/`resolution` custom property, as stored. */
  resolution: string | null;
}

/** A VOD, compose or archiver event created in the period. */
export interface AssetEventRow {
  state: number;
  resolution: string | null;
  actualLiveStart: Date | null;
  actualLiveEnd: Date | null;
  scheduledStart: Date | null;
  scheduledEnd: Date | null;
}

/** The calendar month (UTC) an instant falls in. */
function monthOf(at: Date): Period {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return { start, end };
}

/** The period of a request, with the defaults described above. */
export function billingPeriod(start: Date | undefined, end: Date | undefined, now: Date): Period {
  if (start && end) return { start, end };
  if (start) return { start, end: monthOf(start).end };
  if (end) return { start: monthOf(new Date(end.getTime() - 1)).start, end };
  return monthOf(now);
}

export function resolutionOf(value: string | null): BillingResolution {
  const upper = value?.trim().toUpperCase();
  return upper === 'SD' || upper === 'HD' || upper === 'UHD' ? upper : DEFAULT_RESOLUTION;
}

function hasDrm(drmJson: string | null): boolean {
  if (!drmJson?.trim()) return false;
  try {
    const provider = (JSON.parse(drmJson) as { drm_provider?: unknown }).drm_provider;
    return typeof provider === 'string' && provider.trim() !== '' && provider.trim().toUpperCase() !== 'NONE';
  } catch {
    return false;
  }
}

const bytesPerMs = (resolution: BillingResolution) => (BITRATE_MBPS[resolution] * 1_000_000) / 8 / 1000;

/** "1.2 GB": decimal units, one decimal (none for bytes). */
export function friendlyBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  if (unit === 0) return `${Math.round(value)} B`;
  // 999.96 KB reads better as 1.0 MB than as 1000.0 KB.
  if (Number(value.toFixed(1)) >= 1000 && unit < units.length - 1) return `1.0 ${units[unit + 1]}`;
  return `${value.toFixed(1)} ${units[unit]}`;
}

const minutes = (ms: number) => Math.round((ms / MINUTE) * 100) / 100;

interface Span {
  row: LiveEventRow;
  channel: string;
  resolution: BillingResolution;
  start: number;
  end: number;
}

function usage(resolution: string, spans: Span[]): BillingUsage {
  const ms = spans.reduce((sum, s) => sum + (s.end - s.start), 0);
  return {
    resolution,
    eventTranscodeMinutes: minutes(ms),
    twentyFourSevenTranscodeMinutes: 0,
    eventMinutes: minutes(ms),
    twentyFourSevenMinutes: 0,
    twentyFourSevenChannelsUsed: 0,
    eventsUsed: new Set(spans.map((s) => s.row.id)).size,
    eventChannelsUsed: new Set(spans.map((s) => s.channel)).size,
  };
}

/** The most channels live at one moment. */
export function maxSimultaneous(spans: { channel: string; start: number; end: number }[]): number {
  const byChannel = new Map<string, { start: number; end: number }[]>();
  for (const s of spans) byChannel.set(s.channel, [...(byChannel.get(s.channel) ?? []), { start: s.start, end: s.end }]);
  const points: [at: number, delta: 1 | -1][] = [];
  for (const list of byChannel.values()) {
    list.sort((a, b) => a.start - b.start);
    let current = { ...list[0]! };
    for (const next of list.slice(1)) {
      if (next.start <= current.end) current.end = Math.max(current.end, next.end);
      else {
        points.push([current.start, 1], [current.end, -1]);
        current = { ...next };
      }
    }
    points.push([current.start, 1], [current.end, -1]);
  }
  points.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let live = 0;
  let max = 0;
  for (const [, delta] of points) {
    live += delta;
    max = Math.max(max, live);
  }
  return max;
}

function assetDurationMs(row: AssetEventRow): number {
  if (row.actualLiveStart && row.actualLiveEnd) return Math.max(0, row.actualLiveEnd.getTime() - row.actualLiveStart.getTime());
  if (row.scheduledStart && row.scheduledEnd) return Math.max(0, row.scheduledEnd.getTime() - row.scheduledStart.getTime());
  return 0;
}

export function computeBilling(
  period: Period,
  now: Date,
  requested: BillingResolution | undefined,
  liveRows: LiveEventRow[],
  assetRows: AssetEventRow[],
  mediaSyndication: boolean,
): BillingStatistics {
  const until = Math.min(period.end.getTime(), now.getTime());
  const spans: Span[] = [];
  for (const row of liveRows) {
    const start = Math.max(row.actualLiveStart.getTime(), period.start.getTime());
    const end = Math.min((row.actualLiveEnd ?? now).getTime(), until);
    if (end <= start) continue;
    spans.push({ row, channel: row.channelId ?? `event:${row.id}`, resolution: resolutionOf(row.resolution), start, end });
  }
  const forResolution = requested ?? DEFAULT_RESOLUTION;
  const all = usage('All', spans);

  const count = (states: number[]) => assetRows.filter((a) => states.includes(a.state)).length;
  const liveBytes = spans.reduce((sum, s) => sum + (s.end - s.start) * bytesPerMs(s.resolution), 0);
  const assetBytes = assetRows.reduce((sum, a) => sum + assetDurationMs(a) * bytesPerMs(resolutionOf(a.resolution)), 0);
  const storageBytes = Math.round(liveBytes + assetBytes);
  const cdnBytes = Math.round(liveBytes);
  const drmEvents = new Set(spans.filter((s) => hasDrm(s.row.drmJson)).map((s) => s.row.id)).size;

  return {
    live: {
      totalEventChannels: all.eventChannelsUsed,
      totalTwentyFourSevenChannels: 0,
      maxSimultaneousChannels: maxSimultaneous(spans),
      live2Vod: spans.some((s) => s.row.capturingLive2Vod),
      mediaSyndication,
      usage: all,
      usageForResolution: usage(
        forResolution,
        spans.filter((s) => s.resolution === forResolution),
      ),
    },
    vod: { totalAssets: count(VOD_STATES) },
    vodCompose: { totalAssets: count(COMPOSE_STATES) },
    archiver: { totalAssets: count(ARCHIVER_STATES) },
    drm: { totalDrmLicenses: drmEvents * DRM_LICENSES_PER_EVENT },
    storage: { totalBytes: storageBytes, friendlyFormat: friendlyBytes(storageBytes) },
    cdns: { name: CDN_NAME, totalBytes: cdnBytes, friendlyFormat: friendlyBytes(cdnBytes) },
  };
}
