/**
 * The response cache of the GET operations that take `noCache`: a write is visible to the very
 * next read (through the same process, through a job, through another process on the same
 * PostgreSQL), one client's answer is never served to another, `noCache=true` bypasses it, and
 * compressed answers are the same bytes once decompressed.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { allEndpoints } from '#schema';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/database.ts';
import { events } from '../db/tables/index.ts';
import { createTestApp, type TestApp, type TestTenant } from '#testing/app.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { createKey } from '../db/keys.ts';
import { ManualClock } from '../jobs/clock.ts';
import { enqueue } from '../jobs/queue.ts';
import { DISPATCH_JOB } from '../areas/webhook/dispatcher.ts';
import { ResponseCache } from './response-cache.ts';
import { recordEventChange } from '../changes/record.ts';
import { AUTO_START_JOB, automationKinds } from '../areas/event/index.ts';

let t: TestApp;
let other: TestTenant;

beforeAll(async () => {
  t = await createTestApp({ responseCache: true });
  other = await t.createTenant();
  // On PostgreSQL the cache serves once it hears the other processes (its LISTEN is in place).
  for (let i = 0; i < 100 && !t.app.responseCache!.isUsable; i++) await new Promise((r) => setTimeout(r, 50));
});
afterAll(() => t.close());

async function list(tenant?: TestTenant, query = '') {
  const response = await t.app.inject({ method: 'GET', url: `/api/event/?pageSize=50${query}`, headers: t.headers(tenant) });
  expect(response.statusCode).toBe(200);
  const body = response.json() as { totalCount: number; results: { id: string; title: string }[] };
  return { body, cache: response.headers['x-cache'], titles: body.results.map((e) => e.title) };
}

async function post(title: string, tenant?: TestTenant): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/api/event/', headers: t.headers(tenant), payload: { Title: title } });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}

/** Renames an event as background work does (a media lane, a job's step, the recorder): the row and its change, no request. */
async function backgroundRename(id: string, title: string): Promise<void> {
  await t.database.db.transaction(async (tx) => {
    const [row] = await tx.update(events).set({ title }).where(eq(events.id, id)).returning();
    await recordEventChange(tx, t.clock, { clientId: t.clientId, eventId: id, action: 'Updated', event: { refId: row!.refId, externalId: row!.externalId, state: row!.state, mp4State: row!.mp4State, provisionState: row!.provisionState }, flags: { metadataChanged: true } });
  });
}

