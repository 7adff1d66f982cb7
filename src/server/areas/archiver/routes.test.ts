import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { archiverCaptures } from '../../db/tables/index.ts';
import { endpoints, type PlayoutProfileBody } from '#schema';
import { type ApiError } from '#client';
import { createStrangerClient, createTestClient, failure } from '#testing/client.ts';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { captureBody, elapse, goLive, PRIMARY_POINT, seedArchiverFixture, stop, type ArchiverFixture, archiverServices } from '#testing/archiver.ts';

let t: TestApp;
let fixture: ArchiverFixture;
let api: ReturnType<typeof createTestClient>;

beforeAll(async () => {
  t = await createTestApp({ services: archiverServices(4_000) });
  fixture = await seedArchiverFixture(t);
  api = createTestClient(t);
});
afterAll(() => t.close());

const fields = (error: ApiError) => ((error.body?.data as { fields?: { field: string }[] } | null)?.fields ?? []).map((f) => f.field);

let n = 0;
const uniqueId = (prefix: string) => `${prefix}_${++n}`;

function profileBody(values: Partial<PlayoutProfileBody> = {}): PlayoutProfileBody {
  return {
    id: uniqueId('profile'),
    expiresIn: 3600,
    key: null,
    issKeyIv: null,
    issLicenseUrl: null,
    widevineDrmData: null,
    widevineLicenseUrl: null,
    aesKey: null,
    aesKeyIv: null,
    aesLicenseUrl: null,
    captures: [],
    ...values,
  };
}

const inject = (method: 'POST' | 'PUT' | 'GET' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url: `/api${url}`, headers: { ...t.headers(), ...headers }, ...(payload === undefined ? {} : { payload: payload as string }) });

describe('archiverflows', () => {
  const config = (outputUrls: unknown[]) => JSON.stringify({ archiverflows: [{ name: 'Catch-up', type: 'ArchiverFlow', outputUrls }] });
  const hls = { streamProtocol: 'HLS', cdnPrimaryUrl: 'https://cdn.example/{capture_id}/{starttime}-{endtime}.m3u8', originPrimaryUrl: 'https://origin.example/{capture_id}.m3u8' };

  it('adds, reads, lists, updates (id from the route) and deletes', async () => {
    const created = await api.call(endpoints.archiverflow.create, { body: { name: 'Catch-up 7 days', configurationJson: config([hls]) } });
    expect(created.name).toBe('Catch-up 7 days');
    expect(await api.call(endpoints.archiverflow.get, { params: { id: created.id }, query: {} })).toEqual(created);
    expect((await api.call(endpoints.archiverflow.list, { query: {} })).map((f) => f.id)).toContain(created.id);
    const other = '11111111-2222-4333-8444-555555555555';
    const updated = await api.call(endpoints.archiverflow.update, { params: { id: created.id }, body: { id: other, name: 'Renamed', configurationJson: config([hls]) } });
    expect(updated).toMatchObject({ id: created.id, name: 'Renamed' });
    await api.call(endpoints.archiverflow.delete, { params: { id: created.id } });
    expect(await api.call(endpoints.archiverflow.get, { params: { id: created.id }, query: {} })).toBeNull();
  });

  it('gives events that use one its name', async () => {
    const flow = await api.call(endpoints.archiverflow.create, { body: { name: 'Catch-up for events', configurationJson: config([hls]) } });
    const event = await api.call(endpoints.event.upsert, { body: { Title: 'Archived match', ArchiverflowId: flow.id } });
    expect(event).toMatchObject({ archiverflowId: flow.id, archiverflow: 'Catch-up for events' });
  });

  it('answers 204 for an unknown id, and another client cannot see one', async () => {
    const created = await api.call(endpoints.archiverflow.create, { body: { name: 'Mine', configurationJson: config([hls]) } });
    const stranger = await createStrangerClient(t);
    expect(await stranger.api.call(endpoints.archiverflow.get, { params: { id: created.id }, query: {} })).toBeNull();
    expect(await stranger.api.call(endpoints.archiverflow.list, { query: {} })).toEqual([]);
    expect(await api.call(endpoints.archiverflow.get, { params: { id: '00000000-0000-4000-8000-000000000000' }, query: {} })).toBeNull();
  });

  it('refuses a configuration that does not match its schema, naming every violation', async () => {
    const bad = JSON.stringify({ archiverflows: [{ outputUrls: [{ streamProtocol: 'RTMP', cdnPrimaryUrl: 'x', extra: 1 }] }, {}] });
    const error = await failure(api.call(endpoints.archiverflow.create, { body: { name: 'Bad', configurationJson: bad } }));
    expect(error.status).toBe(400);
    const message = error.body?.exceptionMessage ?? '';
    expect(fields(error)).toContain('body.configurationJson');
    const all = JSON.stringify(error.body?.data);
    expect(all).toContain('archiverflows[0].outputUrls[0].streamProtocol');
    expect(all).toContain('archiverflows[0].outputUrls[0].originPrimaryUrl');
    expect(all).toContain('extra');
    expect(all).toContain('archiverflows[1].outputUrls');
    expect(message).toContain('configurationJson');
    const notJson = await failure(api.call(endpoints.archiverflow.create, { body: { name: 'Bad', configurationJson: '{' } }));
    expect(notJson.status).toBe(400);
  });
});

