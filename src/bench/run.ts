/**
 * `npm run bench`: measures the service on demo data and writes the figures to
 * `.bench/<timestamp>.json` (and `.bench/latest.json`), git-ignored, so runs can be compared
 * across commits with `npm run bench -- --compare .bench/<older>.json`.
 *
 * What it measures:
 * - cold start: spawn of a fresh service (new PGlite directory, migrations, demo seed) until the
 *   first successful answer of GET /api/event/?pageSize=20;
 * - GET /api/event/?pageSize=20 and GET /api/event/{id} under load (autocannon: requests/s,
 *   p50, p99), each beside a bare Fastify route that returns the same bytes from memory, in the
 *   same run on the same machine: the ratio is the figure that travels between machines;
 * - the service process's peak resident memory (VmHWM).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import autocannon from 'autocannon';

const KEY = 'bench-key-0123456789';
const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function startNode(script: string, env: Record<string, string>): ChildProcess {
  // `node --import tsx` rather than the tsx CLI, so the pid we measure is the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function waitFor(url: string, headers: Record<string, string>, timeoutMs = 120_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    try {
      const response = await fetch(url, { headers });
      if (response.ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function peakRssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmHWM:\s+(\d+)\s+kB/.exec(status)?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
  } catch {
    return null;
  }
}

interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

async function load(url: string, headers: Record<string, string>): Promise<LoadResult> {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'control-room-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const headers = { 'API-KEY': KEY };

  console.log(`Starting the service on ${base} (fresh PGlite in ${dataDir}, demo data)...`);
  const spawnedAt = performance.now();
  const service = startNode('src/server/main.ts', { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DATA: 'true', API_KEY: KEY, LOG_LEVEL: 'warn' });
  const bare = await freePort();
  const bareServer = startNode('src/bench/bare-server.ts', { PORT: String(bare) });
  try {
    await waitFor(`${base}/api/event/?pageSize=20`, headers);
    const coldStartMs = Math.round(performance.now() - spawnedAt);
    console.log(`Cold start to first answer: ${coldStartMs} ms`);

    const list = await fetch(`${base}/api/event/?pageSize=20`, { headers });
    const listBody = await list.text();
    const firstId = (JSON.parse(listBody) as { results: { id: string }[] }).results[0]?.id;
    if (!firstId) throw new Error('The demo data has no events');
    const oneBody = await (await fetch(`${base}/api/event/${firstId}`, { headers })).text();

    await waitFor(`http://127.0.0.1:${bare}/health`, {});
    const routes = [
      { name: 'GET /api/event/?pageSize=20', path: '/api/event/?pageSize=20', body: listBody },
      { name: 'GET /api/event/{id}', path: `/api/event/${firstId}`, body: oneBody },
    ];
    const results: Record<string, { service: LoadResult; bare: LoadResult; ratio: number; bytes: number }> = {};
    for (const route of routes) {
      await fetch(`http://127.0.0.1:${bare}/set`, { method: 'POST', body: route.body });
      console.log(`Load: ${route.name} (${CONNECTIONS} connections, ${DURATION_S} s), service then bare Fastify...`);
      const service = await load(`${base}${route.path}`, headers);
      const baseline = await load(`http://127.0.0.1:${bare}/same-bytes`, {});
      results[route.name] = {
        service,
        bare: baseline,
        ratio: Number((service.requestsPerSecond / Math.max(1, baseline.requestsPerSecond)).toFixed(3)),
        bytes: Buffer.byteLength(route.body),
      };
      console.log(
        `  service ${service.requestsPerSecond} req/s p50 ${service.p50Ms} ms p99 ${service.p99Ms} ms | bare ${baseline.requestsPerSecond} req/s | ratio ${results[route.name]!.ratio}`,
      );
    }

    const peakMemoryMb = peakRssMb(service.pid);
    console.log(`Peak memory of the service process: ${peakMemoryMb} MB`);
    const report = {
      date: new Date().toISOString(),
      commit: gitCommit(),
      node: process.version,
      durationSeconds: DURATION_S,
      connections: CONNECTIONS,
      coldStartMs,
      peakMemoryMb,
      routes: results,
    };
    mkdirSync('.bench', { recursive: true });
    const file = join('.bench', `${report.date.replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, JSON.stringify(report, null, 2));
    writeFileSync(join('.bench', 'latest.json'), JSON.stringify(report, null, 2));
    console.log(`Written to ${file}`);
    compareWith(report);
  } finally {
    await stop(service);
    await stop(bareServer);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function gitCommit(): string | null {
  try {
    const head = readFileSync('.git/HEAD', 'utf8').trim();
    return head.startsWith('ref: ') ? readFileSync(join('.git', head.slice(5)), 'utf8').trim() : head;
  } catch {
    return null;
  }
}

/** With `--compare <file>`, prints the change of every figure against an earlier run. */
function compareWith(report: { coldStartMs: number; peakMemoryMb: number | null; routes: Record<string, { service: LoadResult; ratio: number }> }): void {
  const index = process.argv.indexOf('--compare');
  const file = index > 0 ? process.argv[index + 1] : undefined;
  if (!file) return;
  const before = JSON.parse(readFileSync(file, 'utf8')) as typeof report;
  const pct = (now: number, then: number) => `${now} (was ${then}, ${then ? (((now - then) / then) * 100).toFixed(1) : '—'}%)`;
  console.log(`\nCompared with ${file}:`);
  console.log(`  cold start ms: ${pct(report.coldStartMs, before.coldStartMs)}`);
  console.log(`  peak memory MB: ${pct(report.peakMemoryMb ?? 0, before.peakMemoryMb ?? 0)}`);
  for (const [name, now] of Object.entries(report.routes)) {
    const then = before.routes[name];
    if (!then) continue;
    console.log(`  ${name}: req/s ${pct(now.service.requestsPerSecond, then.service.requestsPerSecond)}, p99 ${pct(now.service.p99Ms, then.service.p99Ms)}, ratio ${pct(now.ratio, then.ratio)}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
