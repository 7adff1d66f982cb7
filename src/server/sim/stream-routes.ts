/**
 * The simulated publishing point's HTTP side: the HLS URLs players load (beyond the interface,
 * so plain Fastify routes rather than schema records).
 *
 *   GET /api/stream/<key>/master.m3u8   the master playlist (one variant)
 *   GET /api/stream/<key>/index.m3u8    the live window while live, the whole stream once ended
 *   GET /api/stream/<key>/<n>.ts        segment n of the stream (shipped bytes, cached for ever)
 *   GET /api/stream/<key>/audio-<n>.ts  the same segment without its video (audioOnly)
 *   GET /api/stream/files/test-card.mp4 the MP4 test card (HEAD and byte ranges too)
 *
 * Query of the playlists (what an event's stream URLs carry, areas/live/video.ts):
 * - `in`, `out`: the part of the stream to play. An ISO 8601 date-time (UTC when it has no offset)
 *   is a moment of a live stream; `hh:mm:ss(.fff)` is an offset from the start of the stream (the
 *   only form a composition, which has no wall-clock time, takes). Both snap outward to segment
 *   boundaries. With `in`, a live playlist grows from the in point (start-over) instead of
 *   sliding; once `out` has been streamed the playlist ends (EXT-X-ENDLIST).
 * - `audioOnly=true`: an audio-only variant whose segments carry no video (audio-only.ts).
 * The master playlist passes these on to the media playlist it names.
 *
 * No API key: a publishing point's URLs are public, like a CDN's, because players on any page
 * (the dashboard's, an integrator's, a viewer's) load them without the service's credentials.
 * They reveal only the test programme and the stream's timing. For the same reason every answer
 * allows any origin (CORS `*`).
 *
 * What a stream is comes from the caller (`resolveStream`), so these routes know nothing of events
 * or tenants; the service resolves a key (an event id) to its times and what it plays.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sendBytes } from '../http/byte-range.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, HttpError, notFound, sendError } from '../http/errors.ts';
import type { Clock } from '../jobs/clock.ts';
import { audioOnlySegment } from './audio-only.ts';
import {
  audioOnlyMasterPlaylist,
  CARD_DIR,
  loadMediaIndex,
  masterPlaylist,
  MAX_VOD_SECONDS,
  MEDIA_DIR,
  programmeOf,
  renderMediaPlaylist,
  type MediaIndex,
} from './hls.ts';
import { Sequence, type Clip, type Cue } from './sequence.ts';
import { streamPlaylist, type StreamWindow } from './stream-playlist.ts';

export const STREAM_PREFIX = '/api/stream';

/** The files the publishing point serves as they are (the MP4 test card). */
export const FILES_PREFIX = `${STREAM_PREFIX}/files`;
export const TEST_CARD_FILE = 'test-card.mp4';

/** The URLs of a stream, as paths on this service. */
export function streamPaths(streamKey: string): { master: string; media: string } {
  const base = `${STREAM_PREFIX}/${encodeURIComponent(streamKey)}`;
  return { master: `${base}/master.m3u8`, media: `${base}/index.m3u8` };
}

/** The path of the MP4 test card on this service. */
export const testCardPath = (): string => `${FILES_PREFIX}/${TEST_CARD_FILE}`;

/** A clip of what a stream plays: positions [from, to) of a programme (`programme` or `card`). */
export interface ContentClip {
  programme: string;
  from: number;
  /** Exclusive; Infinity for an endless last clip. */
  to: number;
  /** Wall-clock time of the clip's first segment in its source (a composition's program date-times). */
  dateTime?: Date | null;
  cues?: readonly Cue[];
}

/** What a stream plays: `intro` once, then `clips`, over and over when `looped`. */
export interface StreamContent {
  intro?: readonly ContentClip[];
  clips: readonly ContentClip[];
  looped?: boolean;
}

/** A live stream (or its recording) that began at liveStart. */
export interface StreamTimes {
  /** When streaming began (the first segment's time); null: nothing published yet (404). */
  liveStart: Date | null;
  /** When streaming ended; null while live. Once it has passed, the stream is served as VOD. */
  liveEnd: Date | null;
  /** The channel's dvrWindowLength: how much of a live stream stays seekable. */
  dvrWindowSeconds: number;
  /**
   * Times the stream did not run (SUSPENDED): the stream's clock stops during each, so nothing is
   * published while one is open (`to` null) and the stream resumes where it stopped.
   */
  pauses?: readonly { from: Date; to: Date | null }[];
  /** What it plays; default the test programme, endless. */
  content?: StreamContent;
}

/** A finished programme without wall-clock timing: a generated composition. */
export interface ComposedStream {
  kind: 'composed';
  content: StreamContent;
}

export type Stream = StreamTimes | ComposedStream;

