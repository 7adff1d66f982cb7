/** The archiverflow's URLs handed out in an event's video, their placeholders filled. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../db/tables/index.ts';
import { endpoints } from '#schema';
import { createTestClient } from '#testing/client.ts';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { insertEvent } from '#testing/event-row.ts';
import { archiverStreamUrls } from './event-urls.ts';
import { captureBody, goLive, PRIMARY_POINT, seedArchiverFixture, type ArchiverFixture, archiverServices } from '#testing/archiver.ts';

let t: TestApp;
let fixture: ArchiverFixture;
let api: ReturnType<typeof createTestClient>;

beforeAll(async () => {
  t = await createTestApp({ services: archiverServices(4_000) });
  fixture = await seedArchiverFixture(t);
  api = createTestClient(t);
});
afterAll(() => t.close());

const configuration = {
  archiverflows: [
    {
      name: 'Catch-up',
      type: 'ArchiverFlow',
      outputUrls: [
        {
          streamProtocol: 'HLS',
          cdnPrimaryUrl: 'https://cdn.example/{capture_id}/{profile_id}/index.m3u8?start={starttime}&end={endtime}',
          originPrimaryUrl: 'https://origin.example/{capture_id}/index.m3u8',
          privateUrl: 'https://private.example/{capture_id}',
        },
        { streamProtocol: 'DASH', cdnPrimaryUrl: 'https://cdn.example/{capture_id}/manifest.mpd', originPrimaryUrl: 'https://origin.example/{capture_id}/manifest.mpd', originSecondaryUrl: 'https://origin2.example/{capture_id}/manifest.mpd' },
      ],
    },
  ],
};

describe('archiver URLs of an event', () => {
  it('are the archiverflow’s output URLs filled with the capture of the event’s channel, its profile and the event’s archiver times', async () => {
    const flow = await api.call(endpoints.archiverflow.create, { body: { name: 'Catch-up', configurationJson: JSON.stringify(configuration) } });
    const eventId = await goLive(t, fixture, new Date(t.clock.now().getTime() - 60_000));
    const start = new Date('2026-03-01T10:00:00.250Z');
    const end = new Date('2026-03-01T12:00:00Z');
    const { database, clock, clientId } = t;
    await database.db.update(events).set({ archiverflowId: flow.id, archiverStart: start, archiverEnd: end }).where(eq(events.id, eventId));

    // No capture records the channel yet: nothing playable to hand out.
    let event = await api.call(endpoints.event.get, { params: { id: eventId }, query: { processVideo: true } });
    expect(event?.video?.archiverUrls).toEqual([]);

    await api.call(endpoints.archiverCapture.create, { body: captureBody({ id: 'urls_capture', publishingPoints: [PRIMARY_POINT.toUpperCase()] }) });
    event = await api.call(endpoints.event.get, { params: { id: eventId }, query: { processVideo: true } });
    // {profile_id} has no value yet: only the URLs that do not name it.
    expect(event?.video?.archiverUrls.map((u) => u.url)).toEqual([
      'https://origin.example/urls_capture/index.m3u8',
      'https://cdn.example/urls_capture/manifest.mpd',
      'https://origin.example/urls_capture/manifest.mpd',
      'https://origin2.example/urls_capture/manifest.mpd',
    ]);

    await api.call(endpoints.archiverPlayoutProfile.create, {
      body: { id: 'urls_profile', expiresIn: null, key: null, issKeyIv: null, issLicenseUrl: null, widevineDrmData: null, widevineLicenseUrl: null, aesKey: null, aesKeyIv: null, aesLicenseUrl: null, captures: [{ captureId: 'urls_capture', liveRedirectUrl: null }] },
    });
    event = await api.call(endpoints.event.get, { params: { id: eventId }, query: { processVideo: true } });
    const urls = event!.video!.archiverUrls;
    expect(urls[0]).toEqual({
      streamProtocol: 0,
      streamProtocolString: 'HLS',
      url: 'https://cdn.example/urls_capture/urls_profile/index.m3u8?start=2026-03-01T10:00:00Z&end=2026-03-01T12:00:00Z',
      absoluteUrlWithPathNoQuery: 'https://cdn.example/urls_capture/urls_profile/index.m3u8',
      streamSource: 0,
      streamSourceString: 'CDN_PRIMARY_INDEX_0',
    });
    expect(urls.map((u) => `${u.streamProtocolString} ${u.streamSourceString}`)).toEqual([
      'HLS CDN_PRIMARY_INDEX_0',
      'HLS ORIGIN_PRIMARY_INDEX_0',
      'DASH CDN_PRIMARY_INDEX_0',
      'DASH ORIGIN_PRIMARY_INDEX_0',
      'DASH ORIGIN_SECONDARY_INDEX_0',
    ]);
    // Another event without an archiverflow has none.
    const other = await insertEvent({ database, clock, clientId }, { title: 'No flow', channelId: fixture.channelId });
    expect((await api.call(endpoints.event.get, { params: { id: other }, query: { processVideo: true } }))?.video?.archiverUrls).toEqual([]);
  });

  it('fill every placeholder, percent-encode ids and drop a URL whose placeholder has no value', () => {
    const urls = archiverStreamUrls(
      { archiverflows: [{ outputUrls: [{ streamProtocol: 'HSS', cdnPrimaryUrl: 'https://c/{CAPTURE_ID}/{starttime}-{endtime}', originPrimaryUrl: 'https://o/{profile_id}', cdnSecondaryUrl: 'https://c2/{capture_id}' }] }] },
      { captureId: 'a b', profileId: null, startTime: new Date('2026-01-01T00:00:00Z'), endTime: new Date('2026-01-01T01:00:00Z') },
    );
    expect(urls.map((u) => [u.url, u.streamSourceString, u.streamProtocol])).toEqual([
      ['https://c/a%20b/2026-01-01T00:00:00Z-2026-01-01T01:00:00Z', 'CDN_PRIMARY_INDEX_0', 2],
      ['https://c2/a%20b', 'CDN_PRIMARY_INDEX_1', 2],
    ]);
  });
});
