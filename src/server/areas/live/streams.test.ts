import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, EventState } from '#schema';
import { createTestClient } from '#testing/client.ts';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { seedLiveFixture, whileTimePasses, type LiveFixture } from '#testing/live.ts';
import { insertEvent, type EventValues } from '#testing/event-row.ts';

const S = EventState.values;

let t: TestApp;
let fixture: LiveFixture;

beforeAll(async () => {
  t = await createTestApp({ services: { live: { waitPollMs: 5 } } });
  fixture = await seedLiveFixture(t.database.db, t.clientId, t.clock.now());
});
afterAll(() => t.close());

const newEvent = (values: EventValues = {}) =>
  insertEvent(t, { channelId: fixture.channelId, ...values });
const get = (url: string) => t.app.inject({ method: 'GET', url });
const setState = (id: string, state: string) =>
  whileTimePasses(t.clock, t.app.inject({ method: 'PUT', url: `/api/event/state/${id}`, headers: t.headers(), payload: { state } }));

/** The segment URIs of a media playlist. */
const segments = (playlist: string) => playlist.split('\n').filter((line) => line.endsWith('.ts'));

describe('the event’s stream on the simulated publishing point', () => {
  it('is not there before the start', async () => {
    const id = await newEvent();
    expect((await get(`/api/stream/${id}/master.m3u8`)).statusCode).toBe(404);
    expect((await get('/api/stream/not-an-event/index.m3u8')).statusCode).toBe(404);
    expect((await get('/api/stream/6a1c7a32-0000-4000-8000-00000000abcd/index.m3u8')).statusCode).toBe(404);
  });

  it('plays a live window while live, as long as the DVR window, and the whole stream as VOD after the stop', async () => {
    const id = await newEvent({ dvrLength: 20 });
    await setState(id, 'LIVE_PUBLISHED');
    // The URL the video structure gives is the one that plays (no API key needed).
    const event = await createTestClient(t).call(endpoints.event.get, { params: { id }, query: { processVideo: true } });
    const hls = new URL(event!.video!.currentStateUrls.find((u) => u.streamProtocolString === 'HLS')!.url);
    const master = await get(hls.pathname + hls.search);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.body).toContain('#EXT-X-STREAM-INF:');

    t.clock.advance(60_000);
    const live = await get(`/api/stream/${id}/index.m3u8`);
    expect(live.statusCode).toBe(200);
    expect(live.body).not.toContain('#EXT-X-ENDLIST');
    expect(live.body).not.toContain('#EXT-X-MEDIA-SEQUENCE:0\n');
    // 20 s of 2 s segments: ten, or eleven while the newest one is being written.
    expect(segments(live.body).length).toBeGreaterThanOrEqual(10);
    expect(segments(live.body).length).toBeLessThanOrEqual(11);
    const newest = segments(live.body).at(-1)!;
    expect((await get(`/api/stream/${id}/${newest}`)).statusCode).toBe(200);

    await setState(id, 'STOPPED');
    t.clock.advance(60_000);
    const vod = await get(`/api/stream/${id}/index.m3u8`);
    expect(vod.body).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(vod.body).toContain('#EXT-X-ENDLIST');
    expect(vod.body).toContain('#EXT-X-MEDIA-SEQUENCE:0\n');
    expect(segments(vod.body).length).toBeGreaterThan(30);
  });

  it('uses the channel’s DVR window when the event has none', async () => {
    const start = new Date(t.clock.now().getTime() - 3 * 3_600_000);
    const id = await newEvent({ state: S.LIVE_PUBLISHED, actualLiveStart: start, dvrLength: null });
    const live = await get(`/api/stream/${id}/index.m3u8`);
    // The channel keeps 7200 s: 3600 segments of 2 s, not the 3 hours since the start.
    expect(segments(live.body).length).toBeGreaterThanOrEqual(3600);
    expect(segments(live.body).length).toBeLessThanOrEqual(3601);
  });

  it('is gone once the event is deleted or its instant VOD is', async () => {
    const start = new Date(t.clock.now().getTime() - 60_000);
    const deleted = await newEvent({ state: S.INSTANT_VOD, actualLiveStart: start, actualLiveEnd: t.clock.now(), dateDeleted: t.clock.now() });
    expect((await get(`/api/stream/${deleted}/index.m3u8`)).statusCode).toBe(404);
    const gone = await newEvent({ state: S.INSTANT_VOD_DELETE, actualLiveStart: start, actualLiveEnd: t.clock.now() });
    expect((await get(`/api/stream/${gone}/index.m3u8`)).statusCode).toBe(404);
    const kept = await newEvent({ state: S.INSTANT_VOD_BACKUP, actualLiveStart: start, actualLiveEnd: t.clock.now() });
    expect((await get(`/api/stream/${kept}/index.m3u8`)).body).toContain('#EXT-X-ENDLIST');
  });

  it('is described in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(document.paths['/stream/{eventId}/index.m3u8']?.get).toMatchObject({ operationId: 'stream.media' });
  });
});
