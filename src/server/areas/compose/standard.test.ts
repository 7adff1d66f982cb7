import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, EventState, type StandardComposeBody } from '#schema';
import { type ApiError } from '#client';
import { createStrangerClient, createTestClient, failure } from '#testing/client.ts';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { events } from '../../db/tables/index.ts';
import { changesOf } from '#testing/changes.ts';
import { eventRow } from '#testing/live.ts';
import { insertEvent } from '#testing/event-row.ts';
import { grantLicence, revokeLicence } from './licences.ts';
import { LICENSED_FEATURE_LIVE_STREAM_START } from './rules.ts';
import { fetchText, recordedEvent, seedComposeFixture, segmentsOf, type ComposeFixture } from '#testing/compose.ts';

const S = EventState.values;

let t: TestApp;
let fixture: ComposeFixture;
let api: ReturnType<typeof createTestClient>;

beforeAll(async () => {
  t = await createTestApp();
  fixture = await seedComposeFixture(t);
  api = createTestClient(t);
});
afterAll(() => t.close());

const fields = (error: ApiError) => (error.body?.data as { fields?: { field: string; message: string }[] } | null)?.fields ?? [];

function body(items: StandardComposeBody['playlist']['items'], extra: Partial<StandardComposeBody['playlist']> = {}, event: Partial<StandardComposeBody['event']> = {}): StandardComposeBody {
  return {
    event: { workflowId: fixture.xflowId, title: 'Goals of the week', ...event },
    playlist: { name: 'Goals', liveStreamStart: null, items, ...extra },
  };
}

const eventItem = (id: string, properties: Record<string, unknown> = {}, markers: StandardComposeBody['playlist']['items'][number]['markers'] = null) => ({
  type: 0,
  value: id,
  properties,
  markers,
});

/** Runs the generation to its end: the start job, the processing time, the finish job. */
async function generate() {
  await t.runJobs();
  t.clock.advance(130_000);
  await t.runJobs();
}

