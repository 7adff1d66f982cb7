import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, EventState, type StreamUrl, type Video } from '#schema';
import { createStrangerClient, createTestClient } from '#testing/client.ts';
import { createTestApp, type TestApp } from '#testing/app.ts';
import type { ApiClient } from '#client';
import { seedLiveFixture, SERVICE, whileTimePasses, type LiveFixture } from '#testing/live.ts';
import { insertEvent, type EventValues } from '#testing/event-row.ts';
import type { EncoderStatus } from './encoder.ts';
import { videoStructure } from './video.ts';

const S = EventState.values;

let t: TestApp;
let api: ApiClient;
let fixture: LiveFixture;

beforeAll(async () => {
  t = await createTestApp({ services: { live: { waitPollMs: 5 } } });
  api = createTestClient(t);
  fixture = await seedLiveFixture(t.database.db, t.clientId, t.clock.now());
});
afterAll(() => t.close());

const newEvent = (values: EventValues = {}) =>
  insertEvent(t, { channelId: fixture.channelId, xflowId: fixture.xflowId, contentId: 'cnt-42', ...values });

async function video(id: string, query: Record<string, unknown> = {}): Promise<Video> {
  const event = await api.call(endpoints.event.get, { params: { id }, query: { processVideo: true, ...query } });
  expect(event?.video).toBeTruthy();
  return event!.video!;
}

const sources = (urls: StreamUrl[]) => urls.map((u) => `${u.streamSourceString}/${u.streamProtocolString}`);

