/**
 * Memory under load (section `memory`, issue 29): the service as `npm start` runs it (the bundle
 * and Node flags of build-server.ts) with the demo data, its JavaScript
 * heap capped (`--max-old-space-size`, 256 MB), through `--memory-runs` (10) runs of
 * `--memory-duration` (60) seconds of 50 connections. Each run mixes cached and uncached reads with
 * query strings that rarely repeat (search words, page sizes and numbers, date windows, sort
 * columns, one event at a time, the search operation), so every cache and every per-statement
 * structure is offered more keys than it should keep. Resident memory (VmRSS) is read idle after
 * a second start (the database exists, as on an operator's usual start), after each run once the service has had `SETTLE_MS` to itself, and at the end; the
 * peak is VmHWM. PGlite always; PostgreSQL on a throwaway database when BENCH_DATABASE_URL (or
 * DATABASE_URL) names a server.
 *
 * Goals: the service answers every request of every run (0 errors, 0 timeouts, never exits under
 * the heap cap), and after the last run its memory is within 50 MB of where it was after the first
 * (what a busy day adds is bounded, not growing). Alone: `npx tsx src/bench/memory.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { openTestDatabase, type TestDatabase } from '../server/db/test-database.ts';
import { buildServer, SERVICE_NODE_FLAGS } from '../server/build-server.ts';
import { freePort } from '../testing/ports.ts';
import { processMemoryMb, startNode, stopProcess, waitForAnswer } from '../testing/processes.ts';
import { type Goal, formatGoals, goal } from './goals.ts';

const KEY = 'bench-memory-key-0123456789';
const CONNECTIONS = 50;
/** Quiet time after each run before memory is read: what is still held then is kept, not in flight. */
const SETTLE_MS = 5_000;
/** How much a run after the first may have added to the service's memory, in MB. */
const GROWTH_LIMIT_MB = 50;

export interface MemoryRun {
  requests: number;
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Resident memory after the run and SETTLE_MS of quiet. */
  rssMb: number | null;
}

export interface MemoryReport {
  driver: 'pglite' | 'postgres';
  heapLimitMb: number;
  runSeconds: number;
  idleMb: number | null;
  runs: MemoryRun[];
  peakMb: number | null;
  /** Resident memory after the last run and 30 s of quiet. */
  afterLoadMb: number | null;
  /** After the last run against after the first. */
  growthMb: number | null;
  /** Whether the service process was still running at the end. */
  survived: boolean;
  goals: Record<string, Goal>;
}

const WORDS = ['match', 'news', 'cup', 'final', 'live', 'show', 'concert', 'league', 'weather', 'studio', 'interview', 'derby', 'talk', 'debate', 'x'];
const ORDER_COLUMNS = ['Title', 'State', 'DisplayLiveStart', 'DisplayLiveEnd', 'Channel', 'RefId'];

/**
 * The n-th request of a run: a path that repeats only now and then, so caches see many keys.
 * Half the list reads bypass the response cache.
 */
function pathFor(n: number, eventIds: readonly string[], day0: number): string {
  const word = WORDS[n % WORDS.length]!;
  const kind = n % 10;
  if (kind === 0) return `/api/event/${eventIds[n % eventIds.length]}${n % 20 === 0 ? '?noCache=true' : ''}`;
  if (kind === 1) return `/api/search/?keywords=${word}${n % 7}&pageSize=${10 + (n % 4) * 10}`;
  const params = new URLSearchParams({ pageSize: String([10, 20, 50, 100][n % 4]), pageNumber: String(1 + (n % 9)) });
  if (n % 3 === 0) params.set('search', `${word}${n % 11 === 0 ? String(n % 97) : ''}`);
  if (n % 5 === 0) {
    const from = new Date(day0 + ((n % 30) - 15) * 86_400_000);
    params.set('from', from.toISOString());
    params.set('to', new Date(from.getTime() + (1 + (n % 6)) * 86_400_000).toISOString());
  }
  if (n % 4 === 0) params.set('orderColumn', ORDER_COLUMNS[n % ORDER_COLUMNS.length]!);
  if (n % 2 === 0) params.set('noCache', 'true');
  return `/api/event/?${params}`;
}

