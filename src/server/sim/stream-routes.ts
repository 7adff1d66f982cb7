/**
 * The simulated publishing point's HTTP side: the HLS URLs players load (beyond the interface,
 * so plain Fastify routes rather than schema records).
 *
 *   GET /api/stream/<key>/master.m3u8   the master playlist (one variant)
 *   GET /api/stream/<key>/index.m3u8    the live window while live, the whole stream once ended
 *   GET /api/stream/<key>/<n>.ts        segment n of the stream (shipped bytes, cached for ever)
 *
 * No API key: a publishing point's URLs are public, like a CDN's, because players on any page
 * (the dashboard's, an integrator's, a viewer's) load them without the service's credentials.
 * They reveal only the test programme and the stream's timing. For the same reason every answer
 * allows any origin (CORS `*`).
 *
 * What a stream is comes from the caller (`resolveStream`), so these routes know nothing of events
 * or tenants; the service resolves a key (an event's content id, say) to its live times.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound, sendError } from '../http/errors.ts';
import type { Clock } from '../jobs/clock.ts';
import {
  fileIndexAt,
  isFinished,
  liveWindow,
  loadMediaIndex,
  masterPlaylist,
  MEDIA_DIR,
  programmeOf,
  publishedEnd,
  renderMediaPlaylist,
  vodPlaylist,
  type MediaIndex,
} from './hls.ts';

export const STREAM_PREFIX = '/api/stream';

/** The URLs of a stream, as paths on this service. */
export function streamPaths(streamKey: string): { master: string; media: string } {
  const base = `${STREAM_PREFIX}/${encodeURIComponent(streamKey)}`;
  return { master: `${base}/master.m3u8`, media: `${base}/index.m3u8` };
}

/** What the publishing point needs to know about a stream. */
export interface StreamTimes {
  /** When streaming began (the first segment's time); null: nothing published yet (404). */
  liveStart: Date | null;
  /** When streaming ended; null while live. Once it has passed, the stream is served as VOD. */
  liveEnd: Date | null;
  /** The channel's dvrWindowLength: how much of a live stream stays seekable. */
  dvrWindowSeconds: number;
}

export interface StreamRoutesOptions {
  /** The stream behind a key, or null when there is none (404). */
  resolveStream(streamKey: string): Promise<StreamTimes | null>;
  clock: Clock;
  /** The programme to serve; default the shipped media (media/index.json and the files beside it). */
  media?: { index: MediaIndex; dir: string };
}

const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';
const SEGMENT_TYPE = 'video/mp2t';
/** A segment URI names the same bytes for ever (hls.ts: position k plays file k mod N). */
const SEGMENT_CACHE = 'public, max-age=31536000, immutable';
/** Playlists change every segment (live) or may go away (an instant VOD set back to PRE_LIVE). */
const PLAYLIST_CACHE = 'no-cache';

const segmentBytes = new Map<string, Buffer[]>();

/** The shipped segments, read once per media folder and kept in memory (about 1 MB). */
function loadSegments(index: MediaIndex, dir: string): Buffer[] {
  let bytes = segmentBytes.get(dir);
  if (!bytes) {
    bytes = index.segments.map((s) => readFileSync(join(dir, s.uri)));
    segmentBytes.set(dir, bytes);
  }
  return bytes;
}

interface KeyParams {
  streamKey: string;
}

type Started = StreamTimes & { liveStart: Date };

/**
 * Registers the publishing point's routes in their own encapsulated scope, so the CORS header
 * and the OPTIONS answer apply to these routes only.
 *
 * @example
 * await registerStreamRoutes(app, { clock, resolveStream: (key) => streamTimesForContentId(db, key) });
 */
export async function registerStreamRoutes(app: FastifyInstance, options: StreamRoutesOptions): Promise<void> {
  const media = options.media ?? { index: loadMediaIndex(), dir: MEDIA_DIR };
  const programme = programmeOf(media.index);
  const segments = loadSegments(media.index, media.dir);

  /** The stream, or null after answering 404. */
  async function startedStream(request: FastifyRequest<{ Params: KeyParams }>, reply: FastifyReply): Promise<Started | null> {
    const key = request.params.streamKey;
    const stream = await options.resolveStream(key);
    if (!stream) {
      sendError(request, reply, notFound(`There is no stream ${key}`));
      return null;
    }
    const { liveStart } = stream;
    if (!liveStart) {
      sendError(request, reply, notFound(`The stream ${key} has not started: nothing is published yet`));
      return null;
    }
    return { ...stream, liveStart };
  }

  await app.register(async (scope) => {
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('Access-Control-Allow-Origin', '*');
    });

    scope.options(`${STREAM_PREFIX}/*`, async (_request, reply) =>
      reply
        .header('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS')
        .header('Access-Control-Allow-Headers', 'Range')
        .header('Access-Control-Max-Age', '86400')
        .code(204)
        .send(),
    );

    scope.get<{ Params: KeyParams }>(`${STREAM_PREFIX}/:streamKey/master.m3u8`, async (request, reply) => {
      if (!(await startedStream(request, reply))) return reply;
      return reply.type(PLAYLIST_TYPE).header('Cache-Control', PLAYLIST_CACHE).send(masterPlaylist(media.index));
    });

    scope.get<{ Params: KeyParams }>(`${STREAM_PREFIX}/:streamKey/index.m3u8`, async (request, reply) => {
      const stream = await startedStream(request, reply);
      if (!stream) return reply;
      const now = options.clock.now();
      const { liveStart, liveEnd } = stream;
      const playlist =
        liveEnd && isFinished({ liveEnd }, now)
          ? vodPlaylist(media.index, { liveStart, liveEnd })
          : liveWindow(media.index, { liveStart, now, dvrWindowSeconds: stream.dvrWindowSeconds });
      return reply.type(PLAYLIST_TYPE).header('Cache-Control', PLAYLIST_CACHE).send(renderMediaPlaylist(playlist));
    });

    scope.get<{ Params: KeyParams & { segment: string } }>(`${STREAM_PREFIX}/:streamKey/:segment.ts`, async (request, reply) => {
      const stream = await startedStream(request, reply);
      if (!stream) return reply;
      const { segment, streamKey } = request.params;
      const position = /^\d{1,9}$/.test(segment) ? Number(segment) : Number.NaN;
      // Not yet published (beyond a live stream's edge) or beyond a finished stream's end.
      const bytes = position < publishedEnd(media.index, stream, options.clock.now()) ? segments[fileIndexAt(programme, position)] : undefined;
      if (!bytes) return sendError(request, reply, notFound(`Segment ${segment} is not published on stream ${streamKey}`));
      return reply.type(SEGMENT_TYPE).header('Cache-Control', SEGMENT_CACHE).send(bytes);
    });
  });
}