describe('POST /compose/: a standard composition', () => {
  it('creates the event, generates it, and makes it COMPOSE_PUBLIC (201 with the id)', async () => {
    const a = await recordedEvent(t, fixture, 60, 'First half');
    const b = await recordedEvent(t, fixture, 30, 'Second half');
    const id = await api.call(endpoints.compose.create, {
      body: body([eventItem(a.id, { start: '00:00:10.000', end: '00:00:20.000' }), eventItem(b.id)]),
    });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await eventRow(t.database.db, id)).state).toBe(S.COMPOSE_GENERATING);
    await t.runJobs();
    const during = await api.call(endpoints.compose.get, { params: { eventId: id } });
    expect(during.generation).toMatchObject({ status: 'GENERATING', error: null });
    expect(during.generation?.readyAt).not.toBeNull();
    t.clock.advance(2_500);
    const later = await api.call(endpoints.compose.get, { params: { eventId: id } });
    expect(later.generation?.progress).toBeGreaterThan(0);
    expect(later.generation?.progress).toBeLessThan(1);
    await generate();
    const event = await api.call(endpoints.event.get, { params: { id } });
    expect(event?.stateString).toBe('COMPOSE_PUBLIC');
    expect(event?.xflowId).toBe(fixture.xflowId);
    const done = await api.call(endpoints.compose.get, { params: { eventId: id } });
    // 10 s of the first (5 segments: 10..20 s) and all 30 s of the second.
    expect(done.generation).toMatchObject({ status: 'DONE', progress: 1, duration: '00:00:40.000' });
    expect(done.composition).toBe('STANDARD');
    const changes = await changesOf(t.database.db, id);
    expect(changes.map((c) => [c.action, c.state, c.stateChanged])).toEqual([
      ['Added', S.COMPOSE_GENERATING, false],
      ['Updated', S.COMPOSE_PUBLIC, true],
    ]);
  });

  it('becomes COMPOSE_PRIVATE when setPrivateAFterGeneration is set', async () => {
    const a = await recordedEvent(t, fixture, 20);
    const id = await api.call(endpoints.compose.create, { body: body([eventItem(a.id)], {}, { setPrivateAFterGeneration: true }) });
    await generate();
    expect((await eventRow(t.database.db, id)).state).toBe(S.COMPOSE_PRIVATE);
  });

  it('keeps unknown item properties exactly as sent, and answers items, markers and settings as saved', async () => {
    const a = await recordedEvent(t, fixture, 120);
    const properties = { start: '00:00:04.000', frameAccurate: true, outputDescription: false, Custom_Thing: { nested: [1, 'two'] }, note: 'keep me' };
    const markers = [{ startAt: '00:00:02.000', duration: '00:00:30', frameAccurate: null, type: 1 }];
    const id = await api.call(endpoints.compose.create, { body: body([eventItem(a.id, properties, markers), eventItem(a.id)], { name: 'Kept' }) });
    const playlist = await api.call(endpoints.compose.get, { params: { eventId: id } });
    expect(playlist).toMatchObject({ name: 'Kept', looped: false, liveStreamStart: null });
    expect(playlist.items).toEqual([
      { type: 0, value: a.id, properties, markers },
      { type: 0, value: a.id, properties: {}, markers: null },
    ]);
  });

  it('takes EVENT items only, naming the item (400)', async () => {
    const a = await recordedEvent(t, fixture, 20);
    const error = await failure(
      api.call(endpoints.compose.create, { body: body([eventItem(a.id), { type: 1, value: 'https://media.example.com/a.mp4', properties: {}, markers: null }]) }),
    );
    expect(error.status).toBe(400);
    expect(fields(error)).toContainEqual(expect.objectContaining({ field: 'body.playlist.items.1.type' }));
  });

  it('checks start and end: their form, end after start, inside the source’s recording', async () => {
    const a = await recordedEvent(t, fixture, 60);
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ start: 'soon' }, 'body.playlist.items.0.properties.start', /./],
      [{ start: '00:00:20.000', end: '00:00:10.000' }, 'body.playlist.items.0.properties.end', /after start/],
      [{ end: '00:02:00.000' }, 'body.playlist.items.0.properties.end', /outside the source event's recording/],
      [{ start: new Date(a.liveStart.getTime() - 1000).toISOString() }, 'body.playlist.items.0.properties.start', /outside/],
      [{ End: new Date(a.liveEnd.getTime() + 1000).toISOString() }, 'body.playlist.items.0.properties.End', /outside/],
      [{ start: new Date(a.liveStart.getTime() + 30_000).toISOString(), end: '00:00:10.000' }, 'body.playlist.items.0.properties.end', /end must be after start/],
      [{ frameAccurate: 'yes' }, 'body.playlist.items.0.properties.frameAccurate', /./],
    ];
    for (const [properties, field, message] of cases) {
      const error = await failure(api.call(endpoints.compose.create, { body: body([eventItem(a.id, properties)]) }));
      expect(error.status, JSON.stringify(properties)).toBe(400);
      expect(fields(error), JSON.stringify(properties)).toContainEqual({ field, message: expect.stringMatching(message) });
    }
    // An ISO 8601 trim inside the recording is fine.
    const ok = await api.call(endpoints.compose.create, {
      body: body([eventItem(a.id, { start: new Date(a.liveStart.getTime() + 5000).toISOString(), end: new Date(a.liveStart.getTime() + 15_000).toISOString() })]),
    });
    await generate();
    expect((await eventRow(t.database.db, ok)).state).toBe(S.COMPOSE_PUBLIC);
  });

  it('checks markers: startAt inside the item, duration hh:mm:ss of more than zero, type INSERTION or REPLACEMENT', async () => {
    const a = await recordedEvent(t, fixture, 60);
    const marker = { startAt: '00:00:05.000', duration: '00:00:30', frameAccurate: true, type: 0 };
    const bad: [Record<string, unknown>, string][] = [
      [{ startAt: '00:01:05.000' }, 'body.playlist.items.0.markers.0.startAt'],
      [{ duration: '00:00:00' }, 'body.playlist.items.0.markers.0.duration'],
      [{ duration: '30s' }, 'body.playlist.items.0.markers.0.duration'],
      [{ type: 2 }, 'body.playlist.items.0.markers.0.type'],
    ];
    for (const [change, field] of bad) {
      const error = await failure(
        api.call(endpoints.compose.create, {
          body: body([eventItem(a.id, { start: '00:00:00.000', end: '00:00:40.000' }, [{ ...marker, ...change } as typeof marker])]),
        }),
      );
      expect(error.status, JSON.stringify(change)).toBe(400);
      expect(fields(error).map((f) => f.field), JSON.stringify(change)).toContain(field);
    }
  });

  it('refuses references to what the client does not have, and a desired id in use', async () => {
    const a = await recordedEvent(t, fixture, 20);
    const error = await failure(
      api.call(endpoints.compose.create, { body: body([eventItem(a.id)], {}, { workflowId: crypto.randomUUID(), roomId: crypto.randomUUID() }) }),
    );
    expect(fields(error).map((f) => f.field)).toEqual(['body.event.workflowId', 'body.event.roomId']);
    const taken = await failure(api.call(endpoints.compose.create, { body: body([eventItem(a.id)], {}, { id: a.id }) }));
    expect(taken.status).toBe(409);
    const id = crypto.randomUUID();
    expect(await api.call(endpoints.compose.create, { body: body([eventItem(a.id)], {}, { id }) })).toBe(id);
  });
});