async function run(base: string, headers: Record<string, string>, eventIds: readonly string[], seconds: number): Promise<Omit<MemoryRun, 'rssMb'>> {
  let n = 0;
  const day0 = Date.now();
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 10,
    headers,
    requests: [{ setupRequest: (request) => ({ ...request, method: 'GET', path: pathFor(n++, eventIds, day0) }) }],
  });
  return {
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

export async function measureMemory(options: { databaseUrl?: string; runs?: number; seconds?: number; heapLimitMb?: number } = {}): Promise<MemoryReport> {
  const runs = options.runs ?? 10;
  const seconds = options.seconds ?? 60;
  const heapLimitMb = options.heapLimitMb ?? 256;
  const driver = options.databaseUrl ? 'postgres' : 'pglite';
  const dataDir = mkdtempSync(join(tmpdir(), 'control-room-bench-memory-'));
  let serverDb: TestDatabase | undefined;
  if (options.databaseUrl) serverDb = await openTestDatabase(options.databaseUrl);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const headers = { 'API-KEY': KEY };
  const output: string[] = [];
  console.log(`Memory (${driver}): the service on ${base} with demo data, heap capped at ${heapLimitMb} MB; ${runs} runs of ${seconds} s, ${CONNECTIONS} connections...`);
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DEMO_DATA: 'true',
    API_KEY: KEY,
    LOG_LEVEL: 'warn',
    ...(serverDb?.url ? { DATABASE_URL: serverDb.url } : { DATA_DIR: join(dataDir, 'service') }),
  };
  // What `npm start` runs: the bundle, with the start's flags (build-server.ts).
  const bundle = await buildServer();
  const start = async () => {
    const started = startNode(bundle, env, { nodeArgs: [...SERVICE_NODE_FLAGS, `--max-old-space-size=${heapLimitMb}`], output });
    await waitForAnswer(`${base}/api/event/?pageSize=1`, { headers, child: started, output, timeoutMs: 180_000 });
    return started;
  };
  // Measured from an operator's usual start, on a database that exists: the first start also
  // creates it (PGlite's initdb grows its WebAssembly memory, which is never given back).
  let child = await start();
  await stopProcess(child);
  child = await start();
  try {
    const list = (await (await fetch(`${base}/api/event/?pageSize=200`, { headers })).json()) as { results: { id: string }[] };
    const eventIds = list.results.map((e) => e.id);
    // The demo's own start-up work (seed jobs, the first maintenance) settles before the baseline.
    await new Promise((r) => setTimeout(r, 20_000));
    const idleMb = processMemoryMb(child.pid, 'VmRSS');
    console.log(`  idle: ${idleMb} MB`);
    const results: MemoryRun[] = [];
    for (let i = 0; i < runs && child.exitCode === null; i++) {
      const figures = await run(base, headers, eventIds, seconds);
      await new Promise((r) => setTimeout(r, SETTLE_MS));
      const rssMb = processMemoryMb(child.pid, 'VmRSS');
      results.push({ ...figures, rssMb });
      console.log(
        `  run ${i + 1}: ${figures.requests} requests (${figures.requestsPerSecond}/s), p99 ${figures.p99Ms} ms, ${figures.errors} errors, ${figures.timeouts} timeouts, ${figures.non2xx} non-2xx; RSS ${rssMb} MB`,
      );
    }
    const survived = child.exitCode === null && child.signalCode === null;
    if (!survived) console.log(`  the service exited (${child.exitCode ?? child.signalCode}):\n${output.join('').slice(-2_000)}`);
    const peakMb = processMemoryMb(child.pid, 'VmHWM');
    await new Promise((r) => setTimeout(r, 30_000));
    const afterLoadMb = processMemoryMb(child.pid, 'VmRSS');
    const first = results[0]?.rssMb ?? null;
    const last = results.at(-1)?.rssMb ?? null;
    const growthMb = first !== null && last !== null ? last - first : null;
    const failures = results.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0);
    const goals = {
      growthAfterFirstRunMb: goal(growthMb, `<= ${GROWTH_LIMIT_MB} MB`, (v) => v <= GROWTH_LIMIT_MB),
      failedRequests: goal(survived ? failures : null, '0, service alive', (v) => v === 0),
      afterLoadOverIdleMb: goal(afterLoadMb !== null && idleMb !== null ? afterLoadMb - idleMb : null, '<= 50 MB (issue 27)', (v) => v <= 50),
      idleMb: goal(idleMb, '<= 250 MB (issue 27)', (v) => v <= 250),
    };
    console.log(`  peak ${peakMb} MB; after the load and 30 s quiet ${afterLoadMb} MB; growth after the first run ${growthMb} MB`);
    for (const line of formatGoals(goals)) console.log(line);
    return { driver, heapLimitMb, runSeconds: seconds, idleMb, runs: results, peakMb, afterLoadMb, growthMb, survived, goals };
  } finally {
    await stopProcess(child);
    await serverDb?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function formatMemory(report: MemoryReport): string {
  const rss = report.runs.map((r) => r.rssMb ?? '?').join(' -> ');
  const failed = report.runs.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0);
  return `  ${report.driver}: idle ${report.idleMb} MB, after each run ${rss} MB, after load ${report.afterLoadMb} MB, peak ${report.peakMb} MB; ${failed} failed requests; ${report.survived ? 'alive' : 'EXITED'} under a ${report.heapLimitMb} MB heap`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  console.log(formatMemory(await measureMemory()));
  if (databaseUrl) console.log(formatMemory(await measureMemory({ databaseUrl })));
}
