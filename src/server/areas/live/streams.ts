/**
 * The simulated publishing point's routes (sim/stream-routes.ts), wired to events: the stream key
 * is the event's id, which is unguessable (a random GUID) and, unlike a content id, unique across
 * tenants. The routes need no API key (players load them from anywhere), so a key resolves
 * whatever the tenant; what they reveal is the test programme and the stream's timing.
 *
 *   GET /api/stream/<event id>/master.m3u8, /index.m3u8, /<n>.ts
 *
 * What plays, by state:
 * - while live (LIVE_UNPUBLISHED, LIVE_PUBLISHED, SUSPENDED, LIVE_STOPPING): the sliding window
 *   from actualLiveStart, as long as the DVR window (the event's dvrLength, else the channel's
 *   dvrWindowLength);
 * - once stopped (STOPPED, INSTANT_VOD, INSTANT_VOD_BACKUP) and for VOD_PUBLIC and VOD_PRIVATE
 *   events with a recorded stream: the same content, actualLiveStart..actualLiveEnd, as a VOD;
 * - anything else (not started, restarting, deleted, INSTANT_VOD_DELETE): 404.
 * SUSPENDED keeps its timeline and, in this simulation, keeps publishing segments (the test
 * programme has no "no signal" slate); a real publishing point would hold the window still.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { ChannelConfigurationSchema, parseJsonText } from '#schema';
import type { AppExtension } from '../../app.ts';
import type { Db } from '../../db/database.ts';
import { channels, events } from '../../db/tables/index.ts';
import type { ExtensionRoute } from '../../http/openapi.ts';
import { registerStreamRoutes, type StreamTimes } from '../../sim/stream-routes.ts';
import { dvrWindowSeconds } from './configuration.ts';
import { S } from './state-machine.ts';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const LIVE: readonly number[] = [S.LIVE_UNPUBLISHED, S.LIVE_PUBLISHED, S.SUSPENDED, S.LIVE_STOPPING];
const ENDED: readonly number[] = [S.STOPPED, S.INSTANT_VOD, S.INSTANT_VOD_BACKUP, S.VOD_PUBLIC, S.VOD_PRIVATE];

/** The stream of the event `streamKey`, or null when it has none. */
export async function streamTimes(db: Db, streamKey: string): Promise<StreamTimes | null> {
  if (!GUID.test(streamKey)) return null;
  const [row] = await db
    .select({
      state: events.state,
      actualLiveStart: events.actualLiveStart,
      actualLiveEnd: events.actualLiveEnd,
      dateModified: events.dateModified,
      dvrLength: events.dvrLength,
      configurationJson: channels.configurationJson,
    })
    .from(events)
    .leftJoin(channels, and(eq(channels.id, events.channelId), eq(channels.clientId, events.clientId)))
    .where(and(eq(events.id, streamKey), isNull(events.dateDeleted)));
  if (!row || !row.actualLiveStart) return null;
  const parsed = row.configurationJson ? parseJsonText(ChannelConfigurationSchema, row.configurationJson) : null;
  const dvr = dvrWindowSeconds(row.dvrLength, parsed?.success ? parsed.data : null);
  if (LIVE.includes(row.state)) return { liveStart: row.actualLiveStart, liveEnd: null, dvrWindowSeconds: dvr };
  if (ENDED.includes(row.state)) {
    // An ended event without an end stamp (written by another path) ends when it was last changed.
    const liveEnd = row.actualLiveEnd ?? row.dateModified;
    return { liveStart: row.actualLiveStart, liveEnd: liveEnd > row.actualLiveStart ? liveEnd : new Date(row.actualLiveStart.getTime() + 1), dvrWindowSeconds: dvr };
  }
  return null;
}

const playlist = { 'application/vnd.apple.mpegurl': { schema: { type: 'string' } } };
const errorResponse = { content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } };
const notStreaming = { description: 'No such event, or it has no stream now (not started, restarting, deleted)', ...errorResponse };

const STREAM_ROUTES: readonly ExtensionRoute[] = [
  {
    method: 'get',
    path: '/stream/{eventId}/master.m3u8',
    operationId: 'stream.master',
    summary: 'HLS master playlist of an event’s stream (simulated publishing point)',
    description: 'The master playlist of the event’s live stream or instant VOD. No API key: players load it from anywhere.',
    authenticated: false,
    responses: { 200: { description: 'The master playlist', content: playlist }, 404: notStreaming },
  },
  {
    method: 'get',
    path: '/stream/{eventId}/index.m3u8',
    operationId: 'stream.media',
    summary: 'HLS media playlist of an event’s stream',
    description: 'The sliding live window (the DVR window) while the event is live; the whole stream, as a VOD, once it has stopped.',
    authenticated: false,
    responses: { 200: { description: 'The media playlist', content: playlist }, 404: notStreaming },
  },
  {
    method: 'get',
    path: '/stream/{eventId}/{segment}.ts',
    operationId: 'stream.segment',
    summary: 'One MPEG-TS segment of an event’s stream',
    description: 'Segment n of the stream, once published. Cacheable for ever.',
    authenticated: false,
    responses: {
      200: { description: 'The segment', content: { 'video/mp2t': { schema: { type: 'string', format: 'binary' } } } },
      404: { description: 'Not published (yet), or no such stream', ...errorResponse },
    },
  },
];

/** Registered by buildApp for every app (main, tests, e2e). */
export const liveStreamExtension: AppExtension = {
  async register(app, { db, clock }) {
    await registerStreamRoutes(app, { clock, resolveStream: (key) => streamTimes(db, key) });
  },
  routes: STREAM_ROUTES,
};