describe('captures', () => {
  it('adds with a null startTime meaning now, reads, lists (onlyIds), updates without changing the id, deletes answering it', async () => {
    const now = t.clock.now().toISOString();
    const created = await api.call(endpoints.archiverCapture.create, { body: captureBody({ id: 'cap_basic', decryptKey: `${'a'.repeat(32)}:${'b'.repeat(32)}`, expiresIn: 86_400 }) });
    expect(created).toMatchObject({ id: 'cap_basic', startTime: now, endTime: null, active: true, expiresIn: 86_400, publishingPoints: [PRIMARY_POINT] });
    expect(await api.call(endpoints.archiverCapture.get, { params: { id: 'cap_basic' } })).toEqual(created);
    expect(await api.call(endpoints.archiverCapture.list, { query: { onlyIds: true } })).toContain('cap_basic');
    const list = (await api.call(endpoints.archiverCapture.list, { query: {} })) as unknown[];
    expect(list).toContainEqual(created);
    const updated = await api.call(endpoints.archiverCapture.update, {
      params: { id: 'cap_basic' },
      body: captureBody({ id: 'renamed', startTime: '2026-01-15T11:00:00Z', active: false }),
    });
    expect(updated).toMatchObject({ id: 'cap_basic', startTime: '2026-01-15T11:00:00.000Z', active: false });
    const deleted = await api.call(endpoints.archiverCapture.delete, { params: { id: 'cap_basic' } });
    expect(deleted).toEqual(updated);
    expect((await failure(api.call(endpoints.archiverCapture.get, { params: { id: 'cap_basic' } }))).status).toBe(404);
  });

  it('requires every property on POST and PUT, naming the missing ones', async () => {
    const response = await inject('POST', '/archivercapture/', JSON.stringify({ id: 'cap_missing', active: true }), { 'content-type': 'application/json' });
    expect(response.statusCode).toBe(400);
    const named = (response.json().data.fields as { field: string }[]).map((f) => f.field);
    expect(named).toEqual(expect.arrayContaining(['body.startTime', 'body.endTime', 'body.decryptKey', 'body.expiresIn', 'body.publishingPoints']));
    await api.call(endpoints.archiverCapture.create, { body: captureBody({ id: 'cap_put_missing' }) });
    const put = await inject('PUT', '/archivercapture/cap_put_missing', JSON.stringify({ id: 'cap_put_missing' }), { 'content-type': 'application/json' });
    expect(put.statusCode).toBe(400);
    expect(put.json().data.fields.map((f: { field: string }) => f.field)).toContain('body.active');
  });

  it('answers 415 to a body that is not sent as JSON', async () => {
    const text = await inject('POST', '/archivercapture/', JSON.stringify(captureBody({ id: 'cap_text' })), { 'content-type': 'text/plain' });
    expect(text.statusCode).toBe(415);
    expect(text.json().exceptionMessage).toContain('application/json');
    const form = await inject('PUT', '/archivercapture/cap_text', 'id=cap_text', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.statusCode).toBe(415);
    const profile = await inject('POST', '/archiverplayoutprofile/', JSON.stringify(profileBody()), { 'content-type': 'text/plain' });
    expect(profile.statusCode).toBe(415);
  });

  it('takes ids of letters, digits and underscores only, and keys of the form KID:CEK', async () => {
    const id = await failure(api.call(endpoints.archiverCapture.create, { body: captureBody({ id: 'bad-id!' }) }));
    expect(fields(id)).toContain('body.id');
    const key = await failure(api.call(endpoints.archiverCapture.create, { body: captureBody({ id: 'cap_key', decryptKey: 'not-a-key' }) }));
    expect(fields(key)).toContain('body.decryptKey');
    const route = await inject('GET', '/archivercapture/bad-id');
    expect(route.statusCode).toBe(400);
  });

  it('refuses an endTime before startTime, no publishing point, and an id already used', async () => {
    const end = await failure(api.call(endpoints.archiverCapture.create, { body: captureBody({ id: 'cap_end', startTime: '2026-01-15T12:00:00Z', endTime: '2026-01-15T11:00:00Z' }) }));
    expect(fields(end)).toEqual(['body.endTime']);
    const points = await failure(api.call(endpoints.archiverCapture.create, { body: captureBody({ id: 'cap_points', publishingPoints: [] }) }));
    expect(fields(points)).toEqual(['body.publishingPoints']);
    await api.call(endpoints.archiverCapture.create, { body: captureBody({ id: 'cap_twice' }) });
    expect((await failure(api.call(endpoints.archiverCapture.create, { body: captureBody({ id: 'cap_twice' }) }))).status).toBe(409);
  });

  it('keeps captures apart per client: another client neither sees nor changes them, and may use the same id', async () => {
    await api.call(endpoints.archiverCapture.create, { body: captureBody({ id: 'cap_tenancy' }) });
    const stranger = await createStrangerClient(t);
    expect((await failure(stranger.api.call(endpoints.archiverCapture.get, { params: { id: 'cap_tenancy' } }))).status).toBe(404);
    expect((await failure(stranger.api.call(endpoints.archiverCapture.delete, { params: { id: 'cap_tenancy' } }))).status).toBe(404);
    expect((await failure(stranger.api.call(endpoints.archiverCapture.segments, { params: { id: 'cap_tenancy' }, query: {} }))).status).toBe(404);
    expect(await stranger.api.call(endpoints.archiverCapture.list, { query: { onlyIds: true } })).toEqual([]);
    expect(await stranger.api.call(endpoints.archiverCapture.allStats, {})).toEqual([]);
    const theirs = await stranger.api.call(endpoints.archiverCapture.create, { body: captureBody({ id: 'cap_tenancy', publishingPoints: ['rtmp://elsewhere/live'] }) });
    expect(theirs.publishingPoints).toEqual(['rtmp://elsewhere/live']);
    expect((await api.call(endpoints.archiverCapture.get, { params: { id: 'cap_tenancy' } })).publishingPoints).toEqual([PRIMARY_POINT]);
  });
});

