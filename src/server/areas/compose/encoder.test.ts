import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, EventState, type EncoderComposeBody } from '#schema';
import { type ApiError } from '#client';
import { createTestClient, failure } from '#testing/client.ts';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { SimulatedEncoder } from '../../sim/encoder.ts';
import { changesOf } from '#testing/changes.ts';
import { eventRow } from '#testing/live.ts';
import { insertEvent } from '#testing/event-row.ts';
import { HttpMediaProbe } from './media-probe.ts';
import { fetchText, recordedEvent, seedComposeFixture, segmentsOf, startMediaServer, type ComposeFixture } from '#testing/compose.ts';
import { freePort } from '#testing/ports.ts'; // a port nothing listens on

const S = EventState.values;

let t: TestApp;
let fixture: ComposeFixture;
let api: ReturnType<typeof createTestClient>;
let media: Awaited<ReturnType<typeof startMediaServer>>;

beforeAll(async () => {
  media = await startMediaServer(2_000);
  const clock = { now: () => t.clock.now() };
  t = await createTestApp({
    services: {
      encoder: new SimulatedEncoder({ clock }),
      live: { waitPollMs: 5, waitTimeoutMs: 10_000 },
      mediaProbe: new HttpMediaProbe({ timeoutMs: 500, policy: { allowPrivate: true } }),
    },
  });
  fixture = await seedComposeFixture(t);
  api = createTestClient(t);
});
afterAll(async () => {
  await t.close();
  await media.close();
});

const fields = (error: ApiError) => (error.body?.data as { fields?: { field: string; message: string }[] } | null)?.fields ?? [];

type Item = EncoderComposeBody['playlist']['items'][number];
const eventItem = (id: string, properties: Record<string, unknown> = {}): Item => ({ type: 0, value: id, properties, markers: null });
const mp4Item = (url: string, properties: Record<string, unknown> = {}): Item => ({ type: 1, value: url, properties, markers: null });

function body(items: Item[], extra: Partial<EncoderComposeBody['playlist']> = {}, event: Partial<EncoderComposeBody['event']> = {}): EncoderComposeBody {
  return {
    event: { channelId: fixture.channelId, title: 'Overnight loop', ...event },
    playlist: { name: 'Loop', looped: false, items, ...extra },
  };
}

/** Starts the event live (the encoder takes 4 s of clock time) and waits until it streams. */
async function goLive(id: string) {
  const response = await t.app.inject({ method: 'PUT', url: `/api/event/state/${id}`, headers: t.headers(), payload: { state: 'LIVE_PUBLISHED', waitUntilCompleted: false } });
  expect(response.statusCode).toBe(200);
  await t.runJobs();
  t.clock.advance(4_000);
  await t.runJobs();
  expect((await eventRow(t.database.db, id)).state).toBe(S.LIVE_PUBLISHED);
}

