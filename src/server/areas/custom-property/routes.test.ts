/** Custom properties of events: all 7 operations through the real routing. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type CustomPropertyBody } from '#schema';
import type { ApiClient } from '#client';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { createStrangerClient, createTestClient } from '#testing/client.ts';
import { events } from '../../db/tables/index.ts';
import { changesOf, flagsOf } from '#testing/changes.ts';
import { failure, MISSING } from '#testing/custom-property.ts';
import { insertEvent } from '#testing/event-row.ts';

let t: TestApp;
let api: ApiClient;
let stranger: Awaited<ReturnType<typeof createStrangerClient>>;

beforeAll(async () => {
  t = await createTestApp();
  api = createTestClient(t);
  stranger = await createStrangerClient(t);
});
afterAll(() => t.close());

const upsert = (body: CustomPropertyBody, client = api) =>
  client.call(endpoints.customProperty.upsert, { body });

describe('adding and updating one property', () => {
  it('adds, then updates by re-sending the (category, key) pair, then by id', async () => {
    const eventId = await insertEvent(t, { title: 'pair' });
    const added = await upsert({ eventId, category: 'rights', key: 'holder', value: 'A' });
    expect(added).toMatchObject({ category: 'rights', key: 'holder', value: 'A' });

    const again = await upsert({ eventId, customPropertyId: null, category: 'rights', key: 'holder', value: 'B' });
    expect(again).toEqual({ ...added, value: 'B', version: expect.any(Number) });

    const renamed = await upsert({ eventId, customPropertyId: added.id, category: 'rights', key: 'owner', value: 'C' });
    expect(renamed).toEqual({ id: added.id, category: 'rights', key: 'owner', value: 'C', version: expect.any(Number) });
    expect(await api.call(endpoints.customProperty.list, { query: { eventId } })).toEqual([renamed]);

    // The event embeds its properties.
    const event = await api.call(endpoints.event.get, { params: { id: eventId } });
    const { version: _version, ...fields } = renamed;
    expect(event?.customProperties).toEqual([fields]);
  });

  it('refuses to give a property a pair another property holds', async () => {
    const eventId = await insertEvent(t, { title: 'clash' });
    const a = await upsert({ eventId, category: 'c', key: 'a', value: '1' });
    await upsert({ eventId, category: 'c', key: 'b', value: '2' });
    const clash = await failure(upsert({ eventId, customPropertyId: a.id, category: 'c', key: 'b', value: '3' }));
    expect(clash.status).toBe(400);
    expect(clash.fieldErrors).toEqual([{ field: 'body.key', message: expect.stringContaining('are already used by custom property') }]);
  });

  it('updates only by an id of its own: an id nobody uses is refused, and one of another event’s property says so', async () => {
    const first = await insertEvent(t, { title: 'own-id-1' });
    const second = await insertEvent(t, { title: 'own-id-2' });
    const nobodys = await failure(upsert({ eventId: first, customPropertyId: '5d7c1a52-3f1e-4c3b-9d0e-2a1b3c4d5e6f', category: '', key: 'k', value: 'v' }));
    expect(nobodys.fieldErrors).toEqual([{ field: 'body.customPropertyId', message: 'there is no custom property with this id: leave the id out to add one' }]);
    const { id } = await upsert({ eventId: first, category: '', key: 'k', value: 'v' });
    const taken = await failure(upsert({ eventId: second, customPropertyId: id, category: '', key: 'k', value: 'v' }));
    expect(taken.fieldErrors).toEqual([{ field: 'body.customPropertyId', message: 'is the id of a custom property of another event' }]);
  });

  it('refuses an unknown or deleted event with 400 on body.eventId', async () => {
    const deleted = await insertEvent(t, { title: 'gone', dateDeleted: t.clock.now() });
    for (const eventId of [MISSING, deleted]) {
      const error = await failure(upsert({ eventId, category: 'c', key: 'k', value: 'v' }));
      expect(error.status).toBe(400);
      expect(error.fieldErrors[0]?.field).toBe('body.eventId');
    }
  });

  it('refuses a blank key', async () => {
    const eventId = await insertEvent(t, { title: 'blank' });
    const error = await failure(upsert({ eventId, category: 'c', key: '  ', value: 'v' }));
    expect(error.fieldErrors[0]?.field).toBe('body.key');
  });
});

describe('bulk', () => {
  it('generates ids when null, updates pairs and ids it knows, answers in request order', async () => {
    const eventId = await insertEvent(t, { title: 'bulk' });
    const existing = await upsert({ eventId, category: 'c', key: 'old', value: '0' });
    const other = await upsert({ eventId, category: 'd', key: 'x', value: '0' });
    const written = await api.call(endpoints.customProperty.bulkUpsert, {
      params: { id: eventId },
      body: [
        { id: null, category: 'c', key: 'new', value: '1' },
        { category: 'c', key: 'old', value: '2' },
        { id: other.id, category: 'd', key: 'x', value: '3' },
      ],
    });
    expect(written.map((p) => [p.key, p.value])).toEqual([
      ['new', '1'],
      ['old', '2'],
      ['x', '3'],
    ]);
    expect(written[1]!.id).toBe(existing.id);
    expect(written[2]!.id).toBe(other.id);
    expect(written[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await api.call(endpoints.customProperty.list, { query: { eventId } })).toHaveLength(3);
  });

  it('lets a later item take the pair an earlier item freed', async () => {
    const eventId = await insertEvent(t, { title: 'bulk-free' });
    const a = await upsert({ eventId, category: 'c', key: 'a', value: 'old' });
    const written = await api.call(endpoints.customProperty.bulkUpsert, {
      params: { id: eventId },
      body: [
        { id: a.id, category: 'c', key: 'b', value: 'moved' },
        { category: 'c', key: 'a', value: 'new' },
      ],
    });
    expect(written[0]).toEqual({ id: a.id, category: 'c', key: 'b', value: 'moved' });
    expect(written[1]!.id).not.toBe(a.id);
    expect((await api.call(endpoints.customProperty.list, { query: { eventId } })).map((p) => `${p.key}=${p.value}`)).toEqual(['a=new', 'b=moved']);
  });

  it('writes nothing when one item is bad, and names every bad item', async () => {
    const eventId = await insertEvent(t, { title: 'bulk-bad' });
    const other = await insertEvent(t, { title: 'bulk-other' });
    const foreign = await upsert({ eventId: other, category: 'c', key: 'k', value: 'v' });
    const error = await failure(
      api.call(endpoints.customProperty.bulkUpsert, {
        params: { id: eventId },
        body: [
          { category: 'c', key: 'a', value: '1' },
          { category: 'c', key: 'a', value: '2' },
          { id: foreign.id, category: 'c', key: 'b', value: '3' },
        ],
      }),
    );
    expect(error.status).toBe(400);
    expect(error.fieldErrors).toEqual([
      { field: 'body.1.key', message: 'category "c" and key "a" are already given by item 0' },
      { field: 'body.2.id', message: 'is the id of a custom property of another event' },
    ]);
    expect(await api.call(endpoints.customProperty.list, { query: { eventId } })).toEqual([]);
    expect(await changesOf(t.database.db, eventId)).toEqual([]);
  });

  it('answers 404 for an unknown event', async () => {
    const error = await failure(api.call(endpoints.customProperty.bulkUpsert, { params: { id: MISSING }, body: [] }));
    expect(error.status).toBe(404);
  });
});

describe('reading', () => {
  it('filters by event, category, key and value together, and gets one at the custompropery path', async () => {
    const a = await insertEvent(t, { title: 'filter-a' });
    const b = await insertEvent(t, { title: 'filter-b' });
    await api.call(endpoints.customProperty.bulkUpsert, {
      params: { id: a },
      body: [
        { category: 'filter', key: 'colour', value: 'red' },
        { category: 'filter', key: 'size', value: 'L' },
      ],
    });
    await api.call(endpoints.customProperty.bulkUpsert, { params: { id: b }, body: [{ category: 'filter', key: 'colour', value: 'blue' }] });
    const list = (query: Record<string, string>) => api.call(endpoints.customProperty.list, { query });
    expect(await list({ category: 'filter' })).toHaveLength(3);
    expect((await list({ category: 'filter', key: 'colour' })).map((p) => p.value).sort()).toEqual(['blue', 'red']);
    expect((await list({ key: 'colour', value: 'blue' })).map((p) => p.value)).toEqual(['blue']);
    expect(await list({ eventId: a, value: 'blue' })).toEqual([]);

    const [red] = await list({ value: 'red', category: 'filter' });
    expect(await api.call(endpoints.customProperty.get, { params: { id: red!.id } })).toEqual(red);
    const path = await t.app.inject({ method: 'GET', url: `/api/custompropery/${red!.id}`, headers: t.headers() });
    expect(path.statusCode).toBe(200);
    expect((await failure(api.call(endpoints.customProperty.get, { params: { id: MISSING } }))).status).toBe(404);
  });

  it('hides the properties of deleted events', async () => {
    const eventId = await insertEvent(t, { title: 'to-delete' });
    const p = await upsert({ eventId, category: 'hidden', key: 'k', value: 'v' });
    await t.database.db.update(events).set({ dateDeleted: t.clock.now() }).where(eq(events.id, eventId));
    expect(await api.call(endpoints.customProperty.list, { query: { category: 'hidden' } })).toEqual([]);
    expect((await failure(api.call(endpoints.customProperty.get, { params: { id: p.id } }))).status).toBe(404);
  });
});

describe('cloning', () => {
  it('copies onto the target, overwriting its pairs and keeping its others', async () => {
    const source = await insertEvent(t, { title: 'clone-src' });
    const target = await insertEvent(t, { title: 'clone-dst' });
    await api.call(endpoints.customProperty.bulkUpsert, {
      params: { id: source },
      body: [
        { category: 'c', key: 'shared', value: 'from source' },
        { category: 'c', key: 'only-source', value: 's' },
      ],
    });
    const kept = await upsert({ eventId: target, category: 'c', key: 'only-target', value: 't' });
    const overwritten = await upsert({ eventId: target, category: 'c', key: 'shared', value: 'from target' });
    const before = (await changesOf(t.database.db, target)).length;

    const result = await api.call(endpoints.customProperty.clone, { query: { sourceEventId: source, targetEventId: target } });
    expect(result.map((p) => [p.key, p.value])).toEqual([
      ['only-source', 's'],
      ['only-target', 't'],
      ['shared', 'from source'],
    ]);
    expect(result.find((p) => p.key === 'shared')!.id).toBe(overwritten.id);
    expect(result.find((p) => p.key === 'only-target')).toEqual(kept);
    expect(await api.call(endpoints.customProperty.list, { query: { eventId: source } })).toHaveLength(2);
    expect((await changesOf(t.database.db, target)).length).toBe(before + 1);
  });

  it('moves with removeSource, recording a change on both events', async () => {
    const source = await insertEvent(t, { title: 'move-src' });
    const target = await insertEvent(t, { title: 'move-dst' });
    await upsert({ eventId: source, category: 'c', key: 'k', value: 'v' });
    const result = await api.call(endpoints.customProperty.clone, { query: { sourceEventId: source, targetEventId: target, removeSource: true } });
    expect(result.map((p) => p.key)).toEqual(['k']);
    expect(await api.call(endpoints.customProperty.list, { query: { eventId: source } })).toEqual([]);
    expect((await changesOf(t.database.db, source)).map(flagsOf)).toEqual([['metadataChanged'], ['metadataChanged']]);
    expect((await changesOf(t.database.db, target)).map(flagsOf)).toEqual([['metadataChanged']]);
  });

  it('refuses the same event twice and unknown events', async () => {
    const eventId = await insertEvent(t, { title: 'self' });
    const self = await failure(api.call(endpoints.customProperty.clone, { query: { sourceEventId: eventId, targetEventId: eventId } }));
    expect(self.fieldErrors[0]?.field).toBe('query.targetEventId');
    expect((await failure(api.call(endpoints.customProperty.clone, { query: { sourceEventId: MISSING, targetEventId: eventId } }))).status).toBe(404);
    expect((await failure(api.call(endpoints.customProperty.clone, { query: { sourceEventId: eventId, targetEventId: MISSING } }))).status).toBe(404);
  });
});

describe('deleting', () => {
  it('deletes one by id, 404 afterwards', async () => {
    const eventId = await insertEvent(t, { title: 'del-one' });
    const p = await upsert({ eventId, category: 'c', key: 'k', value: 'v' });
    expect(await api.call(endpoints.customProperty.delete, { params: { id: p.id } })).toBeNull();
    expect((await failure(api.call(endpoints.customProperty.delete, { params: { id: p.id } }))).status).toBe(404);
  });

  it('refuses a bulk delete without any filter, deleting nothing', async () => {
    const eventId = await insertEvent(t, { title: 'del-none' });
    await upsert({ eventId, category: 'c', key: 'k', value: 'v' });
    const response = await t.app.inject({ method: 'DELETE', url: '/api/customproperty/', headers: t.headers() });
    expect(response.statusCode).toBe(400);
    expect(await api.call(endpoints.customProperty.list, { query: { eventId } })).toHaveLength(1);
  });

  it('deletes by filter across events, one change per event', async () => {
    const a = await insertEvent(t, { title: 'del-a' });
    const b = await insertEvent(t, { title: 'del-b' });
    for (const eventId of [a, b]) {
      await api.call(endpoints.customProperty.bulkUpsert, {
        params: { id: eventId },
        body: [
          { category: 'temp', key: 'x', value: '1' },
          { category: 'temp', key: 'y', value: '2' },
          { category: 'keep', key: 'x', value: '3' },
        ],
      });
    }
    await api.call(endpoints.customProperty.deleteMany, { query: { category: 'temp' } });
    expect((await api.call(endpoints.customProperty.list, { query: { eventId: a } })).map((p) => p.category)).toEqual(['keep']);
    expect((await api.call(endpoints.customProperty.list, { query: { eventId: b } })).map((p) => p.category)).toEqual(['keep']);
    // One change for the bulk write, one for the bulk delete: not one per property.
    expect((await changesOf(t.database.db, a)).map(flagsOf)).toEqual([['metadataChanged'], ['metadataChanged']]);
  });
});

describe('change records', () => {
  it('records Updated with metadataChanged once per request, not for a write that changes nothing', async () => {
    const eventId = await insertEvent(t, { title: 'changes', refId: 'REF-changes' });
    t.clock.advance(60_000);
    await api.call(endpoints.customProperty.bulkUpsert, {
      params: { id: eventId },
      body: [
        { category: 'a', key: '1', value: 'x' },
        { category: 'a', key: '2', value: 'y' },
      ],
    });
    await upsert({ eventId, category: 'a', key: '1', value: 'x' });
    const changes = await changesOf(t.database.db, eventId);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ action: 'Updated', referenceId: 'REF-changes', clientId: t.clientId });
    expect(flagsOf(changes[0]!)).toEqual(['metadataChanged']);
    const event = await api.call(endpoints.event.get, { params: { id: eventId } });
    expect(event?.dateModified).toBe(t.clock.now().toISOString());
  });
});

describe('tenancy', () => {
  it('keeps every client to its own events and properties', async () => {
    const eventId = await insertEvent(t, { title: 'mine' });
    const mine = await upsert({ eventId, category: 'private', key: 'k', value: 'v' });
    const other = stranger.api;

    expect(await other.call(endpoints.customProperty.list, { query: {} })).toEqual([]);
    expect(await other.call(endpoints.customProperty.list, { query: { eventId } })).toEqual([]);
    expect((await failure(other.call(endpoints.customProperty.get, { params: { id: mine.id } }))).status).toBe(404);
    expect((await failure(other.call(endpoints.customProperty.delete, { params: { id: mine.id } }))).status).toBe(404);
    const body = await failure(upsert({ eventId, category: 'private', key: 'k', value: 'hijack' }, other));
    expect(body.status).toBe(400);
    expect(body.fieldErrors[0]?.field).toBe('body.eventId');
    expect((await failure(other.call(endpoints.customProperty.bulkUpsert, { params: { id: eventId }, body: [] }))).status).toBe(404);

    const theirs = await insertEvent(t, { title: 'theirs', clientId: stranger.tenant.clientId });
    const byId = await failure(upsert({ eventId: theirs, customPropertyId: mine.id, category: 'x', key: 'y', value: 'z' }, other));
    expect(byId.fieldErrors[0]?.field).toBe('body.customPropertyId');
    expect((await failure(other.call(endpoints.customProperty.clone, { query: { sourceEventId: eventId, targetEventId: theirs } }))).status).toBe(404);
    await other.call(endpoints.customProperty.deleteMany, { query: { category: 'private' } });

    expect(await api.call(endpoints.customProperty.get, { params: { id: mine.id } })).toEqual(mine);
    expect(await changesOf(t.database.db, theirs)).toEqual([]);
  });
});
