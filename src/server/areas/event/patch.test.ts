/** PATCH /event/{id} and /event/reference/{referenceid}: JSON Patch on the event body. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { endpoints, EventState, type Event, type EventPatchBody } from '#schema';
import type { ApiClient } from '#client';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { createStrangerClient, createTestClient, failure } from '#testing/client.ts';
import { changesOf, flagsOf } from '#testing/changes.ts';
import { seedLookups, setColumns, type Lookups } from '#testing/event-writes.ts';

let t: TestApp;
let api: ApiClient;
let ids: Lookups;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-04-01T09:00:00Z' });
  api = createTestClient(t);
  ids = await seedLookups(t.database.db, t.clientId);
});
afterAll(() => t.close());

const patch = (id: string, body: EventPatchBody, client = api) => client.call(endpoints.event.patch, { params: { id }, body });
const get = async (id: string) => (await api.call(endpoints.event.get, { params: { id } }))!;

const DRM = JSON.stringify({ drm_provider: 'NONE' });

let event: Event;
beforeEach(async () => {
  event = await api.call(endpoints.event.upsert, {
    body: {
      Title: 'Talk show',
      RefId: `TALK-${randomUUID().slice(0, 8)}`,
      Description: 'Weekly',
      ChannelId: ids.channel,
      ScheduledStart: '2026-05-03T20:00:00Z',
      ScheduledEnd: '2026-05-03T21:00:00Z',
      Tags: [{ name: 'talk' }, { name: 'weekly' }],
      AutoExpirePublishingPoints: true,
    },
  });
});

describe('PATCH /event/{id}', () => {
  it('replaces fields named in any case, keeps the rest, and records the change', async () => {
    t.clock.advance(1000);
    const patched = await patch(event.id, [
      { op: 'replace', path: '/Title', value: 'Talk show, live' },
      { op: 'replace', path: '/drmjson', value: DRM },
      { op: 'add', path: '/AUTOSTART', value: true },
    ]);
    expect(patched).toMatchObject({
      title: 'Talk show, live',
      drmJson: DRM,
      autoStart: true,
      description: 'Weekly',
      channelId: ids.channel,
      scheduledEnd: '2026-05-03T21:00:00.000Z',
    });
    // Left alone by the patch, so kept (unlike a POST that leaves it out).
    expect((await get(event.id)).title).toBe('Talk show, live');
    const last = (await changesOf(t.database.db, event.id)).at(-1)!;
    expect(last.action).toBe('Updated');
    expect(flagsOf(last)).toEqual(['metadataChanged']);
  });

  it('adds and removes tags by position; a new name adds a tag', async () => {
    const added = await patch(event.id, [{ op: 'add', path: '/Tags/-', value: { Name: 'Late night' } }]);
    expect(added.tags?.map((tag) => tag.name).sort()).toEqual(['Late night', 'talk', 'weekly']);
    const removed = await patch(event.id, [{ op: 'remove', path: '/Tags/0' }]);
    expect(removed.tags).toHaveLength(2);
  });

  it('clears a removed field: null, false for a flag', async () => {
    const patched = await patch(event.id, [
      { op: 'remove', path: '/Description' },
      { op: 'remove', path: '/ChannelId' },
      { op: 'remove', path: '/AutoExpirePublishingPoints' },
    ]);
    expect(patched).toMatchObject({ description: null, channelId: null });
    const thumbnail = await patch(event.id, [{ op: 'replace', path: '/Thumbnail', value: 'https://img.example/t.png' }]);
    expect(thumbnail.thumbnailUrl).toBe('https://img.example/t.png');
    expect(flagsOf((await changesOf(t.database.db, event.id)).at(-1)!)).toEqual(['thumbnailChanged']);
  });

  it('answers 400 naming the operation and its path, and changes nothing', async () => {
    const before = await get(event.id);
    const changes = (await changesOf(t.database.db, event.id)).length;
    const cases: [EventPatchBody, string, RegExp][] = [
      [[{ op: 'replace', path: '/Title', value: 'ok' }, { op: 'replace', path: '/RefId', value: 'r'.repeat(101) }], 'body.1.value', /operation 1 \(replace \/RefId\): RefId/],
      [[{ op: 'replace', path: '/Title', value: 'ok' }, { op: 'remove', path: '/Title' }], 'body.1.value', /operation 1 \(remove \/Title\)/],
      [[{ op: 'replace', path: '/ChannelId', value: randomUUID() }], 'body.0.value', /there is no channel/],
      [[{ op: 'replace', path: '/ScheduledEnd', value: '2026-05-03T19:00:00Z' }], 'body.0.value', /ScheduledEnd must not be before ScheduledStart/],
      [[{ op: 'replace', path: '/Tags/7', value: { name: 'x' } }], 'body.0.path', /there is no item 7/],
      [[{ op: 'replace', path: '/Title/x', value: 'y' }], 'body.0.path', /holds no object or array/],
      [[{ op: 'replace', path: '/Id', value: randomUUID() }], 'body.0.value', /cannot be changed/],
      [[{ op: 'replace', path: '/EventState', value: 'LIVE_PUBLISHED' }], 'body.0.value', /PUT \/event\/state\/\{id\}/],
      [[{ op: 'replace', path: '/DrmJson', value: '{"drm_provider": 3}' }], 'body.0.value', /DrmJson/],
    ];
    for (const [ops, field, message] of cases) {
      const error = await failure(patch(event.id, ops));
      expect(error.status, JSON.stringify(ops)).toBe(400);
      expect(error.fieldErrors, JSON.stringify(ops)).toContainEqual({ field, message: expect.stringMatching(message) });
    }
    expect(await get(event.id)).toEqual(before);
    expect(await changesOf(t.database.db, event.id)).toHaveLength(changes);
  });

  it('refuses an operation or a path the schema does not know', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/event/${event.id}`,
      headers: { ...t.headers(), 'content-type': 'application/json-patch+json' },
      payload: JSON.stringify([
        { op: 'move', from: '/Title', path: '/Description' },
        { op: 'replace', path: '/Nope', value: 1 },
      ]),
    });
    expect(response.statusCode).toBe(400);
    const fields = (response.json() as { data: { fields: { field: string }[] } }).data.fields.map((f) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['body.0.op', 'body.1.path']));
  });

  it('takes its body as application/json-patch+json only', async () => {
    const send = (contentType: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/event/${event.id}`,
        headers: { ...t.headers(), 'content-type': contentType },
        payload: JSON.stringify([{ op: 'replace', path: '/Title', value: 'By type' }]),
      });
    expect((await send('application/json')).statusCode).toBe(415);
    expect((await send('text/plain')).statusCode).toBe(415);
    expect((await get(event.id)).title).toBe('Talk show');
    const ok = await send('application/json-patch+json; charset=utf-8');
    expect(ok.statusCode).toBe(200);
    expect(ok.json<Event>().title).toBe('By type');
  });

  it('ignores a channel change while the event streams, and says so', async () => {
    await setColumns(t.database.db, t.clientId, event.id, { state: EventState.values.LIVE_UNPUBLISHED });
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/event/${event.id}`,
      headers: { ...t.headers(), 'content-type': 'application/json-patch+json' },
      payload: JSON.stringify([
        { op: 'replace', path: '/ChannelId', value: ids.otherChannel },
        { op: 'replace', path: '/Title', value: 'Streaming' },
      ]),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-ignored-fields']).toBe('ChannelId');
    expect(response.json<Event>()).toMatchObject({ title: 'Streaming', channelId: ids.channel });
  });

  it('moves the encoder’s own start and end with the scheduled times, keeping their lead and lag (a drag on the schedule)', async () => {
    await setColumns(t.database.db, t.clientId, event.id, { scheduledChannelStart: new Date('2026-05-03T19:45:00Z'), scheduledChannelEnd: new Date('2026-05-03T21:10:00Z') });
    const moved = await patch(event.id, [
      { op: 'replace', path: '/ScheduledStart', value: '2026-05-04T08:00:00Z' },
      { op: 'replace', path: '/ScheduledEnd', value: '2026-05-04T09:30:00Z' },
    ]);
    expect([moved.scheduledChannelStart, moved.scheduledChannelEnd]).toEqual(['2026-05-04T07:45:00.000Z', '2026-05-04T09:40:00.000Z']);
    const retitled = await patch(event.id, [{ op: 'replace', path: '/Title', value: 'Talk show, morning' }]);
    expect(retitled.scheduledChannelStart).toBe('2026-05-04T07:45:00.000Z');
  });

  it('answers 404 for an unknown, deleted or another client’s event', async () => {
    const ops: EventPatchBody = [{ op: 'replace', path: '/Title', value: 'x' }];
    expect((await failure(patch(randomUUID(), ops))).status).toBe(404);
    const { api: stranger } = await createStrangerClient(t);
    expect((await failure(patch(event.id, ops, stranger))).status).toBe(404);
    expect((await failure(stranger.call(endpoints.event.patchByReference, { params: { referenceid: event.refId! }, body: ops }))).status).toBe(404);
    expect((await get(event.id)).title).toBe('Talk show');
    await api.call(endpoints.event.delete, { params: { id: event.id } });
    expect((await failure(patch(event.id, ops))).status).toBe(404);
  });
});

describe('PATCH /event/reference/{referenceid}', () => {
  it('patches the event with that reference id', async () => {
    const patched = await api.call(endpoints.event.patchByReference, {
      params: { referenceid: event.refId! },
      body: [{ op: 'replace', path: '/DrmJson', value: DRM }],
    });
    expect(patched).toMatchObject({ id: event.id, drmJson: DRM });
    const error = await failure(api.call(endpoints.event.patchByReference, { params: { referenceid: 'NO-SUCH-REF' }, body: [{ op: 'remove', path: '/Description' }] }));
    expect(error.status).toBe(404);
  });
});
