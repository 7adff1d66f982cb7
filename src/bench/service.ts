/**
 * The service bench (`npm run bench -- --only service`): the service as a user starts it (the
 * bundle of main.ts with the start's Node flags, build-server.ts, in a child process, demo data), on PGlite and — with BENCH_DATABASE_URL — on a throwaway
 * database of a PostgreSQL server, each figure beside a bare Fastify route answering the same
 * bytes from memory in the same run (the ratio is what travels between machines):
 * - cold start of a fresh service until its first answer, and a second start on the same data;
 *   resident memory idle after each, and the peak;
 * - then `--service-events` (default 10 000) more events for the demo's client, seeded through
 *   the database (scale.ts `seed`), as issue 27 measured;
 * - GET /api/event/?pageSize=20&noCache=true one request at a time (p50: what one operator waits);
 * - that route, the same without noCache (the response cache) and GET /api/event/{id} under
 *   10 connections: requests/s, p50, p99, and the ratio to the bare route (run before and after
 *   the service's, the ratio to their mean);
 * - the mixed load of the goals: 50 connections for `--mixed-duration` s (default 60), reads of
 *   the list (cached and not) and of one event and one write in ten, with the response cache's
 *   hit ratio among the cached reads.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { openDatabase } from '../server/db/database.ts';
import { clientForKey } from '../server/db/keys.ts';
import { openTestDatabase, type TestDatabase } from '../server/db/test-database.ts';
import { freePort } from '../testing/ports.ts';
import { processMemoryMb, startNode, stopProcess, waitForAnswer } from '../testing/processes.ts';
import { buildServer, SERVICE_NODE_FLAGS } from '../server/build-server.ts';
import { seed } from './scale.ts';
import { type Goal, formatGoals, goal } from './goals.ts';

const KEY = 'bench-key-0123456789';

export interface ServiceOptions {
  databaseUrl?: string;
  events: number;
  durationSeconds: number;
  connections: number;
  mixedDurationSeconds: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

export interface MixedResult {
  connections: number;
  durationSeconds: number;
  requests: number;
  requestsPerSecond: number;
  writes: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Share of the reads the response cache may answer that it did answer (X-Cache: HIT). */
  cacheHitRatio: number | null;
}

export interface ServiceReport {
  driver: 'pglite' | 'postgres';
  events: number;
  durationSeconds: number;
  connections: number;
  coldStartMs: number;
  peakMemoryMb: number | null;
  /** Resident memory with the demo data, idle after the first start (VmRSS; PGlite's heap still holds what creating the database took). */
  idleMemoryMb: number | null;
  /** The same service started again on its data directory: time to the first answer, and resident memory idle after it. */
  restart: { startMs: number; idleMemoryMb: number | null };
  /** GET /api/event/?pageSize=20&noCache=true, one request at a time. */
  oneAtATime: { requests: number; p50Ms: number; p99Ms: number };
  /** `bare` is the mean of the bare route's runs before and after the service's (`bareRuns`, requests/s); `ratio` is to that mean. */
  routes: Record<string, { service: LoadResult; bare: LoadResult; bareRuns: [number, number]; ratio: number; bytes: number }>;
  mixed: MixedResult;
  goals: Record<string, Goal>;
}

