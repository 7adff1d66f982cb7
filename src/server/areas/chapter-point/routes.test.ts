/** Chapter points (a tree per event) and their custom properties, through the real routing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type ChapterPoint, type ChapterPointBody } from '#schema';
import type { ApiClient } from '#client';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { createStrangerClient, createTestClient } from '#testing/client.ts';
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

const save = (body: ChapterPointBody, client = api) => client.call(endpoints.chapterPoint.upsert, { body });
const titles = (points: ChapterPoint[]): unknown[] => points.map((p) => (p.children.length ? [p.title, titles(p.children)] : p.title));

/** An event with: Intro; Part 1 > (Goal, Save > Replay); Part 2. */
async function tree() {
  const eventId = await insertEvent(t, { title: `tree-${Math.random()}` });
  const part2 = await save({ eventId, title: 'Part 2', startTime: '01:00:00' });
  const part1 = await save({ eventId, title: 'Part 1', startTime: '00:05:00', endTime: '00:50:00' });
  const intro = await save({ eventId, title: 'Intro', startTime: '00:00:00' });
  const save1 = await save({ eventId, parentId: part1.id, title: 'Save', startTime: '00:30:00' });
  const goal = await save({ eventId, parentId: part1.id, title: 'Goal', startTime: '00:12:00.500', tag: 'goal' });
  const replay = await save({ eventId, parentId: save1.id, title: 'Replay', startTime: '00:31:00' });
  return { eventId, intro, part1, part2, save: save1, goal, replay };
}

