import { mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, EventState, type Asset } from '#schema';
import { type ApiError } from '#client';
import { createStrangerClient, createTestClient, failure } from '#testing/client.ts';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { assets, events, jobs } from '../../db/tables/index.ts';
import { createMediaServices } from '../media/services.ts';
import { changesOf } from '#testing/changes.ts';
import { insertEvent } from '#testing/event-row.ts';
import { recordedEvent, seedComposeFixture, type ComposeFixture } from '#testing/compose.ts';
import { settleMedia } from '#testing/asset.ts';

const S = EventState.values;
let t: TestApp;
let fixture: ComposeFixture;
let api: ReturnType<typeof createTestClient>;
const media = createMediaServices();

beforeAll(async () => {
  t = await createTestApp({ services: { media } });
  fixture = await seedComposeFixture(t);
  api = createTestClient(t);
});
afterAll(() => t.close());

const fields = (error: ApiError) => (error.body?.data as { fields?: { field: string; message: string }[] } | null)?.fields ?? [];

/** A VOD_PUBLIC event created through the API, with a 2-minute schedule and the fixture's xflow. */
async function apiVod(title = 'API VOD', minutes = 2): Promise<string> {
  const event = await api.call(endpoints.event.upsert, {
    body: {
      Title: title,
      EventState: 'VOD_PUBLIC',
      XflowId: fixture.xflowId,
      ScheduledStart: '2026-01-10T10:00:00Z',
      ScheduledEnd: new Date(Date.parse('2026-01-10T10:00:00Z') + minutes * 60_000).toISOString(),
    },
  });
  return event.id;
}

async function fetchAsset(asset: Asset) {
  const url = new URL(asset.url!);
  return t.app.inject({ url: url.pathname });
}