describe('POST /compose/encoder/', () => {
  it('creates a PRE_LIVE event with its playlist attached (201), MP4 items checked and kept with their properties', async () => {
    const a = await recordedEvent(t, fixture, 20);
    const id = await api.call(endpoints.compose.createEncoder, {
      body: body([eventItem(a.id, { custom: 'x' }), mp4Item(media.url('/clip.mp4'), { label: 'ident' })], { looped: true }, { autoStart: true, scheduledStart: '2026-01-16T01:00:00Z' }),
    });
    const event = await api.call(endpoints.event.get, { params: { id } });
    expect(event).toMatchObject({ stateString: 'PRE_LIVE', channelId: fixture.channelId, autoStart: true, scheduledStart: '2026-01-16T01:00:00.000Z' });
    const playlist = await api.call(endpoints.compose.get, { params: { eventId: id } });
    expect(event?.liveComposePlaylistId).toBe(playlist.id);
    expect(playlist).toMatchObject({ looped: true, liveStreamStart: null, composition: 'ENCODER', generation: null });
    expect(playlist.items).toEqual([eventItem(a.id, { custom: 'x' }), mp4Item(media.url('/clip.mp4'), { label: 'ident' })]);
    // One range request for the first 64 KB.
    expect(media.requests.filter((r) => r.startsWith('GET /clip.mp4'))).toContain('GET /clip.mp4 bytes=0-65535');
    expect((await changesOf(t.database.db, id))[0]).toMatchObject({ action: 'Added', state: S.PRE_LIVE });
  });

  it('needs a channel that supports composition', async () => {
    const a = await recordedEvent(t, fixture, 20);
    const plain = await failure(api.call(endpoints.compose.createEncoder, { body: body([eventItem(a.id)], {}, { channelId: fixture.plainChannelId }) }));
    expect(fields(plain)).toContainEqual({ field: 'body.event.channelId', message: expect.stringMatching(/does not support composition/) });
    const missing = await failure(api.call(endpoints.compose.createEncoder, { body: body([eventItem(a.id)], {}, { channelId: crypto.randomUUID() }) }));
    expect(fields(missing)).toContainEqual({ field: 'body.event.channelId', message: expect.stringMatching(/there is no channel/) });
    const response = await t.app.inject({ method: 'POST', url: '/api/compose/encoder/', headers: t.headers(), payload: { event: { title: 'x' }, playlist: { name: 'p', items: [] } } });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('body.event.channelId');
  });

  it('refuses an MP4 URL that is not reachable, or not an MP4, naming the item, in the same words whatever the reason', async () => {
    const uniform = /could not be fetched \(refused by the address policy, unreachable, or no valid answer in time\)/;
    const cases: [string, RegExp][] = [
      [media.url('/missing.mp4'), uniform],
      [media.url('/page.mp4'), uniform],
      [media.url('/slow.mp4'), uniform],
      [media.url('/redirect.mp4'), uniform],
      [`http://127.0.0.1:${await freePort()}/none.mp4`, uniform],
      ['http://169.254.169.254/latest/meta-data/', uniform],
    ];
    for (const [url, message] of cases) {
      const error = await failure(api.call(endpoints.compose.createEncoder, { body: body([mp4Item(media.url('/clip.mp4')), mp4Item(url)]) }));
      expect(error.status, url).toBe(400);
      expect(fields(error), url).toEqual([{ field: 'body.playlist.items.1.value', message: expect.stringMatching(message) }]);
    }
    const notHttp = await failure(api.call(endpoints.compose.createEncoder, { body: body([mp4Item('ftp://media.example.com/a.mp4')]) }));
    expect(fields(notHttp)[0]?.field).toBe('body.playlist.items.0.value');
  });

  it('refuses markers and DIRECT_DREF_MP4 items (400 naming the item)', async () => {
    const a = await recordedEvent(t, fixture, 20);
    const withMarkers = { ...eventItem(a.id), markers: [{ startAt: '00:00:01.000', duration: '00:00:10', frameAccurate: null, type: 0 }] };
    const markers = await failure(api.call(endpoints.compose.createEncoder, { body: body([eventItem(a.id), withMarkers]) }));
    expect(fields(markers)).toContainEqual({ field: 'body.playlist.items.1.markers', message: 'encoder composition does not support markers' });
    const dref = await failure(api.call(endpoints.compose.createEncoder, { body: body([{ type: 2, value: media.url('/clip.mp4'), properties: {}, markers: null }]) }));
    expect(fields(dref)[0]?.field).toBe('body.playlist.items.0.type');
  });

  it('refuses EVENT items without a recording to play', async () => {
    const upcoming = await insertEvent(t, { title: 'Later', channelId: fixture.channelId });
    const error = await failure(api.call(endpoints.compose.createEncoder, { body: body([eventItem(upcoming), eventItem(crypto.randomUUID())]) }));
    expect(fields(error).map((f) => f.field)).toEqual(['body.playlist.items.0.value', 'body.playlist.items.1.value']);
    expect(fields(error)[0]?.message).toMatch(/"Later" has no recording to play: it is PRE_LIVE/);
  });
});

