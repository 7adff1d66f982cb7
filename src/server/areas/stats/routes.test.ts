/**
 * Billing statistics on a crafted tenant whose figures are worked out by hand below, following
 * the rules written at the top of billing.ts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type BillingStatistics } from '#schema';
import type { ApiClient } from '#client';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { createStrangerClient, createTestClient, failure } from '#testing/client.ts';
import { insertRow } from '#testing/rows.ts';
import { channels, customProperties, events } from '../../db/tables/index.ts';
import { friendlyBytes, maxSimultaneous } from './billing.ts';

let t: TestApp;
let api: ApiClient;
let stranger: ApiClient;
let strangerClientId: string;

const NOW = '2026-03-20T12:00:00.000Z';
const d = (iso: string) => new Date(iso);

/** Bytes per minute at 3, 8 and 20 Mbit/s. */
const SD = 22_500_000;
const HD = 60_000_000;
const UHD = 150_000_000;

async function channel(name: string): Promise<string> {
  const now = d(NOW);
  const [row] = await t.database.db
    .insert(channels)
    .values({ clientId: t.clientId, name, configurationJson: '{}', dateCreated: now, dateModified: now })
    .returning({ id: channels.id });
  return row!.id;
}

async function event(values: Partial<typeof events.$inferInsert>, resolution?: string, clientId = t.clientId): Promise<string> {
  const [row] = await t.database.db
    .insert(events)
    .values({ clientId, title: 'E', state: 5, dateCreated: d('2026-03-01T00:00:00Z'), dateModified: d(NOW), ...values })
    .returning({ id: events.id });
  if (resolution) {
    await t.database.db.insert(customProperties).values({ clientId, eventId: row!.id, category: 'billing', key: 'resolution', value: resolution });
  }
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  api = createTestClient(t);
  const other = await createStrangerClient(t);
  stranger = other.api;
  strangerClientId = other.tenant.clientId;

  const [A, B, C] = [await channel('A'), await channel('B'), await channel('C')];
  // Live events (March 2026 is the default period; now is 20 March 12:00).
  // e1: A, 10 Mar 10:00-12:00, HD by default, DRM provider NONE.            120 min
  await event({ channelId: A, actualLiveStart: d('2026-03-10T10:00:00Z'), actualLiveEnd: d('2026-03-10T12:00:00Z'), drmJson: '{"drm_provider":"NONE"}' });
  // e2: A again, 11:00-13:00, UHD, DRM: the same channel, so A is live 10:00-13:00. 120 min
  await event(
    { channelId: A, actualLiveStart: d('2026-03-10T11:00:00Z'), actualLiveEnd: d('2026-03-10T13:00:00Z'), drmJson: '{"drm_provider":"THIRDPARTY"}' },
    'uhd',
  );
  // e3: B, 12:00-14:00, SD, capturing live to VOD.                                120 min
  await event({ channelId: B, actualLiveStart: d('2026-03-10T12:00:00Z'), actualLiveEnd: d('2026-03-10T14:00:00Z'), capturingLive2Vod: true }, 'SD');
  // e4: C, from 28 Feb 23:00 to 1 Mar 01:00: only its hour in March counts.       60 min
  await event({ channelId: C, actualLiveStart: d('2026-02-28T23:00:00Z'), actualLiveEnd: d('2026-03-01T01:00:00Z') });
  // e5: C, live since 20 Mar 11:30 and still live: until now.                     30 min
  await event({ channelId: C, state: 2, actualLiveStart: d('2026-03-20T11:30:00Z') });
  // e6: channel since deleted, 10 Mar 12:30-12:45, and the event deleted since:   15 min
  // it counts, as a channel of its own; with A and B it makes 3 channels live at 12:30.
  await event({ channelId: null, actualLiveStart: d('2026-03-10T12:30:00Z'), actualLiveEnd: d('2026-03-10T12:45:00Z'), dateDeleted: d(NOW) }, 'bogus');
  // Not in March: February, and zero length.
  await event({ channelId: B, actualLiveStart: d('2026-02-01T10:00:00Z'), actualLiveEnd: d('2026-02-02T10:00:00Z') });
  await event({ channelId: A, actualLiveStart: d('2026-03-15T10:00:00Z'), actualLiveEnd: d('2026-03-15T10:00:00Z') });

  // Assets created in March: a public VOD of 1 h (HD), a compose of 30 min (SD), an older remix
  // without times, a deleted archiver event. Not counted: PRE_VOD, COMPOSE_WAITING, a VOD of February.
  const hour = { scheduledStart: d('2026-03-05T10:00:00Z'), scheduledEnd: d('2026-03-05T11:00:00Z') };
  await event({ state: 11, dateCreated: d('2026-03-05T09:00:00Z'), ...hour });
  await event({ state: 20, dateCreated: d('2026-03-06T09:00:00Z'), scheduledStart: d('2026-03-06T10:00:00Z'), scheduledEnd: d('2026-03-06T10:30:00Z') }, 'SD');
  await event({ state: 13, dateCreated: d('2026-03-06T09:00:00Z') });
  await event({ state: 18, dateCreated: d('2026-03-07T09:00:00Z'), dateDeleted: d(NOW) });
  await event({ state: 8, dateCreated: d('2026-03-05T09:00:00Z'), ...hour });
  await event({ state: 22, dateCreated: d('2026-03-05T09:00:00Z'), ...hour });
  await event({ state: 10, dateCreated: d('2026-02-20T09:00:00Z'), ...hour });

  // Another client's stream in March.
  await event({ actualLiveStart: d('2026-03-10T10:00:00Z'), actualLiveEnd: d('2026-03-10T11:00:00Z') }, undefined, strangerClientId);
});
afterAll(() => t.close());