describe('POST /asset/image/, /asset/gif/, /asset/video/', () => {
  it('answers GENERATING at once and completes through the dispatcher, with a real file served with its type and ranges', async () => {
    const eventId = await apiVod();
    const image = await api.call(endpoints.asset.createImage, { body: { eventId, name: 'Kick-off', time: '00:00:05.200' } });
    expect(image).toMatchObject({ eventId, name: 'Kick-off', state: 0, stateString: 'GENERATING', type: 1, typeString: 'IMAGE', extension: 'jpg' });
    expect(image.path).toMatch(new RegExp(`^${eventId}/assets/${image.id}/Kick-off\\.jpg$`));
    expect(image.url).toBe(`http://localhost/api/storage/public/standard/${eventId}/assets/${image.id}/Kick-off.jpg`);

    await settleMedia(t);
    const done = await api.call(endpoints.asset.get, { params: { id: image.id } });
    expect(done).toMatchObject({ state: 1, stateString: 'COMPLETED' });
    const file = await fetchAsset(done);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');
    const part = await t.app.inject({ url: new URL(done.url!).pathname, headers: { range: 'bytes=0-9' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toMatch(/^bytes 0-9\/\d+$/);
    expect(part.rawPayload.length).toBe(10);
    const beyond = await t.app.inject({ url: new URL(done.url!).pathname, headers: { range: 'bytes=99999999-' } });
    expect(beyond.statusCode).toBe(416);

    // AssetsChanged at the request and at completion.
    const flagged = (await changesOf(t.database.db, eventId)).filter((c) => c.assetsChanged);
    expect(flagged.length).toBeGreaterThanOrEqual(2);
  });

  it('makes a GIF honouring fps, size, speed and repeats, and a video cut', async () => {
    const eventId = await apiVod();
    const gif = await api.call(endpoints.asset.createGif, {
      body: { clip: { eventId, start: '00:00:10.000', end: '00:00:12.000' }, name: 'Goal', fps: 5, width: 160, playbackRepeats: 3, playbackSpeed: 2 },
    });
    const video = await api.call(endpoints.asset.createVideo, {
      body: { clip: { eventId, start: '00:00:10.000', end: '00:00:14.000', filter: 'type=="video"' }, name: 'Goal video', frameAccurate: 1 },
    });
    expect(video).toMatchObject({ typeString: 'VIDEO', extension: 'mp4' });
    await settleMedia(t);
    const gifFile = await fetchAsset(await api.call(endpoints.asset.get, { params: { id: gif.id } }));
    expect(gifFile.headers['content-type']).toBe('image/gif');
    const bytes = gifFile.rawPayload;
    expect(bytes.subarray(0, 6).toString('latin1')).toBe('GIF89a');
    expect(bytes.readUInt16LE(6)).toBe(160);
    const netscape = bytes.indexOf('NETSCAPE2.0');
    expect(bytes.readUInt16LE(netscape + 13)).toBe(3);
    const stored = await t.database.db.select().from(assets).where(eq(assets.id, video.id));
    expect(stored[0]).toMatchObject({ state: 1, width: 960, height: 540 });
    expect(Math.abs(stored[0]!.durationMs! - 4_000)).toBeLessThan(200);
  });

  it('takes ISO 8601 times when the media has timecode (a recording)', async () => {
    const rec = await recordedEvent(t, fixture, 30);
    const at = new Date(rec.liveStart.getTime() + 7_000).toISOString();
    const image = await api.call(endpoints.asset.createImage, { body: { eventId: rec.id, name: 'At seven', time: at } });
    expect(image.state).toBe(0);
    const wrong = await failure(api.call(endpoints.asset.createImage, { body: { eventId: rec.id, name: 'Before', time: new Date(rec.liveStart.getTime() - 5_000).toISOString() } }));
    expect(fields(wrong)).toEqual([{ field: 'body.time', message: expect.stringMatching(/outside the content/) }]);
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const eventId = await apiVod('Short', 1);
    const before = (await api.call(endpoints.asset.list, { query: { eventId } })).length;
    const clip = (start: string, end: string) => ({ eventId, start, end });
    // Calls made one at a time: a request sent before its answer is awaited would reject unhandled.
    const cases: [() => Promise<unknown>, string, RegExp][] = [
      [() => api.call(endpoints.asset.createGif, { body: { clip: clip('00:00:20.000', '00:00:10.000'), name: 'x' } }), 'body.clip.end', /after the start/],
      [() => api.call(endpoints.asset.createGif, { body: { clip: clip('00:00:50.000', '00:01:10.000'), name: 'x' } }), 'body.clip.end', /outside the content/],
      [() => api.call(endpoints.asset.createGif, { body: { clip: clip('00:02:00.000', '00:02:01.000'), name: 'x' } }), 'body.clip.start', /outside/],
      [() => api.call(endpoints.asset.createGif, { body: { clip: clip('00:00:00.000', '00:00:02.000'), name: 'x', fps: 60 } }), 'body.fps', /1 to 30/],
      [() => api.call(endpoints.asset.createGif, { body: { clip: clip('00:00:00.000', '00:00:02.000'), name: 'x', width: 5000 } }), 'body.width', /16 to 1920/],
      [() => api.call(endpoints.asset.createGif, { body: { clip: clip('00:00:00.000', '00:00:02.000'), name: 'x', playbackSpeed: 20 } }), 'body.playbackSpeed', /./],
      [() => api.call(endpoints.asset.createGif, { body: { clip: clip('00:00:00.000', '00:00:02.000'), name: 'x', priority: 11 } }), 'body.priority', /./],
      [() => api.call(endpoints.asset.createVideo, { body: { clip: { ...clip('00:00:00.000', '00:00:02.000'), filter: 'type=="subtitles"' }, name: 'x' } }), 'body.clip.filter', /no track/],
      [() => api.call(endpoints.asset.createVideo, { body: { clip: { ...clip('00:00:00.000', '00:00:02.000'), filter: 'type==' }, name: 'x' } }), 'body.clip.filter', /not a filter/],
      [() => api.call(endpoints.asset.createImage, { body: { eventId, name: 'x', time: '00:05:00.000' } }), 'body.time', /outside the content/],
      [() => api.call(endpoints.asset.createImage, { body: { eventId: '5b0e7a43-1c1d-4a8e-9d1e-000000000000', name: 'x', time: '00:00:01.000' } }), 'body.eventId', /no event/],
    ];
    for (const [call, field, message] of cases) {
      const error = await failure(call());
      expect(error.status, field).toBe(400);
      expect(fields(error), field).toContainEqual({ field, message: expect.stringMatching(message) });
    }
    const preLive = await insertEvent(t, { state: S.PRE_LIVE });
    const noMedia = await failure(api.call(endpoints.asset.createImage, { body: { eventId: preLive, name: 'x', time: '00:00:01.000' } }));
    expect(fields(noMedia)).toEqual([{ field: 'body.eventId', message: expect.stringMatching(/no media/) }]);
    const { api: stranger } = await createStrangerClient(t);
    const foreign = await failure(stranger.call(endpoints.asset.createImage, { body: { eventId, name: 'x', time: '00:00:01.000' } }));
    expect(fields(foreign)).toEqual([{ field: 'body.eventId', message: `there is no event ${eventId}` }]);
    expect(await api.call(endpoints.asset.list, { query: { eventId } })).toHaveLength(before);
  });
});

describe('the making of assets, in the media lane', () => {
  it('queues each asset in its priority, and makes them all', async () => {
    const eventId = await apiVod('Queue');
    const requested = [];
    for (const [name, priority] of [['low', 9], ['mid', 5], ['high', 1]] as const) {
      requested.push(await api.call(endpoints.asset.createImage, { body: { eventId, name, time: '00:00:01.000', priority } }));
    }
    const queued = await t.database.db.select({ payload: jobs.payload, priority: jobs.priority }).from(jobs).where(and(eq(jobs.type, 'asset.make'), eq(jobs.status, 'pending')));
    const priorityOf = new Map(queued.map((j) => [(j.payload as { assetId: string }).assetId, j.priority]));
    expect(requested.map((a) => priorityOf.get(a.id))).toEqual([9, 5, 1]);
    await settleMedia(t);
    const rows = await t.database.db.select({ state: assets.state, completedAt: assets.completedAt, progress: assets.progress }).from(assets).where(eq(assets.eventId, eventId));
    expect(rows.every((r) => r.completedAt && r.state === 1 && r.progress === null)).toBe(true);
  });

  it('fails with the reason, never GENERATING for ever, also after a restart mid-job', async () => {
    const eventId = await apiVod('Restart');
    const asset = await api.call(endpoints.asset.createImage, { body: { eventId, name: 'cut short', time: '00:00:01.000' } });
    // The lane of a process that dies after claiming: claimed, then nothing.
    const makeJob = (assetId: string) => and(eq(jobs.type, 'asset.make'), sql`${jobs.payload}->>'assetId' = ${assetId}`);
    await t.database.db.update(jobs).set({ status: 'running', lockedBy: 'gone', lockedUntil: new Date(t.clock.now().getTime() + 60_000), attempts: 1 }).where(makeJob(asset.id));
    await settleMedia(t);
    expect((await api.call(endpoints.asset.get, { params: { id: asset.id } })).state).toBe(0);
    t.clock.advance(66_000);
    await settleMedia(t);
    expect((await api.call(endpoints.asset.get, { params: { id: asset.id } })).stateString).toBe('COMPLETED');

    // Claimed and abandoned three times: given up, with the reason.
    const doomed = await api.call(endpoints.asset.createImage, { body: { eventId, name: 'doomed', time: '00:00:01.000' } });
    await t.database.db.update(jobs).set({ status: 'running', lockedBy: 'gone', lockedUntil: new Date(t.clock.now().getTime() - 1), attempts: 3 }).where(makeJob(doomed.id));
    await settleMedia(t);
    const [row] = await t.database.db.select().from(assets).where(eq(assets.id, doomed.id));
    expect(row).toMatchObject({ state: 2, error: expect.stringMatching(/gave up after 3 attempts/) });
  });

  it('fails an asset whose event went away, and a faulty storage says why', async () => {
    const faulty = await createTestApp({ services: { media: { ...createMediaServices(), fault: () => 'the storage did not accept the file (simulated)' } } });
    try {
      const fx = await seedComposeFixture(faulty);
      const fapi = createTestClient(faulty);
      const id = await insertEvent(faulty, { state: S.VOD_PUBLIC, xflowId: fx.xflowId });
      const asset = await fapi.call(endpoints.asset.createImage, { body: { eventId: id, name: 'x', time: '00:00:01.000' } });
      await settleMedia(faulty);
      const [row] = await faulty.database.db.select().from(assets).where(eq(assets.id, asset.id));
      expect(row).toMatchObject({ state: 2, error: 'the storage did not accept the file (simulated)' });
    } finally {
      await faulty.close();
    }
    const eventId = await apiVod('Going away');
    const orphan = await api.call(endpoints.asset.createImage, { body: { eventId, name: 'orphan', time: '00:00:01.000' } });
    await t.database.db.update(events).set({ state: S.PRE_VOD }).where(eq(events.id, eventId));
    await settleMedia(t);
    const [row] = await t.database.db.select().from(assets).where(eq(assets.id, orphan.id));
    expect(row).toMatchObject({ state: 2, error: expect.stringMatching(/no media/) });
    expect(await api.call(endpoints.asset.get, { params: { id: orphan.id } })).toMatchObject({ stateString: 'FAILED', error: expect.stringMatching(/no media/) });
    // Retry: once the event has media again, the same request is made again.
    await t.database.db.update(events).set({ state: S.VOD_PUBLIC }).where(eq(events.id, eventId));
    expect(await api.call(endpoints.asset.retry, { params: { id: orphan.id } })).toMatchObject({ stateString: 'GENERATING', error: null });
    await settleMedia(t);
    expect((await api.call(endpoints.asset.get, { params: { id: orphan.id } })).stateString).toBe('COMPLETED');
    expect((await failure(api.call(endpoints.asset.retry, { params: { id: orphan.id } }))).status).toBe(409);
  });
});

describe('GET /asset/ and the deletes', () => {
  it('filters by event, states and types by name or number, extensions as endings, name; pages of 100', async () => {
    const eventId = await apiVod('Filters');
    const a = await api.call(endpoints.asset.createImage, { body: { eventId, name: 'Alpha shot', time: '00:00:01.000' } });
    await api.call(endpoints.asset.createGif, { body: { clip: { eventId, start: '00:00:01.000', end: '00:00:02.000' }, name: 'Beta loop', fps: 2, width: 64 } });
    await settleMedia(t);
    await api.call(endpoints.asset.generateVodFile, { params: { id: eventId }, body: {} });
    await settleMedia(t);
    const names = async (query: Record<string, unknown>) => (await api.call(endpoints.asset.list, { query: { eventId, ...query } })).map((x) => x.name).sort();
    expect(await names({})).toEqual(['Alpha shot', 'Beta loop', 'MP4', 'Sprite', 'Thumbnail']);
    expect(await names({ types: 'IMAGE,3' })).toEqual(['Alpha shot', 'Beta loop']);
    expect(await names({ types: 'SYSTEM' })).toEqual(['MP4', 'Sprite', 'Thumbnail']);
    expect(await names({ states: 'COMPLETED', extensions: '_sprite.jpg,gif' })).toEqual(['Beta loop', 'Sprite']);
    expect(await names({ name: 'alpha' })).toEqual(['Alpha shot']);
    expect(await names({ jobId: a.jobId! })).toEqual(['Alpha shot']);
    expect(await names({ pageIndex: 1 })).toEqual([]);
    const bad = await failure(api.call(endpoints.asset.list, { query: { states: 'DONE' } }));
    expect(bad.status).toBe(400);
    const { api: stranger } = await createStrangerClient(t);
    expect(await stranger.call(endpoints.asset.list, { query: { eventId } })).toEqual([]);
    expect((await failure(stranger.call(endpoints.asset.get, { params: { id: a.id } }))).status).toBe(404);
  });

  it('never deletes SYSTEM assets, and needs a filter to delete many', async () => {
    const eventId = await apiVod('Deletes');
    await api.call(endpoints.asset.createImage, { body: { eventId, name: 'one', time: '00:00:01.000' } });
    await api.call(endpoints.asset.createImage, { body: { eventId, name: 'two', time: '00:00:02.000' } });
    await api.call(endpoints.asset.generateVodFile, { params: { id: eventId }, body: {} });
    await settleMedia(t);
    const all = await api.call(endpoints.asset.list, { query: { eventId } });
    const mp4 = all.find((x) => x.name === 'MP4')!;
    const refused = await failure(api.call(endpoints.asset.delete, { params: { id: mp4.id } }));
    expect(refused.status).toBe(409);
    expect(refused.message).toMatch(/SYSTEM assets are not deletable/);
    expect((await failure(api.call(endpoints.asset.deleteMany, { query: {} }))).status).toBe(400);
    const one = all.find((x) => x.name === 'one')!;
    expect(await api.call(endpoints.asset.delete, { params: { id: one.id } })).toMatchObject({ deletedAssetsCount: 1 });
    // Its file goes once the row is gone: after the write, in a job.
    await t.runJobs();
    expect((await fetchAsset(one)).statusCode).toBe(404);
    const many = await api.call(endpoints.asset.deleteMany, { query: { eventId } });
    expect(many).toMatchObject({ deletedAssetsCount: 1, keptSystemAssetsCount: 3, message: expect.stringMatching(/SYSTEM assets are not deleted/) });
    expect((await api.call(endpoints.asset.list, { query: { eventId } })).map((x) => x.typeString)).toEqual(['SYSTEM', 'SYSTEM', 'SYSTEM']);
  });

  it('renames, and 404s for a foreign asset', async () => {
    const eventId = await apiVod('Rename');
    const asset = await api.call(endpoints.asset.createImage, { body: { eventId, name: 'old', time: '00:00:01.000' } });
    expect(await api.call(endpoints.asset.rename, { params: { id: asset.id }, query: { Name: 'New name' } })).toMatchObject({ name: 'New name' });
    const { api: stranger } = await createStrangerClient(t);
    expect((await failure(stranger.call(endpoints.asset.rename, { params: { id: asset.id }, query: { Name: 'x' } }))).status).toBe(404);
    expect((await failure(stranger.call(endpoints.asset.delete, { params: { id: asset.id } }))).status).toBe(404);
  });
});

describe('the MP4 of an event', () => {
  it('goes NONE -> GENERATING -> AVAILABLE with Mp4StateChanged, with a thumbnail and sprite', async () => {
    const eventId = await apiVod('MP4', 1);
    expect(await api.call(endpoints.asset.vodFile, { params: { id: eventId } })).toMatchObject({ mp4StateString: 'NONE', assetId: null, path: null });
    const requested = await api.call(endpoints.asset.generateVodFile, { params: { id: eventId }, body: { priority: 2 } });
    expect(requested).toMatchObject({ mp4StateString: 'GENERATING' });
    await settleMedia(t);
    const mp4 = await api.call(endpoints.asset.vodFile, { params: { id: eventId } });
    expect(mp4, JSON.stringify(mp4)).toMatchObject({ mp4StateString: 'AVAILABLE', error: null });
    expect(mp4.path).toMatch(new RegExp(`^${eventId}/vod/[\\w-]+\\.mp4$`));
    expect(mp4.bytes).toBeGreaterThan(100_000);
    expect(Math.abs(mp4.durationMs! - 60_000)).toBeLessThan(200);
    const served = await t.app.inject({ method: 'HEAD', url: new URL(mp4.url!).pathname });
    expect(served.headers['content-type']).toBe('video/mp4');
    expect(served.headers['content-length']).toBe(String(mp4.bytes));
    const changes = (await changesOf(t.database.db, eventId)).filter((c) => c.mp4StateChanged).map((c) => c.mp4State);
    expect(changes).toEqual([2, 1]);
    expect((await api.call(endpoints.event.get, { params: { id: eventId } }))?.mp4StateString).toBe('AVAILABLE');
  });

  it('refuses an event without media, and fails with the reason', async () => {
    const preLive = await insertEvent(t, { state: S.PRE_LIVE });
    const error = await failure(api.call(endpoints.asset.generateVodFile, { params: { id: preLive }, body: {} }));
    expect(error.status).toBe(400);
    const eventId = await apiVod('MP4 fails');
    await api.call(endpoints.asset.generateVodFile, { params: { id: eventId }, body: {} });
    await t.database.db.update(events).set({ state: S.PRE_VOD }).where(eq(events.id, eventId));
    await settleMedia(t);
    const failed = await api.call(endpoints.asset.vodFile, { params: { id: eventId } });
    expect(failed, JSON.stringify(failed)).toMatchObject({ mp4StateString: 'FAILED', error: expect.stringMatching(/no media/) });
  });

  it('POST /event/xflow/add/ with Mp4State AVAILABLE makes the file exist; NONE removes it', async () => {
    const created = await api.call(endpoints.event.addXflowTask, { body: { TaskEngineJson: '{"type":"ingest"}', EventState: 'VOD_PUBLIC', Mp4State: 'AVAILABLE' } });
    expect(created.mp4StateString).toBe('AVAILABLE');
    await settleMedia(t);
    const mp4 = await api.call(endpoints.asset.vodFile, { params: { id: created.id } });
    expect(mp4).toMatchObject({ mp4StateString: 'AVAILABLE' });
    expect(mp4.bytes).toBeGreaterThan(0);
    const purged = await api.call(endpoints.event.addXflowTask, { body: { Id: created.id, TaskEngineJson: '{"type":"purge"}', Mp4State: 'NONE' } });
    expect(purged.mp4StateString).toBe('NONE');
    const file = mp4.path!;
    await settleMedia(t);
    expect(await api.call(endpoints.asset.vodFile, { params: { id: created.id } })).toMatchObject({ mp4StateString: 'NONE', assetId: null });
    expect(await media.storage.stat(file)).toBeNull();
  });
});

describe('PUT /asset/sync/{event-id}', () => {
  it('adds files put in the VOD folder by hand, drops rows whose files are gone, and says what it evaluated', async () => {
    const eventId = await apiVod('Sync', 1);
    await api.call(endpoints.asset.generateVodFile, { params: { id: eventId }, body: {} });
    const image = await api.call(endpoints.asset.createImage, { body: { eventId, name: 'to lose', time: '00:00:01.000' } });
    await settleMedia(t);
    const store = media.storage;
    const handAdded = store.pathOf(`${eventId}/vod/extra_poster.jpg`);
    mkdirSync(dirname(handAdded), { recursive: true });
    writeFileSync(handAdded, Buffer.from('ffd8ffe000104a464946', 'hex'));
    rmSync(store.pathOf(image.path));
    const result = await api.call(endpoints.asset.sync, { params: { 'event-id': eventId } });
    expect(result).toEqual({ hasVodFileChanged: false, createdAssetsCount: 1, deletedAssetsCount: 1, pathEvaluated: `${eventId}/vod/` });
    const names = (await api.call(endpoints.asset.list, { query: { eventId } })).map((a) => a.name).sort();
    expect(names).toEqual(['MP4', 'Sprite', 'Thumbnail', 'extra_poster.jpg']);
    // The MP4 removed by hand: the event's MP4 is gone too.
    const mp4 = await api.call(endpoints.asset.vodFile, { params: { id: eventId } });
    rmSync(store.pathOf(mp4.path!));
    const again = await api.call(endpoints.asset.sync, { params: { 'event-id': eventId } });
    expect(again).toMatchObject({ hasVodFileChanged: true, deletedAssetsCount: 1 });
    expect((await api.call(endpoints.asset.vodFile, { params: { id: eventId } })).mp4StateString).toBe('NONE');
  });
});

describe('an event created as VOD_PUBLIC through the API', () => {
  it('plays, and composes', async () => {
    const eventId = await apiVod('Composable', 1);
    const master = await t.app.inject({ url: `/api/stream/${eventId}/index.m3u8` });
    expect(master.statusCode).toBe(200);
    expect(master.body).toContain('#EXT-X-ENDLIST');
    const id = await api.call(endpoints.compose.create, {
      body: { event: { workflowId: fixture.xflowId, title: 'From API VODs' }, playlist: { name: 'p', liveStreamStart: null, items: [{ type: 0, value: eventId, properties: { start: '00:00:10.000', end: '00:00:20.000' }, markers: null }] } },
    });
    await t.runJobs();
    t.clock.advance(130_000);
    await t.runJobs();
    expect((await api.call(endpoints.event.get, { params: { id } }))?.stateString).toBe('COMPOSE_PUBLIC');
  });
});
