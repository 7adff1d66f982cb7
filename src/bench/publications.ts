/**
 * `npm run bench -- --only publications`: the publication lists and the publication monitor's
 * first page at 10 000 publications (`--publications N`), on PGlite and, when BENCH_DATABASE_URL
 * (or DATABASE_URL) names a PostgreSQL server, there too. Seeded in SQL: 200 events, 5
 * destinations, live and VOD publications in every state (about one in ten failed), spread over
 * 90 days. Each request runs BENCH_RUNS times (20 by default) through app.inject after warm-ups;
 * p50 and p99 in ms. Run alone: `npx tsx src/bench/publications.ts [N]`.
 */
import { pathToFileURL } from 'node:url';
import { buildApp } from '../server/app.ts';
import { createKey } from '../server/db/keys.ts';
import { ManualClock } from '../server/jobs/clock.ts';
import { NOW, openScaleDatabase, type Driver } from './scale.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const WARMUP = 3;

export interface PublicationsReport {
  driver: Driver;
  count: number;
  seedSeconds: number;
  requests: Record<string, { p50Ms: number; p99Ms: number; rows: number }>;
}

function requests(eventId: string): [string, string][] {
  return [
    ['vod list, first page', '/api/media/vodpublication/?pageSize=20'],
    ['vod list, target + content filter', '/api/media/vodpublication/?pageSize=20&targetFilter=VideoSite&contentIdFilter=cnt-01'],
    ['vod list, page 50', '/api/media/vodpublication/?pageSize=20&pageNumber=50'],
    ['live list, by Started, dates', `/api/media/livepublication/?pageSize=20&orderBy=Started&from=${new Date(NOW.getTime() - 30 * 86_400_000).toISOString()}`],
    ['monitor, first page (failed first)', '/api/media/publications/monitor?pageSize=50'],
    ['monitor, failed only', '/api/media/publications/monitor?pageSize=50&states=Failed'],
    ['monitor, one event', `/api/media/publications/monitor?pageSize=50&eventId=${eventId}`],
  ];
}

export async function measurePublications(options: { driver: Driver; databaseUrl?: string; count: number; log?: (line: string) => void }): Promise<PublicationsReport> {
  const log = options.log ?? console.log;
  const { database, raw } = await openScaleDatabase(options.driver === 'postgres' ? options.databaseUrl : undefined);
  const app = await buildApp({ database, clock: new ManualClock(NOW) });
  try {
    await app.ready();
    const { key } = await createKey(database.db, 'bench', 'bench');
    const [{ id: clientId }] = (await raw.query<{ id: string }>(`select id from clients where name = 'bench'`)).rows as [{ id: string }];
    const started = performance.now();
    const now = NOW.toISOString();
    await raw.query(
      `insert into events (client_id, title, content_id, state, mp4_state, date_created, date_modified)
       select $1, 'Bench event ' || g, 'cnt-' || lpad(g::text, 4, '0'), 5, 1, $2, $2 from generate_series(1, 200) g`,
      [clientId, now],
    );
    await raw.query(
      `insert into syndication_destinations (client_id, name, target, config_json, active, activation, date_created, date_modified)
       select $1, 'Destination ' || g, g % 5, '{}', true, '{"status":"authorised"}', $2, $2 from generate_series(0, 4) g`,
      [clientId, now],
    );
    await raw.query(
      `with e as (select id, content_id, row_number() over (order by id) - 1 as n from events where client_id = $1),
            d as (select id, target, row_number() over (order by name) - 1 as n from syndication_destinations where client_id = $1)
       insert into publications (client_id, kind, event_id, destination_id, target, transaction_id, content_id, publication_json, state, reason,
                                 date_created, date_started, date_completed, date_modified)
       select $1, case when g % 3 = 0 then 'live' else 'vod' end, e.id, d.id, d.target, gen_random_uuid(), e.content_id, '{}',
              case when g % 10 = 0 then 4 + (g / 10) % 3 when g % 3 = 0 then 1 + g % 3 else (g % 4) end,
              case when g % 10 = 0 then 'bench failure' else null end,
              $2::timestamptz - (g * interval '13 minutes'), $2::timestamptz - (g * interval '13 minutes') + interval '1 minute',
              case when g % 4 = 3 then $2::timestamptz - (g * interval '13 minutes') + interval '30 minutes' else null end,
              $2::timestamptz - (g * interval '13 minutes')
       from generate_series(1, $3::int) g
       join e on e.n = g % 200
       join d on d.n = g % 5`,
      [clientId, now, options.count],
    );
    await raw.query('analyze');
    const seedSeconds = Number(((performance.now() - started) / 1000).toFixed(1));
    log(`${options.driver}: ${options.count} publications seeded in ${seedSeconds} s`);
    const [{ id: eventId }] = (await raw.query<{ id: string }>(`select id from events where client_id = $1 limit 1`, [clientId])).rows as [{ id: string }];

    const report: PublicationsReport = { driver: options.driver, count: options.count, seedSeconds, requests: {} };
    for (const [name, url] of requests(eventId)) {
      const times: number[] = [];
      let rows = 0;
      for (let run = 0; run < WARMUP + RUNS; run++) {
        const t0 = performance.now();
        const response = await app.inject({ method: 'GET', url, headers: { 'API-KEY': key } });
        const elapsed = performance.now() - t0;
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
        if (run >= WARMUP) times.push(elapsed);
        const body = JSON.parse(response.body) as unknown;
        rows = Array.isArray(body) ? body.length : (body as { totalCount: number }).totalCount;
      }
      times.sort((a, b) => a - b);
      const at = (p: number) => Number(times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!.toFixed(1));
      report.requests[name] = { p50Ms: at(50), p99Ms: at(99), rows };
    }
    return report;
  } finally {
    await app.close();
    await database.close();
  }
}

export function formatPublications(report: PublicationsReport): string {
  const width = Math.max(...Object.keys(report.requests).map((n) => n.length));
  return [
    `${report.driver}: ${report.count} publications, ${RUNS} requests each after ${WARMUP} warm-ups, through app.inject (p50 / p99 ms, rows or total)`,
    ...Object.entries(report.requests).map(([name, f]) => `  ${name.padEnd(width)}  ${f.p50Ms.toFixed(1).padStart(7)}  ${f.p99Ms.toFixed(1).padStart(7)}  ${String(f.rows).padStart(6)}`),
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const count = Number(process.argv[2] ?? 10_000);
  const report = await measurePublications({ driver: 'pglite', count });
  console.log(formatPublications(report));
}
