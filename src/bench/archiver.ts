/**
 * The archiver's answers for a capture with a week of segments: GET /archivercapture/{id}/available/
 * (gaps-and-islands over every completed segment), /stats/, and /segments/ for an hour, a day and
 * the whole week. Seeds one capture with 4 s segments over 7 days (151 200 rows, one
 * generate_series INSERT) with a 10-minute gap every 6 hours and one failed segment in 500, into a
 * fresh database (in-memory PGlite, and PostgreSQL when BENCH_DATABASE_URL is set), then times each
 * request through app.inject: p50/p99 and the size of the answer. Part of `npm run bench`; alone:
 *
 *   npx tsx src/bench/archiver.ts
 */
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { createKey } from '../server/db/keys.ts';
import { openTestDatabase } from '../server/db/test-database.ts';
import { ManualClock } from '../server/jobs/clock.ts';

const NOW = new Date('2026-06-15T12:00:00Z');
const WEEK_MS = 7 * 24 * 3_600_000;
const SEGMENT_MS = 4_000;

export interface ArchiverRequestReport {
  name: string;
  runs: number;
  p50Ms: number;
  p99Ms: number;
  items: number;
  bytes: number;
}

export interface ArchiverReport {
  driver: 'pglite' | 'postgres';
  segments: number;
  seedMs: number;
  requests: ArchiverRequestReport[];
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export async function measureArchiver(options: { databaseUrl?: string } = {}): Promise<ArchiverReport> {
  const database = await openTestDatabase(options.databaseUrl);
  const clock = new ManualClock(NOW);
  const app = await buildApp({ database, clock, config: { validateResponses: false } });
  try {
    await app.ready();
    const { key } = await createKey(database.db, 'bench-archiver', 'bench');
    const headers = { 'API-KEY': key };
    const body = { id: 'week', startTime: new Date(NOW.getTime() - WEEK_MS).toISOString(), endTime: null, active: false, decryptKey: null, expiresIn: null, publishingPoints: ['http://bench/ingest/primary'] };
    const created = await app.inject({ method: 'POST', url: '/api/archivercapture/', headers, payload: body });
    if (created.statusCode !== 200) throw new Error(`capture: ${created.statusCode} ${created.body}`);
    const start = NOW.getTime() - WEEK_MS;
    const count = WEEK_MS / SEGMENT_MS;
    const seeded = performance.now();
    await database.db.execute(sql`
      insert into archiver_segments (client_id, capture_id, start_time, end_time, state, gave_up, attempts, source, created_at, updated_at)
      select c.client_id, 'week',
        to_timestamp((${start}::bigint + g * ${SEGMENT_MS}::bigint) / 1000.0), to_timestamp((${start}::bigint + (g + 1) * ${SEGMENT_MS}::bigint) / 1000.0),
        case when g % 500 = 7 then 'failed' else 'completed' end, g % 500 = 7, case when g % 500 = 7 then 3 else 1 end,
        jsonb_build_object('eventId', '00000000-0000-4000-8000-000000000000', 'publishingPoint', 'http://bench/ingest/primary',
          'positions', jsonb_build_array(g * 2, g * 2 + 1),
          'files', jsonb_build_array(jsonb_build_object('programme', 'programme', 'file', (g * 2) % 24, 'ms', 2000), jsonb_build_object('programme', 'programme', 'file', (g * 2 + 1) % 24, 'ms', 2000))),
        now(), now()
      from generate_series(0, ${count - 1}::int) g, archiver_captures c
      where c.id = 'week' and (g % 5400) >= 150`);
    await database.db.execute(sql`vacuum analyze archiver_segments`);
    const seedMs = performance.now() - seeded;
    const counted = (await database.db.execute(sql`select count(*)::int as n from archiver_segments`)) as unknown as { rows: { n: number }[] };
    const n = counted.rows[0]?.n ?? 0;
    const iso = (ms: number) => encodeURIComponent(new Date(ms).toISOString());
    const requests: [string, string, number][] = [
      ['available (a week)', '/api/archivercapture/week/available/', 30],
      ['stats', '/api/archivercapture/week/stats/', 30],
      ['segments, one hour', `/api/archivercapture/week/segments/?start=${iso(NOW.getTime() - 3_600_000)}&end=${iso(NOW.getTime())}`, 30],
      ['segments, one day', `/api/archivercapture/week/segments/?start=${iso(NOW.getTime() - 86_400_000)}&end=${iso(NOW.getTime())}`, 10],
      ['segments, the whole week', '/api/archivercapture/week/segments/', 3],
    ];
    const reports: ArchiverRequestReport[] = [];
    for (const [name, url, runs] of requests) {
      const times: number[] = [];
      let items = 0;
      let bytes = 0;
      for (let i = 0; i < runs + 1; i++) {
        const t0 = performance.now();
        const response = await app.inject({ url, headers });
        const ms = performance.now() - t0;
        if (response.statusCode !== 200) throw new Error(`${name}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        if (i === 0) {
          const parsed = response.json() as unknown;
          items = Array.isArray(parsed) ? parsed.length : 1;
          bytes = response.rawPayload.length;
          continue; // warm-up
        }
        times.push(ms);
      }
      times.sort((a, b) => a - b);
      reports.push({ name, runs, p50Ms: Math.round(percentile(times, 50) * 10) / 10, p99Ms: Math.round(percentile(times, 99) * 10) / 10, items, bytes });
    }
    return { driver: options.databaseUrl ? 'postgres' : 'pglite', segments: Number(n), seedMs: Math.round(seedMs), requests: reports };
  } finally {
    await app.close();
    await database.close();
  }
}

export function formatArchiver(report: ArchiverReport): string {
  const lines = [`Archiver on ${report.driver}: a week of ${report.segments} segments (seeded in ${report.seedMs} ms)`];
  for (const r of report.requests) {
    lines.push(`  ${r.name.padEnd(26)} p50 ${String(r.p50Ms).padStart(8)} ms  p99 ${String(r.p99Ms).padStart(8)} ms  ${r.items} items, ${(r.bytes / 1024).toFixed(0)} KB  (${r.runs} runs)`);
  }
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const pglite = await measureArchiver();
  console.log(formatArchiver(pglite));
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (databaseUrl) console.log(formatArchiver(await measureArchiver({ databaseUrl })));
}
