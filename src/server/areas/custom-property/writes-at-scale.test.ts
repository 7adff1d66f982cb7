/**
 * Custom property writes that must not half-happen or fall over: the clone operations are GETs
 * (as in the original) yet write, so they need their own transaction; and a bulk request of more
 * properties than one SQL statement can carry parameters for (a big paste from a spreadsheet).
 * For event properties and chapter point properties alike.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '#schema';
import type { ApiClient } from '#client';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { createTestClient } from '#testing/client.ts';
import { failure } from '#testing/custom-property.ts';
import { insertEvent } from '#testing/event-row.ts';

let t: TestApp;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  api = createTestClient(t);
});
afterAll(() => t.close());

/** Makes every DELETE from `table` fail, as a disk or a lock timeout might half-way through a request. */
async function failDeletesOn(table: string): Promise<() => Promise<void>> {
  const fn = `fail_delete_${table}`;
  await t.database.db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION ${fn}() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'injected failure'; END; $$ LANGUAGE plpgsql`),
  );
  await t.database.db.execute(sql.raw(`CREATE TRIGGER ${fn} BEFORE DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION ${fn}()`));
  return async () => {
    await t.database.db.execute(sql.raw(`DROP TRIGGER ${fn} ON ${table}`));
    await t.database.db.execute(sql.raw(`DROP FUNCTION ${fn}()`));
  };
}

/** More items than a statement of six parameters a row can insert at once (65,535 parameters). */
const MANY = 11_000;
const manyItems = () => Array.from({ length: MANY }, (_, i) => ({ category: 'bulk', key: `k${i}`, value: String(i) }));

describe('event custom properties', () => {
  it('clone with removeSource is all or nothing: when removing the source fails, the target keeps what it had', async () => {
    const source = await insertEvent(t, { title: 'atomic-src' });
    const target = await insertEvent(t, { title: 'atomic-dst' });
    await api.call(endpoints.customProperty.bulkUpsert, { params: { id: source }, body: [{ category: 'c', key: 'k', value: 'from source' }] });
    await api.call(endpoints.customProperty.upsert, { body: { eventId: target, category: 'c', key: 'k', value: 'target' } });

    const restore = await failDeletesOn('custom_properties');
    try {
      const failed = await failure(api.call(endpoints.customProperty.clone, { query: { sourceEventId: source, targetEventId: target, removeSource: true } }));
      expect(failed.status).toBe(500);
    } finally {
      await restore();
    }
    expect((await api.call(endpoints.customProperty.list, { query: { eventId: target } })).map((p) => p.value)).toEqual(['target']);
    expect(await api.call(endpoints.customProperty.list, { query: { eventId: source } })).toHaveLength(1);
  });

  it(`bulk writes ${MANY} properties in one request`, async () => {
    const eventId = await insertEvent(t, { title: 'many' });
    const written = await api.call(endpoints.customProperty.bulkUpsert, { params: { id: eventId }, body: manyItems() });
    expect(written).toHaveLength(MANY);
    expect(written.at(-1)).toMatchObject({ key: `k${MANY - 1}`, value: String(MANY - 1) });
    expect(await api.call(endpoints.customProperty.list, { query: { eventId } })).toHaveLength(MANY);
  }, 60_000);
});

describe('chapter point custom properties', () => {
  async function point(eventId: string, title: string): Promise<string> {
    return (await api.call(endpoints.chapterPoint.upsert, { body: { eventId, title, startTime: '00:00:01' } })).id;
  }

  it('clone with removeSource is all or nothing', async () => {
    const eventId = await insertEvent(t, { title: 'atomic-points' });
    const source = await point(eventId, 'source');
    const target = await point(eventId, 'target');
    await api.call(endpoints.chapterPointCustomProperty.bulkUpsert, { params: { chapterPointId: source }, body: [{ category: 'c', key: 'k', value: 's' }] });

    const restore = await failDeletesOn('chapter_point_custom_properties');
    try {
      const failed = await failure(
        api.call(endpoints.chapterPointCustomProperty.clone, { query: { sourceChapterId: source, targetChapterId: target, removeSource: true } }),
      );
      expect(failed.status).toBe(500);
    } finally {
      await restore();
    }
    expect(await api.call(endpoints.chapterPointCustomProperty.list, { query: { chapterPointId: target } })).toEqual([]);
    expect(await api.call(endpoints.chapterPointCustomProperty.list, { query: { chapterPointId: source } })).toHaveLength(1);
  });

  it(`bulk writes ${MANY} properties in one request`, async () => {
    const eventId = await insertEvent(t, { title: 'many-points' });
    const chapterPointId = await point(eventId, 'many');
    const written = await api.call(endpoints.chapterPointCustomProperty.bulkUpsert, { params: { chapterPointId }, body: manyItems() });
    expect(written).toHaveLength(MANY);
    expect(await api.call(endpoints.chapterPointCustomProperty.list, { query: { chapterPointId } })).toHaveLength(MANY);
  }, 60_000);
});
