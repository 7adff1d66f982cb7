/**
 * Request collapsing for noCache reads (fresh-flight.ts): identical reads share a computation
 * that read what each of them may have seen written: one under way only when every writer is in
 * this process and the client's generation has not moved since it began, else the next one.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { clientForKey, createKey } from '../db/keys.ts';
import { openTestDatabase, type TestDatabase } from '../db/test-database.ts';
import { ManualClock } from '../jobs/clock.ts';
import { FreshFlights } from './fresh-flight.ts';
import type { CachedAnswer } from './response-cache.ts';

const answer = (text: string): CachedAnswer => ({ status: 200, body: Buffer.from(text) });

function computing(turn: ReturnType<FreshFlights['turn']>) {
  if (!('begin' in turn)) throw new Error('expected to compute, not to wait');
  return turn;
}
function waiting(turn: ReturnType<FreshFlights['turn']>) {
  if (!('wait' in turn)) throw new Error('expected to wait, not to compute');
  return turn.wait;
}

describe('fresh flights', () => {
  it('lets the requests of one turn share one computation', async () => {
    const flights = new FreshFlights();
    const first = computing(flights.turn('k', 'c'));
    const second = waiting(flights.turn('k', 'c'));
    const third = waiting(flights.turn('k', 'c'));
    await first.begin;
    first.settle(answer('one'));
    expect((await second)?.body.toString()).toBe('one');
    expect((await third)?.body.toString()).toBe('one');
    expect(flights.size).toBe(0);
  });

  it('with writers elsewhere, never lets a request join a computation under way: it waits for the next, begun once that one is done', async () => {
    const flights = new FreshFlights();
    const first = computing(flights.turn('k', 'c'));
    await first.begin;
    const second = computing(flights.turn('k', 'c'));
    const third = waiting(flights.turn('k', 'c'));
    let secondBegun = false;
    void second.begin.then(() => (secondBegun = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(secondBegun).toBe(false);
    first.settle(answer('read before'));
    await second.begin;
    second.settle(answer('read after'));
    expect((await third)?.body.toString()).toBe('read after');
    expect(flights.size).toBe(0);
  });

  /** Flights where every writer is in this process; `write` moves client c's generation. */
  function flightsOfOneProcess() {
    let generation = 0;
    const flights = new FreshFlights({ generationOf: (clientId) => (clientId === 'c' ? generation : 0) });
    return { flights, write: () => void generation++ };
  }

  it('lets a request join a computation under way when every writer is here and its client wrote nothing since it began', async () => {
    const { flights } = flightsOfOneProcess();
    const first = computing(flights.turn('k', 'c'));
    await first.begin;
    const joined = waiting(flights.turn('k', 'c'));
    first.settle(answer('read at 0'));
    expect((await joined)?.body.toString()).toBe('read at 0');
    expect(flights.size).toBe(0);
  });

  it('never lets a request join a computation under way once its client wrote after it began', async () => {
    const { flights, write } = flightsOfOneProcess();
    const first = computing(flights.turn('k', 'c'));
    await first.begin;
    write();
    const second = computing(flights.turn('k', 'c'));
    // The next computation, begun at the new generation, is joined in turn.
    const third = waiting(flights.turn('k', 'c'));
    first.settle(answer('read at 0'));
    await second.begin;
    const fourth = waiting(flights.turn('k', 'c'));
    second.settle(answer('read at 1'));
    expect((await third)?.body.toString()).toBe('read at 1');
    expect((await fourth)?.body.toString()).toBe('read at 1');
    expect(flights.size).toBe(0);
  });

  it('hands nothing on when the computation has nothing to share: those waiting compute their own', async () => {
    const flights = new FreshFlights();
    const first = computing(flights.turn('k', 'c'));
    const second = waiting(flights.turn('k', 'c'));
    await first.begin;
    first.settle(undefined);
    expect(await second).toBeUndefined();
    const again = computing(flights.turn('k', 'c'));
    await again.begin;
    again.settle(undefined);
    expect(flights.size).toBe(0);
  });

  it('keeps keys apart', async () => {
    const flights = new FreshFlights();
    const a = computing(flights.turn('a', 'c'));
    const b = computing(flights.turn('b', 'c'));
    await Promise.all([a.begin, b.begin]);
    a.settle(answer('a'));
    b.settle(answer('b'));
    expect(flights.size).toBe(0);
  });
});