async function load(url: string, headers: Record<string, string>, options: ServiceOptions): Promise<LoadResult> {
  const result = await autocannon({ url, headers, connections: options.connections, duration: options.durationSeconds });
  return { requestsPerSecond: Math.round(result.requests.average), p50Ms: result.latency.p50, p99Ms: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

async function oneAtATime(url: string, headers: Record<string, string>, requests = 100) {
  const times: number[] = [];
  for (let i = 0; i < requests + 5; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (i >= 5) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => Number(times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)]!.toFixed(1));
  return { requests, p50Ms: at(0.5), p99Ms: at(0.99) };
}

/** 50 connections: reads of the list (cached and not) and of one event, and one write in ten; loopback only, bounded in time. */
async function mixedLoad(base: string, headers: Record<string, string>, eventId: string, durationSeconds: number): Promise<MixedResult> {
  let n = 0;
  const cache = { hits: 0, reads: 0 };
  const result = await autocannon({
    url: base,
    connections: 50,
    duration: durationSeconds,
    timeout: 10,
    headers,
    requests: [
      {
        setupRequest: (request) => {
          n++;
          if (n % 10 === 0) {
            return { ...request, method: 'POST', path: '/api/event/', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ Title: `Bench write ${n}` }) };
          }
          const paths = ['/api/event/?pageSize=20', '/api/event/?pageSize=20&noCache=true', `/api/event/${eventId}`, '/api/event/?pageSize=20&pageNumber=2'];
          return { ...request, method: 'GET', path: paths[n % paths.length]! };
        },
        onResponse: (_status, _body, _context, responseHeaders) => {
          const verdict = Object.entries(responseHeaders ?? {}).find(([name]) => name.toLowerCase() === 'x-cache')?.[1];
          if (verdict === undefined) return;
          cache.reads++;
          if (verdict === 'HIT') cache.hits++;
        },
      },
    ],
  });
  return {
    connections: 50,
    durationSeconds,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    writes: Math.floor(n / 10),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    cacheHitRatio: cache.reads > 0 ? Number((cache.hits / cache.reads).toFixed(3)) : null,
  };
}

/** The demo's client gets `count` more events, written through the database while the service is stopped. */
async function seedEvents(where: { dataDir?: string; databaseUrl?: string }, count: number): Promise<void> {
  const database = await openDatabase(where.databaseUrl ? { databaseUrl: where.databaseUrl, poolSize: 2 } : { dataDir: where.dataDir! });
  try {
    const client = await clientForKey(database.db, KEY);
    if (!client) throw new Error('the demo key has no client');
    await seed(database, client.clientId, count, 'bench ');
  } finally {
    await database.close();
  }
}

