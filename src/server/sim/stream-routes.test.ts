import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../jobs/clock.ts';
import { CARD_DIR, loadMediaIndex, MEDIA_DIR } from './hls.ts';
import { registerStreamRoutes, streamPaths, testCardPath, type Stream } from './stream-routes.ts';

const liveStart = new Date('2026-01-15T12:00:00.000Z');
const at = (seconds: number) => new Date(liveStart.getTime() + seconds * 1000);
const index = loadMediaIndex();
const shipped = (i: number) => readFileSync(join(MEDIA_DIR, index.segments[i]?.uri ?? ''));

let app: FastifyInstance;
let clock: ManualClock;
let streams: Map<string, Stream>;

beforeEach(async () => {
  clock = new ManualClock(at(100));
  streams = new Map<string, Stream>([
    ['live', { liveStart, liveEnd: null, dvrWindowSeconds: 30 }],
    ['ended', { liveStart, liveEnd: at(61), dvrWindowSeconds: 30 }],
    ['ending-later', { liveStart, liveEnd: at(200), dvrWindowSeconds: 30 }],
    ['pre-live', { liveStart: null, liveEnd: null, dvrWindowSeconds: 30 }],
  ]);
  app = Fastify();
  await registerStreamRoutes(app, { clock, resolveStream: async (key) => streams.get(key) ?? null });
  app.get('/api/elsewhere', async () => ({ ok: true }));
  await app.ready();
});

afterEach(async () => {
  await app.close();
});