describe('the response cache', () => {
  it('serves a repeated read from the cache, and a write is visible to the very next read', async () => {
    await post('First');
    expect((await list()).cache).toBe('MISS');
    const again = await list();
    expect(again.cache).toBe('HIT');
    expect(again.titles).toEqual(['First']);

    const id = await post('Second');
    const after = await list();
    expect(after.cache).toBe('MISS');
    expect(after.titles.sort()).toEqual(['First', 'Second']);

    const renamed = await t.app.inject({ method: 'POST', url: '/api/event/', headers: t.headers(), payload: { Id: id, Title: 'Second, renamed' } });
    expect(renamed.statusCode).toBe(201);
    expect((await list()).titles.sort()).toEqual(['First', 'Second, renamed']);

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/event/${id}`, headers: t.headers() });
    expect(deleted.statusCode).toBeLessThan(300);
    expect((await list()).titles).toEqual(['First']);
  });

  it('keys by client: one client never gets another\'s answer, and one client\'s write keeps the other\'s entries', async () => {
    await post('Other\'s own', other);
    const mine = await list();
    const theirs = await list(other);
    expect(theirs.titles).toEqual(['Other\'s own']);
    expect(mine.titles).not.toContain('Other\'s own');
    expect((await list(other)).cache).toBe('HIT');
    await post('Mine again');
    // The other client's entry survives a write of this one.
    expect((await list(other)).cache).toBe('HIT');
    expect((await list()).titles).toContain('Mine again');
  });

  it('keys by input: different filters, pages and spellings of the same question', async () => {
    const a = await list(undefined, '&pageNumber=1');
    const b = await list(undefined, '&pageNumber=2');
    expect(a.body.results.length).toBeGreaterThan(0);
    expect(b.body.results).toEqual([]);
    // The same parsed input, spelled differently, is the same entry.
    await t.app.inject({ method: 'GET', url: '/api/event/?pageSize=7&pageNumber=1', headers: t.headers() });
    const respelled = await t.app.inject({ method: 'GET', url: '/api/event/?pageNumber=01&pageSize=7', headers: t.headers() });
    expect(respelled.headers['x-cache']).toBe('HIT');
  });

  it('answers a hit for a URL it parsed before without parsing it again, and still refuses a bad one', async () => {
    const query = allEndpoints.find((e) => e.id === 'event.list')!.query!;
    const parse = vi.spyOn(query, 'safeParse');
    try {
      const url = '/api/event/?pageSize=9&pageNumber=1';
      const first = await t.app.inject({ method: 'GET', url, headers: t.headers() });
      const parsedOnce = parse.mock.calls.length;
      expect(parsedOnce).toBeGreaterThan(0);
      const again = await t.app.inject({ method: 'GET', url, headers: t.headers() });
      expect(again.headers['x-cache']).toBe('HIT');
      expect(again.body).toBe(first.body);
      expect(parse.mock.calls.length).toBe(parsedOnce);
      // Another client's request with the same URL is its own: parsed, and its own answer.
      const theirs = await t.app.inject({ method: 'GET', url, headers: t.headers(other) });
      expect(parse.mock.calls.length).toBeGreaterThan(parsedOnce);
      expect(theirs.body).not.toBe(first.body);
      // A write drops the entry: the known URL is computed again, and shows the write.
      await post('Seen after the hit');
      const afterWrite = await t.app.inject({ method: 'GET', url: '/api/event/?pageSize=50&pageNumber=1', headers: t.headers() });
      expect(afterWrite.body).toContain('Seen after the hit');
      // A URL that does not parse is never remembered: refused every time.
      for (let i = 0; i < 2; i++) {
        const bad = await t.app.inject({ method: 'GET', url: '/api/event/?pageSize=nine', headers: t.headers() });
        expect(bad.statusCode).toBe(400);
      }
    } finally {
      parse.mockRestore();
    }
  });

  it('remembers request URLs up to a million characters, forgetting the oldest, and no very long one', () => {
    const cache = new ResponseCache({ now: () => 0 });
    // 100-character URLs and keys: 5,000 of them fill it.
    const url = (i: number) => `url${String(i).padStart(97, '0')}`;
    const key = (i: number) => `key${String(i).padStart(97, '0')}`;
    for (let i = 0; i <= 5_000; i++) cache.rememberRequest(url(i), key(i));
    expect(cache.keyOfRequest(url(0))).toBeUndefined();
    expect(cache.keyOfRequest(url(1))).toBe(key(1));
    expect(cache.keyOfRequest(url(5_000))).toBe(key(5_000));
    // A URL of more than a hundredth of the bound is not kept at all.
    cache.rememberRequest(`url${'x'.repeat(10_000)}`, 'key');
    expect(cache.keyOfRequest(`url${'x'.repeat(10_000)}`)).toBeUndefined();
    expect(cache.keyOfRequest(url(1))).toBe(key(1));
  });

  it('noCache=true bypasses it', async () => {
    const cached = await list();
    expect(cached.titles.length).toBeGreaterThan(0);
    // A change behind the service's back (no write through it): only noCache sees it at once.
    await t.database.db.update(events).set({ title: 'Changed behind its back' }).where(eq(events.clientId, t.clientId));
    expect((await list()).titles).toEqual(cached.titles);
    const bypass = await list(undefined, '&noCache=true');
    expect(bypass.cache).toBeUndefined();
    expect(new Set(bypass.titles)).toEqual(new Set(['Changed behind its back']));
  });

  it('expires after its time-to-live on the app clock', async () => {
    await list();
    expect((await list()).cache).toBe('HIT');
    t.clock.advance(6_000);
    expect((await list()).cache).toBe('MISS');
  });

  it('computes an answer once for concurrent misses of the same question (single flight)', async () => {
    await post('Before the rush');
    const joinedBefore = t.app.responseCache!.snapshot().joined;
    const answers = await Promise.all(Array.from({ length: 8 }, () => list()));
    expect(answers.map((a) => a.cache).sort()).toEqual(['HIT', 'HIT', 'HIT', 'HIT', 'HIT', 'HIT', 'HIT', 'MISS']);
    expect(t.app.responseCache!.snapshot().joined - joinedBefore).toBe(7);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
  });

  it('never hands a read that follows a write an answer computed before it', async () => {
    const before = list();
    await post('Written meanwhile');
    const [early, after] = await Promise.all([before, list()]);
    expect(after.titles).toContain('Written meanwhile');
    expect(early.body.totalCount).toBeLessThanOrEqual(after.body.totalCount);
  });

  it('a background job of a kind whose writes may show drops the client\'s answers', async () => {
    await list();
    expect((await list()).cache).toBe('HIT');
    const id = await post('Job target');
    await list();
    // The job worker reports every job it ran, with its client (here an automation job of the client's event).
    await automationKinds[AUTO_START_JOB].enqueue(t.database.db, t.clock, { clientId: t.clientId, eventId: id }, { clientId: t.clientId });
    expect(await t.runJobs()).toBeGreaterThan(0);
    const after = await list();
    expect(after.cache).toBe('MISS');
    expect(after.titles).toContain('Job target');
  });

  it('a background job of a kind whose writes no answer shows keeps them', async () => {
    await list();
    expect((await list()).cache).toBe('HIT');
    // A webhook wake-up: deliveries are in no cached answer (define.ts `changesAnswers: false`).
    await enqueue(t.database.db, t.clock, { type: DISPATCH_JOB, payload: null, clientId: t.clientId });
    expect(await t.runJobs()).toBeGreaterThan(0);
    expect((await list()).cache).toBe('HIT');
  });

  it('a change written without a request (background work) drops the client\'s answers before the feed hands it to a page', async () => {
    const id = await post('Before background work');
    await list();
    expect((await list()).cache).toBe('HIT');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const controller = new AbortController();
    const feed = await fetch(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/changes`, { headers: t.headers(), signal: controller.signal });
    const reader = feed.body!.pipeThrough(new TextDecoderStream()).getReader();
    // As a media lane or a recorder writes: the row and its change, no request, no job.
    await t.database.db.transaction(async (tx) => {
      const [row] = await tx.update(events).set({ title: 'After background work' }).where(eq(events.id, id)).returning();
      await recordEventChange(tx, t.clock, { clientId: t.clientId, eventId: id, action: 'Updated', event: { refId: row!.refId, externalId: row!.externalId, state: row!.state, mp4State: row!.mp4State, provisionState: row!.provisionState }, flags: { metadataChanged: true } });
    });
    let text = '';
    while (!text.includes(id)) text += (await reader.read()).value ?? '';
    controller.abort();
    // The page heard of the change and asks again: it is answered the change.
    const after = await list();
    expect(after.cache).toBe('MISS');
    expect(after.titles).toContain('After background work');
  });

  it('a change written without a request, with no feed open, drops the client\'s answers: the next reads see it', async () => {
    const id = await post('Before quiet background work');
    await list();
    expect((await list()).cache).toBe('HIT');
    // As a media lane's step or the recorder writes, with no page listening: the row and its change.
    await backgroundRename(id, 'After quiet background work');
    // The app's clock stands still: only the change's own drop (at its commit) can bring the new title.
    await expect.poll(async () => (await list()).titles).toContain('After quiet background work');
  });

  it('a change made by a request drops the client\'s answers once', async () => {
    const cache = t.app.responseCache!;
    const id = await post('Counted');
    const before = cache.snapshot().invalidations;
    const renamed = await t.app.inject({ method: 'POST', url: '/api/event/', headers: t.headers(), payload: { Id: id, Title: 'Counted, renamed' } });
    expect(renamed.statusCode).toBe(201);
    await list();
    expect((await list()).cache).toBe('HIT');
    // Then one change without a request; once its drop is seen, the request's change has been heard too (in commit order).
    await backgroundRename(id, 'Counted, renamed again');
    await expect.poll(async () => (await list()).titles).toContain('Counted, renamed again');
    expect(cache.snapshot().invalidations - before).toBe(2);
  });

  it('compresses cached answers once and answers the same JSON, brotli or gzip', async () => {
    for (let i = 0; i < 30; i++) await post(`Event number ${i} with a title long enough to compress`);
    const plain = await t.app.inject({ method: 'GET', url: '/api/event/?pageSize=50', headers: t.headers() });
    const br = await t.app.inject({ method: 'GET', url: '/api/event/?pageSize=50', headers: { ...t.headers(), 'accept-encoding': 'gzip, br' } });
    const gz = await t.app.inject({ method: 'GET', url: '/api/event/?pageSize=50', headers: { ...t.headers(), 'accept-encoding': 'gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it('compresses answers outside the cache too (a list without noCache)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString())).toHaveProperty('openapi');
  });
});

