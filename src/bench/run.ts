/**
 * `npm run bench`: measures the service and the dashboard and writes the figures to
 * `.bench/<timestamp>.json` (and `.bench/latest.json`), git-ignored, so runs can be compared
 * across commits with `npm run bench -- --compare .bench/<older>.json`.
 *
 * Sections (all by default; `--only service,scale` picks some):
 * - service: cold start of a fresh service (new PGlite directory, migrations, demo seed) until
 *   the first answer of GET /api/event/?pageSize=20; that route and GET /api/event/{id} under load
 *   (autocannon: requests/s, p50, p99), each beside a bare Fastify route returning the same bytes
 *   from memory in the same run: the ratio is the figure that travels between machines; the
 *   service process's peak resident memory (VmHWM).
 * - scale: GET /event/ with the common filters (noCache=true: the database, not the response
 *   cache; one cached figure beside them), GET /search/ and billing at 10 000 and 100 000
 *   events (`--sizes 10000,100000`), on PGlite and — when BENCH_DATABASE_URL (or DATABASE_URL)
 *   names a PostgreSQL server — on a throwaway database there (src/bench/scale.ts).
 * - export: GET /api/event/export.csv over real HTTP at 10 000 and 100 000 events (`--export-sizes`):
 *   time, rows, MB, and the peak growth of the service's heap and RSS, which must not grow with
 *   the rows (the file is streamed a page at a time) (src/bench/export.ts).
 * - browser: in Chromium, time until the Events list and the Schedule show their data with
 *   100 000 events (`--browser-events N`; needs dist/, built first unless BENCH_SKIP_BUILD=1)
 *   (src/bench/browser.ts).
 * - playlist: the playlist editor with 500 items in Chromium: time to open it, frame times and
 *   long tasks while an item is dragged from the bottom to the top (keyboard and mouse), and the
 *   service's time to save it (src/bench/playlist-editor.ts).
 * - media: request -> COMPLETED for an image, a 5 s GIF, a 30 s video cut (copied and
 *   frame-accurate) and 20 requests queued at once, with real ffmpeg (src/bench/media.ts).
 * - downloads: the time to make a 60 s VOD download from three clips, request to ready, with
 *   key-frame and frame-accurate cuts (`--download-runs N`, default 3) (src/bench/downloads.ts).
 * - archiver: GET available/, stats/ and segments/ (an hour, a day, the week) of a capture with a
 *   week of 4 s segments, on PGlite and (BENCH_DATABASE_URL) PostgreSQL (src/bench/archiver.ts).
 * - publications: the publication lists (live, VOD, with filters) and the publication monitor's
 *   first page at 10 000 publications (`--publications N`) (src/bench/publications.ts).
 * - writes: event updates through POST /api/event/ (10 connections) against the same transaction
 *   run directly on the database, webhook deliveries/s to a loopback receiver and the lag of the
 *   last one, a 1,000-event import, on PGlite and (BENCH_DATABASE_URL) PostgreSQL
 *   (`--write-count N`, default 1000) (src/bench/writes.ts).
 * - bundle: the JavaScript a first load of each dashboard route fetches (raw, gzip, brotli) in
 *   Chromium, and which heavy libraries it carries, beside a bare React + MUI + react-query page
 *   built by vite the same way; goal: the events route <= 1.5 x the bare page (src/bench/bundle.ts).
 */
import { execSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { measureBrowser, type BrowserReport } from './browser.ts';
import { measurePlaylistEditor, type PlaylistEditorReport } from './playlist-editor.ts';
import { formatArchiver, measureArchiver, type ArchiverReport } from './archiver.ts';
import { formatScale, measureScale, type ScaleReport } from './scale.ts';
import { formatExport, measureExport, type ExportReport } from './export.ts';
import { formatDownloads, measureDownloads, type DownloadsReport } from './downloads.ts';
import { formatMedia, measureMedia, type MediaReport } from './media.ts';
import { formatPublications, measurePublications, type PublicationsReport } from './publications.ts';
import { measureWrites, type WritesReport } from './writes.ts';
import { formatBundle, measureBundle, type BundleReport } from './bundle.ts';
import { freePort } from '../testing/ports.ts';
import { startNode, stopProcess, waitForAnswer } from '../testing/processes.ts';

const SECTIONS = ['service', 'scale', 'export', 'browser', 'playlist', 'media', 'downloads', 'archiver', 'publications', 'writes', 'bundle'] as const;
type Section = (typeof SECTIONS)[number];

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
}