describe('chapter points', () => {
  it('list flat by start time, or as a tree with buildTree', async () => {
    const { eventId } = await tree();
    const flat = await api.call(endpoints.chapterPoint.listForEvent, { params: { eventId } });
    expect(flat.map((p) => p.title)).toEqual(['Intro', 'Part 1', 'Goal', 'Save', 'Replay', 'Part 2']);
    expect(flat.every((p) => p.children.length === 0)).toBe(true);
    const nested = await api.call(endpoints.chapterPoint.listForEvent, { params: { eventId }, query: { buildTree: true } });
    expect(titles(nested)).toEqual(['Intro', ['Part 1', ['Goal', ['Save', ['Replay']]]], 'Part 2']);
  });

  it('get one, with its subtree when asked; 204 when missing', async () => {
    const { part1, goal } = await tree();
    const alone = await api.call(endpoints.chapterPoint.get, { params: { id: part1.id } });
    expect(alone).toMatchObject({ title: 'Part 1', startTime: '00:05:00', endTime: '00:50:00', parentId: null, children: [] });
    const withTree = await api.call(endpoints.chapterPoint.get, { params: { id: part1.id }, query: { buildTree: true } });
    expect(titles([withTree!])).toEqual([['Part 1', ['Goal', ['Save', ['Replay']]]]]);
    expect(await api.call(endpoints.chapterPoint.get, { params: { id: goal.id } })).toMatchObject({ tag: 'goal', parentId: part1.id });
    expect(await api.call(endpoints.chapterPoint.get, { params: { id: MISSING } })).toBeNull();
  });

  it('update by id; an id that names none of the client’s is refused (nobody’s and another client’s alike)', async () => {
    const { eventId, goal } = await tree();
    const updated = await save({ id: goal.id, eventId, parentId: null, title: 'Goal!', startTime: '00:12:01', referenceId: 'G1' });
    expect(updated).toMatchObject({ id: goal.id, title: 'Goal!', parentId: null, referenceId: 'G1', tag: null });
    const unknown = await failure(save({ id: '0c0ffee0-1234-4abc-8def-0123456789ab', eventId, title: 'Own id', startTime: '02:00:00' }));
    expect(unknown.fieldErrors).toEqual([{ field: 'body.id', message: 'there is no chapter point with this id: leave the id out to add one' }]);
  });

  it('keep date-times in UTC', async () => {
    const eventId = await insertEvent(t, { title: 'dates' });
    const point = await save({ eventId, title: 'Kick-off', startTime: '2026-01-15T13:00:00+01:00', endTime: '2026-01-15T12:45:00' });
    expect(point).toMatchObject({ startTime: '2026-01-15T12:00:00.000Z', endTime: '2026-01-15T12:45:00.000Z' });
  });

  it('refuse a parent in another event, an unknown parent, a cycle, a self parent and a move between events', async () => {
    const a = await tree();
    const b = await tree();
    const otherEvent = await failure(save({ eventId: a.eventId, parentId: b.part1.id, title: 'x', startTime: '00:00:01' }));
    expect(otherEvent.fieldErrors).toEqual([{ field: 'body.parentId', message: `there is no chapter point ${b.part1.id} in event ${a.eventId}` }]);
    expect((await failure(save({ eventId: a.eventId, parentId: MISSING, title: 'x', startTime: '00:00:01' }))).fieldErrors[0]?.field).toBe(
      'body.parentId',
    );
    const cycle = await failure(save({ id: a.part1.id, eventId: a.eventId, parentId: a.replay.id, title: 'Part 1', startTime: '00:05:00' }));
    expect(cycle.status).toBe(400);
    expect(cycle.fieldErrors[0]).toMatchObject({ field: 'body.parentId', message: expect.stringContaining('inside the subtree') });
    const self = await failure(save({ id: a.part1.id, eventId: a.eventId, parentId: a.part1.id, title: 'Part 1', startTime: '00:05:00' }));
    expect(self.fieldErrors[0]?.field).toBe('body.parentId');
    const move = await failure(save({ id: a.goal.id, eventId: b.eventId, title: 'Goal', startTime: '00:12:00' }));
    expect(move.fieldErrors[0]).toMatchObject({ field: 'body.eventId', message: expect.stringContaining('cannot move') });
    // Nothing changed.
    const nested = await api.call(endpoints.chapterPoint.listForEvent, { params: { eventId: a.eventId }, query: { buildTree: true } });
    expect(titles(nested)).toEqual(['Intro', ['Part 1', ['Goal', ['Save', ['Replay']]]], 'Part 2']);
  });

  it('refuse an end before the start and an unknown event', async () => {
    const eventId = await insertEvent(t, { title: 'times' });
    expect((await failure(save({ eventId, title: 'x', startTime: '00:10:00', endTime: '00:09:00' }))).fieldErrors[0]?.field).toBe('body.endTime');
    expect((await failure(save({ eventId: MISSING, title: 'x', startTime: '00:10:00' }))).fieldErrors[0]?.field).toBe('body.eventId');
  });

  it('take custom properties in the same call, all or nothing', async () => {
    const eventId = await insertEvent(t, { title: 'with-props' });
    const point = await save({
      eventId,
      title: 'Goal',
      startTime: '00:10:00',
      propertyModels: [
        { category: 'match', key: 'scorer', value: 'Ada' },
        { category: 'match', key: 'minute', value: '10' },
      ],
    });
    expect(point.chapterPointCustomProperties.map((p) => [p.key, p.value, p.chapterPointId])).toEqual([
      ['minute', '10', point.id],
      ['scorer', 'Ada', point.id],
    ]);
    const again = await save({ id: point.id, eventId, title: 'Goal', startTime: '00:10:00', propertyModels: [{ category: 'match', key: 'scorer', value: 'Grace' }] });
    expect(again.chapterPointCustomProperties.map((p) => p.value)).toEqual(['10', 'Grace']);

    const bad = await failure(
      save({
        eventId,
        title: 'Never saved',
        startTime: '00:20:00',
        propertyModels: [
          { category: 'c', key: 'k', value: '1' },
          { category: 'c', key: 'k', value: '2' },
        ],
      }),
    );
    expect(bad.fieldErrors).toEqual([{ field: 'body.propertyModels.1.key', message: 'category "c" and key "k" are already given by item 0' }]);
    expect((await api.call(endpoints.chapterPoint.listForEvent, { params: { eventId } })).map((p) => p.title)).toEqual(['Goal']);
  });

  it('delete the subtree and its properties', async () => {
    const { eventId, part1, replay } = await tree();
    const property = await api.call(endpoints.chapterPointCustomProperty.upsert, {
      body: { chapterPointId: replay.id, category: 'c', key: 'k', value: 'v' },
    });
    expect(await api.call(endpoints.chapterPoint.delete, { params: { id: part1.id } })).toBeNull();
    const left = await api.call(endpoints.chapterPoint.listForEvent, { params: { eventId }, query: { buildTree: true } });
    expect(titles(left)).toEqual(['Intro', 'Part 2']);
    expect(await api.call(endpoints.chapterPoint.get, { params: { id: replay.id } })).toBeNull();
    expect((await failure(api.call(endpoints.chapterPointCustomProperty.get, { params: { id: property.id } }))).status).toBe(404);
    expect((await failure(api.call(endpoints.chapterPoint.delete, { params: { id: part1.id } }))).status).toBe(404);
  });

  it('record Updated with chapterPointsChanged once per request', async () => {
    const eventId = await insertEvent(t, { title: 'cp-changes' });
    const point = await save({ eventId, title: 'A', startTime: '00:00:00', propertyModels: [{ category: 'c', key: 'k', value: 'v' }] });
    await save({ id: point.id, eventId, title: 'A', startTime: '00:00:00' });
    await api.call(endpoints.chapterPoint.delete, { params: { id: point.id } });
    const changes = await changesOf(t.database.db, eventId);
    expect(changes.map((c) => [c.action, flagsOf(c)])).toEqual([
      ['Updated', ['chapterPointsChanged']],
      ['Updated', ['chapterPointsChanged']],
    ]);
  });

  it('answer 404 for the chapter points of an unknown event', async () => {
    expect((await failure(api.call(endpoints.chapterPoint.listForEvent, { params: { eventId: MISSING } }))).status).toBe(404);
  });
});

