/**
 * Delete, restore and clone, and the operations on one setting of an event: external updates,
 * DVR window, thumbnail and xflow tasks.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, EventState, type Event } from '#schema';
import type { ApiClient } from '#client';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { createStrangerClient, createTestClient, failure } from '#testing/client.ts';
import { customProperties, eventTags, events, jobs } from '../../db/tables/index.ts';
import { AUTO_START_JOB, automationKey } from './automation.ts';
import { changesOf, flagsOf } from '#testing/changes.ts';
import { seedLookups, setColumns, type Lookups } from '#testing/event-writes.ts';

let t: TestApp;
let api: ApiClient;
let stranger: ApiClient;
let ids: Lookups;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-04-01T09:00:00Z' });
  api = createTestClient(t);
  ids = await seedLookups(t.database.db, t.clientId);
  ({ api: stranger } = await createStrangerClient(t));
});
afterAll(() => t.close());

const add = (title: string, extra: Record<string, unknown> = {}) =>
  api.call(endpoints.event.upsert, { body: { Title: title, ...extra } });
const get = (id: string) => api.call(endpoints.event.get, { params: { id } });
const actions = async (id: string) => (await changesOf(t.database.db, id)).map((c) => c.action);

describe('DELETE /event/{id} and GET /event/restore/{id}', () => {
  it('soft-deletes into /event/deleted/ and restores, recording Deleted and Restored', async () => {
    const event = await add('To bin', { RefId: 'BIN-1' });
    t.clock.advance(1000);
    expect(await api.call(endpoints.event.delete, { params: { id: event.id } })).toBeNull();
    expect(await get(event.id)).toBeNull();
    const deleted = await api.call(endpoints.event.listDeleted, { query: { pageSize: 100 } });
    expect(deleted.results.find((e) => e.id === event.id)).toMatchObject({ dateDeleted: '2026-04-01T09:00:01.000Z' });
    expect((await api.call(endpoints.event.list, { query: { pageSize: 100 } })).results.map((e) => e.id)).not.toContain(event.id);
    expect((await failure(api.call(endpoints.event.delete, { params: { id: event.id } }))).status).toBe(404);

    const restored = await api.call(endpoints.event.restore, { params: { id: event.id } });
    expect(restored).toMatchObject({ id: event.id, dateDeleted: null, title: 'To bin' });
    expect(await get(event.id)).toMatchObject({ id: event.id });
    // Restoring what is not deleted answers the event and records nothing.
    await api.call(endpoints.event.restore, { params: { id: event.id } });
    expect(await actions(event.id)).toEqual(['Added', 'Deleted', 'Restored']);
    const deletedChange = (await changesOf(t.database.db, event.id))[1]!;
    expect(deletedChange).toMatchObject({ referenceId: 'BIN-1' });
    expect(flagsOf(deletedChange)).toEqual([]);
  });

  it('hard-deletes the row and what hangs off it, from the bin too', async () => {
    const event = await add('Gone for good', { Tags: [{ name: 'doomed' }] });
    await t.database.db.insert(customProperties).values({ clientId: t.clientId, eventId: event.id, category: 'c', key: 'k', value: 'v' });
    await api.call(endpoints.event.delete, { params: { id: event.id }, query: { hardDelete: true } });
    const db = t.database.db;
    expect(await db.select().from(events).where(eq(events.id, event.id))).toEqual([]);
    expect(await db.select().from(eventTags).where(eq(eventTags.eventId, event.id))).toEqual([]);
    expect(await db.select().from(customProperties).where(eq(customProperties.eventId, event.id))).toEqual([]);
    expect(await actions(event.id)).toEqual(['Added', 'Deleted']);

    const binned = await add('Purged from the bin');
    await api.call(endpoints.event.delete, { params: { id: binned.id } });
    await api.call(endpoints.event.delete, { params: { id: binned.id }, query: { hardDelete: true } });
    expect(await db.select().from(events).where(eq(events.id, binned.id))).toEqual([]);
    expect((await failure(api.call(endpoints.event.restore, { params: { id: binned.id } }))).status).toBe(404);
  });

  it('refuses to delete an event that is streaming: 409', async () => {
    const event = await add('On air');
    await setColumns(t.database.db, t.clientId, event.id, { state: EventState.values.LIVE_PUBLISHED });
    const error = await failure(api.call(endpoints.event.delete, { params: { id: event.id }, query: { hardDelete: true } }));
    expect(error.status).toBe(409);
    expect(error.message).toContain('LIVE_PUBLISHED');
    expect(await get(event.id)).not.toBeNull();
  });

  it('does not delete or restore another client’s event', async () => {
    const event = await add('Not yours');
    expect((await failure(stranger.call(endpoints.event.delete, { params: { id: event.id }, query: { hardDelete: true } }))).status).toBe(404);
    await api.call(endpoints.event.delete, { params: { id: event.id } });
    expect((await failure(stranger.call(endpoints.event.restore, { params: { id: event.id } }))).status).toBe(404);
    expect((await api.call(endpoints.event.listDeleted, { query: { pageSize: 100 } })).results.map((e) => e.id)).toContain(event.id);
    expect((await stranger.call(endpoints.event.listDeleted, {})).totalCount).toBe(0);
  });
});

describe('GET /event/clone/{id}', () => {
  it('copies an event as a new one in its waiting state, without what happened to the original', async () => {
    const source = await add('Derby', {
      RefId: 'DERBY',
      ExternalId: 'ext-derby',
      ChannelId: ids.channel,
      CategoryId: ids.category,
      ScheduledStart: '2026-06-01T18:00:00Z',
      ScheduledEnd: '2026-06-01T20:00:00Z',
      Tags: [{ name: 'derby' }],
      AutoStart: true,
      DvrLength: 3600,
    });
    await t.database.db.insert(customProperties).values({ clientId: t.clientId, eventId: source.id, category: 'rights', key: 'holder', value: 'League' });
    await setColumns(t.database.db, t.clientId, source.id, {
      state: EventState.values.INSTANT_VOD,
      actualLiveStart: new Date('2026-06-01T18:01:00Z'),
      actualLiveEnd: new Date('2026-06-01T20:02:00Z'),
      mp4State: 1,
    });
    t.clock.advance(5000);
    const response = await t.app.inject({ method: 'GET', url: `/api/event/clone/${source.id}`, headers: t.headers() });
    expect(response.statusCode).toBe(201);
    const clone = response.json<Event>();
    expect(clone.id).not.toBe(source.id);
    expect(clone).toMatchObject({
      title: 'Derby (copy)',
      refId: null,
      externalId: null,
      stateString: 'PRE_LIVE',
      mp4StateString: 'NONE',
      actualLiveStart: null,
      actualLiveEnd: null,
      channelId: ids.channel,
      categoryId: ids.category,
      scheduledStart: '2026-06-01T18:00:00.000Z',
      autoStart: true,
      dvrLength: 3600,
      dateCreated: t.clock.now().toISOString(),
    });
    expect(clone.contentId).not.toBe(source.contentId);
    expect(clone.tags?.map((tag) => tag.name)).toEqual(['derby']);
    expect(clone.customProperties).toMatchObject([{ category: 'rights', key: 'holder', value: 'League' }]);
    expect(await actions(clone.id)).toEqual(['Added']);
    expect(await get(source.id)).toMatchObject({ title: 'Derby', stateString: 'INSTANT_VOD' });

    const vod = await add('Lecture', { EventState: 'VOD_PUBLIC' });
    expect((await api.call(endpoints.event.clone, { params: { id: vod.id } })).stateString).toBe('PRE_VOD');
  });

  it('does not clone another client’s event or a deleted one', async () => {
    const event = await add('Private');
    expect((await failure(stranger.call(endpoints.event.clone, { params: { id: event.id } }))).status).toBe(404);
    await api.call(endpoints.event.delete, { params: { id: event.id } });
    expect((await failure(api.call(endpoints.event.clone, { params: { id: event.id } }))).status).toBe(404);
  });
});

describe('operations on one setting', () => {
  it('PUT /event/{id}/externalupdate/{flag} sets the flag', async () => {
    const event = await add('External');
    expect((await api.call(endpoints.event.setExternalUpdate, { params: { id: event.id, flag: true } })).externalUpdateAllowed).toBe(true);
    expect(await api.call(endpoints.event.getExternalUpdate, { params: { id: event.id } })).toBe(true);
    // Setting it to what it is records nothing.
    await api.call(endpoints.event.setExternalUpdate, { params: { id: event.id, flag: true } });
    expect(await actions(event.id)).toEqual(['Added', 'Updated']);
    expect(flagsOf((await changesOf(t.database.db, event.id))[1]!)).toEqual(['metadataChanged']);
    expect((await failure(stranger.call(endpoints.event.setExternalUpdate, { params: { id: event.id, flag: false } }))).status).toBe(404);
  });

  it('POST /event/stream/dvrwindowlength/{id} takes 1 second to 24 hours', async () => {
    const event = await add('DVR');
    const set = (seconds: number) => api.call(endpoints.event.setDvrWindowLength, { params: { id: event.id }, body: { DvrWindowLength: seconds } });
    expect((await set(5400)).dvrLength).toBe(5400);
    for (const bad of [0, 86_401]) {
      const error = await failure(set(bad));
      expect(error.fieldErrors).toEqual([{ field: 'body.DvrWindowLength', message: expect.any(String) }]);
    }
    expect((await get(event.id))?.dvrLength).toBe(5400);
    expect((await failure(api.call(endpoints.event.setDvrWindowLength, { params: { id: randomUUID() }, body: { DvrWindowLength: 60 } }))).status).toBe(404);
  });

  it('POST and DELETE /event/thumbnail/{id} set and clear it, flagged thumbnailChanged', async () => {
    const event = await add('Pictured');
    const url = 'https://img.example/p.jpg';
    expect(await api.call(endpoints.event.setThumbnail, { params: { id: event.id }, body: { Thumbnail: url } })).toMatchObject({ thumbnail: url, thumbnailUrl: url });
    const inline = 'data:image/png;base64,iVBORw0KGgo=';
    expect((await api.call(endpoints.event.setThumbnail, { params: { id: event.id }, body: { Thumbnail: inline } })).thumbnailUrl).toBe(inline);
    expect(await api.call(endpoints.event.deleteThumbnail, { params: { id: event.id } })).toMatchObject({ thumbnail: null, thumbnailUrl: null });
    const changes = await changesOf(t.database.db, event.id);
    expect(changes.slice(1).map(flagsOf)).toEqual([['thumbnailChanged'], ['thumbnailChanged'], ['thumbnailChanged']]);
    const huge = `data:image/png;base64,${'A'.repeat(1_000_001)}`;
    expect((await failure(api.call(endpoints.event.setThumbnail, { params: { id: event.id }, body: { Thumbnail: huge } }))).fieldErrors[0]?.field).toBe('body.Thumbnail');
    expect((await failure(stranger.call(endpoints.event.deleteThumbnail, { params: { id: event.id } }))).status).toBe(404);
  });

  it('POST /event/xflow/add/ appends tasks to an event’s tasks array', async () => {
    const event = await add('Processed', { TaskEngineJson: '{"tasks":[{"type":"ingest"}],"priority":2}' });
    const once = await api.call(endpoints.event.addXflowTask, { body: { Id: event.id, TaskEngineJson: '{"type":"transcode"}' } });
    expect(JSON.parse(once.taskEngineJson!)).toEqual({ priority: 2, tasks: [{ type: 'ingest' }, { type: 'transcode' }] });
    const twice = await api.call(endpoints.event.addXflowTask, { body: { Id: event.id, TaskEngineJson: '[{"type":"thumbnail"},{"type":"publish"}]' } });
    expect(JSON.parse(twice.taskEngineJson!).tasks.map((task: { type: string }) => task.type)).toEqual(['ingest', 'transcode', 'thumbnail', 'publish']);
    expect(flagsOf((await changesOf(t.database.db, event.id)).at(-1)!)).toEqual(['metadataChanged']);

    const state = await failure(api.call(endpoints.event.addXflowTask, { body: { Id: event.id, TaskEngineJson: '{}', EventState: 'VOD_PUBLIC' } }));
    expect(state.fieldErrors).toEqual([{ field: 'body.EventState', message: expect.stringContaining('PUT /event/state/{id}') }]);
    expect((await failure(api.call(endpoints.event.addXflowTask, { body: { Id: randomUUID(), TaskEngineJson: '{}' } }))).status).toBe(404);
    expect((await failure(stranger.call(endpoints.event.addXflowTask, { body: { Id: event.id, TaskEngineJson: '{}' } }))).status).toBe(404);
  });

  it('POST /event/xflow/add/ without Id creates an event from the task, in the states given', async () => {
    const created = await api.call(endpoints.event.addXflowTask, {
      body: { TaskEngineJson: '{"type":"ingest","title":"Imported lecture"}', EventState: 'VOD_PRIVATE', Mp4State: 'AVAILABLE' },
    });
    expect(created).toMatchObject({ title: 'Imported lecture', stateString: 'VOD_PRIVATE', mp4StateString: 'AVAILABLE' });
    expect(JSON.parse(created.taskEngineJson!)).toEqual({ tasks: [{ type: 'ingest', title: 'Imported lecture' }] });
    // Added; then, once the asset area has followed (a job), AssetsChanged: Mp4State AVAILABLE makes the MP4 file.
    expect(await actions(created.id)).toEqual(['Added']);
    await t.runJobs();
    expect((await actions(created.id)).slice(0, 2)).toEqual(['Added', 'Updated']);
    const plain = await api.call(endpoints.event.addXflowTask, { body: { TaskEngineJson: '{"tasks":[{"type":"ingest"}]}' } });
    expect(plain).toMatchObject({ stateString: 'PRE_VOD', mp4StateString: 'NONE', title: expect.stringMatching(/^Xflow task /) });

    const live = await failure(api.call(endpoints.event.addXflowTask, { body: { TaskEngineJson: '{}', EventState: 'LIVE_PUBLISHED' } }));
    expect(live.fieldErrors[0]?.field).toBe('body.EventState');
    const generating = await failure(api.call(endpoints.event.addXflowTask, { body: { TaskEngineJson: '{}', Mp4State: 'GENERATING' } }));
    expect(generating.fieldErrors[0]?.field).toBe('body.Mp4State');
    const count = await t.database.db.select().from(events).where(and(eq(events.clientId, t.clientId), eq(events.title, 'Imported lecture')));
    expect(count).toHaveLength(1);
  });
});

describe('the automation schedule follows every write', () => {
  const pendingStart = async (id: string) =>
    (await t.database.db.select({ runAt: jobs.runAt }).from(jobs).where(and(eq(jobs.dedupeKey, automationKey(AUTO_START_JOB, id)), eq(jobs.status, 'pending')))).map(
      (j) => j.runAt.toISOString(),
    );

  it('arms auto start on add and update, and disarms it on delete; restore and clone arm it again', async () => {
    const event = await add('Automated', { AutoStart: true, ScheduledStart: '2026-07-01T18:00:00Z', ScheduledEnd: '2026-07-01T19:00:00Z' });
    expect(await pendingStart(event.id)).toEqual(['2026-07-01T18:00:00.000Z']);
    await api.call(endpoints.event.patch, { params: { id: event.id }, body: [{ op: 'replace', path: '/ScheduledStart', value: '2026-07-01T17:30:00Z' }] });
    expect(await pendingStart(event.id)).toEqual(['2026-07-01T17:30:00.000Z']);
    await api.call(endpoints.event.delete, { params: { id: event.id } });
    expect(await pendingStart(event.id)).toEqual([]);
    await api.call(endpoints.event.restore, { params: { id: event.id } });
    expect(await pendingStart(event.id)).toEqual(['2026-07-01T17:30:00.000Z']);
    const clone = await api.call(endpoints.event.clone, { params: { id: event.id } });
    expect(await pendingStart(clone.id)).toEqual(['2026-07-01T17:30:00.000Z']);
    await api.call(endpoints.event.upsert, { body: { Id: event.id, Title: 'Automated', AutoStart: false } });
    expect(await pendingStart(event.id)).toEqual([]);
  });
});
