/** Event, clip and chapter point search, and the index operations, through the real routing. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { endpoints, type Event } from '#schema';
import type { ApiClient } from '#client';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { createStrangerClient, createTestClient, failure } from '#testing/client.ts';
import { insertEvent, type EventValues } from '#testing/event-row.ts';
import {
  categories,
  channels,
  chapterPointCustomProperties,
  chapterPoints,
  customProperties,
  eventCategories,
  events,
  eventTags,
  eventTypes,
  infrastructureProfiles,
  rooms,
  tags,
  xflows,
} from '../../db/tables/index.ts';
import { CLIPPING_CATEGORY, CLIPPING_USER_KEY } from './repo.ts';

let t: TestApp;
let api: ApiClient;
let stranger: ApiClient;
let strangerClientId: string;

const DAY = 86_400_000;
const BASE = new Date('2026-02-01T10:00:00.000Z');
const at = (days: number) => new Date(BASE.getTime() + days * DAY);

/** An event of the search fixture: everything at BASE unless told otherwise. */
const baseEvent = (values: EventValues & { title: string }, clientId = t.clientId) =>
  insertEvent(t, { clientId, scheduledStart: BASE, dateCreated: BASE, dateModified: BASE, ...values });

const titles = (page: { results: { title: string }[] }) => page.results.map((e) => e.title);

const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-01T12:00:00Z' });
  api = createTestClient(t);
  const other = await createStrangerClient(t);
  stranger = other.api;
  strangerClientId = other.tenant.clientId;

  // Starts are spread so that "then by start" is visible: the description hit starts first.
  ids.descriptionHit = await baseEvent({ title: 'Evening news', description: 'with the needle inside', scheduledStart: at(0) });
  ids.refHit = await baseEvent({ title: 'Morning show', refId: 'NEEDLE-7', scheduledStart: at(1) });
  ids.titleHit = await baseEvent({ title: 'Needle final', scheduledStart: at(2) });
  ids.beta = await baseEvent({ title: 'Beta Match', externalId: 'ext-a0', refId: 'REF-01', scheduledStart: at(3), dateModified: at(3) });
  ids.betaFinal = await baseEvent({ title: 'Beta final', scheduledStart: at(4), dateModified: at(4) });
  ids.gamma = await baseEvent({ title: 'Gamma night', scheduledStart: at(5), dateModified: at(5) });
  ids.deleted = await baseEvent({ title: 'Needle deleted', dateDeleted: at(1) });
  ids.accent = await baseEvent({ title: 'Échappée belle', scheduledStart: at(6) });
  await baseEvent({ title: 'Needle of another client' }, strangerClientId);
});
afterAll(() => t.close());

