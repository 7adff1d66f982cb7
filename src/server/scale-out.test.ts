/**
 * Scale-out, measured: two service processes (real `node` processes, no shared memory) on one
 * PostgreSQL database. A change through one shows in the other's change feed within 1 s, a cached
 * answer of one is dropped by a write through the other, and every webhook notification is
 * delivered once (jobs are claimed once), and a process killed in the middle of a burst of writes
 * loses no acknowledged write and no notification. Runs where DATABASE_URL names a PostgreSQL server.
 */
import type { ChildProcess } from 'node:child_process';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventChanges } from './db/tables/changes.ts';
import { openTestDatabase, type TestDatabase } from './db/test-database.ts';
import { freePort } from '#testing/ports.ts';
import { startNode, stopProcess, waitForAnswer } from '#testing/processes.ts';
import { Receiver } from '#testing/webhook-receiver.ts';

const KEY = 'scale-out-key-0123456789';
const headers = { 'API-KEY': KEY, 'content-type': 'application/json' };

function startService(port: number, databaseUrl: string): ChildProcess {
  return startNode('src/server/main.ts', { PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, API_KEY: KEY, DEMO_DATA: 'false', LOG_LEVEL: 'warn', OUTBOUND_ALLOW_PRIVATE: 'true', NODE_ENV: 'production' });
}