describe('the publishing point routes', () => {
  it('serve the master playlist, publicly, to any origin', async () => {
    const response = await app.inject({ url: streamPaths('live').master });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('#EXT-X-STREAM-INF:');
    expect(response.body.trim().split('\n').at(-1)).toBe('index.m3u8');
  });

  it('serve the live window while live, moving with the clock', async () => {
    const first = await app.inject({ url: '/api/stream/live/index.m3u8' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(first.body).toContain('#EXT-X-MEDIA-SEQUENCE:35\n');
    expect(first.body).not.toContain('#EXT-X-ENDLIST');
    clock.advance(2_000);
    const second = await app.inject({ url: '/api/stream/live/index.m3u8' });
    expect(second.body).toContain('#EXT-X-MEDIA-SEQUENCE:36\n');
    expect(second.body.trim().split('\n').at(-1)).toBe('50.ts');
    // A liveEnd still ahead is still live.
    expect((await app.inject({ url: '/api/stream/ending-later/index.m3u8' })).body).not.toContain('#EXT-X-ENDLIST');
  });

  it('serve the whole stream as VOD once it has ended', async () => {
    const response = await app.inject({ url: '/api/stream/ended/index.m3u8' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('#EXT-X-PLAYLIST-TYPE:VOD\n');
    expect(response.body).toContain('#EXT-X-MEDIA-SEQUENCE:0\n');
    expect(response.body.trimEnd().endsWith('30.ts\n#EXT-X-ENDLIST')).toBe(true);
    clock.set(at(200));
    expect((await app.inject({ url: '/api/stream/ending-later/index.m3u8' })).body).toContain('#EXT-X-ENDLIST');
  });

  it('serve the shipped bytes of position mod N, cached for ever', async () => {
    const response = await app.inject({ url: '/api/stream/live/25.ts' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('video/mp2t');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.rawPayload.equals(shipped(1))).toBe(true);
    expect(response.rawPayload[0]).toBe(0x47); // the MPEG-TS sync byte
    expect((await app.inject({ url: '/api/stream/live/0.ts' })).rawPayload.equals(shipped(0))).toBe(true);
    const head = await app.inject({ method: 'HEAD', url: '/api/stream/live/25.ts' });
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(shipped(1).length);
  });

  it('answer 404 for segments not published yet, beyond the end, or not named as positions', async () => {
    // At 100 s the live edge is position 49 (98-100 s).
    expect((await app.inject({ url: '/api/stream/live/49.ts' })).statusCode).toBe(200);
    const future = await app.inject({ url: '/api/stream/live/50.ts' });
    expect(future.statusCode).toBe(404);
    expect(future.headers['cache-control']).toBeUndefined();
    expect(future.json()).toMatchObject({ errorType: 'NotFound' });
    expect((await app.inject({ url: '/api/stream/ended/30.ts' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/stream/ended/31.ts' })).statusCode).toBe(404);
    for (const name of ['-1', '1e3', 'abc', '0x1', '1234567890']) {
      expect((await app.inject({ url: `/api/stream/live/${name}.ts` })).statusCode).toBe(404);
    }
  });

  it('answer 404 for unknown streams and streams that have not started', async () => {
    const urls = ['nope/master.m3u8', 'nope/index.m3u8', 'nope/1.ts', 'pre-live/index.m3u8', 'pre-live/master.m3u8', 'pre-live/0.ts'];
    for (const url of urls.map((u) => `/api/stream/${u}`)) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.json()).toMatchObject({ exceptionType: 'NotFoundException', errorType: 'NotFound' });
    }
  });

  it('answer a CORS preflight, and leave other routes alone', async () => {
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/stream/live/index.m3u8',
      headers: { origin: 'https://player.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-methods']).toContain('GET');
    const other = await app.inject({ url: '/api/elsewhere' });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('need no API key', async () => {
    expect((await app.inject({ url: '/api/stream/live/index.m3u8', headers: {} })).statusCode).toBe(200);
  });
});

describe('streamPaths', () => {
  it('encodes the key', () => {
    expect(streamPaths('a b/c')).toEqual({ master: '/api/stream/a%20b%2Fc/master.m3u8', media: '/api/stream/a%20b%2Fc/index.m3u8' });
  });
});

describe('the MP4 test card', () => {
  const mp4 = readFileSync(join(CARD_DIR, 'test-card.mp4'));

  it('is served whole, by ranges and to HEAD, publicly', async () => {
    const whole = await app.inject({ url: testCardPath() });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['access-control-allow-origin']).toBe('*');
    expect(whole.rawPayload.equals(mp4)).toBe(true);
    const range = await app.inject({ url: testCardPath(), headers: { range: 'bytes=0-99' } });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 0-99/${mp4.length}`);
    expect(range.rawPayload.equals(mp4.subarray(0, 100))).toBe(true);
    const suffix = await app.inject({ url: testCardPath(), headers: { range: 'bytes=-10' } });
    expect(suffix.rawPayload.equals(mp4.subarray(mp4.length - 10))).toBe(true);
    expect((await app.inject({ url: testCardPath(), headers: { range: `bytes=${mp4.length}-` } })).statusCode).toBe(416);
    const head = await app.inject({ method: 'HEAD', url: testCardPath() });
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(mp4.length);
    expect((await app.inject({ url: '/api/stream/files/other.mp4' })).statusCode).toBe(404);
  });
});

describe('composed streams', () => {
  it('play their clips as a VOD, each from its own programme', async () => {
    streams.set('composed', { kind: 'composed', content: { clips: [{ programme: 'programme', from: 3, to: 5 }, { programme: 'card', from: 0, to: 2 }] } });
    const media = await app.inject({ url: '/api/stream/composed/index.m3u8' });
    expect(media.statusCode).toBe(200);
    expect(media.body).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(media.body.split('\n').filter((l) => !l.startsWith('#') && l)).toEqual(['0.ts', '1.ts', '2.ts', '3.ts']);
    expect((await app.inject({ url: '/api/stream/composed/0.ts' })).rawPayload.equals(shipped(3))).toBe(true);
    const card = readFileSync(join(CARD_DIR, loadMediaIndex(CARD_DIR).segments[1]!.uri));
    expect((await app.inject({ url: '/api/stream/composed/3.ts' })).rawPayload.equals(card)).toBe(true);
    expect((await app.inject({ url: '/api/stream/composed/4.ts' })).statusCode).toBe(404);
    streams.set('empty', { kind: 'composed', content: { clips: [] } });
    expect((await app.inject({ url: '/api/stream/empty/index.m3u8' })).statusCode).toBe(404);
  });

  it('a live stream with pauses holds still during an open one', async () => {
    streams.set('paused', { liveStart, liveEnd: null, dvrWindowSeconds: 30, pauses: [{ from: at(40), to: at(60) }, { from: at(90), to: null }] });
    // 100 s after the start, 20 s were paused and 10 s are paused now: 70 s streamed.
    const media = await app.inject({ url: '/api/stream/paused/index.m3u8' });
    expect(media.body.trim().split('\n').at(-1)).toBe('34.ts');
    clock.advance(30_000);
    expect((await app.inject({ url: '/api/stream/paused/index.m3u8' })).body).toBe(media.body);
    expect((await app.inject({ url: '/api/stream/paused/35.ts' })).statusCode).toBe(404);
  });
});
