/**
 * What a capture's publishing points carry: the live streams of the simulated channels and events.
 *
 * A publishing point is one a channel's encoders publish to (its configuration's
 * primaryPublishingPoint or secondaryPublishingPoint), or the simulated stream of one event
 * (`.../api/stream/<event id>/...`). The streams behind it are those of the client's events on
 * such a channel (or that event) with a live run: live, or ended with its recording (areas/live
 * streams.ts `streamOf`), each resolved into the positions it published (sim/stream-routes.ts).
 * So a capture of a channel holds what the channel played, event after event.
 */
import { and, desc, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import { ChannelConfigurationSchema, EventState, parseJsonText } from '#schema';
import type { Db } from '../../db/database.ts';
import { channels, events } from '../../db/tables/index.ts';
import { CARD_DIR, loadMediaIndex, programmeOf, type Programme } from '../../sim/hls.ts';
import { resolveAt, type ResolvedStream, type StreamTimes } from '../../sim/stream-routes.ts';
import { streamOf } from '../live/index.ts';

const S = EventState.values;
/** Events with a live run: streaming, or ended with the run's recording. */
const WITH_RUN: number[] = [
  S.LIVE_UNPUBLISHED,
  S.LIVE_PUBLISHED,
  S.SUSPENDED,
  S.LIVE_STOPPING,
  S.STOPPED,
  S.INSTANT_VOD,
  S.INSTANT_VOD_BACKUP,
  S.VOD_PUBLIC,
  S.VOD_PRIVATE,
];

const GUID_IN_STREAM_URL = /\/stream\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:[/?#]|$)/i;

export function normalizePoint(url: string): string {
  return url.trim().replace(/\/+$/, '').toLowerCase();
}

let programmesCache: Record<string, Programme> | undefined;
/** The programmes streams play (the shipped test programme and the MP4 test card). */
export function programmes(): Record<string, Programme> {
  programmesCache ??= { programme: programmeOf(loadMediaIndex()), card: programmeOf(loadMediaIndex(CARD_DIR)) };
  return programmesCache;
}

export interface SourceStream {
  eventId: string;
  publishingPoint: string;
  liveStart: Date;
  liveEnd: Date | null;
  pauses: readonly { from: Date; to: Date | null }[];
  /** How far back the origin still holds the stream (its DVR window): older content cannot be caught up. */
  dvrMs: number;
  resolved: ResolvedStream;
}

/** The streams behind `points` of the client at `now`, newest run first. */
export async function sourcesOf(db: Db, clientId: string, points: readonly string[], now: Date): Promise<SourceStream[]> {
  const wanted = new Map(points.map((p) => [normalizePoint(p), p]));
  if (wanted.size === 0) return [];
  const channelPoint = new Map<string, string>();
  const rows = await db.select({ id: channels.id, configurationJson: channels.configurationJson }).from(channels).where(eq(channels.clientId, clientId));
  for (const row of rows) {
    if (!row.configurationJson) continue;
    const parsed = parseJsonText(ChannelConfigurationSchema, row.configurationJson);
    if (!parsed.success) continue;
    for (const encoder of parsed.data.encoders) {
      for (const url of [encoder.streamingServer.primaryPublishingPoint, encoder.streamingServer.secondaryPublishingPoint]) {
        const original = url ? wanted.get(normalizePoint(url)) : undefined;
        if (original && !channelPoint.has(row.id)) channelPoint.set(row.id, original);
      }
    }
  }
  const eventPoint = new Map<string, string>();
  for (const [, original] of wanted) {
    const match = GUID_IN_STREAM_URL.exec(original);
    if (match) eventPoint.set(match[1]!.toLowerCase(), original);
  }
  const channelIds = [...channelPoint.keys()];
  const eventIds = [...eventPoint.keys()];
  if (channelIds.length === 0 && eventIds.length === 0) return [];
  const candidates = await db
    .select({ id: events.id, channelId: events.channelId })
    .from(events)
    .where(
      and(
        eq(events.clientId, clientId),
        isNull(events.dateDeleted),
        isNotNull(events.actualLiveStart),
        inArray(events.state, WITH_RUN),
        or(channelIds.length > 0 ? inArray(events.channelId, channelIds) : undefined, eventIds.length > 0 ? inArray(events.id, eventIds) : undefined),
      ),
    )
    .orderBy(desc(events.actualLiveStart))
    .limit(20);
  const sources: SourceStream[] = [];
  for (const candidate of candidates) {
    const stream = await streamOf(db, candidate.id);
    if (!stream || 'kind' in stream || !stream.liveStart) continue;
    const times = stream as StreamTimes & { liveStart: Date };
    const resolved = resolveAt(times, now, programmes());
    if (!resolved) continue;
    sources.push({
      eventId: candidate.id,
      publishingPoint: eventPoint.get(candidate.id.toLowerCase()) ?? (candidate.channelId ? channelPoint.get(candidate.channelId) : undefined) ?? points[0]!,
      liveStart: times.liveStart,
      liveEnd: times.liveEnd,
      pauses: times.pauses ?? [],
      dvrMs: Math.max(30_000, times.dvrWindowSeconds * 1000),
      resolved,
    });
  }
  return sources;
}

/** The source that was publishing at `t`, if any. */
export function sourceAt(sources: readonly SourceStream[], t: Date): SourceStream | undefined {
  const at = t.getTime();
  return sources.find(
    (s) =>
      s.liveStart.getTime() <= at &&
      (s.liveEnd === null || at < s.liveEnd.getTime()) &&
      !s.pauses.some((p) => p.from.getTime() <= at && (p.to === null || at < p.to.getTime())),
  );
}

/** The first moment after `t` at which some source publishes again (a run starting, a pause ending); null when none is known. */
export function nextContentAfter(sources: readonly SourceStream[], t: Date): Date | null {
  const at = t.getTime();
  let best = Infinity;
  for (const s of sources) {
    const start = s.liveStart.getTime();
    if (start > at) best = Math.min(best, start);
    for (const p of s.pauses) {
      if (p.to && p.from.getTime() <= at && p.to.getTime() > at && (s.liveEnd === null || p.to.getTime() < s.liveEnd.getTime())) best = Math.min(best, p.to.getTime());
    }
  }
  return best === Infinity ? null : new Date(best);
}