describe('generation failures', () => {
  it('COMPOSE_ERROR with the reason when a source is missing', async () => {
    const missing = crypto.randomUUID();
    const id = await api.call(endpoints.compose.create, { body: body([eventItem(missing)]) });
    await generate();
    expect((await eventRow(t.database.db, id)).state).toBe(S.COMPOSE_ERROR);
    const playlist = await api.call(endpoints.compose.get, { params: { eventId: id } });
    expect(playlist.generation).toMatchObject({ status: 'FAILED' });
    expect(playlist.generation?.error).toContain(`items.0.value: the source event ${missing} does not exist`);
  });

  it('COMPOSE_ERROR with the reason when a source has no recording to play', async () => {
    const upcoming = await insertEvent(t, { title: 'Tonight', channelId: fixture.channelId });
    const id = await api.call(endpoints.compose.create, { body: body([eventItem(upcoming)]) });
    await generate();
    const playlist = await api.call(endpoints.compose.get, { params: { eventId: id } });
    expect(playlist.generation?.error).toMatch(/"Tonight".*has no recording to compose from: it is PRE_LIVE/);
  });

  it('COMPOSE_ERROR when a source goes away while it generates', async () => {
    const a = await recordedEvent(t, fixture, 20);
    const id = await api.call(endpoints.compose.create, { body: body([eventItem(a.id)]) });
    await t.runJobs();
    await t.database.db.update(events).set({ dateDeleted: t.clock.now() }).where(eq(events.id, a.id));
    t.clock.advance(130_000);
    await t.runJobs();
    expect((await eventRow(t.database.db, id)).state).toBe(S.COMPOSE_ERROR);
  });
});

describe('liveStreamStart', () => {
  it('in the future, licensed: COMPOSE_WAITING until then, then generated', async () => {
    await grantLicence(t.database.db, t.clock, t.clientId, LICENSED_FEATURE_LIVE_STREAM_START);
    try {
      const a = await recordedEvent(t, fixture, 20);
      const start = new Date(t.clock.now().getTime() + 3_600_000);
      const id = await api.call(endpoints.compose.create, { body: body([eventItem(a.id)], { liveStreamStart: start.toISOString() }) });
      await t.runJobs();
      expect((await eventRow(t.database.db, id)).state).toBe(S.COMPOSE_WAITING);
      expect((await api.call(endpoints.compose.get, { params: { eventId: id } })).generation?.status).toBe('WAITING');
      t.clock.advance(3_599_000);
      await t.runJobs();
      expect((await eventRow(t.database.db, id)).state).toBe(S.COMPOSE_WAITING);
      t.clock.advance(1_000);
      await t.runJobs();
      expect((await eventRow(t.database.db, id)).state).toBe(S.COMPOSE_GENERATING);
      await generate();
      expect((await eventRow(t.database.db, id)).state).toBe(S.COMPOSE_PUBLIC);
      const states = (await changesOf(t.database.db, id)).map((c) => c.state);
      expect(states).toEqual([S.COMPOSE_WAITING, S.COMPOSE_GENERATING, S.COMPOSE_PUBLIC]);
    } finally {
      await revokeLicence(t.database.db, t.clientId, LICENSED_FEATURE_LIVE_STREAM_START);
    }
  });

  it('without the licence: the generation fails at once with a clear reason', async () => {
    const a = await recordedEvent(t, fixture, 20);
    const start = new Date(t.clock.now().getTime() + 3_600_000);
    const id = await api.call(endpoints.compose.create, { body: body([eventItem(a.id)], { liveStreamStart: start.toISOString() }) });
    expect((await eventRow(t.database.db, id)).state).toBe(S.COMPOSE_WAITING);
    await t.runJobs();
    expect((await eventRow(t.database.db, id)).state).toBe(S.COMPOSE_ERROR);
    const playlist = await api.call(endpoints.compose.get, { params: { eventId: id } });
    expect(playlist.generation?.error).toMatch(/liveStreamStart is a licensed feature and the client ".*" has no licence for it/);
    // A past liveStreamStart needs the licence too.
    const past = await api.call(endpoints.compose.create, { body: body([eventItem(a.id)], { liveStreamStart: '2026-01-01T00:00:00Z' }) });
    await t.runJobs();
    expect((await eventRow(t.database.db, past)).state).toBe(S.COMPOSE_ERROR);
  });
});

