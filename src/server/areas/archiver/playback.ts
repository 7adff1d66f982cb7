/**
 * Catch-up playback (beyond the interface): the archived ranges of captures served as HLS, built
 * from the segments the archiver recorded, which name the test-stream files the live stream
 * played (no media is copied). No API key: players load these URLs from anywhere, and each
 * carries an unguessable key (a capture's or stream's `play_key`) instead of the client's ids.
 *
 *   GET /api/archiver/capture/<play key>/master.m3u8?start=&end=   a range of a capture
 *   GET /api/archiver/stream/<play key>/master.m3u8                an archiver stream (its ismUrl)
 *   .../index.m3u8                                                  their media playlists
 *   GET /api/archiver/media/<programme>/<file>.ts                   one file of the test programme
 *
 * A media playlist lists the completed segments of the range in order; a gap between segments,
 * or a jump in the source, is an EXT-X-DISCONTINUITY with the wall-clock time after it
 * (EXT-X-PROGRAM-DATE-TIME). While the capture still records into the range the playlist is of
 * (its end is still to come) the playlist is of type EVENT and grows; otherwise it is a VOD.
 */
import { isGuid } from '#schema';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppExtension } from '../../http/extension.ts';
import type { Db } from '../../db/database.ts';
import { badRequest, HttpError, notFound, sendError } from '../../http/errors.ts';
import type { ExtensionRoute } from '../../http/openapi.ts';
import type { Clock } from '../../jobs/clock.ts';
import { CARD_DIR, loadMediaIndex, masterPlaylist, MEDIA_DIR, renderMediaPlaylist, type MediaPlaylist, type PlaylistSegment } from '../../sim/hls.ts';
import { parseStreamPoint } from '../../sim/stream-routes.ts';
import { captureByPlayKey, streamByPlayKey } from './repo.ts';
import { completedSegments } from './content-repo.ts';

export const PLAYBACK_PREFIX = '/api/archiver';
/** At most this many files in one media playlist (about a day of the 2 s test programme). */
export const MAX_PLAYLIST_ENTRIES = 43_200;

export function capturePlaybackPath(playKey: string, start: Date | null, end: Date | null): string {
  const query = start && end ? `?start=${encodeURIComponent(start.toISOString())}&end=${encodeURIComponent(end.toISOString())}` : '';
  return `${PLAYBACK_PREFIX}/capture/${playKey}/master.m3u8${query}`;
}

export function streamPlaybackPath(playKey: string): string {
  return `${PLAYBACK_PREFIX}/stream/${playKey}/master.m3u8`;
}

const MEDIA_DIRS: Record<string, string> = { programme: MEDIA_DIR, card: CARD_DIR };
const files = new Map<string, Buffer[]>();
function fileOf(programme: string, index: number): Buffer | undefined {
  const dir = MEDIA_DIRS[programme];
  if (!dir) return undefined;
  let list = files.get(programme);
  if (!list) {
    list = loadMediaIndex(dir).segments.map((s) => readFileSync(join(dir, s.uri)));
    files.set(programme, list);
  }
  return list[index];
}

export function mediaPath(programme: string, file: number): string {
  return `${PLAYBACK_PREFIX}/media/${programme}/${file}.ts`;
}

interface Range {
  clientId: string;
  captureId: string;
  start: Date | null;
  end: Date | null;
  /** The capture still records into the range. */
  growing: boolean;
}

/** The media playlist of the completed segments of a range. */
export async function rangePlaylist(db: Db, range: Range): Promise<MediaPlaylist> {
  const rows = await completedSegments(db, range.clientId, range.captureId, range, MAX_PLAYLIST_ENTRIES);
  const segments: PlaylistSegment[] = [];
  let previousEnd: number | null = null;
  let previous: { eventId: string; programme: string; file: number } | null = null;
  let total = 0;
  let longest = 0;
  for (const row of rows) {
    let wall = row.startTime.getTime();
    for (const [i, file] of row.source.files.entries()) {
      if (segments.length >= MAX_PLAYLIST_ENTRIES) break;
      const contiguous =
        previous !== null &&
        previousEnd !== null &&
        Math.abs(wall - previousEnd) < 50 &&
        previous.eventId === row.source.eventId &&
        previous.programme === file.programme &&
        file.file === previous.file + 1;
      const discontinuity = segments.length > 0 && !contiguous;
      segments.push({
        position: segments.length,
        uri: mediaPath(file.programme, file.file),
        durationMs: file.ms,
        discontinuity,
        programDateTime: segments.length === 0 || discontinuity || i === 0 ? new Date(wall) : null,
      });
      previous = { eventId: row.source.eventId, programme: file.programme, file: file.file };
      wall += file.ms;
      previousEnd = wall;
      total += file.ms;
      longest = Math.max(longest, file.ms);
    }
  }
  return {
    type: range.growing ? 'EVENT' : 'VOD',
    targetDuration: Math.max(1, Math.ceil(longest / 1000)),
    mediaSequence: 0,
    discontinuitySequence: 0,
    segments,
    durationMs: total,
  };
}