describe('the video structure', () => {
  it('is null without processVideo, and built by id, reference and external id with it', async () => {
    const id = await newEvent({ refId: 'ref/video 1', externalId: 'ext-video-1' });
    expect((await api.call(endpoints.event.get, { params: { id }, query: {} }))?.video).toBeNull();
    const byRef = await api.call(endpoints.event.getByReference, { query: { id: 'ref/video 1', processVideo: true } });
    const byExt = await api.call(endpoints.event.getByExternal, { query: { id: 'ext-video-1', processVideo: true } });
    expect(byRef?.video?.playerUrl).toBe(`${SERVICE}/events/${id}/player?embed=true`);
    expect(byExt?.video?.playerUrl).toBe(`${SERVICE}/events/${id}/player?embed=true`);
  });

  it('before the start: the live URLs of every encoder and source from the channel, nothing playing yet', async () => {
    const id = await newEvent();
    const v = await video(id);
    expect(sources(v.liveUrls)).toEqual([
      'CDN_PRIMARY_INDEX_0/HLS',
      'CDN_PRIMARY_INDEX_0/DASH',
      'CDN_PRIMARY_INDEX_1/HLS',
      'CDN_PRIMARY_INDEX_1/DASH',
      'ORIGIN_PRIMARY_INDEX_0/HLS',
      'ORIGIN_PRIMARY_INDEX_0/DASH',
      'ORIGIN_SECONDARY_INDEX_0/HLS',
      'ORIGIN_SECONDARY_INDEX_0/DASH',
      'ORIGIN_PRIMARY_INDEX_1/HLS',
      'ORIGIN_PRIMARY_INDEX_1/DASH',
      'ORIGIN_SECONDARY_INDEX_1/HLS',
      'ORIGIN_SECONDARY_INDEX_1/DASH',
    ]);
    expect(v.liveUrls[0]).toEqual({
      streamProtocol: 0,
      streamProtocolString: 'HLS',
      url: `${SERVICE}/api/stream/${id}/master.m3u8`,
      absoluteUrlWithPathNoQuery: `${SERVICE}/api/stream/${id}/master.m3u8`,
      streamSource: 0,
      streamSourceString: 'CDN_PRIMARY_INDEX_0',
    });
    expect(v.currentStateUrls).toEqual([]);
    expect(v.vodUrls).toEqual([]);
    expect(v.publishingPointUrls).toEqual([]);
    expect(v.rampServers).toHaveLength(1);
    expect(v.rampServers[0]).toMatchObject({ location: 'eu-west', playerAddress: expect.stringContaining(SERVICE) });
  });

  it('shows LIVE_UNPUBLISHED URLs only with viewUnpublished', async () => {
    const id = await newEvent({ state: S.LIVE_UNPUBLISHED, actualLiveStart: t.clock.now() });
    const hidden = await video(id);
    expect(hidden.liveUrls).toEqual([]);
    expect(hidden.currentStateUrls).toEqual([]);
    const shown = await video(id, { viewUnpublished: true });
    expect(shown.liveUrls.length).toBeGreaterThan(0);
    expect(shown.currentStateUrls).toEqual(shown.liveUrls);
    expect(shown.webPageUrl).toBe(`${SERVICE}/events/${id}/player?viewUnpublished=true`);
  });

  it('while live: live URLs are the current ones, and the publishing points come from the encoder', async () => {
    const id = await newEvent();
    await whileTimePasses(
      t.clock,
      t.app.inject({ method: 'PUT', url: `/api/event/state/${id}`, headers: t.headers(), payload: { state: 'LIVE_PUBLISHED' } }),
    );
    const v = await video(id);
    expect(v.currentStateUrls).toEqual(v.liveUrls);
    expect(v.vodUrls).toEqual([]);
    expect(v.publishingPointUrls).toHaveLength(4);
    expect(v.publishingPointUrls[0]).toMatchObject({
      url: `${SERVICE}/api/stream/ingest/ch-main/0/primary`,
      state: 'running',
      hasStarted: true,
      receivingData: true,
    });
  });

  it('SUSPENDED keeps the live URLs; its publishing points receive no data', async () => {
    const id = await newEvent({ state: S.SUSPENDED, actualLiveStart: t.clock.now() });
    const v = await video(id);
    expect(v.currentStateUrls.length).toBeGreaterThan(0);
    expect(v.publishingPointUrls.every((p) => p.state === 'running' && !p.receivingData)).toBe(true);
  });

  it('after the stop: the instant VOD URLs', async () => {
    const id = await newEvent({ state: S.INSTANT_VOD, actualLiveStart: t.clock.now(), actualLiveEnd: t.clock.now() });
    const v = await video(id);
    expect(v.liveUrls).toEqual([]);
    expect(v.vodUrls.length).toBeGreaterThan(0);
    expect(v.currentStateUrls).toEqual(v.vodUrls);
    expect(v.vodUrls[0]?.url).toBe(`${SERVICE}/api/stream/${id}/master.m3u8`);
    expect(v.publishingPointUrls.every((p) => p.state === 'stopped')).toBe(true);
  });

  it('a VOD plays from the xflow’s URLs with the content id; a private VOD from the private URL only', async () => {
    const open = await newEvent({ state: S.VOD_PUBLIC });
    const v = await video(open);
    expect(sources(v.vodUrls)).toEqual(['CDN_PRIMARY_INDEX_0/HLS', 'CDN_PRIMARY_INDEX_0/DASH', 'ORIGIN_PRIMARY_INDEX_0/HLS', 'ORIGIN_PRIMARY_INDEX_0/DASH']);
    expect(v.vodUrls[0]?.url).toBe(`${SERVICE}/api/stream/${open}/master.m3u8?content=cnt-42`);
    const closed = await newEvent({ state: S.VOD_PRIVATE });
    const p = await video(closed);
    expect(p.vodUrls.map((u) => u.url)).toEqual([`${SERVICE}/api/stream/${closed}/master.m3u8?content=cnt-42&access=private`]);
  });

  it('has no stream URLs in states without a stream', async () => {
    for (const state of [S.INSTANT_VOD_DELETE, S.PRE_VOD, S.VOD_INGESTING, S.COMPOSE_WAITING]) {
      const v = await video(await newEvent({ state }));
      expect([...v.liveUrls, ...v.vodUrls, ...v.currentStateUrls]).toEqual([]);
    }
  });

  it('reflects in, out, audioOnly and autoStart in the stream time, the URLs and the embed code', async () => {
    const start = t.clock.now();
    const id = await newEvent({ state: S.LIVE_PUBLISHED, actualLiveStart: start });
    const inPoint = new Date(start.getTime() + 90_000).toISOString();
    const outPoint = new Date(start.getTime() + 3_723_000).toISOString();
    const v = await video(id, { in: inPoint, out: outPoint, audioOnly: true, autoStart: true });
    expect(v.requestedStreamTime).toEqual({
      inPointOriginalString: inPoint,
      outPointOriginalString: outPoint,
      inPointDateTime: inPoint,
      outPointDateTime: outPoint,
      inPointTimeSpan: '00:01:30',
      outPointTimeSpan: '01:02:03',
      inPointHasValue: true,
      outPointHasValue: true,
      inPointIsAbsoluteDateTime: true,
      outPointIsAbsoluteDateTime: true,
    });
    expect(v.requestedAudioOnly).toBe(true);
    expect(v.requestedAutoStart).toBe(true);
    const query = `in=${encodeURIComponent(inPoint)}&out=${encodeURIComponent(outPoint)}&audioOnly=true`;
    expect(v.liveUrls[0]?.url).toBe(`${SERVICE}/api/stream/${id}/master.m3u8?${query}`);
    expect(v.liveUrls[0]?.absoluteUrlWithPathNoQuery).toBe(`${SERVICE}/api/stream/${id}/master.m3u8`);
    expect(v.playerUrl).toBe(`${SERVICE}/events/${id}/player?${query}&autoStart=true&embed=true`);
    expect(v.embedCode).toBe(
      `<iframe src="${SERVICE}/events/${id}/player?${query.replaceAll('&', '&amp;')}&amp;autoStart=true&amp;embed=true" width="640" height="360" frameborder="0" ` +
        `allow="autoplay; fullscreen; picture-in-picture" allowfullscreen title="Test event"></iframe>`,
    );
    const none = await video(id);
    expect(none.requestedStreamTime).toMatchObject({ inPointHasValue: false, inPointDateTime: null, inPointTimeSpan: '00:00:00' });
  });

  it('puts the chosen stream source first and plays only it; a playout profile that does not match uses the main source', async () => {
    const id = await newEvent({ state: S.LIVE_PUBLISHED, actualLiveStart: t.clock.now() });
    const v = await video(id, { streamSource: 'ORIGIN_PRIMARY_INDEX_1' });
    expect(sources(v.liveUrls).slice(0, 2)).toEqual(['ORIGIN_PRIMARY_INDEX_1/HLS', 'ORIGIN_PRIMARY_INDEX_1/DASH']);
    expect(sources(v.currentStateUrls)).toEqual(['ORIGIN_PRIMARY_INDEX_1/HLS', 'ORIGIN_PRIMARY_INDEX_1/DASH']);
    expect(v.currentStateUrls[0]?.url).toBe(`${SERVICE}/api/stream/${id}/master.m3u8?origin=primary&encoder=1`);
    const profiled = await video(id, { livePlayoutProfileId: '6a1c7a32-0000-4000-8000-000000000009' });
    expect(sources(profiled.currentStateUrls)).toEqual(['CDN_PRIMARY_INDEX_0/HLS', 'CDN_PRIMARY_INDEX_0/DASH']);
    expect(profiled.livePlayoutProfileUrls).toEqual({});
  });

  it('names the service by the URL it is given (PUBLIC_URL or the request’s origin), and escapes the title in the embed code', () => {
    const idle: EncoderStatus = { eventId: 'x', state: 'idle', receivingData: false, startRequestedAt: null, readyAt: null, stopRequestedAt: null, stoppedAt: null, publishingPoints: [], error: null };
    const event = { id: 'e1', title: 'Quote " & <tag>', contentId: null, state: S.PRE_LIVE, actualLiveStart: null, scheduledStart: null, dateModified: t.clock.now() };
    const v = videoStructure({ event, channel: null, xflow: null, encoder: idle, query: {}, serviceUrl: 'https://control.example.org' });
    expect(v.webPageUrl).toBe('https://control.example.org/events/e1/player');
    expect(v.embedCode).toContain('src="https://control.example.org/events/e1/player?embed=true"');
    expect(v.embedCode).toContain('title="Quote &quot; &amp; &lt;tag&gt;"');
    expect(v.liveUrls).toEqual([]);
  });

  it('is another client’s business: a stranger gets no event', async () => {
    const id = await newEvent({ state: S.LIVE_PUBLISHED, actualLiveStart: t.clock.now() });
    const stranger = await createStrangerClient(t);
    expect(await stranger.api.call(endpoints.event.get, { params: { id }, query: { processVideo: true } })).toBeNull();
  });
});