describe('the simulated archiver', () => {
  beforeEach(() => {
    t.clock.advance(3_600_000);
  });
  // Each test's capture stops recording when it ends, so the next test's ticks visit only its own.
  afterEach(async () => {
    await t.database.db.update(archiverCaptures).set({ active: false }).where(eq(archiverCaptures.clientId, t.clientId));
  });

  it('records a live channel in segments: scheduled, in progress, then completed and archived', async () => {
    const eventId = await goLive(t, fixture);
    await api.call(endpoints.archiverCapture.create, { body: captureBody({ id: 'cap_live' }) });
    await elapse(t, 30_000);
    const segments = await api.call(endpoints.archiverCapture.segments, { params: { id: 'cap_live' }, query: {} });
    expect(segments.length).toBeGreaterThanOrEqual(6);
    const done = segments.filter((s) => s.completed);
    expect(done.length).toBeGreaterThanOrEqual(5);
    for (const s of done) {
      expect(s).toMatchObject({ archived: true, failed: false, inProgress: false, scheduled: false, attempts: 1 });
      expect(new Date(s.endTime).getTime() - new Date(s.startTime).getTime()).toBe(4_000);
    }
    // Ordered and back to back.
    for (let i = 1; i < segments.length; i++) expect(segments[i]!.startTime).toBe(segments[i - 1]!.endTime);
    const stats = await api.call(endpoints.archiverCapture.stats, { params: { id: 'cap_live' } });
    expect(stats).toMatchObject({ id: 'cap_live', startTime: done[0]!.startTime, endTime: done.at(-1)!.endTime, failedCount: 0, active: true, profileIds: [] });
    const available = await api.call(endpoints.archiverCapture.available, { params: { id: 'cap_live' } });
    expect(available).toEqual([{ startTime: done[0]!.startTime, endTime: done.at(-1)!.endTime }]);
    await stop(t, eventId);
    await elapse(t, 10_000);
  });

  it('leaves a gap while nothing is live, and the available content shows it', async () => {
    const first = await goLive(t, fixture);
    await api.call(endpoints.archiverCapture.create, { body: captureBody({ id: 'cap_gap' }) });
    await elapse(t, 20_000);
    await stop(t, first);
    await elapse(t, 60_000);
    const second = await goLive(t, fixture);
    await elapse(t, 20_000);
    const available = await api.call(endpoints.archiverCapture.available, { params: { id: 'cap_gap' } });
    expect(available).toHaveLength(2);
    const [a, b] = available;
    expect(new Date(b!.startTime).getTime() - new Date(a!.endTime).getTime()).toBeGreaterThanOrEqual(55_000);
    const stats = await api.call(endpoints.archiverCapture.stats, { params: { id: 'cap_gap' } });
    expect(stats.startTime).toBe(a!.startTime);
    expect(stats.endTime).toBe(b!.endTime);
    await stop(t, second);
  });

  it('answers the segments of a range (both start and end, or neither) with only segments inside it', async () => {
    const eventId = await goLive(t, fixture);
    await api.call(endpoints.archiverCapture.create, { body: captureBody({ id: 'cap_range' }) });
    await elapse(t, 40_000);
    const all = await api.call(endpoints.archiverCapture.segments, { params: { id: 'cap_range' }, query: {} });
    const start = new Date(new Date(all[1]!.startTime).getTime() - 1_000).toISOString();
    const end = all[4]!.endTime;
    const inside = await api.call(endpoints.archiverCapture.segments, { params: { id: 'cap_range' }, query: { start, end } });
    expect(inside.map((s) => s.id)).toEqual(all.slice(1, 5).map((s) => s.id));
    const one = await inject('GET', `/archivercapture/cap_range/segments/?start=${encodeURIComponent(start)}`);
    expect(one.statusCode).toBe(400);
    expect(one.json().data.fields.map((f: { field: string }) => f.field)).toEqual(['query.end']);
    const backwards = await inject('GET', `/archivercapture/cap_range/segments/?start=${encodeURIComponent(end)}&end=${encodeURIComponent(start)}`);
    expect(backwards.statusCode).toBe(400);
    await stop(t, eventId);
  });

  it('retries failed attempts and counts those that fail for good', async () => {
    const flaky = await createTestApp({
      services: archiverServices(4_000, ({ startTime, attempt }) => (startTime.getTime() / 4_000) % 3 === 0 && (attempt < 3 || startTime.getTime() % 8_000 === 0), { maxAttempts: 3 }),
    });
    try {
      const f = await seedArchiverFixture(flaky);
      const flakyApi = createTestClient(flaky);
      await goLive(flaky, f);
      await flakyApi.call(endpoints.archiverCapture.create, { body: captureBody({ id: 'cap_flaky' }) });
      await elapse(flaky, 60_000);
      const segments = await flakyApi.call(endpoints.archiverCapture.segments, { params: { id: 'cap_flaky' }, query: {} });
      const retried = segments.filter((s) => s.completed && s.attempts === 3);
      const failed = segments.filter((s) => s.failed && s.attempts === 3);
      expect(retried.length).toBeGreaterThan(0);
      expect(failed.length).toBeGreaterThan(0);
      const stats = await flakyApi.call(endpoints.archiverCapture.stats, { params: { id: 'cap_flaky' } });
      expect(stats.failedCount).toBe(failed.length);
      // A failed segment is a hole in the available content.
      const available = await flakyApi.call(endpoints.archiverCapture.available, { params: { id: 'cap_flaky' } });
      expect(available.length).toBeGreaterThan(1);
      for (let i = 1; i < available.length; i++) expect(available[i]!.startTime > available[i - 1]!.endTime).toBe(true);
    } finally {
      await flaky.close();
    }
  });

  it('stops at endTime, and removes content older than expiresIn', async () => {
    const eventId = await goLive(t, fixture);
    const endTime = new Date(t.clock.now().getTime() + 20_000).toISOString();
    await api.call(endpoints.archiverCapture.create, { body: captureBody({ id: 'cap_end_time', endTime, expiresIn: 60 }) });
    await elapse(t, 40_000);
    let segments = await api.call(endpoints.archiverCapture.segments, { params: { id: 'cap_end_time' }, query: {} });
    expect(segments.length).toBeGreaterThan(0);
    expect(segments.every((s) => s.endTime <= endTime)).toBe(true);
    await elapse(t, 60_000);
    segments = await api.call(endpoints.archiverCapture.segments, { params: { id: 'cap_end_time' }, query: {} });
    expect(segments).toEqual([]);
    const stats = await api.call(endpoints.archiverCapture.stats, { params: { id: 'cap_end_time' } });
    expect(stats).toMatchObject({ startTime: null, endTime: null });
    await stop(t, eventId);
  });

  it('serves a range of a capture as HLS with a discontinuity at the gap', async () => {
    const first = await goLive(t, fixture);
    await api.call(endpoints.archiverCapture.create, { body: captureBody({ id: 'cap_play' }) });
    await elapse(t, 16_000);
    await stop(t, first);
    await elapse(t, 20_000);
    const second = await goLive(t, fixture);
    await elapse(t, 16_000);
    await stop(t, second);
    await elapse(t, 10_000);
    const playback = await api.call(endpoints.archiverCapture.playback, { params: { id: 'cap_play' }, query: {} });
    expect(playback.segments).toBeGreaterThan(4);
    const master = await t.app.inject({ url: playback.url });
    expect(master.statusCode).toBe(200);
    expect(master.body).toContain('index.m3u8');
    const media = await t.app.inject({ url: playback.url.replace('master.m3u8', 'index.m3u8') });
    expect(media.statusCode).toBe(200);
    expect(media.body).toContain('#EXT-X-DISCONTINUITY');
    // Still recording: the playlist grows.
    expect(media.body).toContain('#EXT-X-PLAYLIST-TYPE:EVENT');
    expect(media.body).not.toContain('#EXT-X-ENDLIST');
    const past = await api.call(endpoints.archiverCapture.playback, {
      params: { id: 'cap_play' },
      query: { start: playback.startTime!, end: new Date(t.clock.now().getTime() - 1_000).toISOString() },
    });
    const vod = await t.app.inject({ url: past.url.replace('master.m3u8', 'index.m3u8') });
    expect(vod.body).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(vod.body).toContain('#EXT-X-ENDLIST');
    expect(vod.body).toContain('#EXT-X-PROGRAM-DATE-TIME');
    const uri = media.body.split('\n').find((l) => l.endsWith('.ts'))!;
    const segment = await t.app.inject({ url: uri });
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    expect((await t.app.inject({ url: '/api/archiver/capture/00000000-0000-4000-8000-000000000000/index.m3u8' })).statusCode).toBe(404);
  });
});