const KEY = 'bench-key-0123456789';
const DURATION_S = Number(option('duration') ?? process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** The mixed load of the goals: 50 connections for 60 s (`--mixed-duration` shortens it on a shared machine). */
const MIXED_DURATION_S = Number(option('mixed-duration') ?? process.env.BENCH_MIXED_DURATION ?? 60);
const MIXED_CONNECTIONS = 50;

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

interface MixedResult {
  connections: number;
  durationSeconds: number;
  requests: number;
  writes: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

interface ServiceReport {
  durationSeconds: number;
  connections: number;
  coldStartMs: number;
  peakMemoryMb: number | null;
  /** Resident memory with the demo data, idle after the first start (VmRSS; PGlite's heap still holds what creating the database took). */
  idleMemoryMb: number | null;
  /** The same service started again on its data directory: time to the first answer, and resident memory idle after it. */
  restart: { startMs: number; idleMemoryMb: number | null };
  routes: Record<string, { service: LoadResult; bare: LoadResult; ratio: number; bytes: number }>;
  mixed?: MixedResult;
  /** The goals of issue 13, as measured in this run (ratios against the bare route of the same run). */
  goals: Record<string, { value: number | null; target: string; met: boolean | null }>;
}

function currentRssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
  } catch {
    return null;
  }
}