export async function measureService(options: ServiceOptions): Promise<ServiceReport> {
  const driver = options.databaseUrl ? 'postgres' : 'pglite';
  const dataDir = mkdtempSync(join(tmpdir(), 'control-room-bench-'));
  let serverDb: TestDatabase | undefined;
  if (options.databaseUrl) serverDb = await openTestDatabase(options.databaseUrl);
  const where = serverDb?.url ? { databaseUrl: serverDb.url } : { dataDir };
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const headers = { 'API-KEY': KEY };
  const serviceEnv = { PORT: String(port), HOST: '127.0.0.1', DEMO_DATA: 'true', API_KEY: KEY, LOG_LEVEL: 'warn', ...(where.databaseUrl ? { DATABASE_URL: where.databaseUrl } : { DATA_DIR: dataDir, DATABASE_URL: '' }) };
  const listUrl = `${base}/api/event/?pageSize=20`;
  // What `npm start` runs: the bundle, with the start's flags (build-server.ts).
  const bundle = await buildServer();
  const start = async () => {
    const started = performance.now();
    const child = startNode(bundle, serviceEnv, { nodeArgs: [...SERVICE_NODE_FLAGS] });
    await waitForAnswer(listUrl, { headers, child, timeoutMs: 300_000 });
    return { child, ms: Math.round(performance.now() - started) };
  };
  const settle = () => new Promise((r) => setTimeout(r, 3_000));

  console.log(`Service (${driver}): starting on ${base}, a fresh database with the demo data...`);
  const first = await start();
  const coldStartMs = first.ms;
  let service = first.child;
  const barePort = await freePort();
  const bare = `http://127.0.0.1:${barePort}`;
  const bareServer = startNode('src/bench/bare-server.ts', { PORT: String(barePort) });
  try {
    await settle();
    const idleMemoryMb = processMemoryMb(service.pid, 'VmRSS');
    await stopProcess(service);
    let restartMs: number;
    ({ child: service, ms: restartMs } = await start());
    await settle();
    const restart = { startMs: restartMs, idleMemoryMb: processMemoryMb(service.pid, 'VmRSS') };
    console.log(`  cold start ${coldStartMs} ms, idle ${idleMemoryMb} MB; second start ${restart.startMs} ms, idle ${restart.idleMemoryMb} MB`);
    if (options.events > 0) {
      await stopProcess(service);
      console.log(`  seeding ${options.events} more events for the demo's client...`);
      await seedEvents(where, options.events);
      ({ child: service } = await start());
      await settle();
    }

    const listBody = await (await fetch(listUrl, { headers })).text();
    const firstId = (JSON.parse(listBody) as { results: { id: string }[] }).results[0]?.id;
    if (!firstId) throw new Error('The demo data has no events');
    const oneBody = await (await fetch(`${base}/api/event/${firstId}`, { headers })).text();
    await waitForAnswer(`${bare}/health`, { child: bareServer });
    const single = await oneAtATime(`${listUrl}&noCache=true`, headers);
    console.log(`  noCache list one at a time: p50 ${single.p50Ms} ms, p99 ${single.p99Ms} ms`);

    const routes: ServiceReport['routes'] = {};
    for (const route of [
      { name: 'GET /api/event/?pageSize=20', path: '/api/event/?pageSize=20', body: listBody },
      { name: 'GET /api/event/?pageSize=20&noCache=true', path: '/api/event/?pageSize=20&noCache=true', body: listBody },
      { name: 'GET /api/event/{id}', path: `/api/event/${firstId}`, body: oneBody },
    ]) {
      await fetch(`${bare}/set`, { method: 'POST', body: route.body });
      // The bare route before and after the service, the ratio against their mean: one bare run
      // read 27 474 and the next 37 512 req/s for the same bytes in the same quiet minute, so a
      // single one moved the ratio by a quarter.
      const floorBefore = await load(`${bare}/same-bytes`, {}, options);
      const measured = await load(`${base}${route.path}`, headers, options);
      const floorAfter = await load(`${bare}/same-bytes`, {}, options);
      const floor = { ...floorAfter, requestsPerSecond: Math.round((floorBefore.requestsPerSecond + floorAfter.requestsPerSecond) / 2) };
      const ratio = Number((measured.requestsPerSecond / Math.max(1, floor.requestsPerSecond)).toFixed(3));
      routes[route.name] = { service: measured, bare: floor, bareRuns: [floorBefore.requestsPerSecond, floorAfter.requestsPerSecond], ratio, bytes: Buffer.byteLength(route.body) };
      console.log(`  ${route.name}: ${measured.requestsPerSecond} req/s p50 ${measured.p50Ms} ms p99 ${measured.p99Ms} ms | bare ${floorBefore.requestsPerSecond} before, ${floorAfter.requestsPerSecond} after | ratio ${ratio} (to their mean)`);
    }

    console.log(`  mixed: 50 connections for ${options.mixedDurationSeconds} s...`);
    const mixed = await mixedLoad(base, headers, firstId, options.mixedDurationSeconds);
    console.log(`  mixed: ${mixed.requests} requests (${mixed.writes} writes), p50 ${mixed.p50Ms} ms, p99 ${mixed.p99Ms} ms, ${mixed.errors} errors, ${mixed.timeouts} timeouts, ${mixed.non2xx} non-2xx, cache hits ${mixed.cacheHitRatio}`);
    const peakMemoryMb = processMemoryMb(service.pid, 'VmHWM');
    const ratio = (name: string) => routes[name]?.ratio ?? null;
    const goals = {
      cachedListRatio: goal(ratio('GET /api/event/?pageSize=20'), '>= 0.5 x bare', (v) => v >= 0.5),
      noCacheListRatio: goal(ratio('GET /api/event/?pageSize=20&noCache=true'), '>= 0.1 x bare', (v) => v >= 0.1),
      mixedP99Ms: goal(mixed.p99Ms, '<= 250 ms', (v) => v <= 250),
      mixedErrorsAndTimeouts: goal(mixed.errors + mixed.timeouts, '0', (v) => v === 0),
      idleMemoryMb: goal(restart.idleMemoryMb, '<= 250 MB', (v) => v <= 250),
      secondStartMs: goal(restart.startMs, '<= 5000 ms', (v) => v <= 5_000),
    };
    for (const line of formatGoals(goals)) console.log(line);
    return { driver, events: options.events, durationSeconds: options.durationSeconds, connections: options.connections, coldStartMs, peakMemoryMb, idleMemoryMb, restart, oneAtATime: single, routes, mixed, goals };
  } finally {
    await stopProcess(service);
    await stopProcess(bareServer);
    await serverDb?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