export interface StreamRoutesOptions {
  /** The stream behind a key, or null when there is none (404). */
  resolveStream(streamKey: string): Promise<Stream | null>;
  clock: Clock;
  /** The programme to serve; default the shipped media (media/index.json and the files beside it). */
  media?: { index: MediaIndex; dir: string };
  /** Further programmes clips may name; default `card`, the MP4 test card. */
  programmes?: Record<string, { index: MediaIndex; dir: string }>;
}

const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';
const SEGMENT_TYPE = 'video/mp2t';
/** A segment URI names the same bytes for ever (sequence.ts: a position always plays the same file). */
const SEGMENT_CACHE = 'public, max-age=31536000, immutable';
/** Playlists change every segment (live) or may go away (an instant VOD set back to PRE_LIVE). */
const PLAYLIST_CACHE = 'no-cache';

interface LoadedProgramme {
  index: MediaIndex;
  programme: ReturnType<typeof programmeOf>;
  segments: Buffer[];
  /** Segment i without its video (made on first use). */
  audio(i: number): Buffer | undefined;
  /** Peak and average bit rate of the audio-only segments (measured on first use). */
  audioBandwidth(): { bandwidth: number; averageBandwidth: number };
}

const loadedByDir = new Map<string, LoadedProgramme>();

/** A programme's segments, read once per media folder and kept in memory (about 1 MB). */
function loadProgramme(index: MediaIndex, dir: string): LoadedProgramme {
  let loaded = loadedByDir.get(dir);
  if (!loaded) {
    const segments = index.segments.map((s) => readFileSync(join(dir, s.uri)));
    const audio: (Buffer | undefined)[] = [];
    const audioOf = (i: number) => {
      const bytes = segments[i];
      if (!bytes) return undefined;
      return (audio[i] ??= audioOnlySegment(bytes));
    };
    let bandwidth: { bandwidth: number; averageBandwidth: number } | undefined;
    loaded = {
      index,
      programme: programmeOf(index),
      segments,
      audio: audioOf,
      audioBandwidth: () => {
        if (!bandwidth) {
          const rates = segments.map((_, i) => ((audioOf(i)?.length ?? 0) * 8) / (index.segments[i]?.duration ?? 1));
          bandwidth = {
            bandwidth: Math.ceil(Math.max(...rates) / 1000) * 1000,
            averageBandwidth: Math.ceil(rates.reduce((a, b) => a + b, 0) / rates.length / 1000) * 1000,
          };
        }
        return bandwidth;
      },
    };
    loadedByDir.set(dir, loaded);
  }
  return loaded;
}

interface KeyParams {
  streamKey: string;
}

interface StreamQuery {
  in?: string;
  out?: string;
  audioOnly?: string;
}

const TIME_OFFSET = /^(\d{1,3}):([0-5]\d):([0-5]\d)(?:\.(\d{1,3}))?$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:[zZ]|[+-]\d{2}(?::?\d{2})?)?$/;

/** A point of the query: ms from the stream start (hh:mm:ss.fff) or a moment (ISO 8601). */
export type StreamPoint = { offsetMs: number } | { at: Date };

export function parseStreamPoint(text: string): StreamPoint | undefined {
  const offset = TIME_OFFSET.exec(text);
  if (offset) {
    const [, h, m, s, f] = offset;
    return { offsetMs: ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number((f ?? '0').padEnd(3, '0')) };
  }
  if (!ISO.test(text)) return undefined;
  const at = new Date(/(?:[zZ]|[+-]\d{2}(?::?\d{2})?)$/.test(text) ? text : `${text}Z`);
  return Number.isNaN(at.getTime()) ? undefined : { at };
}

/** Time the stream has run between liveStart and `at`, its pauses taken out. */
export function streamOffsetAt(stream: Pick<StreamTimes, 'liveStart' | 'pauses'> & { liveStart: Date }, at: Date): number {
  const start = stream.liveStart.getTime();
  const t = at.getTime();
  let paused = 0;
  for (const pause of stream.pauses ?? []) {
    const from = Math.max(start, pause.from.getTime());
    const to = Math.min(t, pause.to ? pause.to.getTime() : Number.POSITIVE_INFINITY);
    if (to > from) paused += to - from;
  }
  return Math.max(0, t - start - paused);
}

const isComposed = (stream: Stream): stream is ComposedStream => 'kind' in stream && stream.kind === 'composed';

/** A stream made concrete at `now`: its sequence and how much of it is published. */
export interface ResolvedStream {
  sequence: Sequence;
  window: StreamWindow;
  /** Program date-times are liveStart + the position's start (a live stream), else the clips' own. */
  dateTimeBase: Date | null;
  /** For ISO in/out points: the stream offset of a moment; null when the stream has no wall-clock time. */
  offsetOf: ((at: Date) => number) | null;
}

