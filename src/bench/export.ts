/**
 * The CSV export of the events list streams in bounded memory: seeds 10 000 and 100 000 events
 * (scale.ts's seed) into in-memory PGlite, serves the app on a loopback port and reads
 * GET /api/event/export.csv over real HTTP (app.inject would buffer the answer), counting bytes
 * and rows as they arrive and keeping none. Reported per size: the time, the rows and MB, and
 * the service process's peak growth of resident memory (RSS, PGlite's worker included, sampled
 * every 20 ms) and of live JS heap (what survives a full collection, forced every second) over
 * their levels before the request. Bounded means the peaks do not grow with the row count: the
 * 100k figures stay near the 10k ones, where a file built in memory would grow tenfold. Part of `npm run bench` (`--only export`); alone:
 *
 *   npx tsx src/bench/export.ts            # 10 000 and 100 000
 *   npx tsx src/bench/export.ts 50000      # other sizes
 */
import { request } from 'node:http';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { buildApp } from '../server/app.ts';
import { createKey } from '../server/db/keys.ts';
import { ManualClock } from '../server/jobs/clock.ts';
import { NOW, openScaleDatabase, seed } from './scale.ts';

export interface ExportFigures {
  rows: number;
  megabytes: number;
  seconds: number;
  /** Peak growth over the level before the request: live heap (after a full collection) and RSS. */
  peakHeapMb: number;
  peakRssMb: number;
}

export interface ExportReport {
  sizes: Record<string, ExportFigures>;
}

const mb = (bytes: number) => Number((bytes / 1024 / 1024).toFixed(1));

/** A full collection on demand, so the heap figure is what is kept, not garbage not yet collected. */
function collector(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

/** Reads an HTTP answer to its end, keeping only counts. */
function drain(url: string, key: string): Promise<{ bytes: number; lines: number; status: number }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'API-KEY': key } }, (res) => {
      let bytes = 0;
      let lines = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines++;
      });
      res.on('end', () => resolve({ bytes, lines, status: res.statusCode ?? 0 }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export async function measureExport(options: { sizes: number[]; log?: (line: string) => void }): Promise<ExportReport> {
  const log = options.log ?? console.log;
  const report: ExportReport = { sizes: {} };
  for (const size of options.sizes) {
    const { database, raw } = await openScaleDatabase(undefined);
    const app = await buildApp({ database, clock: new ManualClock(NOW) });
    try {
      await app.ready();
      const { key } = await createKey(database.db, 'bench', 'bench');
      const [{ id: clientId }] = (await raw.query<{ id: string }>(`select id from clients where name = 'bench'`)).rows as [{ id: string }];
      await seed(database, clientId, size);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const gc = collector();
      gc();
      const before = process.memoryUsage();
      let peakHeap = before.heapUsed;
      let peakRss = before.rss;
      const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
      const heapSampler = setInterval(() => {
        gc();
        peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
      }, 1_000);
      const started = performance.now();
      const answer = await drain(`http://127.0.0.1:${port}/api/event/export.csv`, key);
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      clearInterval(heapSampler);
      if (answer.status !== 200) throw new Error(`export.csv answered ${answer.status}`);
      const figures: ExportFigures = {
        rows: answer.lines - 1,
        megabytes: mb(answer.bytes),
        seconds: Number(seconds.toFixed(1)),
        peakHeapMb: mb(peakHeap - before.heapUsed),
        peakRssMb: mb(peakRss - before.rss),
      };
      report.sizes[size] = figures;
      log(`export: ${size} events: ${figures.rows} rows, ${figures.megabytes} MB in ${figures.seconds} s; peak +${figures.peakHeapMb} MB live heap, +${figures.peakRssMb} MB RSS`);
    } finally {
      await app.close();
      await database.close();
    }
  }
  return report;
}

export function formatExport(report: ExportReport): string {
  return Object.entries(report.sizes)
    .map(([size, f]) => `  ${Number(size).toLocaleString()} events: ${f.rows} rows, ${f.megabytes} MB in ${f.seconds} s (${Math.round(f.rows / Math.max(f.seconds, 0.001))} rows/s); peak +${f.peakHeapMb} MB live heap, +${f.peakRssMb} MB RSS`)
    .join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
  console.log(formatExport(await measureExport({ sizes: sizes.length > 0 ? sizes : [10_000, 100_000] })));
}
