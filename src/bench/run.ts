/**
 * `npm run bench`: measures the service and the dashboard and writes the figures to
 * `.bench/<timestamp>.json` (and `.bench/latest.json`), git-ignored, so runs can be compared
 * across commits with `npm run bench -- --compare .bench/<older>.json`. At the end it prints issue
 * 27's table (src/bench/goals.ts): each of the issue's rows this run measured, per database, beside
 * the issue's own figure, the compared report's, the goal and whether it is met.
 *
 * Sections (all by default; `--only service,scale` picks some):
 * - service: the service as a user starts it, on PGlite and — when BENCH_DATABASE_URL (or
 *   DATABASE_URL) names a PostgreSQL server — on a throwaway database there: cold and second
 *   start, then with `--service-events` (default 10 000) more events the list without the cache
 *   one request at a time, the list (cached and not) and one event under 10 connections beside a
 *   bare Fastify route returning the same bytes (the ratio travels between machines), and 50
 *   connections of reads and writes for `--mixed-duration` s with the cache's hit ratio
 *   (src/bench/service.ts).
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
 * - memory: the service's resident memory idle, after each of ten one-minute runs of 50
 *   connections (cached and uncached reads with varied query strings) under a 256 MB heap cap,
 *   at the peak and after the load, on PGlite and (BENCH_DATABASE_URL) PostgreSQL
 *   (`--memory-runs N`, `--memory-duration S`) (src/bench/memory.ts).
 * - live: in Chromium, how long a change made elsewhere takes to show on an open page through
 *   the change feed, for a publication, an asset, a download, a capture and an event (the events
 *   list), median of 20 each (`LIVE_RUNS`); goal: within 300 ms (src/bench/live.ts).
 * - bundle: the JavaScript a first load of each dashboard route fetches (raw, gzip, brotli) in
 *   Chromium, and which heavy libraries it carries, beside a bare React + MUI + react-query page
 *   built by vite the same way; goal: the events route <= 1.5 x the bare page (src/bench/bundle.ts).
 */
import { execSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { measureBrowser, type BrowserReport } from './browser.ts';
import { measurePlaylistEditor, type PlaylistEditorReport } from './playlist-editor.ts';
import { formatArchiver, measureArchiver, type ArchiverReport } from './archiver.ts';
import { formatScale, measureScale, type ScaleReport } from './scale.ts';
import { formatExport, measureExport, type ExportReport } from './export.ts';
import { formatDownloads, measureDownloads, type DownloadsReport } from './downloads.ts';
import { formatMedia, measureMedia, type MediaReport } from './media.ts';
import { formatPublications, measurePublications, type PublicationsReport } from './publications.ts';
import { measureWrites, type WritesReport } from './writes.ts';
import { formatMemory, measureMemory, type MemoryReport } from './memory.ts';
import { formatBundle, measureBundle, type BundleReport } from './bundle.ts';
import { formatLive, measureLive, type LiveReport } from './live.ts';
import { measureService, type ServiceReport } from './service.ts';
import { formatIssueRows, issueRows, type IssueRow } from './goals.ts';

const SECTIONS = ['service', 'scale', 'export', 'browser', 'playlist', 'media', 'downloads', 'archiver', 'publications', 'writes', 'live', 'memory', 'bundle'] as const;
type Section = (typeof SECTIONS)[number];

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
}