describe('playout profiles and streams', () => {
  it('derives streamingFormats from the DRM configuration and ignores them on POST and PUT', async () => {
    const clear = await api.call(endpoints.archiverPlayoutProfile.create, { body: { ...profileBody(), streamingFormats: ['DASH'] } });
    expect(clear.streamingFormats).toEqual(['HLS', 'HDS', 'DASH', 'SMOOTH']);
    const drm = await api.call(endpoints.archiverPlayoutProfile.create, {
      body: profileBody({ key: `${'1'.repeat(32)}:${'2'.repeat(32)}`, aesKey: 'k', widevineLicenseUrl: 'https://wv.example/license' }),
    });
    expect(drm.streamingFormats).toEqual(['HLS', 'DASH']);
    const updated = await api.call(endpoints.archiverPlayoutProfile.update, {
      params: { id: drm.id },
      body: { ...profileBody({ id: 'ignored', key: `${'1'.repeat(32)}:${'2'.repeat(32)}`, issLicenseUrl: 'https://pr.example' }), streamingFormats: ['HLS'] },
    });
    expect(updated).toMatchObject({ id: drm.id, streamingFormats: ['SMOOTH'] });
    expect(await api.call(endpoints.archiverPlayoutProfile.list, { query: { onlyIds: true } })).toEqual(expect.arrayContaining([clear.id, drm.id]));
  });

  it('checks captures and keys, and names the missing properties', async () => {
    const unknown = await failure(api.call(endpoints.archiverPlayoutProfile.create, { body: profileBody({ captures: [{ captureId: 'no_such_capture', liveRedirectUrl: null }] }) }));
    expect(fields(unknown)).toEqual(['body.captures.0.captureId']);
    const key = await failure(api.call(endpoints.archiverPlayoutProfile.create, { body: profileBody({ key: 'abc' }) }));
    expect(fields(key)).toEqual(['body.key']);
    const missing = await inject('POST', '/archiverplayoutprofile/', JSON.stringify({ id: 'p_missing' }), { 'content-type': 'application/json' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.fields.map((f: { field: string }) => f.field)).toEqual(expect.arrayContaining(['body.expiresIn', 'body.captures', 'body.aesLicenseUrl']));
  });

  it('makes a stream per capture with content, playable from its ismUrl; deleting the profile deletes its captures first', async () => {
    t.clock.advance(3_600_000);
    const eventId = await goLive(t, fixture);
    await api.call(endpoints.archiverCapture.create, { body: captureBody({ id: 'cap_streamed' }) });
    await api.call(endpoints.archiverCapture.create, { body: captureBody({ id: 'cap_empty', active: false }) });
    await elapse(t, 20_000);
    const profile = await api.call(endpoints.archiverPlayoutProfile.create, {
      body: profileBody({ expiresIn: 600, captures: [{ captureId: 'cap_streamed', liveRedirectUrl: 'https://live.example/x.m3u8' }, { captureId: 'cap_empty', liveRedirectUrl: null }] }),
    });
    expect(await api.call(endpoints.archiverPlayoutProfile.captures, { params: { id: profile.id } })).toEqual(profile.captures);
    await elapse(t, 4_000);
    const streams = (await api.call(endpoints.archiverStream.list, {})).filter((s) => s.profileId === profile.id);
    expect(streams).toHaveLength(1);
    const [stream] = streams;
    expect(stream).toMatchObject({ captureId: 'cap_streamed', uploaded: true, streamingFormats: profile.streamingFormats });
    expect(new Date(stream!.expiresAt!).getTime() - new Date(stream!.createdAt).getTime()).toBe(600_000);
    expect(await api.call(endpoints.archiverStream.get, { params: { id: stream!.id } })).toEqual(stream);
    expect((await api.call(endpoints.archiverCapture.stats, { params: { id: 'cap_streamed' } })).profileIds).toEqual([profile.id]);
    const media = await t.app.inject({ url: stream!.ismUrl.replace('master.m3u8', 'index.m3u8') });
    expect(media.statusCode).toBe(200);
    expect(media.body).toContain('.ts');
    expect((await inject('GET', '/archiverstream/abc')).statusCode).toBe(400);
    const stranger = await createStrangerClient(t);
    expect((await failure(stranger.api.call(endpoints.archiverStream.get, { params: { id: stream!.id } }))).status).toBe(404);
    expect(await stranger.api.call(endpoints.archiverStream.list, {})).toEqual([]);

    const deleted = await api.call(endpoints.archiverPlayoutProfile.delete, { params: { id: profile.id } });
    expect(deleted).toMatchObject({ id: profile.id, captures: [] });
    expect((await api.call(endpoints.archiverStream.list, {})).filter((s) => s.profileId === profile.id)).toEqual([]);
    // The captures themselves stay.
    expect((await api.call(endpoints.archiverCapture.get, { params: { id: 'cap_streamed' } })).id).toBe('cap_streamed');
    await stop(t, eventId);
  });

  it('deletes a stream by id, answering it, and streams expire', async () => {
    t.clock.advance(3_600_000);
    const eventId = await goLive(t, fixture);
    await api.call(endpoints.archiverCapture.create, { body: captureBody({ id: 'cap_expiring' }) });
    await elapse(t, 12_000);
    const a = await api.call(endpoints.archiverPlayoutProfile.create, { body: profileBody({ expiresIn: 30, captures: [{ captureId: 'cap_expiring', liveRedirectUrl: null }] }) });
    const b = await api.call(endpoints.archiverPlayoutProfile.create, { body: profileBody({ expiresIn: null, captures: [{ captureId: 'cap_expiring', liveRedirectUrl: null }] }) });
    const byProfile = async (id: string) => (await api.call(endpoints.archiverStream.list, {})).filter((s) => s.profileId === id);
    const [kept] = await byProfile(b.id);
    expect(kept!.expiresAt).toBeNull();
    const deleted = await api.call(endpoints.archiverStream.delete, { params: { id: kept!.id } });
    expect(deleted.id).toBe(kept!.id);
    expect((await failure(api.call(endpoints.archiverStream.get, { params: { id: kept!.id } }))).status).toBe(404);
    expect(await byProfile(a.id)).toHaveLength(1);
    await elapse(t, 32_000);
    expect(await byProfile(a.id)).toEqual([]);
    await stop(t, eventId);
  });
});
