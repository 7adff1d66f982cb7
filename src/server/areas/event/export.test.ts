/** GET /event/export.csv: the events list as a file, every page, the same filters and order. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, EventState } from '#schema';
import type { ApiClient } from '#client';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { createTestClient } from '#testing/client.ts';
import { seedLookups, type Lookups } from '#testing/event-writes.ts';
import { events } from '#server/db/tables/index.ts';

let t: TestApp;
let api: ApiClient;
let ids: Lookups;

/** A CSV answer's rows (the service's own quoting: no line break inside these fields). */
const rowsOf = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((f) => f.replace(/,$/, '').replace(/^"|"$/g, '').replace(/""/g, '"')).slice(0, -1));

beforeAll(async () => {
  t = await createTestApp({ now: '2026-04-01T09:00:00Z' });
  api = createTestClient(t);
  ids = await seedLookups(t.database.db, t.clientId);
  const now = t.clock.now();
  // 1,050 on Main (two pages of the export), 10 on Backup.
  await t.database.db.insert(events).values(
    Array.from({ length: 1_060 }, (_, i) => ({
      clientId: t.clientId,
      title: i === 0 ? '=HYPERLINK("x"), "quoted"' : `Match ${String(i).padStart(4, '0')}`,
      channelId: i < 1_050 ? ids.channel : ids.otherChannel,
      state: i % 2 ? EventState.values.PRE_LIVE : EventState.values.VOD_PUBLIC,
      // A few without a start: the list puts them last, and so must the export's keyset.
      scheduledStart: i % 40 === 7 ? null : new Date(Date.UTC(2026, 4, 1) + (i % 500) * 60_000),
      dateCreated: now,
      dateModified: now,
    })),
  );
});
afterAll(() => t.close());

describe('GET /event/export.csv', () => {
  it('is every event of the filter, in the list’s order, as a named CSV file', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/event/export.csv?channel=Main&orderColumn=Title&order=DESC', headers: t.headers() });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="events-2026-04-01.csv"; filename*=UTF-8''events-2026-04-01.csv`);
    const [header, ...rows] = rowsOf(answer.body);
    expect(header!.slice(0, 6)).toEqual(['Id', 'Title', 'State', 'Scheduled start', 'Scheduled end', 'Channel']);
    expect(rows).toHaveLength(1_050);
    const listed: string[] = [];
    for (let page = 1; page <= 2; page++) {
      const list = await api.call(endpoints.event.list, { query: { channel: 'Main', orderColumn: 'Title', order: 'DESC', pageSize: 1000, pageNumber: page } });
      listed.push(...list.results.map((e) => e.id));
    }
    expect(rows.map((r) => r[0])).toEqual(listed);
    expect(rows.every((r) => r[5] === 'Main')).toBe(true);
    // A title that looks like a formula is shown, not run; its quotes survive.
    expect(rows.find((r) => r[1]!.includes('HYPERLINK'))![1]).toBe(`'=HYPERLINK("x"), "quoted"`);
  });

  it('keeps the default order (start, then id, events without a start last) across its pages, either way', async () => {
    for (const order of ['ASC', 'DESC'] as const) {
      const answer = await t.app.inject({ method: 'GET', url: `/api/event/export.csv?order=${order}`, headers: t.headers() });
      const listed: string[] = [];
      for (let page = 1; page <= 2; page++) {
        listed.push(...(await api.call(endpoints.event.list, { query: { order, pageSize: 1000, pageNumber: page } })).results.map((e) => e.id));
      }
      expect(rowsOf(answer.body).slice(1).map((r) => r[0])).toEqual(listed);
    }
  });

  it('filters by state as the list does, and names a bad filter in a 400', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/event/export.csv?channel=Backup&eventState=PRE_LIVE', headers: t.headers() });
    const rows = rowsOf(answer.body).slice(1);
    expect(rows).toHaveLength(5);
    expect(new Set(rows.map((r) => r[2]))).toEqual(new Set(['PRE_LIVE']));
    const bad = await t.app.inject({ method: 'GET', url: '/api/event/export.csv?eventState=NOPE', headers: t.headers() });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields[0].field).toBe('query.eventState');
  });

  it('is compressed on the way when the client takes it, and the client reads it as a file', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/event/export.csv?channel=Backup', headers: { ...t.headers(), 'accept-encoding': 'gzip' } });
    expect(answer.headers['content-encoding']).toBe('gzip');
    const file = await api.download(endpoints.event.exportCsv, { query: { channel: 'Backup' } });
    expect(file.filename).toBe('events-2026-04-01.csv');
    expect(rowsOf(await file.blob.text())).toHaveLength(11);
  });
});
