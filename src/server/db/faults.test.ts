/**
 * The database goes away (DESIGN.md "Database faults"), on a real PostgreSQL server: the service
 * keeps running, answers 503 with Retry-After while the database cannot be reached, recovers by
 * itself, and its jobs resume.
 *
 * - Connections terminated (pg_terminate_backend on this test's own database only): runs wherever
 *   DATABASE_URL names a PostgreSQL server (the PostgreSQL pass of CI).
 * - Server restarted, and stopped then started: these stop a PostgreSQL server, so they run only
 *   against a cluster of their own, named by FAULTS_PG_CLUSTER ("15 faults": version and name for
 *   pg_ctlcluster) and FAULTS_DATABASE_URL (a database on it whose role may CREATE DATABASE).
 *   .ci/run creates that cluster on port 5499.
 */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { openTestDatabase, type TestDatabase } from './test-database.ts';
import { createKey } from './keys.ts';
import { z } from 'zod';
import { defineJob, jobKind } from '../jobs/define.ts';
import { enqueue } from '../jobs/queue.ts';
import { systemClock } from '../jobs/clock.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Harness {
  database: TestDatabase;
  app: FastifyInstance;
  headers: Record<string, string>;
  ran: string[];
  close(): Promise<void>;
}

async function harness(databaseUrl: string): Promise<Harness> {
  const database = await openTestDatabase(databaseUrl);
  const ran: string[] = [];
  const probe = defineJob(jobKind('test.probe', z.object({ name: z.string() })), async ({ name }) => {
    ran.push(name);
  });
  const app = await buildApp({ database, clock: systemClock, jobs: [probe] });
  await app.ready();
  const { key } = await createKey(database.db, 'faults', 'test');
  return {
    database,
    app,
    headers: { 'API-KEY': key },
    ran,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** Requests until one succeeds; every failure on the way must be a 503 with Retry-After. Answers how many failed. */
async function untilRecovered(h: Harness, timeoutMs = 30_000): Promise<number> {
  const started = Date.now();
  let failures = 0;
  for (;;) {
    const response = await h.app.inject({ method: 'GET', url: '/api/event/?noCache=true', headers: h.headers });
    if (response.statusCode === 200) return failures;
    expect(response.statusCode, response.body).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toMatchObject({ errorType: 'DatabaseUnavailable' });
    failures++;
    if (Date.now() - started > timeoutMs) throw new Error(`the service did not recover within ${timeoutMs} ms`);
    await sleep(200);
  }
}

async function terminateBackends(url: string): Promise<number> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const result = await admin.query('select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    return (result.rows[0] as { n: number }).n;
  } finally {
    await admin.end();
  }
}

describe.skipIf(!process.env.DATABASE_URL)('connections terminated', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness(process.env.DATABASE_URL!);
  });
  afterAll(() => h.close());

  it('keeps running, answers 503 or the answer, and recovers by itself', async () => {
    expect((await h.app.inject({ method: 'GET', url: '/api/event/', headers: h.headers })).statusCode).toBe(200);
    for (let round = 0; round < 3; round++) {
      expect(await terminateBackends(h.database.url!)).toBeGreaterThan(0);
      await untilRecovered(h);
    }
    const created = await h.app.inject({ method: 'POST', url: '/api/event/', headers: h.headers, payload: { Title: 'After the faults' } });
    expect(created.statusCode).toBe(201);
  });

  it('jobs resume after their connections were terminated', async () => {
    await enqueue(h.database.db, systemClock, { type: 'test.probe', payload: { name: 'before' } });
    await terminateBackends(h.database.url!);
    // A round may fail on a dead connection; the worker carries on with the next.
    for (let i = 0; i < 20 && !h.ran.includes('before'); i++) {
      await h.app.jobs.runDue().catch(() => 0);
      await sleep(100);
    }
    expect(h.ran).toContain('before');
  });
});

const cluster = process.env.FAULTS_PG_CLUSTER?.split(/\s+/);
const faultsUrl = process.env.FAULTS_DATABASE_URL;

function pgctl(action: 'stop' | 'start' | 'restart'): void {
  if (action === 'start') {
    try {
      execFileSync('pg_ctlcluster', [cluster![0]!, cluster![1]!, 'status'], { stdio: 'ignore' });
      return; // running already
    } catch {
      // stopped: start it below
    }
  }
  const args = [cluster![0]!, cluster![1]!, action, ...(action === 'stop' ? ['-m', 'fast'] : [])];
  execFileSync('pg_ctlcluster', args, { stdio: 'ignore' });
}

describe.skipIf(!cluster || cluster.length !== 2 || !faultsUrl)('the server restarted, stopped and started (own cluster)', () => {
  let h: Harness;
  beforeAll(async () => {
    pgctl('start');
    h = await harness(faultsUrl!);
    h.app.jobs.start();
  });
  afterAll(async () => {
    pgctl('start');
    await h.close();
  });

  it('survives a restart and recovers by itself', async () => {
    expect((await h.app.inject({ method: 'GET', url: '/api/event/', headers: h.headers })).statusCode).toBe(200);
    pgctl('restart');
    await untilRecovered(h);
  });

  it('answers 503 with Retry-After while the server is down, then recovers; jobs queued before run after', async () => {
    await enqueue(h.database.db, systemClock, { type: 'test.probe', payload: { name: 'queued before the stop', }, runAt: new Date(Date.now() + 1_500) });
    pgctl('stop');
    try {
      for (let i = 0; i < 3; i++) {
        const response = await h.app.inject({ method: 'GET', url: '/api/event/?noCache=true', headers: h.headers });
        expect(response.statusCode, response.body).toBe(503);
        expect(response.headers['retry-after']).toBe('5');
        const write = await h.app.inject({ method: 'POST', url: '/api/event/', headers: h.headers, payload: { Title: 'While down' } });
        expect(write.statusCode).toBe(503);
      }
      // The job worker keeps polling (and failing) meanwhile, without ending the process.
      await sleep(2_000);
    } finally {
      pgctl('start');
    }
    await untilRecovered(h);
    for (let i = 0; i < 100 && !h.ran.includes('queued before the stop'); i++) await sleep(200);
    expect(h.ran).toContain('queued before the stop');
  });
});
