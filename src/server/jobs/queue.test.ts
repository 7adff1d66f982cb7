import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { listenForChanges } from '../changes/listen.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { jobs } from '../db/tables/jobs.ts';
import { closeServices, createServices } from '../services.ts';
import { ManualClock } from './clock.ts';
import { defineJob, jobKind } from './define.ts';
import { cancelByKey, enqueue, exponentialBackoff, JOBS_CHANNEL, JobWorker, type JobHandler } from './queue.ts';

// On PostgreSQL when DATABASE_URL is set (CI runs the suite both ways), else on in-memory PGlite.
const databaseUrl = process.env.DATABASE_URL;
let database: Database;
let clock: ManualClock;
/** The handlers here use none of them; a worker takes them all the same. */
const services = createServices(new ManualClock());

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
  await closeServices(services);
});
beforeEach(async () => {
  await database.db.delete(jobs);
  clock = new ManualClock('2026-03-01T10:00:00Z');
});

/** Kinds of any payload, for the queue's own tests. */
const kinds = (handlers: Record<string, JobHandler>) => Object.entries(handlers).map(([name, handler]) => defineJob(jobKind(name, z.unknown()), handler));

function worker(handlers: Record<string, JobHandler>, workerId?: string) {
  return new JobWorker({ db: database.db, clock, services, jobs: kinds(handlers), workerId, backoff: exponentialBackoff(1_000, 60_000) });
}

