import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, EventState, type Event } from '#schema';
import { createTestClient } from '#testing/client.ts';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { hasLicence } from '../areas/compose/licences.ts';
import { LICENSED_FEATURE_LIVE_STREAM_START } from '../areas/compose/rules.ts';
import { seedDemoData } from './seed.ts';

let t: TestApp;
let api: ReturnType<typeof createTestClient>;
let all: Event[];

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-14T15:20:00.000Z' });
  api = createTestClient(t);
  await seedDemoData(t.database.db, t.clientId, t.clock);
  all = (await api.call(endpoints.event.list, { query: { pageSize: 1000 } })).results;
});
afterAll(() => t.close());

const titled = (text: string) => {
  const event = all.find((e) => e.title.includes(text));
  if (!event) throw new Error(`no demo event "${text}"`);
  return event;
};

describe('the demo’s compose playlists', () => {
  it('a generated standard composition that plays at once', async () => {
    const goals = titled('All the Goals');
    expect(goals.stateString).toBe('COMPOSE_PUBLIC');
    const playlist = await api.call(endpoints.compose.get, { params: { eventId: goals.id } });
    expect(playlist.composition).toBe('STANDARD');
    expect(playlist.items.length).toBeGreaterThanOrEqual(4);
    expect(playlist.items[0]?.markers).toHaveLength(1);
    expect(playlist.generation?.status).toBe('DONE');
    const media = await t.app.inject({ url: `/api/stream/${goals.id}/index.m3u8` });
    expect(media.statusCode).toBe(200);
    expect(media.body).toContain('#EXT-X-DISCONTINUITY');
    expect(media.body).toContain('#EXT-X-DATERANGE');
  });

  it('one generating, which finishes, one failed with its reason, one waiting for liveStreamStart', async () => {
    const highlights = titled('Matchday Highlights Compilation');
    expect(highlights.stateString).toBe('COMPOSE_GENERATING');
    await t.runJobs();
    t.clock.advance(120_000);
    await t.runJobs();
    expect((await api.call(endpoints.event.get, { params: { id: highlights.id } }))?.stateString).toBe('COMPOSE_PUBLIC');
    const recap = await api.call(endpoints.compose.get, { params: { eventId: titled('Esports Weekly Recap').id } });
    expect(recap.generation).toMatchObject({ status: 'FAILED', error: expect.stringMatching(/has no recording/) });
    const preview = titled('Matchday Preview');
    expect((await api.call(endpoints.event.get, { params: { id: preview.id } }))?.stateString).toBe('COMPOSE_WAITING');
    expect((await api.call(endpoints.compose.get, { params: { eventId: preview.id } })).liveStreamStart).not.toBeNull();
    expect(await hasLicence(t.database.db, t.clientId, LICENSED_FEATURE_LIVE_STREAM_START)).toBe(true);
  });

  it('encoder compositions: one ready to start by itself, one that went out, with the service’s MP4 test card', async () => {
    const loop = titled('Overnight Replay Loop');
    expect(loop).toMatchObject({ stateString: 'PRE_LIVE', autoStart: true });
    const playlist = await api.call(endpoints.compose.get, { params: { eventId: loop.id } });
    expect(loop.liveComposePlaylistId).toBe(playlist.id);
    expect(playlist).toMatchObject({ composition: 'ENCODER', looped: true });
    // Stored without a host, answered on the address the request came to.
    expect(playlist.items[0]).toMatchObject({ type: 1, value: 'http://localhost/api/stream/files/test-card.mp4' });
    const replay = titled('Replay Loop: Weekend Highlights');
    expect(replay.stateString).toBe('INSTANT_VOD');
    expect(replay.liveComposePlaylistId).not.toBeNull();
    const media = await t.app.inject({ url: `/api/stream/${replay.id}/index.m3u8` });
    expect(media.statusCode).toBe(200);
    expect(media.body).toContain('#EXT-X-ENDLIST');
    expect(media.body).toContain('#EXT-X-DISCONTINUITY');
  });

  it('keeps a composition state in every one the seed test expects', () => {
    for (const name of ['COMPOSE_GENERATING', 'COMPOSE_PUBLIC', 'COMPOSE_WAITING', 'COMPOSE_ERROR'] as const) {
      expect(all.some((e) => e.state === EventState.values[name]), name).toBe(true);
    }
  });
});
