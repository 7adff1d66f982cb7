/** GET /event/ and the single-event reads through the real routing, on the demo tenant. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type Event } from '#schema';
import type { ApiClient } from '#client';
import { createTestApp, type TestApp, type TestTenant } from '#testing/app.ts';
import { createTestClient, failure } from '#testing/client.ts';
import { seedDemoData } from '../../demo/seed.ts';

let t: TestApp;
let api: ApiClient;
let otherApi: ApiClient;
let other: TestTenant;
let seeded: number;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-14T15:20:00Z' });
  ({ events: seeded } = await seedDemoData(t.database.db, t.clientId, t.clock));
  other = await t.createTenant();
  api = createTestClient(t);
  otherApi = createTestClient(t, { tenant: other });
});
afterAll(() => t.close());

describe('GET /event/', () => {
  it('pages with the defaults: 20 events, the total, no video', async () => {
    const page = await api.call(endpoints.event.list, {});
    expect(page.pageSize).toBe(20);
    expect(page.totalCount).toBe(seeded);
    expect(page.results).toHaveLength(20);
    expect(page.results.every((e) => !('video' in e))).toBe(true);
  });

  it('sorts and pages without overlap', async () => {
    const first = await api.call(endpoints.event.list, { query: { pageSize: 10, orderColumn: 'Title', order: 'DESC' } });
    const second = await api.call(endpoints.event.list, { query: { pageSize: 10, pageNumber: 2, orderColumn: 'Title', order: 'DESC' } });
    const titles = [...first.results, ...second.results].map((e) => e.title.toLowerCase());
    expect(new Set([...first.results, ...second.results].map((e) => e.id)).size).toBe(20);
    expect(titles).toEqual([...titles].sort().reverse());
  });

  it('filters by state names, category (repeated), channel and search', async () => {
    const live = await api.call(endpoints.event.list, { query: { eventState: 'LIVE_PUBLISHED,LIVE_UNPUBLISHED', pageSize: 100 } });
    expect(live.totalCount).toBeGreaterThanOrEqual(3);
    expect(live.results.every((e) => e.stateString === 'LIVE_PUBLISHED' || e.stateString === 'LIVE_UNPUBLISHED')).toBe(true);

    const categorised = await api.call(endpoints.event.list, { query: { category: ['Worship', 'esports'], pageSize: 200 } });
    expect(categorised.totalCount).toBeGreaterThan(0);
    expect(categorised.results.every((e) => e.categories.some((c) => ['worship', 'esports'].includes(c.name)))).toBe(true);

    const news = await api.call(endpoints.event.list, { query: { channel: 'news 24', search: 'evening', pageSize: 200 } });
    expect(news.totalCount).toBeGreaterThan(0);
    expect(news.results.every((e) => e.channel === 'News 24' && /evening/i.test(e.title))).toBe(true);
  });

  it('answers 400 naming the query field for an unknown state', async () => {
    const error = await failure(api.call(endpoints.event.list, { query: { eventState: 'LIVE_PUBLISHED,ON_AIR' } }));
    expect(error.status).toBe(400);
    expect(error.fieldErrors).toEqual([{ field: 'query.eventState', message: expect.stringContaining('"ON_AIR"') }]);
  });

  it('shows another client nothing', async () => {
    expect(await otherApi.call(endpoints.event.list, {})).toEqual({ pageSize: 20, totalCount: 0, results: [] });
    expect((await otherApi.call(endpoints.event.listDeleted, {})).totalCount).toBe(0);
  });

  it('lists deleted events apart', async () => {
    const deleted = await api.call(endpoints.event.listDeleted, {});
    expect(deleted.totalCount).toBe(3);
    expect(deleted.results.every((e) => e.dateDeleted !== null)).toBe(true);
  });
});

describe('single events', () => {
  let sample: Event;
  beforeAll(async () => {
    const page = await api.call(endpoints.event.list, { query: { eventState: 'LIVE_PUBLISHED', pageSize: 1 } });
    sample = page.results[0]!;
  });

  it('GET /event/{id}: 200 (video only with processVideo); 204 for another client or an unknown id', async () => {
    const event = await api.call(endpoints.event.get, { params: { id: sample.id } });
    expect(event).toMatchObject({ id: sample.id, title: sample.title, video: null });
    expect(await otherApi.call(endpoints.event.get, { params: { id: sample.id } })).toBeNull();
    expect(await api.call(endpoints.event.get, { params: { id: '00000000-0000-4000-8000-000000000000' } })).toBeNull();
  });

  it('finds by reference and external id, 204 otherwise', async () => {
    expect(await api.call(endpoints.event.getByReference, { query: { id: sample.refId! } })).toMatchObject({ id: sample.id });
    const withExternal = (await api.call(endpoints.event.list, { query: { pageSize: 50 } })).results.find((e) => e.externalId)!;
    expect(await api.call(endpoints.event.getByExternal, { query: { id: withExternal.externalId! } })).toMatchObject({ id: withExternal.id });
    expect(await otherApi.call(endpoints.event.getByReference, { query: { id: sample.refId! } })).toBeNull();
  });

  it('lists a channel’s events and answers the external update flag', async () => {
    const onChannel = await api.call(endpoints.event.listByChannel, { params: { id: sample.channelId! } });
    expect(onChannel.length).toBeGreaterThan(1);
    expect(onChannel.every((e) => e.channelId === sample.channelId)).toBe(true);
    expect(await api.call(endpoints.event.getExternalUpdate, { params: { id: sample.id } })).toBe(false);
    expect((await failure(otherApi.call(endpoints.event.getExternalUpdate, { params: { id: sample.id } }))).status).toBe(404);
  });
});