describe('GET /search/', () => {
  it('ranks a title hit above a reference id hit above a description hit, whatever their starts', async () => {
    const page = await api.call(endpoints.search.events, { query: { keywords: 'needle' } });
    expect(page.results.map((e) => e.id)).toEqual([ids.titleHit, ids.refHit, ids.descriptionHit]);
    expect(page).toMatchObject({ pageSize: 20, totalCount: 3 });
  });

  it('answers full events, as the event list does', async () => {
    const [found] = (await api.call(endpoints.search.events, { query: { keywords: 'gamma' } })).results;
    const list = await api.call(endpoints.event.list, { query: { search: 'Gamma' } });
    expect(found).toEqual(list.results[0]);
    expect(found).not.toHaveProperty('video');
  });

  it('answers each event exactly as GET /event/{id} does, without video', async () => {
    const db = t.database.db;
    const clientId = t.clientId;
    const stamps = { dateCreated: BASE, dateModified: BASE };
    const [channel] = await db.insert(channels).values({ clientId, name: 'Arena', configurationJson: '{}', ...stamps }).returning();
    const [flow] = await db.insert(xflows).values({ clientId, name: 'Flow', configurationJson: '{}', ...stamps }).returning();
    const [remix] = await db.insert(xflows).values({ clientId, name: 'Remix', configurationJson: '{}', ...stamps }).returning();
    const [profile] = await db.insert(infrastructureProfiles).values({ clientId, name: 'Small', configurationJson: '{}', ...stamps }).returning();
    const [room] = await db.insert(rooms).values({ clientId, name: 'Studio', ...stamps }).returning();
    const [type] = await db.insert(eventTypes).values({ clientId, name: 'Match', colour: '#112233', ...stamps }).returning();
    const [first, second] = await db
      .insert(categories)
      .values([
        { clientId, name: 'b', label: 'B', ...stamps },
        { clientId, name: 'a', label: 'A', ...stamps },
      ])
      .returning();
    const [red, blue] = await db
      .insert(tags)
      .values([
        { clientId, name: 'red', dateCreated: BASE },
        { clientId, name: 'Blue', dateCreated: BASE },
      ])
      .returning();
    const ids: string[] = [];
    for (const title of ['Fully dressed one', 'Fully dressed two']) {
      const id = await baseEvent({
        title,
        channelId: channel!.id,
        xflowId: flow!.id,
        remixflowId: remix!.id,
        infrastructureProfileId: profile!.id,
        roomId: room!.id,
        eventTypeId: type!.id,
        refId: 'FD',
        actualLiveStart: at(1),
        actualLiveEnd: at(1.5),
        drmJson: '{"drm_provider":"NONE"}',
        scheduledStart: at(7),
      });
      await db.insert(eventCategories).values([
        { clientId, eventId: id, categoryId: first!.id, position: 0 },
        { clientId, eventId: id, categoryId: second!.id, position: 1 },
      ]);
      await db.insert(eventTags).values([
        { clientId, eventId: id, tagId: red!.id },
        { clientId, eventId: id, tagId: blue!.id },
      ]);
      await db.insert(customProperties).values([
        { clientId, eventId: id, category: 'z', key: 'k', value: 'v' },
        { clientId, eventId: id, category: 'a', key: 'k', value: 'w' },
      ]);
      ids.push(id);
    }
    const found = await api.call(endpoints.search.events, { query: { keywords: 'fully dressed' } });
    const singles: (Event | null)[] = [];
    for (const event of found.results) singles.push(await api.call(endpoints.event.get, { params: { id: event.id } }));
    // Out of the way of the tests below, which count events.
    await db.update(events).set({ dateDeleted: at(9) }).where(eq(events.refId, 'FD'));

    // Same rank and start: the id decides.
    expect(found.results.map((e) => e.id)).toEqual([...ids].sort());
    found.results.forEach((event, i) => {
      const { video, ...single } = singles[i]!;
      expect(video).toBeNull();
      expect(event).toEqual(single);
    });
    expect(found.results[0]).toMatchObject({ channel: 'Arena', xflow: 'Flow', remixflow: 'Remix', room: 'Studio', category: 'B' });
  });

  it('matches the last word as a prefix while it is typed, and only whole words after a space', async () => {
    expect(titles(await api.call(endpoints.search.events, { query: { keywords: 'Beta Ma' } }))).toEqual(['Beta Match']);
    expect(titles(await api.call(endpoints.search.events, { query: { keywords: 'bet' } }))).toEqual(['Beta Match', 'Beta final']);
    expect((await api.call(endpoints.search.events, { query: { keywords: 'beta ma ' } })).totalCount).toBe(0);
    expect((await api.call(endpoints.search.events, { query: { keywords: 'fin' } })).totalCount).toBe(2);
    // Ids split as PostgreSQL's parser splits them, on both sides.
    expect(titles(await api.call(endpoints.search.events, { query: { keywords: 'ext-a' } }))).toEqual(['Beta Match']);
    expect(titles(await api.call(endpoints.search.events, { query: { keywords: 'REF-0' } }))).toEqual(['Beta Match']);
    expect(titles(await api.call(endpoints.search.events, { query: { keywords: 'ÉCHA' } }))).toEqual(['Échappée belle']);
  });

  it('understands quoted phrases, or, and exclusions', async () => {
    expect(titles(await api.call(endpoints.search.events, { query: { keywords: '"beta final"' } }))).toEqual(['Beta final']);
    expect(titles(await api.call(endpoints.search.events, { query: { keywords: 'beta -final' } }))).toEqual(['Beta Match']);
    expect(titles(await api.call(endpoints.search.events, { query: { keywords: 'gamma or morn' } }))).toEqual(['Morning show', 'Gamma night']);
  });

  it('never lets keywords break the query', async () => {
    for (const keywords of ["o'neil", 'a\\b', "'':*", '&|!(', 'x & y', ':*', '"unbalanced', 'or', '-']) {
      const page = await api.call(endpoints.search.events, { query: { keywords } });
      expect(page.totalCount).toBeGreaterThanOrEqual(0);
    }
    expect((await api.call(endpoints.search.events, { query: { keywords: '%%' } })).totalCount).toBe(0);
  });

  it('lists every event by start when no keywords are given', async () => {
    const page = await api.call(endpoints.search.events, { query: {} });
    // The deleted event and the other client's are not counted (the count comes from the list's statistics).
    expect(page.totalCount).toBe(7);
    expect((await stranger.call(endpoints.search.events, { query: {} })).totalCount).toBe(1);
    const starts = page.results.map((e) => e.displayStart ?? e.scheduledStart);
    expect(starts).toEqual([...starts].sort());
  });

  it('filters on the scheduled start and on the modification date', async () => {
    const scheduled = await api.call(endpoints.search.events, { query: { keywords: 'beta', from: at(3.5).toISOString(), to: at(10).toISOString() } });
    expect(titles(scheduled)).toEqual(['Beta final']);
    const modified = await api.call(endpoints.search.events, {
      query: { modifiedFrom: at(3).toISOString(), modifiedTo: at(4).toISOString() },
    });
    expect(titles(modified)).toEqual(['Beta Match', 'Beta final']);
    const backwards = await failure(api.call(endpoints.search.events, { query: { from: at(2).toISOString(), to: at(1).toISOString() } }));
    expect(backwards.status).toBe(400);
    expect(backwards.fieldErrors).toEqual([{ field: 'query.to', message: 'must not be before from' }]);
    const bad = await failure(api.call(endpoints.search.events, { query: { modifiedFrom: 'yesterday' } }));
    expect(bad.fieldErrors.map((f) => f.field)).toEqual(['query.modifiedFrom']);
  });

  it('leaves deleted events and other clients’ events out', async () => {
    const page = await api.call(endpoints.search.events, { query: { keywords: 'needle' } });
    expect(page.results.map((e) => e.id)).not.toContain(ids.deleted);
    expect(titles(await stranger.call(endpoints.search.events, { query: { keywords: 'needle' } }))).toEqual(['Needle of another client']);
    expect((await stranger.call(endpoints.search.events, { query: { keywords: 'beta' } })).totalCount).toBe(0);
  });

  it('pages without overlap and answers an empty page past the end', async () => {
    const all = await api.call(endpoints.search.events, { query: { pageSize: 100 } });
    const seen: string[] = [];
    for (let pageNumber = 1; pageNumber <= 3; pageNumber++) {
      const page = await api.call(endpoints.search.events, { query: { pageSize: 3, pageNumber } });
      expect(page).toMatchObject({ pageSize: 3, totalCount: 7 });
      seen.push(...page.results.map((e) => e.id));
    }
    expect(seen).toEqual(all.results.map((e) => e.id));
    expect((await api.call(endpoints.search.events, { query: { pageSize: 3, pageNumber: 4 } })).results).toEqual([]);
    // With keywords the total travels with the page's rows, and is counted apart past the end.
    const bet = { keywords: 'bet', pageSize: 1 };
    const pages = [1, 2].map((pageNumber) => api.call(endpoints.search.events, { query: { ...bet, pageNumber } }));
    expect((await Promise.all(pages)).map((page) => [page.totalCount, ...titles(page)])).toEqual([
      [2, 'Beta Match'],
      [2, 'Beta final'],
    ]);
    expect(await api.call(endpoints.search.events, { query: { ...bet, pageNumber: 3 } })).toMatchObject({ totalCount: 2, results: [] });
    expect((await failure(api.call(endpoints.search.events, { query: { pageSize: 0 } }))).fieldErrors[0]?.field).toBe('query.pageSize');
  });

  it('finds an event by what it says now, the moment it is written', async () => {
    await t.database.db.update(events).set({ title: 'Renamed gamma', description: 'zebra crossing' }).where(eq(events.id, ids.gamma!));
    expect(titles(await api.call(endpoints.search.events, { query: { keywords: 'zebra' } }))).toEqual(['Renamed gamma']);
    expect((await api.call(endpoints.search.events, { query: { keywords: 'night' } })).totalCount).toBe(0);
  });
});

