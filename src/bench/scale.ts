/**
 * How GET /event/ (past the response cache), GET /search/ and GET /stats/billing hold up as a
 * tenant grows: seeds 10 000 and 100 000 events (one generate_series INSERT per table) into a
 * fresh database — in-memory PGlite, and a throwaway database on a PostgreSQL server when one is
 * given — then times each request through app.inject and reports p50/p99 per size. Part of `npm run bench`; alone:
 *
 *   npx tsx src/bench/scale.ts                         # PGlite, 10 000 and 100 000
 *   BENCH_DATABASE_URL=postgres://u:p@host/db npx tsx src/bench/scale.ts   # also PostgreSQL
 *   npx tsx src/bench/scale.ts 20000                   # other sizes
 *   EXPLAIN=1 ...                                      # also EXPLAIN ANALYZE the SQL of each request at the largest size
 *   ONLY='search|billing' ...                          # only the requests whose name matches
 *   BENCH_SQL='create index ...' ...                   # run SQL after seeding: try an index before writing its migration
 *
 * After seeding, VACUUM ANALYZE leaves the tables as autovacuum keeps them on a PostgreSQL server
 * (statistics, visibility map for index-only scans). PGlite runs no autovacuum: a long-lived
 * embedded database only gets there through an explicit VACUUM.
 *
 * The SQL a request runs is captured with a Drizzle logger, so the plans shown are those of the
 * real queries with their real parameters.
 */
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import type { Database } from '../server/db/database.ts';
import { poolOf } from '../server/db/tenant-scope.ts';
import { createKey } from '../server/db/keys.ts';
import { openTestDatabase } from '../server/db/test-database.ts';
import { ManualClock } from '../server/jobs/clock.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const WARMUP = 3;
const EXPLAIN = process.env.EXPLAIN === '1';
const ONLY = process.env.ONLY ? new RegExp(process.env.ONLY, 'i') : undefined;
const BENCH_SQL = process.env.BENCH_SQL;
export const NOW = new Date('2026-06-15T12:00:00Z');
/** Events are spread over ~2 years around NOW, one every 10 minutes at 100 000. */
const FIRST = new Date('2025-06-01T00:00:00Z');

interface Captured {
  sql: string;
  params: unknown[];
}