describe('PUT /compose/event/{eventId}', () => {
  it('replaces the playlist and regenerates the composition', async () => {
    const a = await recordedEvent(t, fixture, 60);
    const b = await recordedEvent(t, fixture, 20);
    const id = await api.call(endpoints.compose.create, { body: body([eventItem(a.id)]) });
    await generate();
    const updated = await api.call(endpoints.compose.update, {
      params: { eventId: id },
      body: { name: 'Renamed', looped: false, items: [eventItem(b.id), eventItem(a.id, { end: '00:00:10.000' })] },
    });
    expect(updated).toMatchObject({ name: 'Renamed', generation: { status: 'GENERATING' } });
    expect(updated.items.map((i) => i.value)).toEqual([b.id, a.id]);
    expect((await eventRow(t.database.db, id)).state).toBe(S.COMPOSE_GENERATING);
    await generate();
    const done = await api.call(endpoints.compose.get, { params: { eventId: id } });
    expect(done.generation).toMatchObject({ status: 'DONE', duration: '00:00:30.000' });
    const last = (await changesOf(t.database.db, id)).slice(-2);
    expect(last.map((c) => [c.state, c.stateChanged, c.metadataChanged])).toEqual([
      [S.COMPOSE_GENERATING, true, true],
      [S.COMPOSE_PUBLIC, true, false],
    ]);
  });

  it('an edit during a generation makes the older one stale', async () => {
    const a = await recordedEvent(t, fixture, 60);
    const id = await api.call(endpoints.compose.create, { body: body([eventItem(a.id)]) });
    await t.runJobs();
    await api.call(endpoints.compose.update, { params: { eventId: id }, body: { name: 'Edit', looped: false, items: [eventItem(a.id, { end: '00:00:04.000' })] } });
    await generate();
    expect((await api.call(endpoints.compose.get, { params: { eventId: id } })).generation?.duration).toBe('00:00:04.000');
  });

  it('takes EVENT items only; 404 without a playlist; 400 for an encoder composition', async () => {
    const a = await recordedEvent(t, fixture, 20);
    const id = await api.call(endpoints.compose.create, { body: body([eventItem(a.id)]) });
    const error = await failure(
      api.call(endpoints.compose.update, { params: { eventId: id }, body: { name: 'P', items: [{ type: 1, value: 'https://x.example/a.mp4', properties: {}, markers: null }] } }),
    );
    expect(fields(error)).toContainEqual(expect.objectContaining({ field: 'body.items.0.type' }));
    const plain = await insertEvent(t, { channelId: fixture.channelId });
    expect((await failure(api.call(endpoints.compose.update, { params: { eventId: plain }, body: { name: 'P', items: [eventItem(a.id)] } }))).status).toBe(404);
    const self = await failure(api.call(endpoints.compose.update, { params: { eventId: id }, body: { name: 'P', items: [eventItem(id)] } }));
    expect(fields(self)).toContainEqual({ field: 'body.items.0.value', message: 'a composition cannot be a source of itself' });
  });
});