describe('job queue', () => {
  it('runs a job when the clock reaches its time, not before', async () => {
    const ran: unknown[] = [];
    const w = worker({ note: async (payload) => void ran.push(payload) });
    await enqueue(database.db, clock, { type: 'note', payload: { n: 1 }, runAt: new Date('2026-03-01T10:05:00Z') });

    expect(await w.runDue()).toBe(0);
    clock.advance(5 * 60_000);
    expect(await w.runDue()).toBe(1);
    expect(ran).toEqual([{ n: 1 }]);
    const [row] = await database.db.select().from(jobs);
    expect(row).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('retries a failing job with exponential backoff and gives up after the limit', async () => {
    let calls = 0;
    const w = worker({
      flaky: async () => {
        calls++;
        throw new Error(`receiver down (${calls})`);
      },
    });
    await enqueue(database.db, clock, { type: 'flaky', payload: null, maxAttempts: 3 });

    await w.runDue();
    let [row] = await database.db.select().from(jobs);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'receiver down (1)' });
    expect(row!.runAt.toISOString()).toBe('2026-03-01T10:00:01.000Z'); // 1 s after the first failure

    clock.advance(999);
    expect(await w.runDue()).toBe(0);
    clock.advance(1);
    await w.runDue();
    [row] = await database.db.select().from(jobs);
    expect(row!.runAt.toISOString()).toBe('2026-03-01T10:00:03.000Z'); // then 2 s

    clock.advance(2_000);
    await w.runDue();
    [row] = await database.db.select().from(jobs);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastError: 'receiver down (3)' });
    clock.advance(3_600_000);
    expect(await w.runDue()).toBe(0);
    expect(calls).toBe(3);
  });

  it('never runs one job on two workers at once', async () => {
    const runs = new Map<string, number>();
    const handler: JobHandler = async (payload) => {
      const id = (payload as { id: string }).id;
      runs.set(id, (runs.get(id) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 1));
    };
    for (let i = 0; i < 60; i++) await enqueue(database.db, clock, { type: 'count', payload: { id: `job-${i}` } });

    const [a, b, c] = await Promise.all([
      worker({ count: handler }, 'a').runDue(),
      worker({ count: handler }, 'b').runDue(),
      worker({ count: handler }, 'c').runDue(),
    ]);
    expect(a + b + c).toBe(60);
    expect(runs.size).toBe(60);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
  });

  it('takes over a job whose worker died once its lease has passed', async () => {
    await enqueue(database.db, clock, { type: 'slow', payload: null });
    const dead = new JobWorker({ db: database.db, clock, services, jobs: [], workerId: 'dead', leaseMs: 30_000 });
    expect(await dead.claim()).toHaveLength(1); // claimed, then the process "dies"

    const ran: string[] = [];
    const alive = worker({ slow: async () => void ran.push('ran') }, 'alive');
    expect(await alive.runDue()).toBe(0);
    clock.advance(30_001);
    expect(await alive.runDue()).toBe(1);
    expect(ran).toEqual(['ran']);
  });

  it('keeps one pending job per dedupe key, rescheduled by a second enqueue, and cancels it', async () => {
    const first = await enqueue(database.db, clock, { type: 'auto-start', payload: { at: 1 }, dedupeKey: 'auto-start:e1', runAt: new Date('2026-03-01T11:00:00Z') });
    const second = await enqueue(database.db, clock, { type: 'auto-start', payload: { at: 2 }, dedupeKey: 'auto-start:e1', runAt: new Date('2026-03-01T12:00:00Z') });
    expect(second).toBe(first);
    const rows = await database.db.select().from(jobs).where(eq(jobs.dedupeKey, 'auto-start:e1'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ payload: { at: 2 }, runAt: new Date('2026-03-01T12:00:00Z') });

    expect(await cancelByKey(database.db, 'auto-start:e1')).toBe(true);
    expect(await database.db.select().from(jobs)).toHaveLength(0);
  });

  it('starts polling in real time and stops after the job in hand', async () => {
    const ran: string[] = [];
    const w = new JobWorker({ db: database.db, clock, services, jobs: kinds({ ping: async () => void ran.push('ping') }), pollIntervalMs: 10 });
    w.start();
    await enqueue(database.db, clock, { type: 'ping', payload: null });
    w.wake();
    await expect.poll(() => ran.length, { timeout: 5_000 }).toBe(1);
    await w.stop();
  });

  it('hands a handler its payload parsed by its schema, and fails a payload that does not match at once', async () => {
    const seen: number[] = [];
    const typed = defineJob(jobKind('typed', z.object({ n: z.coerce.number() })), async ({ n }) => void seen.push(n + 1));
    const w = new JobWorker({ db: database.db, clock, services, jobs: [typed] });
    await typed.enqueue(database.db, clock, { n: 1 });
    await enqueue(database.db, clock, { type: 'typed', payload: { n: 'x' }, maxAttempts: 5 });
    expect(await w.runDue()).toBe(2);
    expect(seen).toEqual([2]);
    const failed = (await database.db.select().from(jobs)).find((j) => j.status === 'failed');
    expect(failed).toMatchObject({ attempts: 1, status: 'failed' });
    expect(failed!.lastError).toContain('does not match its schema');
    expect(() => typed.enqueue(database.db, clock, { n: 'not a number' } as never)).toThrow();
  });

  it('runs each kind with its own bound, the kinds beside each other, one kind in claim order', async () => {
    let open = 0;
    let most = 0;
    const order: number[] = [];
    const track = async (run: () => void) => {
      open++;
      most = Math.max(most, open);
      await new Promise((r) => setTimeout(r, 2));
      run();
      open--;
    };
    let wide = 0;
    let wideMost = 0;
    const serial = defineJob(jobKind('serial', z.object({ i: z.number() })), ({ i }) => track(() => order.push(i)));
    const parallel = defineJob(
      jobKind('parallel', z.null()),
      async () => {
        wide++;
        wideMost = Math.max(wideMost, wide);
        await new Promise((r) => setTimeout(r, 5));
        wide--;
      },
      { concurrency: 3 },
    );
    for (let i = 0; i < 6; i++) {
      await serial.enqueue(database.db, clock, { i }, { runAt: new Date(clock.now().getTime() - 1000 + i) });
      await parallel.enqueue(database.db, clock, null);
    }
    expect(await new JobWorker({ db: database.db, clock, services, jobs: [serial, parallel], batchSize: 12 }).runDue()).toBe(12);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(1);
    expect(wideMost).toBe(3);
  });

  it('wakes when a job due now is committed (NOTIFY on the jobs channel), without waiting for its poll', async () => {
    const ran: string[] = [];
    const w = new JobWorker({ db: database.db, clock, services, jobs: kinds({ ping: async () => void ran.push('ping') }), pollIntervalMs: 3_600_000 });
    const listener = listenForChanges(database.db, { channel: JOBS_CHANNEL, onNotify: () => w.wake() })!;
    await listener.ready;
    w.start();
    // The first round (at start) finds nothing; the next poll would be an hour away.
    await expect.poll(async () => (await database.db.select().from(jobs)).length).toBe(0);
    await new Promise((r) => setTimeout(r, 50));
    await database.db.transaction((tx) => enqueue(tx, clock, { type: 'ping', payload: null }));
    await expect.poll(() => ran.length, { timeout: 10_000 }).toBe(1);
    await w.stop();
    await listener.close();
  });
});

describe.skipIf(databaseUrl)('job queue across a restart (PGlite data directory)', () => {
  it('keeps pending jobs in the data directory and runs them after the restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'control-room-jobs-'));
    try {
      const before = await openDatabase({ dataDir: dir });
      await enqueue(before.db, clock, { type: 'survivor', payload: { msg: 'still here' }, runAt: new Date('2026-03-01T10:01:00Z') });
      await before.close();

      const after = await openDatabase({ dataDir: dir });
      const ran: unknown[] = [];
      clock.advance(60_000);
      await new JobWorker({ db: after.db, clock, services, jobs: kinds({ survivor: async (p) => void ran.push(p) }) }).runDue();
      expect(ran).toEqual([{ msg: 'still here' }]);
      await after.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