/** Both drivers' clients answer `query(text, params)` with `{ rows }`; EXPLAIN needs the raw text and parameters. */
interface RawClient {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export type Driver = 'pglite' | 'postgres';

/** A fresh database of either driver whose queries are captured. */
export async function openScaleDatabase(databaseUrl: string | undefined): Promise<{ database: Database; raw: RawClient; captured: Captured[] }> {
  const captured: Captured[] = [];
  // '' and not undefined for PGlite: openTestDatabase would take DATABASE_URL in its place.
  const database = await openTestDatabase(databaseUrl ?? '', { logger: { logQuery: (text, params) => void captured.push({ sql: text, params }) } });
  captured.length = 0;
  return { database, raw: poolOf(database.db) as unknown as RawClient, captured };
}

const uuidArray = (ids: string[]) => `array[${ids.map((id) => `'${id}'`).join(',')}]::uuid[]`;
const textArray = (words: string[]) => `array[${words.map((w) => `'${w}'`).join(',')}]`;

/**
 * Lookups through SQL too: ids are made here so the events can point at them. `prefix` starts the
 * lookups' names, for a client that has lookups of its own (the service bench seeds the demo's).
 */
export async function seed(database: Database, clientId: string, count: number, prefix = ''): Promise<void> {
  // One statement per call: PGlite's extended protocol takes no multi-statement strings.
  const exec = async (script: string) => {
    for (const statement of script.split(/;\s*$/m).map((s) => s.trim()).filter(Boolean)) await database.db.execute(sql.raw(statement));
  };
  const stamp = `'${NOW.toISOString()}'::timestamptz`;
  const named = (names: string[]) => names.map((name) => ({ id: randomUUID(), name: `${prefix}${name}` }));
  const channels = named(['Arena 1', 'Arena 2', 'News 24', 'Main Stage', 'Culture', 'Esports']);
  const rooms = named(['Studio A', 'Studio B', 'Newsroom', 'Chapel']);
  const types = named(['Match', 'Concert', 'Bulletin', 'Service', 'Talk']);
  const xflows = named(['VOD flow', 'Archive flow']);
  const categories = named(['sports', 'music', 'news', 'worship', 'culture']);
  const tags = named(['red', 'blue', 'green', 'uhd', 'replay', 'premium', 'free', 'kids', 'late', 'live']);
  // The seeded events are those on the seeded channels (each has one), not the client's others.
  const seeded = `client_id = '${clientId}' and channel_id = any(${uuidArray(channels.map((c) => c.id))})`;
  const values = (rows: { id: string; name: string }[], extra: string) =>
    rows.map((r) => `('${r.id}', '${clientId}', '${r.name}'${extra})`).join(',');
  await exec(`
    insert into channels (id, client_id, name, configuration_json, date_created, date_modified) values ${values(channels, `, '{}', ${stamp}, ${stamp}`)};
    insert into rooms (id, client_id, name, date_created, date_modified) values ${values(rooms, `, ${stamp}, ${stamp}`)};
    insert into event_types (id, client_id, name, date_created, date_modified) values ${values(types, `, ${stamp}, ${stamp}`)};
    insert into xflows (id, client_id, name, configuration_json, date_created, date_modified) values ${values(xflows, `, '{}', ${stamp}, ${stamp}`)};
    insert into categories (id, client_id, name, label, date_created, date_modified)
      select id::uuid, client_id::uuid, name, initcap(name), date_created, date_modified from (values ${values(categories, `, ${stamp}, ${stamp}`)}) v(id, client_id, name, date_created, date_modified);
    insert into tags (id, client_id, name, date_created) values ${values(tags, `, ${stamp}`)};
  `);
  const minutes = Math.max(1, Math.floor((2 * 365 * 24 * 60) / count));
  await exec(`
    insert into events (client_id, title, description, ref_id, external_id, state, mp4_state, channel_id, room_id, event_type_id, xflow_id,
      scheduled_start, scheduled_end, display_start, actual_live_start, actual_live_end, capturing_live2vod, is_clip,
      date_created, date_modified, date_deleted)
    select '${clientId}'::uuid,
      (${textArray(['Match', 'Concert', 'News', 'Service', 'Final', 'Derby', 'Interview', 'Keynote'])})[1 + g % 8] || ' '
        || (${textArray(['alpha', 'beta', 'gamma', 'delta', 'omega', 'zulu', 'kilo'])})[1 + (g / 8) % 7] || ' ' || g,
      case when g % 3 = 0 then 'Description of event ' || g || ' about the ' || (${textArray(['needle', 'haystack', 'river', 'mountain'])})[1 + g % 4] end,
      'REF-' || g,
      case when g % 2 = 0 then 'ext-' || g end,
      (array[0, 1, 2, 5, 5, 5, 11, 10, 20, 24])[1 + g % 10],
      g % 3,
      (${uuidArray(channels.map((c) => c.id))})[1 + g % 6],
      case when g % 4 <> 3 then (${uuidArray(rooms.map((r) => r.id))})[1 + g % 4] end,
      (${uuidArray(types.map((t) => t.id))})[1 + g % 5],
      case when g % 3 <> 2 then (${uuidArray(xflows.map((x) => x.id))})[1 + g % 2] end,
      s.start, s.start + interval '90 minutes',
      case when g % 7 = 0 then s.start + interval '10 minutes' end,
      case when s.start < ${stamp} and g % 10 in (1, 2, 3, 4, 5, 9) then s.start end,
      case when s.start + interval '90 minutes' < ${stamp} and g % 10 in (1, 2, 3, 4, 5, 9) then s.start + interval '90 minutes' end,
      g % 11 = 0,
      g % 97 = 0,
      s.start - interval '7 days', s.start - interval '1 day' + (g % 1440) * interval '1 minute',
      case when g % 50 = 0 then ${stamp} end
    from generate_series(1, ${count}) g,
      lateral (select '${FIRST.toISOString()}'::timestamptz + g * interval '${minutes} minutes' as start) s;

    insert into event_categories (client_id, event_id, category_id, position)
      select client_id, id, (${uuidArray(categories.map((c) => c.id))})[1 + abs(hashtext(id::text)) % 5], 0
      from events where ${seeded} and abs(hashtext(id::text)) % 3 = 0;
    insert into event_tags (client_id, event_id, tag_id)
      select client_id, id, (${uuidArray(tags.map((t) => t.id))})[1 + abs(hashtext(id::text || 't')) % 10]
      from events where ${seeded} and abs(hashtext(id::text)) % 2 = 0;
    insert into custom_properties (client_id, event_id, category, key, value)
      select client_id, id, 'billing', 'resolution', (array['SD', 'HD', 'UHD'])[1 + abs(hashtext(id::text)) % 3]
      from events where ${seeded} and abs(hashtext(id::text)) % 5 = 0;
    insert into custom_properties (client_id, event_id, category, key, value)
      select client_id, id, 'clipping', 'user', 'user-' || abs(hashtext(id::text)) % 5
      from events where ${seeded} and is_clip;
  `);
  if (BENCH_SQL) await exec(BENCH_SQL);
  await exec('vacuum analyze');
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const iso = (d: Date) => encodeURIComponent(d.toISOString());
const week = { from: new Date('2026-06-01T00:00:00Z'), to: new Date('2026-06-08T00:00:00Z') };

/**
 * The event lists bypass the response cache (`noCache=true`), so that they measure the database
 * as the service bench's noCache figure does: a repeated request would otherwise be answered from
 * memory after the first. One cached figure stays beside them, named so, for contrast.
 */
const REQUESTS: [name: string, url: string][] = [
  ['event list, default order (cached)', '/api/event/?pageSize=20'],
  ['event list, default order', '/api/event/?noCache=true&pageSize=20'],
  ['event list, newest first', '/api/event/?noCache=true&pageSize=20&order=DESC'],
  ['event list, page 50', '/api/event/?noCache=true&pageSize=20&pageNumber=50'],
  // Deep in both sizes (offset 8 980 of 9 800 and of 98 000): the walk to a page's ids.
  ['event list, page 450', '/api/event/?noCache=true&pageSize=20&pageNumber=450'],
  ['event list, page 450 newest first', '/api/event/?noCache=true&pageSize=20&pageNumber=450&order=DESC'],
  ['event list, state filter', '/api/event/?noCache=true&pageSize=20&eventState=LIVE_PUBLISHED,LIVE_UNPUBLISHED'],
  ['event list, one week', `/api/event/?noCache=true&pageSize=20&from=${iso(week.from)}&to=${iso(week.to)}`],
  ['event list, channel + week', `/api/event/?noCache=true&pageSize=20&channel=Arena%201&from=${iso(week.from)}&to=${iso(week.to)}`],
  ['event list, modified since', `/api/event/?noCache=true&pageSize=20&fromModified=${iso(new Date('2026-06-14T00:00:00Z'))}`],
  ['event list, by title DESC', '/api/event/?noCache=true&pageSize=20&orderColumn=Title&order=DESC'],
  ['event list, tag', '/api/event/?noCache=true&pageSize=20&tags=uhd'],
  ['event list, category', '/api/event/?noCache=true&pageSize=20&category=sports'],
  ['event list, search (ILIKE)', '/api/event/?noCache=true&pageSize=20&search=needle'],
  ['event list, clips only', '/api/event/?noCache=true&pageSize=20&clipsOnly=true'],
  ['search, common word', '/api/search/?keywords=needle'],
  ['search, prefix as typed', '/api/search/?keywords=derby%20zu'],
  ['search, rare id', '/api/search/?keywords=REF-4242'],
  ['search, word + week', `/api/search/?keywords=final&from=${iso(week.from)}&to=${iso(week.to)}`],
  ['search, no keywords', '/api/search/?pageSize=20'],
  ['search, clips of a user', '/api/search/clips?clippingUser=user-1'],
  ['billing, this month', '/api/stats/billing'],
];

export interface ScaleFigure {
  p50Ms: number;
  p99Ms: number;
  /** totalCount of the answer: how many rows the request matched. */
  hits: number;
}

export interface ScaleReport {
  driver: Driver;
  runs: number;
  /** Seconds to seed each size. */
  seedSeconds: Record<string, number>;
  /** Request name → size → figures. */
  requests: Record<string, Record<string, ScaleFigure>>;
}

/** Seeds each size into a fresh database of the driver and times every request. */
export async function measureScale(options: { driver: Driver; databaseUrl?: string; sizes: number[]; log?: (line: string) => void }): Promise<ScaleReport> {
  const log = options.log ?? console.log;
  const requests = REQUESTS.filter(([name]) => !ONLY || ONLY.test(name));
  const report: ScaleReport = { driver: options.driver, runs: RUNS, seedSeconds: {}, requests: Object.fromEntries(requests.map(([name]) => [name, {}])) };
  for (const size of options.sizes) {
    const { database, raw, captured } = await openScaleDatabase(options.driver === 'postgres' ? options.databaseUrl : undefined);
    const app = await buildApp({ database, clock: new ManualClock(NOW) });
    try {
      await app.ready();
      const { key } = await createKey(database.db, 'bench', 'bench');
      const [{ id: clientId }] = (await raw.query<{ id: string }>(`select id from clients where name = 'bench'`)).rows as [{ id: string }];
      const seeded = performance.now();
      await seed(database, clientId, size);
      report.seedSeconds[size] = Number(((performance.now() - seeded) / 1000).toFixed(1));
      log(`${options.driver}: ${size} events seeded in ${report.seedSeconds[size]} s`);

      for (const [name, url] of requests) {
        const times: number[] = [];
        let hits = 0;
        for (let run = 0; run < WARMUP + RUNS; run++) {
          captured.length = 0;
          const started = performance.now();
          const response = await app.inject({ method: 'GET', url, headers: { 'API-KEY': key } });
          const elapsed = performance.now() - started;
          if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
          if (run >= WARMUP) times.push(elapsed);
          hits = (JSON.parse(response.body) as { totalCount?: number }).totalCount ?? -1;
        }
        times.sort((a, b) => a - b);
        report.requests[name]![size] = { p50Ms: round(percentile(times, 50)), p99Ms: round(percentile(times, 99)), hits };

        if (EXPLAIN && size === options.sizes.at(-1)) {
          log(`\n=== ${name}: ${url}`);
          // Authentication's own queries come first; the plans that matter are the area's.
          for (const q of captured.filter((c) => !/api_keys|clients/.test(c.sql))) {
            const plan = await raw.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off, timing on) ${q.sql}`, q.params);
            log(`-- ${q.sql.slice(0, 140).replace(/\s+/g, ' ')}...`);
            log(plan.rows.map((r) => `   ${r['QUERY PLAN']}`).join('\n'));
          }
        }
      }
    } finally {
      await app.close();
      await database.close();
    }
  }
  return report;
}

const round = (ms: number) => Number(ms.toFixed(1));

/** The report as a table: one row per request, p50/p99/hits per size. */
export function formatScale(report: ScaleReport): string {
  const sizes = Object.keys(report.seedSeconds);
  const header = ['request', ...sizes.flatMap((s) => [`${Number(s) / 1000}k p50 ms`, `${Number(s) / 1000}k p99 ms`, 'hits'])];
  const body = Object.entries(report.requests).map(([name, bySize]) => [
    name,
    ...sizes.flatMap((s) => {
      const f = bySize[s];
      return f ? [f.p50Ms.toFixed(1), f.p99Ms.toFixed(1), f.hits < 0 ? '-' : String(f.hits)] : ['-', '-', '-'];
    }),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [
    `${report.driver}: ${report.runs} requests each after ${WARMUP} warm-ups, through app.inject`,
    line(header),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...body.map(line),
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  for (const driver of databaseUrl ? (['pglite', 'postgres'] as const) : (['pglite'] as const)) {
    const report = await measureScale({ driver, databaseUrl, sizes: sizes.length > 0 ? sizes : [10_000, 100_000] });
    console.log(`\n${formatScale(report)}\n`);
  }
}