const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';

interface KeyParams {
  playKey: string;
}
interface RangeQuery {
  start?: string;
  end?: string;
}

function isRecording(capture: { active: boolean; endTime: Date | null }, now: Date): boolean {
  return capture.active && (capture.endTime === null || capture.endTime.getTime() > now.getTime());
}

async function captureRange(db: Db, clock: Clock, playKey: string, query: RangeQuery): Promise<Range | null> {
  if (!isGuid(playKey)) return null;
  const capture = await captureByPlayKey(db, playKey);
  if (!capture) return null;
  const point = (name: 'start' | 'end'): Date | null => {
    const text = query[name];
    if (text === undefined || text === '') return null;
    const parsed = parseStreamPoint(text);
    if (!parsed || !('at' in parsed)) throw badRequest(`${name} must be an ISO 8601 date-time`, { fields: [{ field: `query.${name}`, message: 'expected an ISO 8601 date-time' }] });
    return parsed.at;
  };
  const start = point('start');
  const end = point('end');
  const now = clock.now();
  return {
    clientId: capture.clientId,
    captureId: capture.id,
    start,
    end,
    // A range that has ended gets nothing more (but for segments still being archived): a VOD.
    growing: isRecording(capture, now) && (end === null || end.getTime() > now.getTime()),
  };
}

async function streamRange(db: Db, clock: Clock, playKey: string): Promise<Range | null> {
  if (!isGuid(playKey)) return null;
  const row = await streamByPlayKey(db, playKey);
  if (!row) return null;
  const now = clock.now();
  if (row.stream.expiresAt && row.stream.expiresAt.getTime() <= now.getTime()) return null;
  const growing = isRecording(row.capture, now);
  // A stream follows its capture's content while it records.
  return { clientId: row.stream.clientId, captureId: row.stream.captureId, start: row.stream.startTime, end: growing ? null : row.stream.endTime, growing };
}