describe('PUT /compose/event/{eventId}/drm/', () => {
  it('sets the DRM of a standard composition and answers the event', async () => {
    const a = await recordedEvent(t, fixture, 20);
    const id = await api.call(endpoints.compose.create, { body: body([eventItem(a.id)]) });
    const drmJson = JSON.stringify({ drm_provider: 'THIRDPARTY', drm_data: [] });
    const event = await api.call(endpoints.compose.setDrm, { params: { eventId: id }, body: { drmJson } });
    expect(event).toMatchObject({ id, drmJson, vodDrm: true });
    const last = (await changesOf(t.database.db, id)).at(-1);
    expect(last).toMatchObject({ metadataChanged: true });
    const cleared = await api.call(endpoints.compose.setDrm, { params: { eventId: id }, body: { drmJson: '' } });
    expect(cleared).toMatchObject({ drmJson: null, vodDrm: false });
  });

  it('refuses an event that is not a standard composition (400)', async () => {
    const plain = await insertEvent(t, { channelId: fixture.channelId });
    expect((await failure(api.call(endpoints.compose.setDrm, { params: { eventId: plain }, body: { drmJson: '' } }))).status).toBe(400);
  });
});

describe('GET /compose/clone/{sourceEventId}', () => {
  it('copies the playlist to another event waiting for content and generates it there (201)', async () => {
    const a = await recordedEvent(t, fixture, 20);
    const source = await api.call(endpoints.compose.create, { body: body([eventItem(a.id, { end: '00:00:06.000', custom: 1 })]) });
    const target = await insertEvent(t, { title: 'Copy', state: S.PRE_VOD });
    const response = await t.app.inject({ url: `/api/compose/clone/${source}?targetEventId=${target}`, headers: t.headers() });
    expect(response.statusCode).toBe(201);
    const copy = response.json();
    expect(copy.items).toEqual([{ type: 0, value: a.id, properties: { end: '00:00:06.000', custom: 1 }, markers: null }]);
    expect(copy.id).not.toBe((await api.call(endpoints.compose.get, { params: { eventId: source } })).id);
    await generate();
    const row = await eventRow(t.database.db, target);
    expect(row.state).toBe(S.COMPOSE_PUBLIC);
    expect(row.xflowId).toBe(fixture.xflowId);
  });

  it('refuses a live event as the target of a standard playlist, an unknown target, and the source itself', async () => {
    const a = await recordedEvent(t, fixture, 20);
    const source = await api.call(endpoints.compose.create, { body: body([eventItem(a.id)]) });
    const live = await insertEvent(t, { channelId: fixture.channelId });
    for (const target of [live, crypto.randomUUID(), source]) {
      const error = await failure(api.call(endpoints.compose.clone, { params: { sourceEventId: source }, query: { targetEventId: target } }));
      expect(error.status).toBe(400);
      expect(fields(error)[0]?.field).toBe('query.targetEventId');
    }
  });
});

describe('DELETE /compose/{eventId}', () => {
  it('removes the playlist; 400 when the event or its playlist does not exist', async () => {
    const a = await recordedEvent(t, fixture, 20);
    const id = await api.call(endpoints.compose.create, { body: body([eventItem(a.id)]) });
    await generate();
    expect(await api.call(endpoints.compose.delete, { params: { eventId: id } })).toBeNull();
    expect((await failure(api.call(endpoints.compose.get, { params: { eventId: id } }))).status).toBe(404);
    expect((await failure(api.call(endpoints.compose.delete, { params: { eventId: id } }))).status).toBe(400);
    expect((await failure(api.call(endpoints.compose.delete, { params: { eventId: crypto.randomUUID() } }))).status).toBe(400);
    // The generated result belongs to the event and still plays.
    expect((await fetchText(t, `/api/stream/${id}/index.m3u8`)).status).toBe(200);
  });
});

describe('tenancy', () => {
  it('another client sees none of it and cannot use this client’s events as sources', async () => {
    const a = await recordedEvent(t, fixture, 20);
    const id = await api.call(endpoints.compose.create, { body: body([eventItem(a.id)]) });
    const { api: stranger } = await createStrangerClient(t);
    expect((await failure(stranger.call(endpoints.compose.get, { params: { eventId: id } }))).status).toBe(404);
    expect((await failure(stranger.call(endpoints.compose.delete, { params: { eventId: id } }))).status).toBe(400);
    const theirs = await failure(stranger.call(endpoints.compose.create, { body: body([eventItem(a.id)]) }));
    // Their xflow does not exist for them either.
    expect(fields(theirs).map((f) => f.field)).toContain('body.event.workflowId');
  });
});