describe('chapter point custom properties', () => {
  it('add, update by re-sending the pair or by id, read by id, list for the event', async () => {
    const { eventId, intro, goal } = await tree();
    const put = (body: { id?: string | null; chapterPointId: string; category: string; key: string; value: string; refreshIndex?: boolean }) =>
      api.call(endpoints.chapterPointCustomProperty.upsert, { body });
    const added = await put({ chapterPointId: goal.id, category: 'match', key: 'scorer', value: 'Ada', refreshIndex: true });
    expect(added).toMatchObject({ chapterPointId: goal.id, category: 'match', key: 'scorer', value: 'Ada' });
    expect(await put({ chapterPointId: goal.id, category: 'match', key: 'scorer', value: 'Grace' })).toEqual({ ...added, value: 'Grace', version: expect.any(Number) });
    expect(await put({ id: added.id, chapterPointId: goal.id, category: 'match', key: 'player', value: 'Grace' })).toEqual({
      ...added,
      key: 'player',
      value: 'Grace',
      version: expect.any(Number),
    });
    await put({ chapterPointId: intro.id, category: 'show', key: 'host', value: 'Sam' });
    expect(await api.call(endpoints.chapterPointCustomProperty.get, { params: { id: added.id } })).toMatchObject({ key: 'player' });
    // By chapter point order: Intro first.
    const all = await api.call(endpoints.chapterPointCustomProperty.listForEvent, { params: { eventId } });
    expect(all.map((p) => p.key)).toEqual(['host', 'player']);
    expect((await failure(put({ chapterPointId: MISSING, category: 'c', key: 'k', value: 'v' }))).fieldErrors[0]?.field).toBe('body.chapterPointId');
    expect((await failure(api.call(endpoints.chapterPointCustomProperty.listForEvent, { params: { eventId: MISSING } }))).status).toBe(404);
  });

  it('bulk: answers in order, writes nothing when one item is bad', async () => {
    const { goal } = await tree();
    const written = await api.call(endpoints.chapterPointCustomProperty.bulkUpsert, {
      params: { chapterPointId: goal.id },
      body: [
        { category: 'b', key: '2', value: 'two' },
        { id: null, category: 'a', key: '1', value: 'one' },
      ],
    });
    expect(written.map((p) => p.value)).toEqual(['two', 'one']);
    const other = await tree();
    const foreign = await api.call(endpoints.chapterPointCustomProperty.upsert, { body: { chapterPointId: other.goal.id, category: 'x', key: 'y', value: 'z' } });
    const bad = await failure(
      api.call(endpoints.chapterPointCustomProperty.bulkUpsert, {
        params: { chapterPointId: goal.id },
        body: [
          { category: 'a', key: '1', value: 'changed' },
          { id: foreign.id, category: 'c', key: '3', value: 'three' },
        ],
      }),
    );
    expect(bad.fieldErrors).toEqual([{ field: 'body.1.id', message: 'is the id of a chapter point custom property of another chapter point' }]);
    expect((await api.call(endpoints.chapterPointCustomProperty.list, { query: { chapterPointId: goal.id } })).map((p) => p.value)).toEqual([
      'one',
      'two',
    ]);
    expect((await failure(api.call(endpoints.chapterPointCustomProperty.bulkUpsert, { params: { chapterPointId: MISSING }, body: [] }))).status).toBe(404);
  });

  it('filter by chapter point, category, key and value', async () => {
    const { goal, save: saved } = await tree();
    await api.call(endpoints.chapterPointCustomProperty.bulkUpsert, {
      params: { chapterPointId: goal.id },
      body: [
        { category: 'cpfilter', key: 'colour', value: 'red' },
        { category: 'cpfilter', key: 'size', value: 'L' },
      ],
    });
    await api.call(endpoints.chapterPointCustomProperty.bulkUpsert, { params: { chapterPointId: saved.id }, body: [{ category: 'cpfilter', key: 'colour', value: 'blue' }] });
    const list = (query: Record<string, string>) => api.call(endpoints.chapterPointCustomProperty.list, { query });
    expect(await list({ category: 'cpfilter' })).toHaveLength(3);
    expect((await list({ category: 'cpfilter', key: 'colour', value: 'blue' })).map((p) => p.chapterPointId)).toEqual([saved.id]);
    expect(await list({ chapterPointId: goal.id, value: 'blue' })).toEqual([]);
  });

  it('clone between chapter points, and move with removeSource', async () => {
    const a = await tree();
    const b = await tree();
    await api.call(endpoints.chapterPointCustomProperty.bulkUpsert, {
      params: { chapterPointId: a.goal.id },
      body: [
        { category: 'c', key: 'shared', value: 'from source' },
        { category: 'c', key: 'only-source', value: 's' },
      ],
    });
    await api.call(endpoints.chapterPointCustomProperty.upsert, { body: { chapterPointId: b.goal.id, category: 'c', key: 'shared', value: 'from target' } });
    const copied = await api.call(endpoints.chapterPointCustomProperty.clone, { query: { sourceChapterId: a.goal.id, targetChapterId: b.goal.id } });
    expect(copied.map((p) => [p.key, p.value, p.chapterPointId])).toEqual([
      ['only-source', 's', b.goal.id],
      ['shared', 'from source', b.goal.id],
    ]);
    expect(await api.call(endpoints.chapterPointCustomProperty.list, { query: { chapterPointId: a.goal.id } })).toHaveLength(2);

    const before = (await changesOf(t.database.db, a.eventId)).length;
    await api.call(endpoints.chapterPointCustomProperty.clone, { query: { sourceChapterId: a.goal.id, targetChapterId: a.intro.id, removeSource: true } });
    expect(await api.call(endpoints.chapterPointCustomProperty.list, { query: { chapterPointId: a.goal.id } })).toEqual([]);
    expect(await api.call(endpoints.chapterPointCustomProperty.list, { query: { chapterPointId: a.intro.id } })).toHaveLength(2);
    // Source and target share an event: one change.
    expect((await changesOf(t.database.db, a.eventId)).length).toBe(before + 1);

    const self = await failure(api.call(endpoints.chapterPointCustomProperty.clone, { query: { sourceChapterId: a.goal.id, targetChapterId: a.goal.id } }));
    expect(self.fieldErrors[0]?.field).toBe('query.targetChapterId');
    expect((await failure(api.call(endpoints.chapterPointCustomProperty.clone, { query: { sourceChapterId: MISSING, targetChapterId: a.goal.id } }))).status).toBe(404);
  });

  it('delete by id and by filter; 400 without any filter', async () => {
    const { eventId, goal, intro } = await tree();
    const one = await api.call(endpoints.chapterPointCustomProperty.upsert, { body: { chapterPointId: goal.id, category: 'del', key: 'a', value: '1' } });
    await api.call(endpoints.chapterPointCustomProperty.upsert, { body: { chapterPointId: goal.id, category: 'del', key: 'b', value: '2' } });
    await api.call(endpoints.chapterPointCustomProperty.upsert, { body: { chapterPointId: intro.id, category: 'del', key: 'b', value: '2' } });
    expect(await api.call(endpoints.chapterPointCustomProperty.delete, { params: { id: one.id } })).toBeNull();
    expect((await failure(api.call(endpoints.chapterPointCustomProperty.delete, { params: { id: one.id } }))).status).toBe(404);

    const none = await t.app.inject({ method: 'DELETE', url: '/api/chapterpoint/customproperty/', headers: t.headers() });
    expect(none.statusCode).toBe(400);
    expect(await api.call(endpoints.chapterPointCustomProperty.listForEvent, { params: { eventId } })).toHaveLength(2);

    const before = (await changesOf(t.database.db, eventId)).length;
    await api.call(endpoints.chapterPointCustomProperty.deleteMany, { query: { category: 'del', key: 'b' } });
    expect(await api.call(endpoints.chapterPointCustomProperty.listForEvent, { params: { eventId } })).toEqual([]);
    const changes = await changesOf(t.database.db, eventId);
    expect(changes.length).toBe(before + 1);
    expect(flagsOf(changes.at(-1)!)).toEqual(['chapterPointsChanged']);
  });
});