export function registerPlaybackRoutes(app: FastifyInstance, db: Db, clock: Clock): void {
  const answer = async (request: FastifyRequest, reply: FastifyReply, range: Range | null, what: string) => {
    if (!range) return sendError(request, reply, notFound(`There is no ${what} here (or it has expired)`));
    const playlist = await rangePlaylist(db, range);
    if (playlist.segments.length === 0) return sendError(request, reply, notFound('Nothing has been archived in this range (yet)'));
    return reply.type(PLAYLIST_TYPE).header('Cache-Control', 'no-cache').header('Access-Control-Allow-Origin', '*').send(renderMediaPlaylist(playlist));
  };
  const master = (request: FastifyRequest<{ Querystring: RangeQuery }>, reply: FastifyReply) => {
    const q = new URLSearchParams();
    if (request.query.start) q.set('start', request.query.start);
    if (request.query.end) q.set('end', request.query.end);
    const uri = `index.m3u8${q.size > 0 ? `?${q.toString()}` : ''}`;
    return reply.type(PLAYLIST_TYPE).header('Cache-Control', 'no-cache').header('Access-Control-Allow-Origin', '*').send(masterPlaylist(loadMediaIndex(), uri));
  };
  const guarded = <T>(fn: () => Promise<T>, request: FastifyRequest, reply: FastifyReply) =>
    fn().catch((error: unknown) => {
      if (error instanceof HttpError) return sendError(request, reply, error);
      throw error;
    });

  app.get<{ Params: KeyParams; Querystring: RangeQuery }>(`${PLAYBACK_PREFIX}/capture/:playKey/master.m3u8`, async (request, reply) =>
    guarded(
      async () => {
        const range = await captureRange(db, clock, request.params.playKey, request.query);
        if (!range) return sendError(request, reply, notFound('There is no capture here'));
        return master(request, reply);
      },
      request,
      reply,
    ),
  );
  app.get<{ Params: KeyParams; Querystring: RangeQuery }>(`${PLAYBACK_PREFIX}/capture/:playKey/index.m3u8`, async (request, reply) =>
    guarded(async () => answer(request, reply, await captureRange(db, clock, request.params.playKey, request.query), 'capture'), request, reply),
  );
  app.get<{ Params: KeyParams }>(`${PLAYBACK_PREFIX}/stream/:playKey/master.m3u8`, async (request, reply) =>
    guarded(
      async () => {
        const range = await streamRange(db, clock, request.params.playKey);
        if (!range) return sendError(request, reply, notFound('There is no archiver stream here (or it has expired)'));
        return master(request as FastifyRequest<{ Querystring: RangeQuery }>, reply);
      },
      request,
      reply,
    ),
  );
  app.get<{ Params: KeyParams }>(`${PLAYBACK_PREFIX}/stream/:playKey/index.m3u8`, async (request, reply) =>
    guarded(async () => answer(request, reply, await streamRange(db, clock, request.params.playKey), 'archiver stream'), request, reply),
  );
  app.get<{ Params: { programme: string; file: string } }>(`${PLAYBACK_PREFIX}/media/:programme/:file.ts`, async (request, reply) => {
    const index = /^\d{1,4}$/.test(request.params.file) ? Number(request.params.file) : Number.NaN;
    const bytes = Number.isNaN(index) ? undefined : fileOf(request.params.programme, index);
    if (!bytes) return sendError(request, reply, notFound('No such media file'));
    return reply.type('video/mp2t').header('Cache-Control', 'public, max-age=31536000, immutable').header('Access-Control-Allow-Origin', '*').send(bytes);
  });
}

const playlist = { 'application/vnd.apple.mpegurl': { schema: { type: 'string' } } };
const errorResponse = { content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } };

/**
 * The master or media playlist of a capture's or a stream's range: played without an API key, 404
 * with the reason when there is nothing to play.
 */
function playlistRoute(of: 'capture' | 'stream', level: 'master' | 'media', summary: string, notFound: string, description: string): ExtensionRoute {
  return {
    method: 'get',
    path: `/archiver/${of}/{playKey}/${level === 'master' ? 'master' : 'index'}.m3u8`,
    operationId: `archiver.${of}${level === 'master' ? 'Master' : 'Media'}`,
    summary,
    description,
    authenticated: false,
    responses: { 200: { description: `The ${level} playlist`, content: playlist }, 404: { description: notFound, ...errorResponse } },
  };
}

const PLAYBACK_ROUTES: readonly ExtensionRoute[] = [
  playlistRoute('capture', 'master', 'HLS master playlist of a range of a capture (catch-up)', 'No such capture',
    'The URL GET /archivercapture/{id}/playback/ hands out. Query start and end (ISO 8601) pick the range. No API key.'),
  playlistRoute('capture', 'media', 'HLS media playlist of a range of a capture', 'No such capture, or nothing archived in the range',
    'The completed segments of the range; a discontinuity at every gap. EVENT while the capture records into the range, else VOD.'),
  playlistRoute('stream', 'master', 'HLS master playlist of an archiver stream (its ismUrl)', 'No such stream, or it has expired',
    'The stream’s range of its capture (following the content while the capture records); 404 once it has expired. No API key.'),
  playlistRoute('stream', 'media', 'HLS media playlist of an archiver stream', 'No such stream, or it has expired',
    'The completed segments of the stream’s range; a discontinuity at every gap.'),
  {
    method: 'get',
    path: '/archiver/media/{programme}/{file}.ts',
    operationId: 'archiver.media',
    summary: 'One MPEG-TS file of the test programme, as archived segments name it',
    description: 'The same bytes the simulated publishing point serves for that file. Cacheable for ever.',
    authenticated: false,
    responses: { 200: { description: 'The file', content: { 'video/mp2t': { schema: { type: 'string', format: 'binary' } } } } },
  },
];

export const archiverPlayback: AppExtension = {
  register(app, { db, clock }) {
    registerPlaybackRoutes(app, db, clock);
  },
  routes: PLAYBACK_ROUTES,
};