describe.skipIf(!process.env.DATABASE_URL)('two service processes on one PostgreSQL', () => {
  let database: TestDatabase;
  let a: ChildProcess;
  let b: ChildProcess;
  let baseA: string;
  let baseB: string;
  const receiver = new Receiver();
  const eventIdOf = (r: { fields: Record<string, unknown> }) => String(r.fields.eventId);

  beforeAll(async () => {
    database = await openTestDatabase();
    const [portA, portB] = [await freePort(), await freePort()];
    baseA = `http://127.0.0.1:${portA}`;
    baseB = `http://127.0.0.1:${portB}`;
    a = startService(portA, database.url!);
    await waitForAnswer(`${baseA}/api/event/`, { headers, child: a, intervalMs: 200 });
    b = startService(portB, database.url!);
    await waitForAnswer(`${baseB}/api/event/`, { headers, child: b, intervalMs: 200 });
    await receiver.start();
  }, 240_000);

  afterAll(async () => {
    for (const child of [a, b]) await stopProcess(child);
    await receiver.stop();
    await database?.close();
  }, 60_000);

  it('a change through one process shows in the other\'s change feed within 1 s', async () => {
    const controller = new AbortController();
    const stream = await fetch(`${baseB}/api/changes`, { headers, signal: controller.signal });
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    // Wait for the feed's `ready` before writing.
    while (!text.includes('event: ready')) text += decoder.decode((await reader.read()).value);
    const started = performance.now();
    const created = await fetch(`${baseA}/api/event/`, { method: 'POST', headers, body: JSON.stringify({ Title: 'Across processes' }) });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    while (!text.includes(id)) text += decoder.decode((await reader.read()).value);
    const elapsed = performance.now() - started;
    controller.abort();
    expect(elapsed).toBeLessThan(1_000);
  }, 30_000);

  it('a cached answer of one process is dropped by a write through the other', async () => {
    const list = async () => {
      const response = await fetch(`${baseB}/api/event/?pageSize=100`, { headers });
      return { cache: response.headers.get('x-cache'), titles: ((await response.json()) as { results: { title: string }[] }).results.map((e) => e.title) };
    };
    await list();
    for (let i = 0; i < 10; i++) {
      const created = await fetch(`${baseA}/api/event/`, { method: 'POST', headers, body: JSON.stringify({ Title: `Cache across ${i}` }) });
      expect(created.status).toBe(201);
      expect((await list()).titles).toContain(`Cache across ${i}`);
    }
  }, 60_000);

  it('delivers every webhook notification once, whichever process made the change', async () => {
    const hook = await fetch(`${baseA}/api/webhook/`, { method: 'POST', headers, body: JSON.stringify({ webhookUrl: receiver.url(), useJsonBody: true }) });
    expect(hook.status).toBe(200);
    receiver.received.length = 0;
    const writes = 10;
    for (let i = 0; i < writes; i++) {
      const base = i % 2 === 0 ? baseA : baseB;
      expect((await fetch(`${base}/api/event/`, { method: 'POST', headers, body: JSON.stringify({ Title: `Hooked ${i}` }) })).status).toBe(201);
    }
    await receiver.waitFor(() => receiver.received.length >= writes, 30_000);
    // A little longer, so a second delivery would show.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(receiver.received.length).toBe(writes);
    expect(new Set(receiver.received.map((r) => r.deliveryId)).size).toBe(writes);
  }, 60_000);

  // Last: it kills process A.
  it('a process killed in the middle of a burst loses no acknowledged write and no notification', async () => {
    // The webhook of the test before is still there; its receiver records every arrival.
    receiver.received.length = 0;
    const arrivals = receiver.received;
    const events: string[] = [];
    for (let i = 0; i < 4; i++) {
      const created = await fetch(`${baseB}/api/event/`, { method: 'POST', headers, body: JSON.stringify({ Title: `Burst ${i}` }) });
      events.push(((await created.json()) as { id: string }).id);
    }
    const acknowledged: { eventId: string; title: string }[] = [];
    let killed = false;
    const writer = async (w: number) => {
      for (let n = 0; n < 30; n++) {
        const eventId = events[(w + n) % events.length]!;
        const title = `Burst w${w} n${n}`;
        const base = n % 2 === 0 && !killed ? baseA : baseB;
        try {
          const response = await fetch(`${base}/api/event/`, { method: 'POST', headers, body: JSON.stringify({ Id: eventId, Title: title }) });
          if (response.status === 201) acknowledged.push({ eventId, title });
        } catch {
          // A write to the killed process: not acknowledged.
        }
      }
    };
    const burst = Promise.all(Array.from({ length: 8 }, (_, w) => writer(w)));
    while (acknowledged.length < 40) await new Promise((r) => setTimeout(r, 5));
    a.kill('SIGKILL');
    killed = true;
    await burst;
    expect(acknowledged.length).toBeGreaterThan(100);

    // Every committed change of these events (at least the acknowledged writes) reaches the
    // receiver, through B, once A's claims have run out.
    const changes = await database.db.select({ seq: eventChanges.seq, eventId: eventChanges.eventId }).from(eventChanges).where(inArray(eventChanges.eventId, events));
    expect(changes.length).toBeGreaterThanOrEqual(acknowledged.length + events.length);
    const seqs = new Set(changes.map((c) => c.seq));
    const arrived = () => new Set(arrivals.filter((r) => seqs.has(r.seq!)).map((r) => r.seq)).size;
    await receiver.waitFor(() => arrived() >= seqs.size, 120_000).catch(() => undefined);
    expect(arrived()).toBe(seqs.size);

    // In order per event: the first arrival of each change comes after every earlier one's.
    const firsts = new Map<string, (typeof arrivals)[number]>();
    for (const r of arrivals) if (!firsts.has(r.deliveryId)) firsts.set(r.deliveryId, r);
    for (const eventId of events) {
      const order = [...firsts.values()].filter((r) => eventIdOf(r) === eventId).map((r) => r.seq!);
      expect(order).toEqual([...order].sort((x, y) => x - y));
    }
    // Twice only as a retry: a repeated delivery id comes with a higher attempt number.
    const attempts = new Map<string, number[]>();
    for (const r of arrivals) attempts.set(r.deliveryId, [...(attempts.get(r.deliveryId) ?? []), r.attempt]);
    for (const list of attempts.values()) expect(list).toEqual([...new Set(list)].sort((x, y) => x - y));
  }, 240_000);
});