describe('the bounds of the response cache (issue 29)', () => {
  const answer = (i: number) => ({ status: 200, body: Buffer.from(`{"results":[${'0,'.repeat(200)}${i}]}`) });

  it('holds at most maxBytes of bodies, keys and compressed forms, however many questions never repeat', async () => {
    const cache = new ResponseCache({ now: () => 0, maxBytes: 20_000 });
    for (let i = 0; i < 2_000; i++) {
      const key = ResponseCache.key('client', 'event.list', { params: {}, query: { search: `word${i}` } });
      const kept = cache.store(key, 'client', cache.generation('client'), answer(i));
      await cache.encodedOf(kept, 'br', async () => Buffer.alloc(300));
      await cache.encodedOf(kept, 'gzip', async () => Buffer.alloc(300));
      expect(cache.snapshot().bytes).toBeLessThanOrEqual(20_000);
    }
    expect(cache.snapshot().entries).toBeGreaterThan(5);
    expect(cache.snapshot().entries).toBeLessThan(2_000 * (20_000 / 2_000_000) + 20);
  });

  it('compresses an answer once for the requests that ask for it at the same time', async () => {
    const cache = new ResponseCache({ now: () => 0 });
    const key = ResponseCache.key('client', 'event.list', { params: {}, query: {} });
    const kept = cache.store(key, 'client', cache.generation('client'), answer(1));
    let made = 0;
    const compress = async () => {
      made++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return Buffer.from('compressed');
    };
    const all = await Promise.all(Array.from({ length: 5 }, () => cache.encodedOf(kept, 'br', compress)));
    expect(made).toBe(1);
    expect(new Set(all).size).toBe(1);
    // A failed compression is not kept: the next request tries again.
    await expect(cache.encodedOf(kept, 'gzip', async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect((await cache.encodedOf(kept, 'gzip', compress)).toString()).toBe('compressed');
    expect(made).toBe(2);
  });

  it('drops the least recently used answer first', () => {
    // Room for eight answers of 443 bytes (body and key; one answer may take at most an eighth).
    const cache = new ResponseCache({ now: () => 0, maxBytes: 8 * 450 });
    const keys = Array.from({ length: 9 }, (_, q) => ResponseCache.key('client', 'event.list', { params: {}, query: { q } }));
    const store = (key: string, i: number) => cache.store(key, 'client', cache.generation('client'), answer(i));
    keys.slice(0, 8).forEach(store);
    expect(cache.snapshot().entries).toBe(8);
    expect(cache.get(keys[0]!)).toBeDefined();
    store(keys[8]!, 8);
    expect(cache.get(keys[0]!)).toBeDefined();
    expect(cache.get(keys[1]!)).toBeUndefined();
    expect(cache.get(keys[8]!)).toBeDefined();
  });

  it('remembers at most 10,000 API keys, forgetting the oldest', () => {
    const cache = new ResponseCache({ now: () => 0 });
    for (let i = 0; i <= 10_000; i++) cache.rememberKey(`hash${i}`, { clientId: `c${i}` });
    expect(cache.clientOfKey('hash0')).toBeUndefined();
    expect(cache.clientOfKey('hash1')).toEqual({ clientId: 'c1' });
    expect(cache.clientOfKey('hash10000')).toEqual({ clientId: 'c10000' });
  });
});

describe.skipIf(!process.env.DATABASE_URL)('the response cache across two processes on one PostgreSQL', () => {
  it('a write through one process is visible to the next read through the other', async () => {
    // The statements `a` runs: a write tells the other processes in its own transaction, not in one after it.
    const statements: string[] = [];
    const first = await openTestDatabase(undefined, { logger: { logQuery: (query) => void statements.push(query) } });
    const url = (first as { url?: string }).url!;
    const second = await openDatabase({ databaseUrl: url, poolSize: 2 });
    const clock = new ManualClock();
    const a = await buildApp({ database: first, clock });
    const b = await buildApp({ database: second, clock });
    try {
      await a.ready();
      await b.ready();
      const { key } = await createKey(first.db, 'two-processes', 'test');
      const headers = { 'API-KEY': key };
      const read = async () => {
        const response = await b.inject({ method: 'GET', url: '/api/event/', headers });
        return { cache: response.headers['x-cache'], titles: (response.json() as { results: { title: string }[] }).results.map((e) => e.title) };
      };
      // Wait for b's LISTEN: until then b does not cache at all.
      for (let i = 0; i < 50 && !b.responseCache!.isUsable; i++) await new Promise((r) => setTimeout(r, 100));
      expect(b.responseCache!.isUsable).toBe(true);
      await read();
      expect((await read()).cache).toBe('HIT');
      let id = '';
      for (let i = 0; i < 20; i++) {
        statements.length = 0;
        const created = await a.inject({ method: 'POST', url: '/api/event/', headers, payload: { Title: `Across ${i}` } });
        expect(created.statusCode).toBe(201);
        id = (created.json() as { id: string }).id;
        expect((await read()).titles).toContain(`Across ${i}`);
        expect(statements.filter((s) => /^\s*select pg_notify/i.test(s))).toEqual([]);
        expect(statements.filter((s) => /pg_notify/.test(s))).toHaveLength(1);
      }
      // An update and a delete: each a transaction of the binder's, told of in it.
      const updated = await a.inject({ method: 'POST', url: '/api/event/', headers, payload: { Id: id, Title: 'Across, renamed' } });
      expect(updated.statusCode).toBe(201);
      expect((await read()).titles).toContain('Across, renamed');
      expect((await a.inject({ method: 'DELETE', url: `/api/event/${id}`, headers })).statusCode).toBeLessThan(300);
      expect((await read()).titles).not.toContain('Across, renamed');
    } finally {
      await a.close();
      await b.close();
      await second.close();
      await first.close();
    }
  });
});

describe('the API keys the cache remembers', () => {
  it('a revoked key stops working at once (the revocation drops them)', async () => {
    const { createTestApp: create } = await import('#testing/app.ts');
    const { revokeKey } = await import('../db/keys.ts');
    const u = await create({ responseCache: true });
    try {
      for (let i = 0; i < 100 && !u.app.responseCache!.isUsable; i++) await new Promise((r) => setTimeout(r, 50));
      const read = () => u.app.inject({ method: 'GET', url: '/api/event/', headers: u.headers() });
      expect((await read()).statusCode).toBe(200);
      expect((await read()).statusCode).toBe(200);
      expect(await revokeKey(u.database.db, u.key.slice(0, 12), u.clock.now())).toBeGreaterThanOrEqual(0);
      // Revoked by id, as the CLI can: the notification reaches this process (PGlite: in-process).
      const { listKeys } = await import('../db/keys.ts');
      const mine = (await listKeys(u.database.db)).find((k) => k.client === u.clientName)!;
      await revokeKey(u.database.db, mine.id, u.clock.now());
      for (let i = 0; i < 20 && (await read()).statusCode !== 401; i++) await new Promise((r) => setTimeout(r, 25));
      expect((await read()).statusCode).toBe(401);
    } finally {
      await u.close();
    }
  });
});
