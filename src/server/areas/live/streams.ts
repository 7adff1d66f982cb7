/**
 * What the simulated publishing point (sim/stream-routes.ts; its routes: stream-extension.ts)
 * plays for an event: the stream key
 * is the event's id, which is unguessable (a random GUID) and, unlike a content id, unique across
 * tenants. The routes need no API key (players load them from anywhere), so a key resolves
 * whatever the tenant; what they reveal is the test programme and the stream's timing.
 *
 *   GET /api/stream/<event id>/master.m3u8, /index.m3u8, /<n>.ts, /audio-<n>.ts
 *
 * What plays, by state:
 * - while live (LIVE_UNPUBLISHED, LIVE_PUBLISHED, SUSPENDED, LIVE_STOPPING): the sliding window
 *   from actualLiveStart, as long as the DVR window (the event's dvrLength, else the channel's
 *   dvrWindowLength). While SUSPENDED nothing is published: the window holds still, and on
 *   resuming the stream carries on where it stopped (the suspended time is not in it);
 * - once stopped (STOPPED, INSTANT_VOD, INSTANT_VOD_BACKUP) and for VOD_PUBLIC and VOD_PRIVATE
 *   events with a recorded stream: the same content, actualLiveStart..actualLiveEnd, as a VOD;
 * - those states without a recorded stream (created or moved there through the API): the test
 *   programme, for the duration recording.ts derives from the event (testProgrammeSpan);
 * - a generated standard composition (COMPOSE_PUBLIC, COMPOSE_PRIVATE): its items, trimmed and
 *   stitched in order, as a VOD (areas/compose);
 * - anything else (not started, restarting, deleted, INSTANT_VOD_DELETE, a composition not
 *   generated yet): 404.
 * An encoder composition's stream plays its playlist (the rendition areas/compose wrote) instead
 * of the test programme, in order, looped when asked.
 * The playlists honour `in`, `out` and `audioOnly` (the event's requestedStreamTime and
 * requestedAudioOnly, which areas/live/video.ts puts on every stream URL).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { ChannelConfigurationSchema, MarkerType, parseJsonText, isGuid } from '#schema';
import type { Db } from '../../db/database.ts';
import { channels, composeRenditions, events, type RenditionClip } from '../../db/tables/index.ts';
import type { ContentClip, Stream, StreamContent } from '../../sim/stream-routes.ts';
import { dvrWindowSeconds } from './configuration.ts';
import { pausesOf, playsTestProgramme, testProgrammeSpan } from './recording.ts';
import { S } from './state-machine.ts';


const LIVE: readonly number[] = [S.LIVE_UNPUBLISHED, S.LIVE_PUBLISHED, S.SUSPENDED, S.LIVE_STOPPING];
const ENDED: readonly number[] = [S.STOPPED, S.INSTANT_VOD, S.INSTANT_VOD_BACKUP, S.VOD_PUBLIC, S.VOD_PRIVATE];
const COMPOSED: readonly number[] = [S.COMPOSE_PUBLIC, S.COMPOSE_PRIVATE];

function clipOf(clip: RenditionClip): ContentClip {
  return {
    programme: clip.programme,
    from: clip.from,
    to: clip.to,
    dateTime: clip.dateTime ? new Date(clip.dateTime) : null,
    cues: (clip.cues ?? []).map((c) => ({ ...c, type: MarkerType.nameOf(c.type) ?? String(c.type) })),
  };
}

/** The stream of the event `streamKey`, or null when it has none. */
export async function streamOf(db: Db, streamKey: string): Promise<Stream | null> {
  if (!isGuid(streamKey)) return null;
  const [row] = await db
    .select({
      id: events.id,
      state: events.state,
      actualLiveStart: events.actualLiveStart,
      actualLiveEnd: events.actualLiveEnd,
      dateModified: events.dateModified,
      dateCreated: events.dateCreated,
      dateDeleted: events.dateDeleted,
      scheduledStart: events.scheduledStart,
      scheduledEnd: events.scheduledEnd,
      dvrLength: events.dvrLength,
      configurationJson: channels.configurationJson,
      rendition: composeRenditions,
    })
    .from(events)
    .leftJoin(channels, and(eq(channels.id, events.channelId), eq(channels.clientId, events.clientId)))
    .leftJoin(composeRenditions, eq(composeRenditions.eventId, events.id))
    .where(and(eq(events.id, streamKey), isNull(events.dateDeleted)));
  if (!row) return null;
  const rendition = row.rendition;
  if (COMPOSED.includes(row.state)) {
    return rendition?.kind === 'standard' ? { kind: 'composed', content: { clips: rendition.clips.map(clipOf), looped: false } } : null;
  }
  if (playsTestProgramme(row)) {
    // Nothing recorded it (created or moved into a VOD state through the API): the test programme.
    const span = testProgrammeSpan(row);
    return { liveStart: span.liveStart, liveEnd: span.liveEnd, dvrWindowSeconds: 0, pauses: [] };
  }
  if (!row.actualLiveStart) return null;
  const liveStart = row.actualLiveStart;
  const parsed = row.configurationJson ? parseJsonText(ChannelConfigurationSchema, row.configurationJson) : null;
  const dvr = dvrWindowSeconds(row.dvrLength, parsed?.success ? parsed.data : null);
  let content: StreamContent | undefined;
  if (rendition?.kind === 'encoder') {
    const anchored = rendition.anchorLiveStart !== null && rendition.anchorLiveStart.getTime() === liveStart.getTime() && rendition.anchorPosition > 0;
    content = {
      intro: anchored ? [{ programme: 'programme', from: 0, to: rendition.anchorPosition }] : [],
      clips: rendition.clips.map(clipOf),
      looped: rendition.looped,
    };
    // An empty playlist: the encoder plays its own programme.
    if (rendition.clips.length === 0) content = anchored ? { intro: content.intro ?? [], clips: [{ programme: 'programme', from: rendition.anchorPosition, to: Infinity }] } : undefined;
  }
  const isLive = LIVE.includes(row.state);
  if (!isLive && !ENDED.includes(row.state)) return null;
  const pauses = await pausesOf(db, row.id, liveStart, row);
  if (isLive) return { liveStart, liveEnd: null, dvrWindowSeconds: dvr, pauses, ...(content ? { content } : {}) };
  // An ended event without an end stamp (written by another path) ends when it was last changed.
  const end = row.actualLiveEnd ?? row.dateModified;
  const liveEnd = end > liveStart ? end : new Date(liveStart.getTime() + 1);
  return { liveStart, liveEnd, dvrWindowSeconds: dvr, pauses, ...(content ? { content } : {}) };
}
