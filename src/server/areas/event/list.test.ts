/**
 * The list's totals and order where they come from the list's statistics (list-stats.ts, the
 * triggers of migration 0020) rather than from reading the events: after every kind of write
 * they must equal what counting the events says, folded or not; and a date range in display
 * order must hold the same events as one read without the display bounds.
 */
import { and, count, eq, gte, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, EventState } from '#schema';
import type { ApiClient } from '#client';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { createTestClient } from '#testing/client.ts';
import { insertEvent } from '#testing/event-row.ts';
import { eventListStats, events } from '../../db/tables/index.ts';
import { listEvents } from './list.ts';
import { compactEventListStats } from './list-stats.ts';

let t: TestApp;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-04-01T09:00:00Z' });
  api = createTestClient(t);
});
afterAll(() => t.close());

const { LIVE_PUBLISHED, PRE_LIVE, VOD_PUBLIC } = EventState.values;

/** What counting the client's events says, per list the statistics answer. */
async function counted() {
  const of = async (...where: Parameters<typeof and>) =>
    (await t.database.db.select({ n: count() }).from(events).where(and(eq(events.clientId, t.clientId), ...where)))[0]!.n;
  return {
    live: await of(isNull(events.dateDeleted)),
    deleted: await of(isNotNull(events.dateDeleted)),
    published: await of(isNull(events.dateDeleted), eq(events.state, LIVE_PUBLISHED)),
  };
}

/** The same through GET /event/ and GET /event/deleted/ (a page of one, so the total is not the page's). */
async function listed() {
  const total = async (query: Record<string, unknown>, deleted = false) =>
    (await api.call(deleted ? endpoints.event.listDeleted : endpoints.event.list, { query: { pageSize: 1, ...query } })).totalCount;
  return { live: await total({}), deleted: await total({}, true), published: await total({ eventState: 'LIVE_PUBLISHED' }) };
}

describe('totals from the statistics', () => {
  it('follow every kind of write, before and after folding', async () => {
    const check = async () => expect(await listed()).toEqual(await counted());
    const added = await api.call(endpoints.event.upsert, { body: { Title: 'Through the API' } });
    await check();
    const rows = await Promise.all([1, 2, 3].map((n) => insertEvent(t, { title: `Row ${n}`, state: LIVE_PUBLISHED })));
    await check();
    // Several rows in one statement, of two states.
    await t.database.db.insert(events).values(
      [PRE_LIVE, VOD_PUBLIC, VOD_PUBLIC].map((state, n) => ({ clientId: t.clientId, title: `Batch ${n}`, state, dateCreated: t.clock.now(), dateModified: t.clock.now() })),
    );
    await check();
    await t.database.db.update(events).set({ state: VOD_PUBLIC }).where(eq(events.id, rows[0]!));
    await check();
    await api.call(endpoints.event.delete, { params: { id: added.id } });
    await api.call(endpoints.event.delete, { params: { id: rows[0]! } });
    await check();
    await api.call(endpoints.event.restore, { params: { id: rows[0]! } });
    await check();
    await api.call(endpoints.event.delete, { params: { id: added.id }, query: { hardDelete: true } });
    await check();
    // A title change adds nothing to the statistics.
    const before = await statsRows();
    await api.call(endpoints.event.upsert, { body: { Id: rows[2]!, Title: 'Renamed' } });
    expect(await statsRows()).toBe(before);
    await check();

    await compactEventListStats(t.database.db);
    await check();
  });

  it('fold into one row per state once a client has many', async () => {
    for (let n = 0; n < 70; n++) await insertEvent(t, { title: `Many ${n}`, state: n % 2 ? PRE_LIVE : LIVE_PUBLISHED });
    expect(await statsRows()).toBeGreaterThan(64);
    expect(await compactEventListStats(t.database.db)).toBeGreaterThan(0);
    expect(await statsRows()).toBeLessThanOrEqual(6);
    expect(await listed()).toEqual(await counted());
  });
});

describe('pages', () => {
  it('takes exactly pageSize events whatever the size, and says the total past the last page', async () => {
    const all = (await api.call(endpoints.event.list, { query: { pageSize: 1000 } })).totalCount;
    for (const pageSize of [1, 7, 21, 33]) {
      const page = await api.call(endpoints.event.list, { query: { pageSize, pageNumber: 2 } });
      expect(page.results).toHaveLength(Math.min(pageSize, Math.max(0, all - pageSize)));
      expect(page.totalCount).toBe(all);
    }
    const past = await api.call(endpoints.event.list, { query: { pageSize: 50, pageNumber: 1000 } });
    expect(past).toMatchObject({ totalCount: all, results: [] });
  });

  it('finds a date range in display order when display starts lie far from the scheduled ones', async () => {
    const day = (d: number, h = 12) => new Date(Date.UTC(2026, 5, d, h));
    // Displayed two weeks before, and ten days after, its scheduled start.
    await insertEvent(t, { title: 'Shown early', scheduledStart: day(10), displayStart: day(10 - 14) });
    await insertEvent(t, { title: 'Shown late', scheduledStart: day(11), displayStart: day(21) });
    for (let d = 1; d <= 28; d++) await insertEvent(t, { title: `Day ${d}`, scheduledStart: day(d, 9) });
    const filter = { from: day(9, 0), to: day(12, 0) };
    for (const order of ['ASC', 'DESC'] as const) {
      const { records, totalCount } = await listEvents(t.database.db, t.clientId, filter, { pageSize: 100, pageNumber: 1, order });
      const expected = await t.database.db
        .select({ id: events.id })
        .from(events)
        .where(and(eq(events.clientId, t.clientId), isNull(events.dateDeleted), gte(events.scheduledStart, filter.from), lte(events.scheduledStart, filter.to)))
        .orderBy(sql`coalesce(${events.displayStart}, ${events.scheduledStart}) ${sql.raw(order)} nulls last, ${events.id} ${sql.raw(order)}`);
      expect(records.map((r) => r.event.id)).toEqual(expected.map((e) => e.id));
      expect(totalCount).toBe(expected.length);
      expect(records.map((r) => r.event.title)).toEqual(expect.arrayContaining(['Shown early', 'Shown late', 'Day 9', 'Day 11']));
    }
  });

  it('walks to a deep page on the display-order indexes alone (their key columns included, migration 0021)', async () => {
    // An index-only scan of an expression needs the columns the expression reads in the index.
    const result = (await t.database.db.execute(
      sql`select indexname, indexdef from pg_indexes where indexname in ('events_client_display_start_idx', 'events_client_display_start_desc_idx') order by indexname`,
    )) as unknown as { rows: { indexname: string; indexdef: string }[] };
    expect(result.rows.map((r) => r.indexname)).toEqual(['events_client_display_start_desc_idx', 'events_client_display_start_idx']);
    for (const row of result.rows) expect(row.indexdef).toContain('INCLUDE (display_start, scheduled_start)');
  });

  it('matches a search inside one field, and a search with a newline against each field', async () => {
    await insertEvent(t, { title: 'Harbour lights', description: 'By night' });
    const titles = async (search: string) =>
      (await api.call(endpoints.event.list, { query: { search, pageSize: 100 } })).results.map((e) => e.title);
    expect(await titles('BOUR LIG')).toEqual(['Harbour lights']);
    // Title and description are not one text.
    expect(await titles('lights By')).toEqual([]);
    expect(await titles('lights\nBy')).toEqual([]);
  });
});

async function statsRows(): Promise<number> {
  return (await t.database.db.select({ n: count() }).from(eventListStats).where(eq(eventListStats.clientId, t.clientId)))[0]!.n;
}