describe('the composed result plays', () => {
  it('stitches the items in order, trimmed, with a discontinuity between them and the source’s times', async () => {
    const a = await recordedEvent(t, fixture, 60, 'A');
    const b = await recordedEvent(t, fixture, 60, 'B');
    const id = await api.call(endpoints.compose.create, {
      body: body([
        eventItem(a.id, { start: '00:00:10.000', end: '00:00:15.000' }, [{ startAt: '00:00:01.000', duration: '00:00:30', frameAccurate: true, type: 0 }]),
        eventItem(b.id, { start: '00:00:50.000' }),
        eventItem(a.id, { end: '00:00:02.000' }),
      ]),
    });
    expect((await fetchText(t, `/api/stream/${id}/index.m3u8`)).status).toBe(404);
    await generate();
    const master = await fetchText(t, `/api/stream/${id}/master.m3u8`);
    expect(master.status).toBe(200);
    const media = await fetchText(t, `/api/stream/${id}/index.m3u8`);
    expect(media.body).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(media.body).toContain('#EXT-X-ENDLIST');
    const { uris, discontinuityBefore } = segmentsOf(media.body);
    // 10..15 s snaps out to 10..16 s (3 segments), 50..60 s is 5, 0..2 s is 1.
    expect(uris).toEqual(['0.ts', '1.ts', '2.ts', '3.ts', '4.ts', '5.ts', '6.ts', '7.ts', '8.ts']);
    expect(discontinuityBefore).toEqual(['3.ts', '8.ts']);
    expect(media.body).toContain(`#EXT-X-PROGRAM-DATE-TIME:${new Date(a.liveStart.getTime() + 10_000).toISOString()}`);
    expect(media.body).toContain(`#EXT-X-PROGRAM-DATE-TIME:${new Date(b.liveStart.getTime() + 50_000).toISOString()}`);
    expect(media.body).toMatch(/#EXT-X-DATERANGE:ID="marker-0-0-0",CLASS="com.controlroom.scte35",START-DATE="[^"]+",PLANNED-DURATION=30.000,X-SCTE35-TYPE="INSERTION",X-FRAME-ACCURATE="true"/);
    // Segment 3 is the first of B's part: its position 25 of the programme (50 s), file 25 mod 24 = 1.
    const shipped = await t.app.inject({ url: `/api/stream/${id}/3.ts` });
    const live1 = await t.app.inject({ url: `/api/stream/${a.id}/1.ts` });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.rawPayload.equals(live1.rawPayload)).toBe(true);
    expect((await t.app.inject({ url: `/api/stream/${id}/9.ts` })).statusCode).toBe(404);
    // The event's video structure points its player at this stream.
    const event = await api.call(endpoints.event.get, { params: { id }, query: { processVideo: true } });
    expect(event?.video?.currentStateUrls[0]?.url).toContain(`/api/stream/${id}/master.m3u8`);
  });

  it('plays once generated: an edit takes it off the air until the new generation is done', async () => {
    const a = await recordedEvent(t, fixture, 20);
    const id = await api.call(endpoints.compose.create, { body: body([eventItem(a.id)]) });
    await generate();
    expect((await fetchText(t, `/api/stream/${id}/index.m3u8`)).status).toBe(200);
    await api.call(endpoints.compose.update, { params: { eventId: id }, body: { name: 'Again', items: [eventItem(a.id)] } });
    expect((await fetchText(t, `/api/stream/${id}/index.m3u8`)).status).toBe(404);
  });
});

describe('PUT /event/state/{id} on a composition', () => {
  it('COMPOSE_ERROR -> COMPOSE_GENERATING retries the generation', async () => {
    const missing = crypto.randomUUID();
    const id = await api.call(endpoints.compose.create, { body: body([eventItem(missing)]) });
    await generate();
    expect((await eventRow(t.database.db, id)).state).toBe(S.COMPOSE_ERROR);
    // The source is there now.
    await insertEvent(t, {
      id: missing,
      state: S.INSTANT_VOD,
      actualLiveStart: new Date(t.clock.now().getTime() - 60_000),
      actualLiveEnd: new Date(t.clock.now().getTime() - 30_000),
    });
    const response = await t.app.inject({ method: 'PUT', url: `/api/event/state/${id}`, headers: t.headers(), payload: { state: 'COMPOSE_GENERATING' } });
    expect(response.statusCode).toBe(200);
    await generate();
    expect((await eventRow(t.database.db, id)).state).toBe(S.COMPOSE_PUBLIC);
  });
});
