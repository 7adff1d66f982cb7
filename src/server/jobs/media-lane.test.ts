/**
 * The media lane (media-lane.ts): long media work runs beside the job rounds, by priority, a
 * bounded number at once, and goes back to the queue when the process closes. On PGlite, and on
 * PostgreSQL when DATABASE_URL is set.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../db/test-database.ts';
import type { Database } from '../db/database.ts';
import { jobs } from '../db/tables/jobs.ts';
import { closeServices, createServices } from '../services.ts';
import { ManualClock, systemClock } from './clock.ts';
import { defineJob, jobKind, type JobOptions } from './define.ts';
import { JobWorker, type JobHandler } from './queue.ts';

let database: Database;
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
});

const media = (name: string, handler: JobHandler, options: JobOptions = {}) => defineJob(jobKind(name, z.unknown()), handler, { lane: 'media', ...options });
const round = (name: string, handler: JobHandler) => defineJob(jobKind(name, z.unknown()), handler);

/** A gate a handler waits at until the test opens it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 2_000; i += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`never: ${what}`);
}

describe('the media lane', () => {
  it('takes its work by priority, then by when it fell due', async () => {
    const clock = new ManualClock('2026-03-01T10:00:00Z');
    const ran: unknown[] = [];
    const cut = media('test.cut', async (payload) => void ran.push(payload));
    const worker = new JobWorker({ db: database.db, clock, services, jobs: [cut], laneConcurrency: 1 });
    for (const [name, priority] of [['nine', 9], ['five', 5], ['one', 1], ['five again', 5]] as const) {
      await cut.enqueue(database.db, clock, name, { priority });
    }
    await worker.runDue();
    expect(ran).toEqual(['one', 'five', 'five again', 'nine']);
  });

  it('runs at most its concurrency at once, and a round never waits for it', async () => {
    const clock = new ManualClock('2026-03-01T10:00:00Z');
    const held = gate();
    let running = 0;
    let most = 0;
    const long = media('test.long', async () => {
      running += 1;
      most = Math.max(most, running);
      await held.opened;
      running -= 1;
    });
    const rounds: string[] = [];
    const quick = round('test.quick', async (payload) => void rounds.push(String(payload)));
    const worker = new JobWorker({ db: database.db, clock, services, jobs: [long, quick], laneConcurrency: 2, pollIntervalMs: 10 });
    for (let i = 0; i < 5; i += 1) await long.enqueue(database.db, clock, i);
    worker.start();
    try {
      await until(() => running === 2, 'two long jobs running');
      // While the lane is busy (and full), the rounds go on.
      await quick.enqueue(database.db, clock, 'beside');
      await until(() => rounds.includes('beside'), 'the quick job ran');
      expect(running).toBe(2);
      held.open();
      await until(async () => (await database.db.select().from(jobs).where(eq(jobs.type, 'test.long'))).every((j) => j.status === 'done'), 'every long job done');
      expect(most).toBe(2);
    } finally {
      held.open();
      await worker.stop();
    }
  });

  it('gives the work in hand back when the process closes, its attempt not counted', async () => {
    const clock = new ManualClock('2026-03-01T10:00:00Z');
    let stopped = false;
    const long = media('test.stoppable', async (_payload, ctx) => {
      await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve(), { once: true }));
      stopped = true;
      throw new Error('stopped');
    });
    const worker = new JobWorker({ db: database.db, clock, services, jobs: [long], pollIntervalMs: 10 });
    const id = await long.enqueue(database.db, clock, null, { maxAttempts: 1 });
    worker.start();
    await until(async () => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]?.status === 'running', 'the job claimed');
    await worker.stop();
    expect(stopped).toBe(true);
    const [job] = await database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(job).toMatchObject({ status: 'pending', attempts: 0, lockedBy: null, lastError: null });
    // Another process takes it up.
    const ran: string[] = [];
    const again = new JobWorker({ db: database.db, clock, services, jobs: [media('test.stoppable', async () => void ran.push('again'))] });
    await again.runDue();
    expect(ran).toEqual(['again']);
  });

  it('renews the lease of long work, so another process does not take it while it runs', async () => {
    const held = gate();
    const long = media('test.leased', async () => held.opened);
    const worker = new JobWorker({ db: database.db, clock: systemClock, services, jobs: [long], leaseMs: 3_000, pollIntervalMs: 10 });
    const id = await long.enqueue(database.db, systemClock, null);
    worker.start();
    try {
      const lease = async () => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]?.lockedUntil?.getTime() ?? 0;
      await until(async () => (await lease()) > 0, 'the job claimed');
      const first = await lease();
      await until(async () => (await lease()) > first, 'the lease renewed');
    } finally {
      held.open();
      await worker.stop();
    }
  });
});