describe('noCache reads through the service', () => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let headers: Record<string, string>;
  const statements: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(undefined, { logger: { logQuery: (query) => void statements.push(query) } });
    app = await buildApp({ database, clock: new ManualClock(new Date('2026-06-01T09:00:00Z')) });
    const { key } = await createKey(database.db, 'collapsing', 'collapsing');
    headers = { 'API-KEY': key };
    for (let i = 0; i < 5; i++) {
      const created = await app.inject({ method: 'POST', url: '/api/event/', headers, payload: { Title: `Collapsed ${i}` } });
      expect(created.statusCode).toBe(201);
    }
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const read = () => app.inject({ method: 'GET', url: '/api/event/?pageSize=20&noCache=true', headers });

  it('answers ten identical noCache reads at once with the statements of one or two', async () => {
    await read();
    statements.length = 0;
    const one = await read();
    const alone = statements.length;
    expect(alone).toBeGreaterThan(0);
    statements.length = 0;
    const ten = await Promise.all(Array.from({ length: 10 }, () => read()));
    expect(statements.length).toBeLessThanOrEqual(2 * alone);
    for (const response of ten) {
      expect(response.statusCode).toBe(200);
      // Not from the cache, and saying nothing of it.
      expect(response.headers['x-cache']).toBeUndefined();
      expect(response.json()).toEqual(one.json());
    }
  });

  it('lets a noCache read join one under way only where every writer is in this process (PGlite)', async () => {
    await read();
    statements.length = 0;
    await read();
    // The list's statements, known by their text: the service's own work (its jobs, the webhook
    // dispatcher) sends others on the same database meanwhile, and so does the hold below.
    const listStatements = new Set(statements);
    const readStatements = () => statements.filter((statement) => listStatements.has(statement));
    const alone = readStatements().length;
    statements.length = 0;
    const readTwice = async (between: () => void) => {
      statements.length = 0;
      // PGlite runs one statement at a time: with the database busy for a moment, the first read is
      // still under way when the second arrives, however loaded the machine (without it, a first
      // read that finished before the second got through Fastify left it nothing to join). On
      // PostgreSQL the read takes another connection and is not held.
      const held = database.db.execute(sql`select pg_sleep(1)`);
      const first = read();
      // The first read's statements are on their way: a computation under way.
      while (readStatements().length === 0) await new Promise((resolve) => setImmediate(resolve));
      between();
      const second = read();
      const [a, b] = await Promise.all([first, second]);
      await held;
      expect(b.json()).toEqual(a.json());
      return readStatements().length;
    };
    expect(await readTwice(() => undefined)).toBe(database.driver === 'pglite' ? alone : 2 * alone);
    // What a write of the client does once it committed: the read after it computes its own.
    const { clientId } = (await clientForKey(database.db, headers['API-KEY']!))!;
    expect(await readTwice(() => app.responseCache!.invalidate(clientId))).toBe(2 * alone);
  });

  it('answers a noCache read made after a write with the write', async () => {
    const before = read();
    const renamed = await app.inject({ method: 'POST', url: '/api/event/', headers, payload: { Title: 'Written meanwhile' } });
    expect(renamed.statusCode).toBe(201);
    const after = await read();
    expect((after.json() as { results: { title: string }[] }).results.map((e) => e.title)).toContain('Written meanwhile');
    expect((await before).statusCode).toBe(200);
  });
});
