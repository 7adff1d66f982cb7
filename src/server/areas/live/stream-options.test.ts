/**
 * The event stream routes honour the event's in/out points (requestedStreamTime) and audioOnly,
 * and publish nothing while the event is SUSPENDED.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, EventState } from '#schema';
import { createTestClient } from '#testing/client.ts';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { eventRow, seedLiveFixture, type LiveFixture } from '#testing/live.ts';
import { insertEvent } from '#testing/event-row.ts';

const S = EventState.values;

let t: TestApp;
let fixture: LiveFixture;

beforeAll(async () => {
  t = await createTestApp({ services: { live: { waitPollMs: 5, waitTimeoutMs: 2_000 } } });
  fixture = await seedLiveFixture(t.database.db, t.clientId, t.clock.now());
});
afterAll(() => t.close());

/** An event live since `secondsAgo`. */
async function liveEvent(secondsAgo: number): Promise<{ id: string; liveStart: Date }> {
  const liveStart = new Date(t.clock.now().getTime() - secondsAgo * 1000);
  const id = await insertEvent(t, { channelId: fixture.channelId, state: S.LIVE_PUBLISHED, actualLiveStart: liveStart, dvrLength: 30 });
  return { id, liveStart };
}

const get = (url: string) => t.app.inject({ url });
const uris = (playlist: string) => playlist.trim().split('\n').filter((l) => !l.startsWith('#'));
const iso = (d: Date, plusSeconds = 0) => new Date(d.getTime() + plusSeconds * 1000).toISOString();

function setState(id: string, state: string) {
  return t.app.inject({ method: 'PUT', url: `/api/event/state/${id}`, headers: t.headers(), payload: { state, waitUntilCompleted: false } });
}

describe('in and out', () => {
  it('a live stream from an in point grows from it (start-over), without sliding', async () => {
    const { id, liveStart } = await liveEvent(100);
    const response = await get(`/api/stream/${id}/index.m3u8?in=${encodeURIComponent(iso(liveStart, 20))}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('#EXT-X-PLAYLIST-TYPE:EVENT');
    expect(response.body).toContain('#EXT-X-MEDIA-SEQUENCE:10\n');
    expect(response.body).not.toContain('#EXT-X-ENDLIST');
    expect(uris(response.body)).toEqual(Array.from({ length: 40 }, (_, i) => `${10 + i}.ts`));
  });

  it('ends at the out point once it has been streamed, snapping outward to segments', async () => {
    const { id, liveStart } = await liveEvent(100);
    const both = await get(`/api/stream/${id}/index.m3u8?in=${encodeURIComponent(iso(liveStart, 21))}&out=${encodeURIComponent(iso(liveStart, 39))}`);
    expect(uris(both.body)).toEqual(Array.from({ length: 10 }, (_, i) => `${10 + i}.ts`));
    expect(both.body).toContain('#EXT-X-ENDLIST');
    // Offsets from the start of the stream work too; an out point still ahead keeps it live.
    const offset = await get(`/api/stream/${id}/index.m3u8?out=00:00:10`);
    expect(uris(offset.body)).toEqual(['0.ts', '1.ts', '2.ts', '3.ts', '4.ts']);
    const ahead = await get(`/api/stream/${id}/index.m3u8?out=${encodeURIComponent(iso(liveStart, 500))}`);
    expect(ahead.body).not.toContain('#EXT-X-ENDLIST');
  });

  it('cuts a finished stream to in and out', async () => {
    const liveStart = new Date(t.clock.now().getTime() - 600_000);
    const id = await insertEvent(t, {
      channelId: fixture.channelId,
      state: S.INSTANT_VOD,
      actualLiveStart: liveStart,
      actualLiveEnd: new Date(liveStart.getTime() + 120_000),
    });
    const response = await get(`/api/stream/${id}/index.m3u8?in=00:01:00.000&out=00:01:10.000`);
    expect(response.body).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(uris(response.body)).toEqual(['30.ts', '31.ts', '32.ts', '33.ts', '34.ts']);
  });

  it('answers 400 for points it cannot read, or an out before the in; 404 for an in not streamed yet', async () => {
    const { id, liveStart } = await liveEvent(100);
    for (const query of ['in=soon', 'out=12:99:00', `in=${encodeURIComponent(iso(liveStart, 50))}&out=${encodeURIComponent(iso(liveStart, 40))}`]) {
      const response = await get(`/api/stream/${id}/index.m3u8?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect((await get(`/api/stream/${id}/master.m3u8?${query}`)).statusCode, query).toBe(400);
    }
    expect((await get(`/api/stream/${id}/index.m3u8?in=${encodeURIComponent(iso(liveStart, 300))}`)).statusCode).toBe(404);
  });

  it('the master playlist passes them on, and the event’s stream URLs carry them', async () => {
    const { id, liveStart } = await liveEvent(100);
    const inPoint = iso(liveStart, 20);
    const event = await createTestClient(t).call(endpoints.event.get, { params: { id }, query: { processVideo: true, in: inPoint } });
    const url = new URL(event!.video!.currentStateUrls[0]!.url);
    expect(url.searchParams.get('in')).toBe(inPoint);
    const master = await get(`${url.pathname}${url.search}`);
    const media = master.body.trim().split('\n').at(-1)!;
    expect(media).toBe(`index.m3u8?in=${encodeURIComponent(inPoint)}`);
    const playlist = await get(`/api/stream/${id}/${media}`);
    expect(playlist.body).toContain('#EXT-X-MEDIA-SEQUENCE:10\n');
  });
});