/** 50 connections, reads of the list (cached and not) and of one event, and one write in ten; loopback only, bounded in time. */
async function mixedLoad(base: string, headers: Record<string, string>, eventId: string): Promise<MixedResult> {
  let n = 0;
  const result = await autocannon({
    url: base,
    connections: MIXED_CONNECTIONS,
    duration: MIXED_DURATION_S,
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
      },
    ],
  });
  return {
    connections: MIXED_CONNECTIONS,
    durationSeconds: MIXED_DURATION_S,
    requests: result.requests.total,
    writes: Math.floor(n / 10),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

async function measureService(): Promise<ServiceReport> {
  const dataDir = mkdtempSync(join(tmpdir(), 'control-room-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const headers = { 'API-KEY': KEY };

  console.log(`Starting the service on ${base} (fresh PGlite in ${dataDir}, demo data)...`);
  const spawnedAt = performance.now();
  const serviceEnv = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DATA: 'true', API_KEY: KEY, LOG_LEVEL: 'warn' };
  let service = startNode('src/server/main.ts', serviceEnv);
  const bare = await freePort();
  const bareServer = startNode('src/bench/bare-server.ts', { PORT: String(bare) });
  try {
    await waitForAnswer(`${base}/api/event/?pageSize=20`, { headers, child: service });
    const coldStartMs = Math.round(performance.now() - spawnedAt);
    console.log(`Cold start to first answer: ${coldStartMs} ms`);

    const list = await fetch(`${base}/api/event/?pageSize=20`, { headers });
    const listBody = await list.text();
    const firstId = (JSON.parse(listBody) as { results: { id: string }[] }).results[0]?.id;
    if (!firstId) throw new Error('The demo data has no events');
    const oneBody = await (await fetch(`${base}/api/event/${firstId}`, { headers })).text();

    await waitForAnswer(`http://127.0.0.1:${bare}/health`, { child: bareServer });
    await new Promise((r) => setTimeout(r, 3_000));
    const idleMemoryMb = currentRssMb(service.pid);
    console.log(`Idle memory with the demo data: ${idleMemoryMb} MB`);
    const routes = [
      { name: 'GET /api/event/?pageSize=20', path: '/api/event/?pageSize=20', body: listBody },
      { name: 'GET /api/event/?pageSize=20&noCache=true', path: '/api/event/?pageSize=20&noCache=true', body: listBody },
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

    console.log(`Mixed load: ${MIXED_CONNECTIONS} connections for ${MIXED_DURATION_S} s, reads and writes...`);
    const mixed = await mixedLoad(base, headers, firstId);
    console.log(`  ${mixed.requests} requests (${mixed.writes} writes): p50 ${mixed.p50Ms} ms, p99 ${mixed.p99Ms} ms, ${mixed.errors} errors, ${mixed.timeouts} timeouts, ${mixed.non2xx} non-2xx`);

    const peakMemoryMb = peakRssMb(service.pid);
    console.log(`Peak memory of the service process: ${peakMemoryMb} MB`);

    // An operator's usual start: the data directory exists (no initdb, no migrations to run, no seed).
    await stopProcess(service);
    const restartedAt = performance.now();
    service = startNode('src/server/main.ts', serviceEnv);
    await waitForAnswer(`${base}/api/event/?pageSize=20`, { headers, child: service });
    const restart = { startMs: Math.round(performance.now() - restartedAt), idleMemoryMb: null as number | null };
    await new Promise((r) => setTimeout(r, 3_000));
    restart.idleMemoryMb = currentRssMb(service.pid);
    console.log(`Second start on the same data to first answer: ${restart.startMs} ms; idle memory then: ${restart.idleMemoryMb} MB`);
    const ratio = (name: string) => results[name]?.ratio ?? null;
    const goal = (value: number | null, target: string, met: (v: number) => boolean) => ({ value, target, met: value === null ? null : met(value) });
    const goals = {
      cachedListRatio: goal(ratio('GET /api/event/?pageSize=20'), '>= 0.5 x bare', (v) => v >= 0.5),
      noCacheListRatio: goal(ratio('GET /api/event/?pageSize=20&noCache=true'), '>= 0.1 x bare', (v) => v >= 0.1),
      mixedP99Ms: goal(mixed.p99Ms, '<= 250 ms', (v) => v <= 250),
      mixedErrorsAndTimeouts: goal(mixed.errors + mixed.timeouts, '0', (v) => v === 0),
      idleMemoryMb: goal(restart.idleMemoryMb, '<= 250 MB', (v) => v <= 250),
      secondStartMs: goal(restart.startMs, '<= 5000 ms', (v) => v <= 5_000),
    };
    for (const [name, g] of Object.entries(goals)) console.log(`  goal ${name}: ${g.value} (target ${g.target}) ${g.met === null ? '?' : g.met ? 'met' : 'NOT met'}`);
    return { durationSeconds: DURATION_S, connections: CONNECTIONS, coldStartMs, peakMemoryMb, idleMemoryMb, restart, routes: results, mixed, goals };
  } finally {
    await stopProcess(service);
    await stopProcess(bareServer);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

interface Report {
  date: string;
  commit: string | null;
  node: string;
  service?: ServiceReport;
  scale?: { pglite: ScaleReport; postgres: ScaleReport | { skipped: string }; growth?: Record<string, number> };
  export?: ExportReport;
  browser?: BrowserReport;
  playlist?: PlaylistEditorReport;
  media?: MediaReport;
  downloads?: DownloadsReport;
  archiver?: { pglite: ArchiverReport; postgres: ArchiverReport | { skipped: string } };
  publications?: { pglite: PublicationsReport; postgres: PublicationsReport | { skipped: string } };
  writes?: { pglite: WritesReport; postgres: WritesReport | { skipped: string } };
  bundle?: BundleReport;
}

async function main(): Promise<void> {
  const only = option('only')?.split(',');
  const unknown = only?.filter((name) => !(SECTIONS as readonly string[]).includes(name));
  if (unknown?.length) throw new Error(`--only: unknown section ${unknown.join(', ')} (sections: ${SECTIONS.join(', ')})`);
  const run = (section: Section) => !only || only.includes(section);
  const report: Report = { date: new Date().toISOString(), commit: gitCommit(), node: process.version };
  // Read now: the file may be .bench/latest.json, which this run overwrites.
  const compare = option('compare');
  const before = compare ? (JSON.parse(readFileSync(compare, 'utf8')) as Report & Partial<ServiceReport>) : undefined;

  if (run('service')) report.service = await measureService();
  if (run('scale')) {
    const sizes = (option('sizes') ?? '10000,100000').split(',').map(Number).filter((n) => n > 0);
    console.log(`\nScale: ${sizes.join(' and ')} events...`);
    const pglite = await measureScale({ driver: 'pglite', sizes });
    console.log(`\n${formatScale(pglite)}\n`);
    const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
    let postgres: ScaleReport | { skipped: string } = { skipped: 'no BENCH_DATABASE_URL or DATABASE_URL' };
    if (databaseUrl) {
      postgres = await measureScale({ driver: 'postgres', databaseUrl, sizes });
      console.log(`\n${formatScale(postgres)}\n`);
    } else console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL=postgres://... to measure it too)');
    // The goal "10k -> 100k events costs <= 1.5 x per list query": p50 at the largest size over the smallest.
    const growth: Record<string, number> = {};
    const [small, large] = [Math.min(...sizes), Math.max(...sizes)];
    if (small !== large) {
      for (const [name, bySize] of Object.entries(pglite.requests)) {
        const a = bySize[String(small)]?.p50Ms;
        const b = bySize[String(large)]?.p50Ms;
        if (a && b) growth[name] = Number((b / a).toFixed(2));
      }
      console.log(`Growth ${small} -> ${large} events (p50 ratio, PGlite; goal <= 1.5 for the list): ${JSON.stringify(growth)}`);
    }
    report.scale = { pglite, postgres, growth };
  }
  if ((run('browser') || run('playlist') || run('bundle')) && !process.env.BENCH_SKIP_BUILD) execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
  if (run('browser')) {
    console.log('\nBrowser: time until the data is on screen...');
    report.browser = await measureBrowser({ events: Number(option('browser-events') ?? 100_000) });
  }
  if (run('playlist')) {
    console.log('\nPlaylist editor: opening and dragging in a long playlist...');
    report.playlist = await measurePlaylistEditor();
    console.log(formatPlaylist(report.playlist));
  }
  if (run('downloads')) {
    console.log('\nVOD downloads: a 60 s download from three clips...');
    report.downloads = await measureDownloads(Number(option('download-runs') ?? 3));
    console.log(formatDownloads(report.downloads));
  }
  if (run('archiver')) {
    console.log('\nArchiver: available content and segments of a capture with a week of segments...');
    const pglite = await measureArchiver();
    console.log(formatArchiver(pglite));
    const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
    const postgres = databaseUrl ? await measureArchiver({ databaseUrl }) : { skipped: 'no BENCH_DATABASE_URL or DATABASE_URL' };
    if ('requests' in postgres) console.log(formatArchiver(postgres));
    report.archiver = { pglite, postgres };
  }

  if (run('export')) {
    const sizes = (option('export-sizes') ?? '10000,100000').split(',').map(Number).filter((n) => n > 0);
    console.log(`\nExport: the events list as CSV over HTTP at ${sizes.join(' and ')} events...`);
    report.export = await measureExport({ sizes });
    console.log(formatExport(report.export));
  }

  if (run('publications')) {
    const count = Number(option('publications') ?? 10_000);
    console.log(`\nPublications: the lists and the monitor at ${count} publications...`);
    const pglite = await measurePublications({ driver: 'pglite', count });
    console.log(formatPublications(pglite));
    const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
    let postgres: PublicationsReport | { skipped: string } = { skipped: 'no BENCH_DATABASE_URL or DATABASE_URL' };
    if (databaseUrl) {
      postgres = await measurePublications({ driver: 'postgres', databaseUrl, count });
      console.log(formatPublications(postgres));
    }
    report.publications = { pglite, postgres };
  }

  if (run('writes')) {
    const count = Number(option('write-count') ?? 1000);
    console.log(`\nWrites: ${count} event updates, their webhook deliveries, a 1,000-event import...`);
    const pglite = await measureWrites({ count });
    const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
    const postgres = databaseUrl ? await measureWrites({ databaseUrl, count }) : { skipped: 'no BENCH_DATABASE_URL or DATABASE_URL' };
    report.writes = { pglite, postgres };
  }

  if (run('media')) {
    console.log('\nMedia: asset requests to COMPLETED with real ffmpeg...');
    report.media = await measureMedia();
    console.log(formatMedia(report.media));
  }

  if (run('bundle')) {
    console.log('\nDashboard weight: first-load JavaScript per route...');
    report.bundle = await measureBundle();
    console.log(formatBundle(report.bundle));
  }

  mkdirSync('.bench', { recursive: true });
  const file = join('.bench', `${report.date.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify(report, null, 2));
  writeFileSync(join('.bench', 'latest.json'), JSON.stringify(report, null, 2));
  console.log(`Written to ${file}`);
  if (compare && before) compareWith(report, before, compare);
}

function formatPlaylist(p: PlaylistEditorReport): string {
  const drag = (name: string, d: PlaylistEditorReport['keyboardDrag']) =>
    `  ${name}: ${d.durationMs} ms, longest task ${d.longestTaskMs} ms (${d.longTasks} over 50 ms), frames p50 ${d.frames.p50Ms} / p95 ${d.frames.p95Ms} / max ${d.frames.maxMs} ms, ${d.frames.over16Ms} of ${d.frames.frames} over 16 ms${d.landedAt === 1 ? '' : ` (the item landed at ${d.landedAt ?? 'a position out of view'}, not at the top)`}`;
  return [
    `  ${p.items} items: service create ${p.service.createMs} ms, save ${p.service.saveMs} ms; editor open ${p.openEditorMs} ms`,
    drag('drag by keyboard', p.keyboardDrag),
    drag('drag by mouse', p.mouseDrag),
  ].join('\n');
}

function gitCommit(): string | null {
  try {
    const head = readFileSync('.git/HEAD', 'utf8').trim();
    return head.startsWith('ref: ') ? readFileSync(join('.git', head.slice(5)), 'utf8').trim() : head;
  } catch {
    return null;
  }
}

/** Prints the change of every figure against an earlier report (`--compare <file>`). */
function compareWith(report: Report, before: Report & Partial<ServiceReport>, file: string): void {
  // Reports written before the sections existed held the service figures at the top level.
  const beforeService: Partial<ServiceReport> | undefined = before.service ?? (before.routes ? before : undefined);
  const pct = (now: number, then: number) => `${now} (was ${then}, ${then ? (((now - then) / then) * 100).toFixed(1) : '—'}%)`;
  console.log(`\nCompared with ${file}:`);
  if (report.service && beforeService?.routes) {
    console.log(`  cold start ms: ${pct(report.service.coldStartMs, beforeService.coldStartMs ?? 0)}`);
    console.log(`  peak memory MB: ${pct(report.service.peakMemoryMb ?? 0, beforeService.peakMemoryMb ?? 0)}`);
    for (const [name, now] of Object.entries(report.service.routes)) {
      const then = beforeService.routes[name];
      if (!then) continue;
      console.log(`  ${name}: req/s ${pct(now.service.requestsPerSecond, then.service.requestsPerSecond)}, p99 ${pct(now.service.p99Ms, then.service.p99Ms)}, ratio ${pct(now.ratio, then.ratio)}`);
    }
  }
  for (const driver of ['pglite', 'postgres'] as const) {
    const now = report.scale?.[driver];
    const then = before.scale?.[driver];
    if (!now || !then || 'skipped' in now || 'skipped' in then) continue;
    for (const [name, bySize] of Object.entries(now.requests)) {
      for (const [size, figure] of Object.entries(bySize)) {
        const old = then.requests[name]?.[size];
        if (old) console.log(`  ${driver} ${name} @${size}: p50 ${pct(figure.p50Ms, old.p50Ms)}`);
      }
    }
  }
  for (const [name, now] of Object.entries(report.browser?.pages ?? {})) {
    const then = before.browser?.pages[name];
    if (then) console.log(`  browser ${name}: median ms ${pct(now.medianMs, then.medianMs)}`);
  }
  for (const [name, now] of Object.entries(report.bundle?.routes ?? {})) {
    const then = before.bundle?.routes[name];
    if (then) console.log(`  bundle ${name}: brotli KB ${pct(now.brotliKb, then.brotliKb)}`);
  }
  for (const driver of ['pglite', 'postgres'] as const) {
    const now = report.writes?.[driver];
    const then = before.writes?.[driver];
    if (!now || !then || 'skipped' in now || 'skipped' in then) continue;
    console.log(`  ${driver} updates/s: ${pct(now.updates.perSecond, then.updates.perSecond)}, p99 ms: ${pct(now.updates.p99Ms, then.updates.p99Ms)}, ratio: ${pct(now.ratio, then.ratio)}`);
    console.log(`  ${driver} deliveries/s: ${pct(now.deliveries.perSecond, then.deliveries.perSecond)}, last delivery lag ms: ${pct(now.deliveries.lastAfterLastWriteMs ?? 0, then.deliveries.lastAfterLastWriteMs ?? 0)}`);
    console.log(`  ${driver} import ms: ${pct(now.import.totalMs, then.import.totalMs)}`);
  }
  if (report.playlist && before.playlist) {
    const [now, then] = [report.playlist, before.playlist];
    console.log(`  playlist editor open ms: ${pct(now.openEditorMs, then.openEditorMs)}, save ms: ${pct(now.service.saveMs, then.service.saveMs)}`);
    for (const drag of ['keyboardDrag', 'mouseDrag'] as const) {
      console.log(`  playlist ${drag} longest task ms: ${pct(now[drag].longestTaskMs, then[drag].longestTaskMs)}, frame p95 ms: ${pct(now[drag].frames.p95Ms, then[drag].frames.p95Ms)}`);
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
