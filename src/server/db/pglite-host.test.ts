/**
 * The PGlite worker thread dying (pglite-host.ts): the query in flight and every later one fail
 * with the host's error instead of waiting for a database that is gone, the host tells its failure
 * listener once (main.ts logs it and exits), and the handle still closes. On PGlite, in the
 * suite's PGlite run only: a PostgreSQL server has no worker thread (its broken connections are
 * faults.test.ts's business), and without the PGlite template each database here would be
 * migrated from scratch.
 */
import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { ManualClock } from '../jobs/clock.ts';
import { createKey } from './keys.ts';
import { pgliteHostOf, type Database } from './database.ts';
import { KEEP_FILE_STATS, pgliteInWorker } from './pglite-host.ts';
import { openTestDatabase } from './test-database.ts';

const GONE = /database worker \(PGlite\) stopped unexpectedly/;

/** What a query came to: 'answered', or the messages of its error and of the errors that caused it. */
async function outcome(query: Promise<unknown>): Promise<string> {
  try {
    await query;
    return 'answered';
  } catch (error) {
    const messages: string[] = [];
    for (let e: unknown = error; e instanceof Error; e = e.cause) messages.push(e.message);
    return messages.join(' <- ');
  }
}

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

describe.skipIf(!!process.env.DATABASE_URL)('a PGlite worker that dies', () => {
  it('fails the query in flight and every later one with why, tells its listener once, and still closes', async () => {
    database = await openTestDatabase('');
    const host = pgliteHostOf(database.db)!;
    const failures: Error[] = [];
    host.onFailure((error) => failures.push(error));
    expect(await database.db.execute(sql`select 1 as one`)).toMatchObject({ rows: [{ one: 1 }] });

    const inFlight = outcome(database.db.execute(sql`select pg_sleep(60)`));
    await host.terminate();

    expect(await inFlight).toMatch(GONE);
    for (let i = 0; i < 3; i++) expect(await outcome(database.db.execute(sql`select 1`))).toMatch(GONE);
    expect(await outcome(database.db.transaction((tx) => tx.execute(sql`select 1`)))).toMatch(GONE);
    expect(failures.map((e) => e.message)).toEqual([expect.stringMatching(GONE)]);
    expect(failures[0]!.message).toContain('exit code 1');

    // Told at once to a listener that comes later.
    const late: Error[] = [];
    host.onFailure((error) => late.push(error));
    expect(late).toEqual(failures);
  });

  it('answers requests with an error, not never, once its database is gone', async () => {
    database = await openTestDatabase('');
    const app = await buildApp({ database, clock: new ManualClock('2026-03-01T10:00:00Z'), config: { responseCache: false, shutdownGraceMs: 1_000 } });
    await app.ready();
    const { key } = await createKey(database.db, 'crash', 'test');
    expect((await app.inject({ method: 'GET', url: '/api/event/', headers: { 'API-KEY': key } })).statusCode).toBe(200);

    await pgliteHostOf(database.db)!.terminate();
    const after = await app.inject({ method: 'GET', url: '/api/event/', headers: { 'API-KEY': key } });
    expect(after.statusCode).toBeGreaterThanOrEqual(500);
    const write = await app.inject({ method: 'POST', url: '/api/event/', headers: { 'API-KEY': key }, payload: { Title: 'After the crash' } });
    expect(write.statusCode).toBeGreaterThanOrEqual(500);
    await app.close().catch(() => undefined);
  });

  it('reports no failure when it is closed on purpose', async () => {
    const closed = await openTestDatabase('');
    const failures: Error[] = [];
    pgliteHostOf(closed.db)!.onFailure((error) => failures.push(error));
    await closed.close();
    expect(failures).toEqual([]);
    expect(await outcome(closed.db.execute(sql`select 1`))).not.toBe('answered');
  });
});