describe('audioOnly', () => {
  it('an audio-only variant whose segments carry no video', async () => {
    const { id } = await liveEvent(100);
    const master = await get(`/api/stream/${id}/master.m3u8?audioOnly=true`);
    expect(master.body).toMatch(/#EXT-X-STREAM-INF:BANDWIDTH=\d+,AVERAGE-BANDWIDTH=\d+,CODECS="mp4a.40.2"\nindex.m3u8\?audioOnly=true/);
    expect(master.body).not.toContain('RESOLUTION');
    const media = await get(`/api/stream/${id}/index.m3u8?audioOnly=true`);
    expect(uris(media.body).at(-1)).toBe('audio-49.ts');
    const audio = await get(`/api/stream/${id}/audio-49.ts`);
    const full = await get(`/api/stream/${id}/49.ts`);
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('video/mp2t');
    expect(audio.rawPayload.length).toBeLessThan(full.rawPayload.length / 3);
    const pids = new Set<number>();
    for (let i = 0; i < audio.rawPayload.length; i += 188) pids.add(((audio.rawPayload[i + 1]! & 0x1f) << 8) | audio.rawPayload[i + 2]!);
    expect(pids.has(0x100)).toBe(false);
    expect(pids.has(0x101)).toBe(true);
    expect((await get(`/api/stream/${id}/audio-50.ts`)).statusCode).toBe(404);
  });
});

describe('SUSPENDED', () => {
  it('publishes nothing while suspended, and resumes where it stopped', async () => {
    const { id } = await liveEvent(100);
    const before = (await get(`/api/stream/${id}/index.m3u8`)).body;
    expect((await setState(id, 'SUSPENDED')).statusCode).toBe(200);
    t.clock.advance(60_000);
    const during = await get(`/api/stream/${id}/index.m3u8`);
    expect(during.statusCode).toBe(200);
    expect(during.body).toBe(before);
    expect((await get(`/api/stream/${id}/50.ts`)).statusCode).toBe(404);
    expect((await setState(id, 'LIVE_PUBLISHED')).statusCode).toBe(200);
    t.clock.advance(10_000);
    const after = await get(`/api/stream/${id}/index.m3u8`);
    // 100 s before, 10 s after: the suspended minute is not in the stream.
    expect(uris(after.body).at(-1)).toBe('54.ts');
    // Stopped, the recording is 110 s long.
    expect((await setState(id, 'STOPPED')).statusCode).toBe(200);
    await t.runJobs();
    t.clock.advance(5_000);
    await t.runJobs();
    expect((await eventRow(t.database.db, id)).state).toBe(S.INSTANT_VOD);
    const vod = await get(`/api/stream/${id}/index.m3u8`);
    expect(vod.body).toContain('#EXT-X-ENDLIST');
    expect(uris(vod.body).length).toBeGreaterThanOrEqual(55);
    expect(uris(vod.body).length).toBeLessThanOrEqual(56);
  });
});