const LIVE_MINUTES = 120 + 120 + 120 + 60 + 30 + 15;
const HD_MINUTES = 120 + 60 + 30 + 15;
const LIVE_BYTES = HD_MINUTES * HD + 120 * UHD + 120 * SD;
const ASSET_BYTES = 60 * HD + 30 * SD;

describe('GET /stats/billing', () => {
  it('computes the current month from what ran in it', async () => {
    const stats = await api.call(endpoints.stats.billing, { query: {} });
    expect(LIVE_BYTES).toBe(34_200_000_000);
    expect(stats).toEqual<BillingStatistics>({
      live: {
        totalEventChannels: 4,
        totalTwentyFourSevenChannels: 0,
        maxSimultaneousChannels: 3,
        live2Vod: true,
        mediaSyndication: false,
        usage: {
          resolution: 'All',
          eventTranscodeMinutes: LIVE_MINUTES,
          twentyFourSevenTranscodeMinutes: 0,
          eventMinutes: LIVE_MINUTES,
          twentyFourSevenMinutes: 0,
          twentyFourSevenChannelsUsed: 0,
          eventsUsed: 6,
          eventChannelsUsed: 4,
        },
        usageForResolution: {
          resolution: 'HD',
          eventTranscodeMinutes: HD_MINUTES,
          twentyFourSevenTranscodeMinutes: 0,
          eventMinutes: HD_MINUTES,
          twentyFourSevenMinutes: 0,
          twentyFourSevenChannelsUsed: 0,
          eventsUsed: 4,
          // A (e1), C (e4, e5) and the channel-less e6.
          eventChannelsUsed: 3,
        },
      },
      vod: { totalAssets: 1 },
      vodCompose: { totalAssets: 2 },
      archiver: { totalAssets: 1 },
      drm: { totalDrmLicenses: 1 },
      storage: { totalBytes: LIVE_BYTES + ASSET_BYTES, friendlyFormat: '38.5 GB' },
      cdns: { name: 'Simulated CDN', totalBytes: LIVE_BYTES, friendlyFormat: '34.2 GB' },
    });
  });

  it('gives the figures of the requested resolution', async () => {
    const uhd = await api.call(endpoints.stats.billing, { query: { resolution: 'UHD' } });
    expect(uhd.live.usageForResolution).toMatchObject({ resolution: 'UHD', eventMinutes: 120, eventsUsed: 1, eventChannelsUsed: 1 });
    const sd = await api.call(endpoints.stats.billing, { query: { resolution: 'SD' } });
    expect(sd.live.usageForResolution).toMatchObject({ resolution: 'SD', eventMinutes: 120, eventsUsed: 1, eventChannelsUsed: 1 });
    expect((await failure(api.call(endpoints.stats.billing, { query: { resolution: '4K' as 'HD' } }))).fieldErrors.map((f) => f.field)).toEqual([
      'query.resolution',
    ]);
  });

  it('clips to the period asked for; one bound alone runs to the end or from the start of its month', async () => {
    const range = await api.call(endpoints.stats.billing, {
      query: { startPeriod: '2026-03-10T11:30:00Z', endPeriod: '2026-03-10T12:40:00Z' },
    });
    // e1 30 min, e2 70, e3 40, e6 10; channels A, B and e6's.
    expect(range.live.usage).toMatchObject({ eventMinutes: 150, eventsUsed: 4, eventChannelsUsed: 3 });
    expect(range.live.maxSimultaneousChannels).toBe(3);
    expect(range.vod.totalAssets).toBe(0);

    const fromTenth = await api.call(endpoints.stats.billing, { query: { startPeriod: '2026-03-10T00:00:00Z' } });
    expect(fromTenth.live.usage.eventMinutes).toBe(LIVE_MINUTES - 60);
    const untilNoon = await api.call(endpoints.stats.billing, { query: { endPeriod: '2026-03-10T12:00:00Z' } });
    // e4 60, e1 120, e2 60; e3 starts at noon.
    expect(untilNoon.live.usage).toMatchObject({ eventMinutes: 240, eventsUsed: 3 });
    const february = await api.call(endpoints.stats.billing, { query: { startPeriod: '2026-02-01T00:00:00Z', endPeriod: '2026-03-01T00:00:00Z' } });
    expect(february.live.usage).toMatchObject({ eventMinutes: 24 * 60 + 60, eventsUsed: 2 });
    expect(february.vod.totalAssets).toBe(1);
    expect(february.live.live2Vod).toBe(false);

    const backwards = await failure(api.call(endpoints.stats.billing, { query: { startPeriod: '2026-03-10T00:00:00Z', endPeriod: '2026-03-09T00:00:00Z' } }));
    expect(backwards.status).toBe(400);
    expect(backwards.fieldErrors).toEqual([{ field: 'query.endPeriod', message: 'must be after startPeriod' }]);
  });

  it('counts an event still live until now, as time goes by', async () => {
    t.clock.advance(30 * 60_000);
    const later = await api.call(endpoints.stats.billing, { query: {} });
    expect(later.live.usage.eventMinutes).toBe(LIVE_MINUTES + 30);
    t.clock.set(NOW);
  });

  it('says media syndication was used from the publications at work in the period', async () => {
    const syndication = async (query: { startPeriod?: string; endPeriod?: string } = {}, client = api) => (await client.call(endpoints.stats.billing, { query })).live.mediaSyndication;
    const publication = async (values: Record<string, unknown>, clientId = t.clientId) => {
      const destination = randomUUID();
      await insertRow(t.database, 'syndication_destinations', { id: destination, client_id: clientId });
      await insertRow(t.database, 'publications', { client_id: clientId, destination_id: destination, kind: 'vod', state: 3, date_created: d('2026-01-01T00:00:00Z'), date_modified: d(NOW), ...values });
    };
    const february = { startPeriod: '2026-02-01T00:00:00Z', endPeriod: '2026-03-01T00:00:00Z' };
    expect(await syndication()).toBe(false);
    // Completed in February, failed in February, never started (waiting for its event), another client's in March.
    await publication({ date_started: d('2026-02-10T10:00:00Z'), date_completed: d('2026-02-10T11:00:00Z') });
    await publication({ state: 5, date_started: d('2026-02-27T10:00:00Z'), date_modified: d('2026-02-27T10:05:00Z') });
    await publication({ kind: 'live', state: 1 });
    await publication({ kind: 'live', state: 2, date_started: d('2026-03-15T10:00:00Z') }, strangerClientId);
    expect(await syndication()).toBe(false);
    expect(await syndication(february)).toBe(true);
    expect(await syndication({}, stranger)).toBe(true);
    // A live publication streaming since February, still at work in March.
    await publication({ kind: 'live', state: 2, date_started: d('2026-02-28T22:00:00Z') });
    expect(await syndication()).toBe(true);
  });

  it('counts only the caller’s events', async () => {
    const theirs = await stranger.call(endpoints.stats.billing, { query: {} });
    expect(theirs.live.usage).toMatchObject({ eventMinutes: 60, eventsUsed: 1, eventChannelsUsed: 1 });
    expect(theirs.vod.totalAssets).toBe(0);
    expect(theirs.storage).toEqual({ totalBytes: 60 * HD, friendlyFormat: '3.6 GB' });
  });
});

describe('billing helpers', () => {
  it('counts channels live at once, a hand-over not being an overlap', () => {
    expect(maxSimultaneous([])).toBe(0);
    expect(
      maxSimultaneous([
        { channel: 'A', start: 0, end: 10 },
        { channel: 'B', start: 10, end: 20 },
      ]),
    ).toBe(1);
    expect(
      maxSimultaneous([
        { channel: 'A', start: 0, end: 10 },
        { channel: 'A', start: 5, end: 15 },
        { channel: 'B', start: 9, end: 11 },
      ]),
    ).toBe(2);
  });

  it('writes byte counts in decimal units', () => {
    expect(friendlyBytes(0)).toBe('0 B');
    expect(friendlyBytes(999)).toBe('999 B');
    expect(friendlyBytes(1234)).toBe('1.2 KB');
    expect(friendlyBytes(999_960)).toBe('1.0 MB');
    expect(friendlyBytes(1_200_000_000)).toBe('1.2 GB');
    expect(friendlyBytes(5e18)).toBe('5000.0 PB');
  });
});