describe('GET /search/clips', () => {
  let mine: string;
  beforeAll(async () => {
    const clip = (title: string, user: string | null, isClip = true, clientId = t.clientId) =>
      baseEvent({ title, isClip }, clientId).then(async (id) => {
        if (user !== null) {
          await t.database.db.insert(customProperties).values({ clientId, eventId: id, category: CLIPPING_CATEGORY, key: CLIPPING_USER_KEY, value: user });
        }
        return id;
      });
    mine = await clip('Goal clip', 'user-1');
    await clip('Save clip', 'user-1');
    await clip('Other user clip', 'user-2');
    await clip('Not a clip', 'user-1', false);
    await clip('Clip without a user', null);
    await clip('Stranger clip', 'user-1', true, strangerClientId);
  });

  it('lists the clips of one clipping user, with keywords and paging', async () => {
    expect(titles(await api.call(endpoints.search.clips, { query: { clippingUser: 'user-1' } })).sort()).toEqual(['Goal clip', 'Save clip']);
    const goal = await api.call(endpoints.search.clips, { query: { clippingUser: 'user-1', keywords: 'goa' } });
    expect(goal.results.map((e) => e.id)).toEqual([mine]);
    const paged = await api.call(endpoints.search.clips, { query: { clippingUser: 'user-1', pageSize: 1, pageNumber: 2 } });
    expect(paged).toMatchObject({ pageSize: 1, totalCount: 2 });
    expect(paged.results).toHaveLength(1);
    expect((await api.call(endpoints.search.clips, { query: { clippingUser: 'nobody' } })).totalCount).toBe(0);
    expect(titles(await stranger.call(endpoints.search.clips, { query: { clippingUser: 'user-1' } }))).toEqual(['Stranger clip']);
  });

  it('requires the clipping user', async () => {
    const missing = await failure(api.call(endpoints.search.clips, { query: {} as { clippingUser: string } }));
    expect(missing.status).toBe(400);
    expect(missing.fieldErrors.map((f) => f.field)).toEqual(['query.clippingUser']);
    const blank = await failure(api.call(endpoints.search.clips, { query: { clippingUser: '  ' } }));
    expect(blank.fieldErrors.map((f) => f.field)).toEqual(['query.clippingUser']);
  });
});