/**
 * The sequence of a stream and what is published of it at `now`. Null when nothing is: not
 * started, or a composition with no content.
 */
export function resolveAt(
  stream: Stream,
  now: Date,
  programmes: Record<string, LoadedProgramme['programme']>,
): ResolvedStream | null {
  const clipOf = (c: ContentClip): Clip => {
    const programme = programmes[c.programme];
    if (!programme) throw new Error(`unknown programme "${c.programme}"`);
    return { name: c.programme, programme, from: c.from, to: c.to, dateTime: c.dateTime ?? null, cues: c.cues ?? [] };
  };
  const main = programmes.programme;
  if (!main) throw new Error('no main programme');
  if (isComposed(stream)) {
    const sequence = new Sequence((stream.content.intro ?? []).map(clipOf), stream.content.clips.map(clipOf), stream.content.looped ?? false);
    if (sequence.isEmpty || sequence.count === Infinity) return null;
    return { sequence, window: { kind: 'vod', end: sequence.count }, dateTimeBase: null, offsetOf: null };
  }
  const { liveStart } = stream;
  if (!liveStart) return null;
  const sequence = stream.content
    ? new Sequence((stream.content.intro ?? []).map(clipOf), stream.content.clips.map(clipOf), stream.content.looped ?? false)
    : Sequence.endless('programme', main, liveStart);
  if (sequence.isEmpty) return null;
  const offsetOf = (at: Date) => streamOffsetAt({ liveStart, pauses: stream.pauses ?? [] }, at);
  const ended = stream.liveEnd !== null && stream.liveEnd.getTime() <= now.getTime();
  let window: StreamWindow;
  if (ended) {
    // Every position that began before the end (the encoder flushes the segment it was writing), at least one.
    const durationMs = Math.min(offsetOf(stream.liveEnd!), MAX_VOD_SECONDS * 1000);
    const atEnd = sequence.positionAt(durationMs);
    const count = Math.min(sequence.count, atEnd < sequence.count && sequence.startMs(atEnd) < durationMs ? atEnd + 1 : atEnd);
    window = { kind: 'vod', end: Math.max(1, count) };
  } else {
    window = { kind: 'live', elapsedMs: offsetOf(now), dvrWindowSeconds: stream.dvrWindowSeconds };
  }
  return { sequence, window, dateTimeBase: liveStart, offsetOf };
}

/**
 * Registers the publishing point's routes in their own encapsulated scope, so the CORS header
 * and the OPTIONS answer apply to these routes only.
 *
 * @example
 * await registerStreamRoutes(app, { clock, resolveStream: (key) => streamOfEvent(db, key) });
 */