describe('the encoder composition plays live', () => {
  it('follows the live state machine and streams the items in order, the MP4 as the test card, then ends', async () => {
    const a = await recordedEvent(t, fixture, 6, 'Six seconds');
    const id = await api.call(endpoints.compose.createEncoder, { body: body([eventItem(a.id), mp4Item(media.url('/clip.mp4')), eventItem(a.id)]) });
    expect((await fetchText(t, `/api/stream/${id}/index.m3u8`)).status).toBe(404);
    await goLive(id);
    // 6 s + 10 s + 6 s = 11 segments; after 30 s all of it has played and the playlist ends.
    t.clock.advance(30_000);
    const media1 = await fetchText(t, `/api/stream/${id}/index.m3u8`);
    expect(media1.status).toBe(200);
    expect(media1.body).toContain('#EXT-X-ENDLIST');
    const { uris, discontinuityBefore } = segmentsOf(media1.body);
    expect(uris).toHaveLength(11);
    expect(discontinuityBefore).toEqual(['3.ts', '8.ts']);
    // Segment 3 is the MP4's first: the test card's first segment.
    const card = await t.app.inject({ url: `/api/stream/${id}/3.ts` });
    const programme = await t.app.inject({ url: `/api/stream/${id}/0.ts` });
    expect(card.statusCode).toBe(200);
    expect(card.rawPayload.equals(programme.rawPayload)).toBe(false);
    expect((await t.app.inject({ url: `/api/stream/${id}/8.ts` })).rawPayload.equals(programme.rawPayload)).toBe(true);
    expect((await t.app.inject({ url: `/api/stream/${id}/11.ts` })).statusCode).toBe(404);
  });

  it('loops when asked', async () => {
    const a = await recordedEvent(t, fixture, 4);
    const id = await api.call(endpoints.compose.createEncoder, { body: body([eventItem(a.id), mp4Item(media.url('/clip.mp4'))], { looped: true }) });
    await goLive(id);
    t.clock.advance(60_000);
    const playlist = await fetchText(t, `/api/stream/${id}/index.m3u8`);
    expect(playlist.body).not.toContain('#EXT-X-ENDLIST');
    // 2 + 5 segments per pass: position 7 starts the second pass with the event's first segment again.
    const first = await t.app.inject({ url: `/api/stream/${id}/0.ts` });
    expect((await t.app.inject({ url: `/api/stream/${id}/7.ts` })).rawPayload.equals(first.rawPayload)).toBe(true);
    expect((await t.app.inject({ url: `/api/stream/${id}/14.ts` })).rawPayload.equals(first.rawPayload)).toBe(true);
  });
});

describe('PUT /compose/encoder/event/{eventId}', () => {
  it('adds a playlist to a live event of a composing channel, and replaces it', async () => {
    const a = await recordedEvent(t, fixture, 10);
    const id = await insertEvent(t, { title: 'Plain live', channelId: fixture.channelId });
    const added = await api.call(endpoints.compose.upsertEncoder, { params: { eventId: id }, body: { name: 'Added', looped: true, items: [eventItem(a.id)] } });
    expect(added).toMatchObject({ name: 'Added', looped: true, composition: 'ENCODER' });
    expect((await eventRow(t.database.db, id)).liveComposePlaylistId).toBe(added.id);
    const replaced = await api.call(endpoints.compose.upsertEncoder, {
      params: { eventId: id },
      body: { name: 'Replaced', items: [mp4Item(media.url('/clip.mp4')), eventItem(a.id)] },
    });
    expect(replaced).toMatchObject({ id: added.id, name: 'Replaced', looped: false });
    expect(replaced.items.map((i) => i.type)).toEqual([1, 0]);
    expect((await changesOf(t.database.db, id)).at(-1)).toMatchObject({ metadataChanged: true });
  });

  it('refuses a channel without composition, a standard composition, and unreachable MP4s', async () => {
    const a = await recordedEvent(t, fixture, 10);
    const plain = await insertEvent(t, { channelId: fixture.plainChannelId });
    const error = await failure(api.call(endpoints.compose.upsertEncoder, { params: { eventId: plain }, body: { name: 'P', items: [eventItem(a.id)] } }));
    expect(fields(error)).toEqual([{ field: 'params.eventId', message: expect.stringMatching(/does not support composition/) }]);
    const standard = await api.call(endpoints.compose.create, {
      body: { event: { workflowId: fixture.xflowId, title: 'S' }, playlist: { name: 'S', items: [eventItem(a.id)] } },
    });
    expect((await failure(api.call(endpoints.compose.upsertEncoder, { params: { eventId: standard }, body: { name: 'P', items: [] } }))).status).toBe(400);
    const live = await insertEvent(t, { channelId: fixture.channelId });
    const unreachable = await failure(api.call(endpoints.compose.upsertEncoder, { params: { eventId: live }, body: { name: 'P', items: [mp4Item(media.url('/missing.mp4'))] } }));
    expect(fields(unreachable)[0]?.field).toBe('body.items.0.value');
    expect((await failure(api.call(endpoints.compose.upsertEncoder, { params: { eventId: crypto.randomUUID() }, body: { name: 'P', items: [] } }))).status).toBe(404);
  });

  it('saved while the event streams, the new playlist takes over at the next segment', async () => {
    const id = await insertEvent(t, { channelId: fixture.channelId });
    await goLive(id);
    t.clock.advance(9_000);
    const before = await fetchText(t, `/api/stream/${id}/index.m3u8`);
    const published = segmentsOf(before.body).uris;
    await api.call(endpoints.compose.upsertEncoder, { params: { eventId: id }, body: { name: 'Now', items: [mp4Item(media.url('/clip.mp4'))] } });
    t.clock.advance(20_000);
    const after = await fetchText(t, `/api/stream/${id}/index.m3u8`);
    const { uris, discontinuityBefore } = segmentsOf(after.body);
    // What was published stays; at 9 s segment 4 was being written, so the card starts at 5.
    expect(uris.slice(0, published.length)).toEqual(published);
    expect(discontinuityBefore).toEqual(['5.ts']);
    expect(uris).toHaveLength(10);
    const bars = await t.app.inject({ url: `/api/stream/${id}/4.ts` });
    const card = await t.app.inject({ url: `/api/stream/${id}/5.ts` });
    expect(card.statusCode).toBe(200);
    expect(card.rawPayload.equals(bars.rawPayload)).toBe(false);
    expect((await t.app.inject({ url: `/api/stream/${id}/10.ts` })).statusCode).toBe(404);
    expect(after.body).toContain('#EXT-X-ENDLIST');
  });
});