describe.skipIf(!!process.env.DATABASE_URL)('the PGlite worker under load', () => {
  // Issue 29: PGlite's execProtocolRaw kept a parsed copy of every message it answered, so the
  // worker's heap grew with every row ever read until the process died. Under a 64 MB ceiling
  // the worker reads 200 MB of rows; it would die within the first quarter if it kept them.
  it('keeps nothing of the rows it has answered', { timeout: 120_000 }, async () => {
    const host = await pgliteInWorker({ dataDir: 'memory://', heapLimitMb: 64 });
    const failures: Error[] = [];
    host.onFailure((error) => failures.push(error));
    const client = new pg.Client({ connection: host.connection } as pg.ClientConfig);
    try {
      await client.connect();
      for (let i = 0; i < 200; i++) {
        // 1,000 rows of 1 KB; the parameter makes each a named statement's run, as the service's are.
        const result = await client.query<{ text: string }>(`select repeat('x', 1000) || $1::text as text from generate_series(1, 1000)`, [String(i)]);
        expect(result.rows).toHaveLength(1000);
        expect(result.rows[999]!.text).toHaveLength(1000 + String(i).length);
      }
      expect(failures).toEqual([]);
    } finally {
      await client.end().catch(() => undefined);
      await host.close();
    }
  });
});

describe("the worker's file stats", () => {
  /** A stand-in for node:fs whose calls are counted. */
  function countingFs() {
    const calls: string[] = [];
    let size = 8192;
    const fs = {
      fstatSync: (fd: number, options?: object) => (calls.push(`fstat ${fd}${options ? ' with options' : ''}`), { size }),
      readSync: () => (calls.push('read'), 0),
      writeSync: () => (calls.push('write'), (size += 8192)),
      fsyncSync: () => void calls.push('fsync'),
      constants: { O_RDONLY: 0 },
    };
    (new Function(`return ${KEEP_FILE_STATS}`)() as (target: unknown) => void)(fs);
    return { fs, calls };
  }

  it('keeps a file\'s stats through reads, and forgets them all at any other call', () => {
    const { fs, calls } = countingFs();
    expect(fs.fstatSync(3).size).toBe(8192);
    fs.readSync();
    expect(fs.fstatSync(3).size).toBe(8192);
    expect(calls).toEqual(['fstat 3', 'read']);
    fs.writeSync();
    expect(fs.fstatSync(3).size).toBe(16384);
    // Any function not known to read forgets them too.
    fs.fsyncSync();
    fs.fstatSync(3);
    fs.fstatSync(4);
    expect(calls).toEqual(['fstat 3', 'read', 'write', 'fstat 3', 'fsync', 'fstat 3', 'fstat 4']);
    expect(fs.constants).toEqual({ O_RDONLY: 0 });
  });

  it('passes a call with options through', () => {
    const { fs, calls } = countingFs();
    fs.fstatSync(3);
    fs.fstatSync(3, { bigint: true });
    expect(calls).toEqual(['fstat 3', 'fstat 3 with options']);
  });

  it.skipIf(!!process.env.DATABASE_URL)('lets PostgreSQL see a table grow, shrink and come back after a restart', { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'control-room-stats-'));
    const count = async (client: pg.Client) => (await client.query<{ n: number }>('select count(*)::int as n from grows')).rows[0]!.n;
    try {
      for (const round of [1, 2]) {
        const host = await pgliteInWorker({ dataDir });
        const client = new pg.Client({ connection: host.connection } as pg.ClientConfig);
        try {
          await client.connect();
          if (round === 1) {
            await client.query('create table grows (id int, filler text)');
            // A scan of the empty table first: its size is kept, then the table grows by hundreds of pages.
            expect(await count(client)).toBe(0);
            await client.query(`insert into grows select i, repeat('x', 500) from generate_series(1, 5000) i`);
            expect(await count(client)).toBe(5000);
            await client.query('delete from grows where id > 100');
            await client.query('vacuum grows');
            expect(await count(client)).toBe(100);
            await client.query(`insert into grows select i, repeat('y', 500) from generate_series(101, 3000) i`);
          }
          expect(await count(client)).toBe(3000);
        } finally {
          await client.end().catch(() => undefined);
          await host.close();
        }
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