export async function registerStreamRoutes(app: FastifyInstance, options: StreamRoutesOptions): Promise<void> {
  const mainMedia = options.media ?? { index: loadMediaIndex(), dir: MEDIA_DIR };
  const media: Record<string, { index: MediaIndex; dir: string }> = {
    card: { index: loadMediaIndex(CARD_DIR), dir: CARD_DIR },
    ...options.programmes,
    programme: mainMedia,
  };
  const loaded = Object.fromEntries(Object.entries(media).map(([name, m]) => [name, loadProgramme(m.index, m.dir)]));
  const programmes = Object.fromEntries(Object.entries(loaded).map(([name, l]) => [name, l.programme]));
  const main = loaded.programme!;
  const card = loaded.card;
  const cardFile = card?.index.mp4 ? readFileSync(join(media.card!.dir, card.index.mp4.file)) : undefined;

  /** The stream made concrete, or null after answering 404. */
  async function resolved(request: FastifyRequest<{ Params: KeyParams }>, reply: FastifyReply): Promise<ResolvedStream | null> {
    const key = request.params.streamKey;
    const stream = await options.resolveStream(key);
    if (!stream) {
      sendError(request, reply, notFound(`There is no stream ${key}`));
      return null;
    }
    const result = resolveAt(stream, options.clock.now(), programmes);
    if (!result) {
      sendError(request, reply, notFound(`The stream ${key} has not started: nothing is published yet`));
      return null;
    }
    return result;
  }

  /** The in and out offsets of the query; throws 400 for points that cannot be read. */
  function points(query: StreamQuery, stream: ResolvedStream): { inMs?: number; outMs?: number } {
    const one = (name: 'in' | 'out'): number | undefined => {
      const text = query[name];
      if (text === undefined || text === '') return undefined;
      const point = parseStreamPoint(text);
      if (!point) throw badRequest(`${name} "${text}" is neither an ISO 8601 date-time nor an offset hh:mm:ss(.fff)`, { field: `query.${name}` });
      if ('offsetMs' in point) return point.offsetMs;
      if (!stream.offsetOf) throw badRequest(`${name}: a composition has no wall-clock time; give an offset hh:mm:ss(.fff) from its start`, { field: `query.${name}` });
      return stream.offsetOf(point.at);
    };
    const inMs = one('in');
    const outMs = one('out');
    if (inMs !== undefined && outMs !== undefined && outMs <= inMs) throw badRequest('out must come after in', { field: 'query.out' });
    return { ...(inMs !== undefined ? { inMs } : {}), ...(outMs !== undefined ? { outMs } : {}) };
  }

  const audioOnly = (query: StreamQuery) => query.audioOnly === 'true' || query.audioOnly === '1';

  /** The query the master passes on to the media playlist. */
  function mediaUri(query: StreamQuery): string {
    const params = new URLSearchParams();
    if (query.in) params.set('in', query.in);
    if (query.out) params.set('out', query.out);
    if (audioOnly(query)) params.set('audioOnly', 'true');
    const text = params.toString();
    return text ? `index.m3u8?${text}` : 'index.m3u8';
  }

  function fail(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
    if (error instanceof HttpError) return sendError(request, reply, error);
    throw error;
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

    scope.get<{ Params: { file: string } }>(`${FILES_PREFIX}/:file`, async (request, reply) => {
      if (request.params.file !== TEST_CARD_FILE || !cardFile) return sendError(request, reply, notFound(`There is no file ${request.params.file}`));
      return sendFile(request, reply, cardFile, 'video/mp4');
    });

    scope.get<{ Params: KeyParams; Querystring: StreamQuery }>(`${STREAM_PREFIX}/:streamKey/master.m3u8`, async (request, reply) => {
      const stream = await resolved(request, reply);
      if (!stream) return reply;
      try {
        points(request.query, stream);
      } catch (error) {
        return fail(request, reply, error);
      }
      const uri = mediaUri(request.query);
      const text = audioOnly(request.query) ? audioOnlyMasterPlaylist(main.index, main.audioBandwidth(), uri) : masterPlaylist(main.index, uri);
      return reply.type(PLAYLIST_TYPE).header('Cache-Control', PLAYLIST_CACHE).send(text);
    });

    scope.get<{ Params: KeyParams; Querystring: StreamQuery }>(`${STREAM_PREFIX}/:streamKey/index.m3u8`, async (request, reply) => {
      const stream = await resolved(request, reply);
      if (!stream) return reply;
      try {
        const audio = audioOnly(request.query);
        const playlist = streamPlaylist({
          sequence: stream.sequence,
          window: stream.window,
          dateTimeBase: stream.dateTimeBase,
          ...points(request.query, stream),
          segmentUri: audio ? (k) => `audio-${k}.ts` : (k) => `${k}.ts`,
        });
        if (!playlist) {
          return sendError(request, reply, notFound(`Nothing of the stream ${request.params.streamKey} is published between the in and out points yet`));
        }
        return reply.type(PLAYLIST_TYPE).header('Cache-Control', PLAYLIST_CACHE).send(renderMediaPlaylist(playlist));
      } catch (error) {
        return fail(request, reply, error);
      }
    });

    scope.get<{ Params: KeyParams & { segment: string } }>(`${STREAM_PREFIX}/:streamKey/:segment.ts`, async (request, reply) => {
      const { segment, streamKey } = request.params;
      const match = /^(audio-)?(\d{1,9})$/.exec(segment);
      const stream = await resolved(request, reply);
      if (!stream) return reply;
      const position = match ? Number(match[2]) : Number.NaN;
      const end = publishedCount(stream);
      let bytes: Buffer | undefined;
      if (position < end) {
        const at = stream.sequence.segment(position);
        const source = loaded[at.clip.name];
        bytes = match?.[1] ? source?.audio(at.fileIndex) : source?.segments[at.fileIndex];
      }
      // Not yet published (beyond a live stream's edge) or beyond a finished stream's end.
      if (!bytes) return sendError(request, reply, notFound(`Segment ${segment} is not published on stream ${streamKey}`));
      return reply.type(SEGMENT_TYPE).header('Cache-Control', SEGMENT_CACHE).send(bytes);
    });
  });
}

/**
 * Positions [0, end) a stream has published: up to the live edge while live (never past the end
 * of a programme that ends), all of it once ended. Segments that slid out of the DVR window stay
 * fetchable (like an origin that keeps them a while), future ones are not.
 */
export function publishedCount(stream: ResolvedStream): number {
  if (stream.window.kind === 'vod') return stream.window.end;
  const at = stream.sequence.positionAt(stream.window.elapsedMs);
  if (at >= stream.sequence.count) return stream.sequence.count;
  return Math.max(0, at - 1) + 1;
}

/** A file with Range support (players and probes ask for parts of an MP4). */
function sendFile(request: FastifyRequest, reply: FastifyReply, bytes: Buffer, type: string): FastifyReply {
  reply.type(type).header('Cache-Control', 'public, max-age=86400');
  return sendBytes(request, reply, bytes);
}
