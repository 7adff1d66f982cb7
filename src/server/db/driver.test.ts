/**
 * The one driver in front of both databases (database.ts): named prepared statements, and on PGlite
 * the worker thread it runs in. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MAX_NAMED_STATEMENTS, statementName } from './prepared-statements.ts';
import { openTestDatabase, type TestDatabase } from './test-database.ts';
import { seedFixture, visible } from '#testing/event.ts';
import * as repo from '../areas/event/repo.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** The statements the session (PGlite's one, or the pool connection that ran the last query) has prepared. */
async function preparedStatements(): Promise<{ name: string; statement: string }[]> {
  const result = (await database.db.execute(sql`select name, statement from pg_prepared_statements`)) as unknown as { rows: { name: string; statement: string }[] };
  return result.rows;
}

describe('the database driver', () => {
  it('prepares a query with parameters once and runs it again by name', async () => {
    const fixture = await seedFixture(database.db, 'driver-prepared');
    const event = visible(fixture)[0]!;
    // A pool of several connections (PostgreSQL) may run each call on another one: enough calls for every connection.
    for (let i = 0; i < 12; i++) expect((await repo.getEvent(database.db, fixture.clientId, event.id!))?.event.title).toBe(event.title);
    const prepared = await preparedStatements();
    const getEvent = prepared.filter((p) => p.statement.includes('from "events"') && p.statement.includes('limit'));
    expect(getEvent.length).toBeGreaterThan(0);
    expect(getEvent.every((p) => /^cr\d+$/.test(p.name))).toBe(true);
    // One text, one name: the same query never fills the session with copies of itself.
    expect(new Set(getEvent.map((p) => p.statement)).size).toBe(getEvent.length);
  });

  it('leaves statements without parameters unnamed (migrations, BEGIN, select 1)', async () => {
    await database.db.execute(sql`select 41 + 1 as answer`);
    expect((await preparedStatements()).some((p) => p.statement.includes('41 + 1'))).toBe(false);
  });

  it.runIf(!process.env.DATABASE_URL)('keeps the event loop free while PGlite executes (it runs in a worker thread)', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    await database.db.execute(sql`select pg_sleep(0.3)`);
    clearInterval(timer);
    // On the event loop PGlite's synchronous WebAssembly would hold every timer until the query ended.
    expect(ticks).toBeGreaterThan(5);
  });

  // Last: it uses up this file's names.
  it('names a text the same way every time, and stops naming new texts past the bound', () => {
    expect(statementName('select $1::int -- driver test')).toBe(statementName('select $1::int -- driver test'));
    for (let i = 0; statementName(`select $1::int -- filler ${i}`) !== undefined; i++) expect(i).toBeLessThan(MAX_NAMED_STATEMENTS);
    expect(statementName('select $1::int -- one more after the bound')).toBeUndefined();
    // Texts named before the bound keep their name.
    expect(statementName('select $1::int -- driver test')).toMatch(/^cr\d+$/);
  });

  // On PGlite, BEGIN, SAVEPOINT and RELEASE travel with the next statement (pglite-connection.ts):
  // they must still fail where PostgreSQL fails them, with their own error.
  it('fails a savepoint outside a transaction, and a bad release inside one with its own error', async () => {
    // Drizzle wraps the database's error: its message is the cause's.
    const why = (work: Promise<unknown>) => work.then(() => 'no error', (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message));
    expect(await why(database.db.execute(sql`savepoint outside`))).toMatch(/transaction block/);
    const release = database.db.transaction(async (tx) => {
      await tx.execute(sql`release savepoint never_made`);
      await tx.execute(sql`select 1`);
    });
    expect(await why(release)).toMatch(/savepoint "never_made" does not exist/);
    const rows = (await database.db.transaction((tx) => tx.execute(sql`select 2 as two`))) as unknown as { rows: { two: number }[] };
    expect(rows.rows).toEqual([{ two: 2 }]);
  });
});
