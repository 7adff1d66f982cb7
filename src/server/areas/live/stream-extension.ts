/**
 * The simulated publishing point's routes (sim/stream-routes.ts), wired to events (streams.ts says
 * what each event's stream plays):
 *
 *   GET /api/stream/<event id>/master.m3u8, /index.m3u8, /<n>.ts, /audio-<n>.ts
 */
import type { AppExtension } from '../../http/extension.ts';
import type { ExtensionRoute } from '../../http/openapi.ts';
import { registerStreamRoutes } from '../../sim/stream-routes.ts';
import { streamOf } from './streams.ts';

const playlist = { 'application/vnd.apple.mpegurl': { schema: { type: 'string' } } };
const errorResponse = { content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } };
const notStreaming = { description: 'No such event, or it has no stream now (not started, restarting, deleted)', ...errorResponse };

const STREAM_ROUTES: readonly ExtensionRoute[] = [
  {
    method: 'get',
    path: '/stream/{eventId}/master.m3u8',
    operationId: 'stream.master',
    summary: 'HLS master playlist of an event’s stream (simulated publishing point)',
    description:
      'The master playlist of the event’s live stream, instant VOD or generated composition. No API key: players load it from anywhere. ' +
      'Query: in and out (an ISO 8601 date-time of a live stream, or an offset hh:mm:ss(.fff) from the start) play a part of the stream, snapped outward to segments; audioOnly=true gives an audio-only variant. They are passed on to the media playlist; 400 when a point cannot be read.',
    authenticated: false,
    responses: { 200: { description: 'The master playlist', content: playlist }, 404: notStreaming },
  },
  {
    method: 'get',
    path: '/stream/{eventId}/index.m3u8',
    operationId: 'stream.media',
    summary: 'HLS media playlist of an event’s stream',
    description:
      'The sliding live window (the DVR window) while the event is live (held still while SUSPENDED); the whole stream, as a VOD, once it has stopped; a composition’s items in order. ' +
      'With in, a live playlist grows from the in point (EXT-X-PLAYLIST-TYPE:EVENT); once out has been streamed, it ends. SCTE-35 markers of a composition are EXT-X-DATERANGE tags.',
    authenticated: false,
    responses: { 200: { description: 'The media playlist', content: playlist }, 404: notStreaming },
  },
  {
    method: 'get',
    path: '/stream/{eventId}/{segment}.ts',
    operationId: 'stream.segment',
    summary: 'One MPEG-TS segment of an event’s stream',
    description: 'Segment n of the stream, once published (audio-<n>.ts: the same without its video). Cacheable for ever.',
    authenticated: false,
    responses: {
      200: { description: 'The segment', content: { 'video/mp2t': { schema: { type: 'string', format: 'binary' } } } },
      404: { description: 'Not published (yet), or no such stream', ...errorResponse },
    },
  },
  {
    method: 'get',
    path: '/stream/files/test-card.mp4',
    operationId: 'stream.testCard',
    summary: 'The MP4 test card',
    description:
      'A 10-second MP4 (about 140 KB) the service always serves, HEAD and byte ranges included: a reachable DIRECT_FULL_MP4 item for encoder compositions (the demo and tests use it).',
    authenticated: false,
    responses: {
      200: { description: 'The file', content: { 'video/mp4': { schema: { type: 'string', format: 'binary' } } } },
      206: { description: 'The range asked for', content: { 'video/mp4': { schema: { type: 'string', format: 'binary' } } } },
    },
  },
];

/** Registered by buildApp for every app (main, tests, e2e). */
export const liveStreamExtension: AppExtension = {
  async register(app, { db, clock }) {
    await registerStreamRoutes(app, { clock, resolveStream: (key) => streamOf(db, key) });
  },
  routes: STREAM_ROUTES,
};