describe('GET /search/chapterpoints/', () => {
  const point = { kickoff: '', goal: '', halftime: '', strangers: '', deleted: '' };

  async function insertPoint(
    eventId: string,
    values: { title: string; referenceId?: string; tag?: string; startKey: number },
    properties: { category: string; key: string; value?: string }[] = [],
    clientId = t.clientId,
  ): Promise<string> {
    const id = randomUUID();
    await t.database.db.insert(chapterPoints).values({
      id,
      clientId,
      eventId,
      title: values.title,
      referenceId: values.referenceId ?? null,
      tag: values.tag ?? null,
      startTime: `00:00:${String(values.startKey).padStart(2, '0')}`,
      startKey: values.startKey * 1000,
      dateCreated: BASE,
      dateModified: BASE,
    });
    for (const p of properties) {
      await t.database.db.insert(chapterPointCustomProperties).values({ clientId, chapterPointId: id, category: p.category, key: p.key, value: p.value ?? 'x' });
    }
    return id;
  }

  beforeAll(async () => {
    const match = await baseEvent({ title: 'Cup match', scheduledStart: at(20) });
    const later = await baseEvent({ title: 'Replay', scheduledStart: at(30) });
    point.kickoff = await insertPoint(match, { title: 'Kick-off', tag: 'start', referenceId: 'CP-1', startKey: 1 }, [{ category: 'sports', key: 'period' }]);
    point.goal = await insertPoint(match, { title: 'Goal by the home side', tag: 'goal', referenceId: 'CP-2', startKey: 2 }, [
      { category: 'sports', key: 'scorer', value: 'Nine' },
    ]);
    point.halftime = await insertPoint(later, { title: 'Half-time analysis', tag: 'goal', startKey: 3 }, [{ category: 'editorial', key: 'rating' }]);
    const gone = await baseEvent({ title: 'Gone', dateDeleted: at(1) });
    point.deleted = await insertPoint(gone, { title: 'Goal that is gone', startKey: 4 });
    const theirs = await baseEvent({ title: 'Theirs' }, strangerClientId);
    point.strangers = await insertPoint(theirs, { title: 'Goal of a stranger', startKey: 5 }, [], strangerClientId);
  });

  it('needs one of the keyword parameters', async () => {
    const none = await failure(api.call(endpoints.search.chapterPoints, { query: {} }));
    expect(none.status).toBe(400);
    expect(none.message).toMatch(/keywordsChapterPoint or keywordsCustomProperties/);
    expect((await failure(api.call(endpoints.search.chapterPoints, { query: { keywordsChapterPoint: '  ' } }))).status).toBe(400);
  });

  it('searches title, tag and reference id, title hits first, with the properties of each point', async () => {
    const page = await api.call(endpoints.search.chapterPoints, { query: { keywordsChapterPoint: 'goal' } });
    expect(page).toMatchObject({ pageSize: 10, totalResults: 2 });
    expect(page.results.map((p) => p.id)).toEqual([point.goal, point.halftime]);
    expect(page.results[0]).toMatchObject({
      title: 'Goal by the home side',
      tag: 'goal',
      referenceId: 'CP-2',
      startTime: '00:00:02',
      endTime: null,
      parentId: null,
      children: [],
      chapterPointCustomProperties: [{ category: 'sports', key: 'scorer', value: 'Nine', chapterPointId: point.goal }],
    });
    expect((await api.call(endpoints.search.chapterPoints, { query: { keywordsChapterPoint: 'CP-1' } })).results.map((p) => p.id)).toEqual([point.kickoff]);
    expect((await api.call(endpoints.search.chapterPoints, { query: { keywordsChapterPoint: 'kick' } })).results.map((p) => p.id)).toEqual([point.kickoff]);
  });

  it('searches the category and key of custom properties, alone or with the chapter point keywords', async () => {
    const sports = await api.call(endpoints.search.chapterPoints, { query: { keywordsCustomProperties: 'sports' } });
    expect(sports.results.map((p) => p.id)).toEqual([point.kickoff, point.goal]);
    const scorer = await api.call(endpoints.search.chapterPoints, { query: { keywordsCustomProperties: 'scor' } });
    expect(scorer.results.map((p) => p.id)).toEqual([point.goal]);
    // Values are not searched.
    expect((await api.call(endpoints.search.chapterPoints, { query: { keywordsCustomProperties: 'nine' } })).totalResults).toBe(0);
    const both = await api.call(endpoints.search.chapterPoints, { query: { keywordsChapterPoint: 'goal', keywordsCustomProperties: 'editorial' } });
    expect(both.results.map((p) => p.id)).toEqual([point.halftime]);
  });

  it('filters on the event’s scheduled start, and pages', async () => {
    const early = await api.call(endpoints.search.chapterPoints, { query: { keywordsChapterPoint: 'goal', to: at(25).toISOString() } });
    expect(early.results.map((p) => p.id)).toEqual([point.goal]);
    const second = await api.call(endpoints.search.chapterPoints, { query: { keywordsChapterPoint: 'goal', pageSize: 1, pageNumber: 2 } });
    expect(second).toMatchObject({ pageSize: 1, totalResults: 2 });
    expect(second.results.map((p) => p.id)).toEqual([point.halftime]);
  });

  it('leaves out chapter points of deleted events and of other clients', async () => {
    const all = await api.call(endpoints.search.chapterPoints, { query: { keywordsChapterPoint: 'goal', pageSize: 100 } });
    expect(all.results.map((p) => p.id)).not.toContain(point.deleted);
    expect(all.results.map((p) => p.id)).not.toContain(point.strangers);
    const theirs = await stranger.call(endpoints.search.chapterPoints, { query: { keywordsChapterPoint: 'goal' } });
    expect(theirs.results.map((p) => p.id)).toEqual([point.strangers]);
  });
});