const DURATION_S = Number(option('duration') ?? process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** The mixed load of the goals: 50 connections for 60 s (`--mixed-duration` shortens it on a shared machine). */
const MIXED_DURATION_S = Number(option('mixed-duration') ?? process.env.BENCH_MIXED_DURATION ?? 60);

interface Report {
  date: string;
  commit: string | null;
  node: string;
  service?: { pglite: ServiceReport; postgres: ServiceReport | { skipped: string } };
  scale?: { pglite: ScaleReport; postgres: ScaleReport | { skipped: string }; growth?: Record<string, Record<string, number>> };
  export?: ExportReport;
  browser?: BrowserReport;
  playlist?: PlaylistEditorReport;
  media?: MediaReport;
  downloads?: DownloadsReport;
  archiver?: { pglite: ArchiverReport; postgres: ArchiverReport | { skipped: string } };
  publications?: { pglite: PublicationsReport; postgres: PublicationsReport | { skipped: string } };
  writes?: { pglite: WritesReport; postgres: WritesReport | { skipped: string } };
  memory?: { pglite: MemoryReport; postgres: MemoryReport | { skipped: string } };
  live?: LiveReport;
  bundle?: BundleReport;
  /** Issue 27's table: each of its rows measured in this run, beside the issue's figure and the compared report's. */
  issue27?: IssueRow[];
}

async function main(): Promise<void> {
  const only = option('only')?.split(',');
  const unknown = only?.filter((name) => !(SECTIONS as readonly string[]).includes(name));
  if (unknown?.length) throw new Error(`--only: unknown section ${unknown.join(', ')} (sections: ${SECTIONS.join(', ')})`);
  const run = (section: Section) => !only || only.includes(section);
  const report: Report = { date: new Date().toISOString(), commit: gitCommit(), node: process.version };
  // Read now: the file may be .bench/latest.json, which this run overwrites.
  const compare = option('compare');
  const before = compare ? (JSON.parse(readFileSync(compare, 'utf8')) as Report) : undefined;

  if (run('service')) {
    const options = { events: Number(option('service-events') ?? 10_000), durationSeconds: DURATION_S, connections: CONNECTIONS, mixedDurationSeconds: MIXED_DURATION_S };
    const pglite = await measureService(options);
    const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
    const postgres = databaseUrl ? await measureService({ ...options, databaseUrl }) : { skipped: 'no BENCH_DATABASE_URL or DATABASE_URL' };
    report.service = { pglite, postgres };
  }
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
    const growth: Record<string, Record<string, number>> = {};
    const [small, large] = [Math.min(...sizes), Math.max(...sizes)];
    for (const measured of [pglite, postgres]) {
      if (small === large || 'skipped' in measured) continue;
      const ratios: Record<string, number> = {};
      for (const [name, bySize] of Object.entries(measured.requests)) {
        const a = bySize[String(small)]?.p50Ms;
        const b = bySize[String(large)]?.p50Ms;
        if (a && b) ratios[name] = Number((b / a).toFixed(2));
      }
      growth[measured.driver] = ratios;
      console.log(`Growth ${small} -> ${large} events, ${measured.driver} (p50 ratio; goal <= 1.5 for every list query):`);
      for (const [name, ratio] of Object.entries(ratios)) console.log(`  ${ratio.toFixed(2).padStart(6)}${ratio <= 1.5 ? '' : '  over 1.5'}  ${name}`);
    }
    report.scale = { pglite, postgres, growth };
  }
  if ((run('browser') || run('playlist') || run('live') || run('bundle')) && !process.env.BENCH_SKIP_BUILD) execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
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

  if (run('memory')) {
    const runs = Number(option('memory-runs') ?? 10);
    const seconds = Number(option('memory-duration') ?? 60);
    console.log(`\nMemory: ${runs} runs of ${seconds} s under load, heap capped at 256 MB...`);
    const pglite = await measureMemory({ runs, seconds });
    const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
    const postgres = databaseUrl ? await measureMemory({ databaseUrl, runs, seconds }) : { skipped: 'no BENCH_DATABASE_URL or DATABASE_URL' };
    console.log(formatMemory(pglite));
    if ('runs' in postgres) console.log(formatMemory(postgres));
    report.memory = { pglite, postgres };
  }

  if (run('media')) {
    console.log('\nMedia: asset requests to COMPLETED with real ffmpeg...');
    report.media = await measureMedia();
    console.log(formatMedia(report.media));
  }

  if (run('live')) {
    console.log('\nLive updates: a change made elsewhere, until an open page shows it...');
    report.live = await measureLive({ log: () => undefined });
    console.log(formatLive(report.live));
  }

  if (run('bundle')) {
    console.log('\nDashboard weight: first-load JavaScript per route...');
    report.bundle = await measureBundle();
    console.log(formatBundle(report.bundle));
  }

  report.issue27 = issueRows(report, before);
  mkdirSync('.bench', { recursive: true });
  const file = join('.bench', `${report.date.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify(report, null, 2));
  writeFileSync(join('.bench', 'latest.json'), JSON.stringify(report, null, 2));
  console.log(`Written to ${file}`);
  if (compare && before) compareWith(report, before, compare);
  console.log(formatIssueRows(report.issue27));
}

function formatPlaylist(p: PlaylistEditorReport): string {
  const drag = (name: string, d: PlaylistEditorReport['keyboardDrag']) =>
    `  ${name}: ${d.durationMs} ms, main-thread CPU ${d.cpuPerStepMs} ms per step, longest task ${d.longestTaskMs} ms (${d.longTasks} over 50 ms), frames p50 ${d.frames.p50Ms} / p95 ${d.frames.p95Ms} / max ${d.frames.maxMs} ms, ${d.frames.over16Ms} of ${d.frames.frames} over 16 ms${d.landedAt === 1 ? '' : ` (the item landed at ${d.landedAt ?? 'a position out of view'}, not at the top)`}`;
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
function compareWith(report: Report, before: Report, file: string): void {
  // Reports written before the service section measured both databases held one PGlite report there
  // (and before the sections existed, at the top level).
  const legacy = before as unknown as Partial<ServiceReport> & { service?: Partial<ServiceReport> };
  const beforeService = (driver: 'pglite' | 'postgres'): Partial<ServiceReport> | undefined => {
    const service = before.service as Report['service'] | Partial<ServiceReport> | undefined;
    if (service && 'pglite' in service) return 'skipped' in service[driver] ? undefined : service[driver];
    return driver === 'pglite' ? (legacy.service ?? (legacy.routes ? legacy : undefined)) : undefined;
  };
  const pct = (now: number, then: number) => `${now} (was ${then}, ${then ? (((now - then) / then) * 100).toFixed(1) : '—'}%)`;
  console.log(`\nCompared with ${file}:`);
  for (const driver of ['pglite', 'postgres'] as const) {
    const now = report.service?.[driver];
    const then = beforeService(driver);
    if (!now || 'skipped' in now || !then?.routes) continue;
    console.log(`  ${driver} cold start ms: ${pct(now.coldStartMs, then.coldStartMs ?? 0)}`);
    console.log(`  ${driver} peak memory MB: ${pct(now.peakMemoryMb ?? 0, then.peakMemoryMb ?? 0)}`);
    if (then.oneAtATime) console.log(`  ${driver} noCache list one at a time, p50 ms: ${pct(now.oneAtATime.p50Ms, then.oneAtATime.p50Ms)}`);
    for (const [name, figures] of Object.entries(now.routes)) {
      const old = then.routes[name];
      if (old) console.log(`  ${driver} ${name}: req/s ${pct(figures.service.requestsPerSecond, old.service.requestsPerSecond)}, p99 ${pct(figures.service.p99Ms, old.service.p99Ms)}, ratio ${pct(figures.ratio, old.ratio)}`);
    }
    if (then.mixed) console.log(`  ${driver} mixed p99 ms: ${pct(now.mixed.p99Ms, then.mixed.p99Ms)}, errors+timeouts ${now.mixed.errors + now.mixed.timeouts} (was ${then.mixed.errors + then.mixed.timeouts})`);
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
  for (const [name, now] of Object.entries(report.live?.pages ?? {})) {
    const then = before.live?.pages[name];
    if (then) console.log(`  live ${name}: median ms ${pct(now.medianMs, then.medianMs)}`);
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
  for (const driver of ['pglite', 'postgres'] as const) {
    const now = report.memory?.[driver];
    const then = before.memory?.[driver];
    if (!now || !then || 'skipped' in now || 'skipped' in then) continue;
    console.log(`  ${driver} memory idle MB: ${pct(now.idleMb ?? 0, then.idleMb ?? 0)}, peak MB: ${pct(now.peakMb ?? 0, then.peakMb ?? 0)}, after load MB: ${pct(now.afterLoadMb ?? 0, then.afterLoadMb ?? 0)}`);
  }
  if (report.playlist && before.playlist) {
    const [now, then] = [report.playlist, before.playlist];
    console.log(`  playlist editor open ms: ${pct(now.openEditorMs, then.openEditorMs)}, save ms: ${pct(now.service.saveMs, then.service.saveMs)}`);
    for (const drag of ['keyboardDrag', 'mouseDrag'] as const) {
      console.log(`  playlist ${drag} CPU per step ms: ${pct(now[drag].cpuPerStepMs ?? 0, then[drag].cpuPerStepMs ?? 0)}, longest task ms: ${pct(now[drag].longestTaskMs, then[drag].longestTaskMs)}, frame p95 ms: ${pct(now[drag].frames.p95Ms, then[drag].frames.p95Ms)}`);
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
