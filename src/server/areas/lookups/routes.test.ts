/** The lookup reads on the demo tenant, and what another client sees of them (nothing). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '#schema';
import { ApiError, type ApiClient } from '#client';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { createTestClient } from '#testing/client.ts';
import { CATEGORIES, CHANNELS, ROOMS, TAGS, XFLOWS } from '../../demo/catalogue.ts';
import { seedDemoData } from '../../demo/seed.ts';

let t: TestApp;
let api: ApiClient;
let otherApi: ApiClient;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-14T15:20:00Z' });
  await seedDemoData(t.database.db, t.clientId, t.clock);
  api = createTestClient(t);
  otherApi = createTestClient(t, { tenant: await t.createTenant() });
});
afterAll(() => t.close());

async function status(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (error) {
    if (error instanceof ApiError) return error.status;
    throw error;
  }
}

const NOBODY = '00000000-0000-4000-8000-000000000000';

describe('lookups', () => {
  it('lists and gets channels, ordered by name; 204 for another client', async () => {
    const list = await api.call(endpoints.channel.list, {});
    expect(list.map((c) => c.name)).toEqual(CHANNELS.map((c) => c.name).sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
    const one = list[0]!;
    expect(await api.call(endpoints.channel.get, { params: { id: one.id } })).toEqual(one);
    expect(await otherApi.call(endpoints.channel.get, { params: { id: one.id } })).toBeNull();
    expect(await otherApi.call(endpoints.channel.list, {})).toEqual([]);
  });

  it('lists and gets rooms, also by reference id', async () => {
    const list = await api.call(endpoints.room.list, {});
    expect(list).toHaveLength(ROOMS.length);
    const newsroom = list.find((r) => r.name === 'Newsroom')!;
    expect(await api.call(endpoints.room.get, { params: { id: newsroom.id } })).toEqual(newsroom);
    expect(await api.call(endpoints.room.getByReference, { query: { id: 'ROOM-NEWS' } })).toEqual(newsroom);
    expect(await api.call(endpoints.room.get, { params: { id: NOBODY } })).toBeNull();
    expect(await otherApi.call(endpoints.room.getByReference, { query: { id: 'ROOM-NEWS' } })).toBeNull();
  });

  it('lists and gets categories with their custom properties', async () => {
    const list = await api.call(endpoints.category.list, {});
    expect(list.map((c) => c.label).sort()).toEqual(CATEGORIES.map((c) => c.label).sort());
    const football = list.find((c) => c.name === 'football')!;
    expect(football.customProperties).toEqual([expect.objectContaining({ category: 'rights', key: 'holder' })]);
    expect(await api.call(endpoints.category.get, { params: { id: football.id } })).toEqual(football);
    expect(await otherApi.call(endpoints.category.get, { params: { id: football.id } })).toBeNull();
  });

  it('lists and gets tags, says whether a name exists, and lists an event’s tags', async () => {
    const list = await api.call(endpoints.tag.list, {});
    expect(list).toHaveLength(TAGS.length);
    const uhd = list.find((x) => x.name === 'uhd')!;
    expect(await api.call(endpoints.tag.get, { params: { id: uhd.id } })).toEqual(uhd);
    expect(await api.call(endpoints.tag.exists, { params: { text: 'UHD' } })).toEqual({ exists: true });
    expect(await api.call(endpoints.tag.exists, { params: { text: 'nope' } })).toEqual({ exists: false });
    expect(await otherApi.call(endpoints.tag.exists, { params: { text: 'uhd' } })).toEqual({ exists: false });

    const tagged = await api.call(endpoints.tag.events, { params: { id: uhd.id }, query: { pageSize: 100 } });
    expect(tagged.totalCount).toBeGreaterThan(0);
    const event = tagged.results[0]!;
    expect(event.tags?.map((x) => x.name)).toContain('uhd');
    expect(await api.call(endpoints.tag.listForEvent, { params: { id: event.id } })).toEqual(event.tags?.map((tag) => ({ ...tag, version: expect.any(Number) })));
    expect(await status(otherApi.call(endpoints.tag.listForEvent, { params: { id: event.id } }))).toBe(404);
  });

  it('lists and gets xflows, infrastructure profiles and property configurations', async () => {
    const xflows = await api.call(endpoints.xflow.list, {});
    expect(xflows).toHaveLength(XFLOWS.length);
    expect(await api.call(endpoints.xflow.get, { params: { id: xflows[0]!.id } })).toEqual(xflows[0]);
    expect(await otherApi.call(endpoints.xflow.get, { params: { id: xflows[0]!.id } })).toBeNull();

    const [profile] = await api.call(endpoints.infrastructureProfile.list, {});
    expect(await api.call(endpoints.infrastructureProfile.get, { params: { id: profile!.id } })).toEqual(profile);
    expect(await otherApi.call(endpoints.infrastructureProfile.list, {})).toEqual([]);

    const [template] = await api.call(endpoints.propertyConfiguration.list, {});
    expect(await api.call(endpoints.propertyConfiguration.get, { params: { id: template!.id } })).toEqual(template);
    expect(await api.call(endpoints.propertyConfiguration.getByReference, { query: { id: template!.referenceId! } })).toEqual(template);
    expect(await otherApi.call(endpoints.propertyConfiguration.get, { params: { id: template!.id } })).toBeNull();
  });

  it('pages the events of a channel, room and category', async () => {
    const news = (await api.call(endpoints.channel.list, {})).find((c) => c.name === 'News 24')!;
    const page = await api.call(endpoints.channel.events, { params: { id: news.id }, query: { pageSize: 5, order: 'DESC' } });
    expect(page.results).toHaveLength(5);
    expect(page.results.every((e) => e.channel === 'News 24')).toBe(true);
    const starts = page.results.map((e) => e.displayStart ?? e.scheduledStart);
    expect(starts).toEqual([...starts].sort().reverse());

    const chapel = (await api.call(endpoints.room.list, {})).find((r) => r.name === 'Chapel Gallery')!;
    const inChapel = await api.call(endpoints.room.events, { params: { id: chapel.id }, query: { pageSize: 100 } });
    expect(inChapel.totalCount).toBeGreaterThan(0);
    expect(inChapel.results.every((e) => e.room === 'Chapel Gallery')).toBe(true);

    const worship = (await api.call(endpoints.category.list, {})).find((c) => c.name === 'worship')!;
    const worshipEvents = await api.call(endpoints.category.events, { params: { id: worship.id }, query: { pageSize: 100 } });
    expect(worshipEvents.results.every((e) => e.categories.some((c) => c.id === worship.id))).toBe(true);
    expect((await otherApi.call(endpoints.category.events, { params: { id: worship.id } })).totalCount).toBe(0);
  });
});