describe('index operations', () => {
  it('answer 201 for what the client has and 404 otherwise', async () => {
    expect(await api.call(endpoints.search.indexAll, {})).toBeNull();
    expect(await api.call(endpoints.search.indexEvent, { params: { id: ids.beta! } })).toBeNull();
    // A deleted event keeps its document, ready for a restore.
    expect(await api.call(endpoints.search.indexEvent, { params: { id: ids.deleted! } })).toBeNull();
    expect((await failure(stranger.call(endpoints.search.indexEvent, { params: { id: ids.beta! } }))).status).toBe(404);
    expect((await failure(api.call(endpoints.search.indexEvent, { params: { id: randomUUID() } }))).status).toBe(404);

    const [cp] = (await api.call(endpoints.search.chapterPoints, { query: { keywordsChapterPoint: 'kick' } })).results;
    expect(await api.call(endpoints.search.indexChapterPoint, { params: { id: cp!.id } })).toBeNull();
    expect((await failure(stranger.call(endpoints.search.indexChapterPoint, { params: { id: cp!.id } }))).status).toBe(404);
    expect((await failure(api.call(endpoints.search.indexChapterPoint, { params: { id: randomUUID() } }))).status).toBe(404);
  });

  it('answer 201 with an empty body', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/search/indexall/', headers: t.headers() });
    expect(response.statusCode).toBe(201);
    expect(response.body).toBe('');
  });
});