describe('DRM, clone and delete of an encoder composition', () => {
  it('PUT /compose/event/{eventId}/drm/ is refused (400)', async () => {
    const a = await recordedEvent(t, fixture, 10);
    const id = await api.call(endpoints.compose.createEncoder, { body: body([eventItem(a.id)]) });
    const error = await failure(api.call(endpoints.compose.setDrm, { params: { eventId: id }, body: { drmJson: JSON.stringify({ drm_provider: 'NONE' }) } }));
    expect(error.status).toBe(400);
    expect(error.body?.exceptionMessage).toMatch(/encoder composition/);
  });

  it('clones to another live event of a composing channel (201)', async () => {
    const a = await recordedEvent(t, fixture, 10);
    const source = await api.call(endpoints.compose.createEncoder, { body: body([eventItem(a.id), mp4Item(media.url('/clip.mp4'))], { looped: true }) });
    const target = await insertEvent(t, { channelId: fixture.channelId });
    const response = await t.app.inject({ url: `/api/compose/clone/${source}?targetEventId=${target}`, headers: t.headers() });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ looped: true, composition: 'ENCODER', items: [{ type: 0 }, { type: 1 }] });
    expect((await eventRow(t.database.db, target)).liveComposePlaylistId).toBe(response.json().id);
    const plain = await insertEvent(t, { channelId: fixture.plainChannelId });
    const refused = await failure(api.call(endpoints.compose.clone, { params: { sourceEventId: source }, query: { targetEventId: plain } }));
    expect(refused.status).toBe(400);
  });

  it('DELETE removes the playlist; the live event stays and streams the encoder’s own programme', async () => {
    const a = await recordedEvent(t, fixture, 4);
    const id = await api.call(endpoints.compose.createEncoder, { body: body([eventItem(a.id)]) });
    expect((await t.app.inject({ url: `/api/compose/${id}`, headers: t.headers() })).json().items[0].value).toBe(a.id);
    expect(await api.call(endpoints.compose.delete, { params: { eventId: id } })).toBeNull();
    const event = await api.call(endpoints.event.get, { params: { id } });
    expect(event).toMatchObject({ stateString: 'PRE_LIVE', liveComposePlaylistId: null });
    await goLive(id);
    t.clock.advance(20_000);
    const playlist = await fetchText(t, `/api/stream/${id}/index.m3u8`);
    expect(playlist.body).not.toContain('#EXT-X-ENDLIST');
    expect((await changesOf(t.database.db, id)).some((c) => c.metadataChanged && c.action === 'Updated')).toBe(true);
  });
});
