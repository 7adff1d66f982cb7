/**
 * Group commit (group-commit.ts): a client's concurrent writes share one transaction on PGlite,
 * each in its savepoint, so that a failing one leaves no row while the others commit; through the
 * service, concurrent POST /event/ of one client answer as they would one by one.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '#schema';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { createTestClient } from '#testing/client.ts';
import { selectRows } from '#testing/rows.ts';
import type { Tx } from '../db/database.ts';
import { GroupCommit } from './group-commit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.execute(sql`create table group_commit_probe (n int primary key)`);
});
afterAll(() => t.close());

const probe = async () => (await selectRows<{ n: number }>(t.database, sql`select n from group_commit_probe order by n`)).map((r) => r.n);
const transactionOf = async (tx: Tx) => ((await tx.execute(sql`select txid_current()::text as id`)) as unknown as { rows: { id: string }[] }).rows[0]!.id;

describe('group commit', () => {
  it('commits concurrent writes of a client together, and rolls back only the one that fails', async () => {
    const group = new GroupCommit();
    // The service's own handle: the probe table is not the tenant role's.
    const db = t.database.db;
    const write = (n: number) =>
      group.run(db, t.clientId, async (tx) => {
        await tx.execute(sql`insert into group_commit_probe values (${n})`);
        if (n === 3) throw new Error('fails after writing');
        return transactionOf(tx);
      });
    const outcomes = await Promise.allSettled([1, 2, 3, 4, 5].map(write));
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(await probe()).toEqual([1, 2, 4, 5]);
    const transactions = new Set(outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : [])));
    expect(transactions.size).toBe(1);
  });

  it('rolls back a failing first write alone, and commits the writes that joined it in a transaction of their own', async () => {
    const group = new GroupCommit();
    const db = t.database.db;
    await db.execute(sql`delete from group_commit_probe`);
    const write = (n: number) =>
      group.run(db, t.clientId, async (tx) => {
        await tx.execute(sql`insert into group_commit_probe values (${n})`);
        if (n === 10) throw new Error('the first fails after writing');
        return transactionOf(tx);
      });
    const outcomes = await Promise.allSettled([10, 11, 12].map(write));
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect(outcomes[0]).toMatchObject({ reason: { message: 'the first fails after writing' } });
    expect(await probe()).toEqual([11, 12]);
  });

  it('answers concurrent POST /event/ of one client as one by one, a bad one with its 400', async () => {
    const api = createTestClient(t);
    const bodies = Array.from({ length: 12 }, (_, n) => (n === 5 ? { Title: 'Bad', ChannelId: '00000000-0000-4000-8000-000000000000' } : { Title: `Concurrent ${n}` }));
    const outcomes = await Promise.allSettled(bodies.map((body) => api.call(endpoints.event.upsert, { body })));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(11);
    expect(outcomes[5]).toMatchObject({ status: 'rejected', reason: { status: 400 } });
    const listed = await api.call(endpoints.event.list, { query: { pageSize: 100, search: 'Concurrent' } });
    expect(listed.totalCount).toBe(11);
  });
});