describe('tenancy', () => {
  it('keeps every client to its own chapter points and their properties', async () => {
    const { eventId, goal } = await tree();
    const property = await api.call(endpoints.chapterPointCustomProperty.upsert, { body: { chapterPointId: goal.id, category: 'secret', key: 'k', value: 'v' } });
    const other = stranger.api;
    expect(await other.call(endpoints.chapterPoint.get, { params: { id: goal.id } })).toBeNull();
    expect((await failure(other.call(endpoints.chapterPoint.listForEvent, { params: { eventId } }))).status).toBe(404);
    expect((await failure(other.call(endpoints.chapterPoint.delete, { params: { id: goal.id } }))).status).toBe(404);
    expect((await failure(save({ eventId, title: 'x', startTime: '00:00:00' }, other))).fieldErrors[0]?.field).toBe('body.eventId');
    const theirs = await insertEvent(t, { title: 'their-event', clientId: stranger.tenant.clientId });
    expect((await failure(save({ id: goal.id, eventId: theirs, title: 'x', startTime: '00:00:00' }, other))).fieldErrors[0]?.field).toBe('body.id');
    expect((await failure(save({ eventId: theirs, parentId: goal.id, title: 'x', startTime: '00:00:00' }, other))).fieldErrors[0]?.field).toBe(
      'body.parentId',
    );

    expect(await other.call(endpoints.chapterPointCustomProperty.list, { query: { category: 'secret' } })).toEqual([]);
    expect((await failure(other.call(endpoints.chapterPointCustomProperty.get, { params: { id: property.id } }))).status).toBe(404);
    expect((await failure(other.call(endpoints.chapterPointCustomProperty.delete, { params: { id: property.id } }))).status).toBe(404);
    expect((await failure(other.call(endpoints.chapterPointCustomProperty.listForEvent, { params: { eventId } }))).status).toBe(404);
    expect(
      (await failure(other.call(endpoints.chapterPointCustomProperty.upsert, { body: { chapterPointId: goal.id, category: 'secret', key: 'k', value: 'x' } })))
        .fieldErrors[0]?.field,
    ).toBe('body.chapterPointId');
    await other.call(endpoints.chapterPointCustomProperty.deleteMany, { query: { category: 'secret' } });
    expect(await api.call(endpoints.chapterPointCustomProperty.get, { params: { id: property.id } })).toEqual(property);
    expect(await api.call(endpoints.chapterPoint.get, { params: { id: goal.id } })).toMatchObject({ title: 'Goal' });
  });
});
