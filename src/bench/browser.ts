/**
 * Time until the rows are on screen, in Chromium, with a big tenant: seeds N events (default
 * 100 000) into in-memory PGlite, serves the built dashboard (dist/) from the real service on a
 * free port, and loads pages in headless Chromium, measuring from navigation start until the
 * page shows its data. Part of `npm run bench`; alone (after `npx vite build`):
 *
 *   npx tsx src/bench/browser.ts [events]
 *
 * Each page is loaded BROWSER_RUNS times (default 5) in a fresh context, so every load pays for
 * the JavaScript, the API calls and the rendering, as an operator opening a link does.
 */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { buildApp } from '../server/app.ts';
import { createKey } from '../server/db/keys.ts';
import { ManualClock } from '../server/jobs/clock.ts';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '#testing/chromium.ts';
import { NOW, openScaleDatabase, seed } from './scale.ts';

const RUNS = Number(process.env.BROWSER_RUNS ?? 5);

export interface BrowserFigure {
  /** Median and worst of the runs, ms from navigation start. */
  medianMs: number;
  maxMs: number;
  /** How many rows (or calendar items) were on screen at that moment. */
  items: number;
}

export interface BrowserReport {
  events: number;
  runs: number;
  pages: Record<string, BrowserFigure>;
}

interface PageCase {
  name: string;
  path: string;
  /** Elements that are the data, once rendered. */
  selector: string;
}

const week = NOW.toISOString().slice(0, 10);
const CASES: PageCase[] = [
  { name: 'Events list, default view (today onwards, 20 rows)', path: '/events', selector: '.MuiDataGrid-row' },
  { name: 'Events list, all dates, 100 rows', path: '/events?range=all&pageSize=100', selector: '.MuiDataGrid-row' },
  { name: `Schedule week view (${week})`, path: `/schedule?view=week&date=${week}`, selector: '[data-event-id]' },
  { name: `Schedule channel timeline (${week})`, path: `/schedule?mode=timeline&date=${week}`, selector: '[data-event-id]' },
];

/** Headless Chromium as every bench drives it (Debian's by default, PLAYWRIGHT_CHROMIUM_PATH to choose). */
export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_EXECUTABLE,
    args: [...CHROMIUM_ARGS],
  });
}

export async function measureBrowser(options: { events: number; log?: (line: string) => void }): Promise<BrowserReport> {
  const log = options.log ?? console.log;
  if (!existsSync('dist/index.html')) throw new Error('dist/ has no build of the dashboard: run `npx vite build` first');
  const { database, raw } = await openScaleDatabase(undefined);
  const app = await buildApp({ database, clock: new ManualClock(NOW) });
  const browser = await launch();
  try {
    const { key } = await createKey(database.db, 'bench', 'bench');
    const [{ id: clientId }] = (await raw.query<{ id: string }>(`select id from clients where name = 'bench'`)).rows as [{ id: string }];
    const started = performance.now();
    await seed(database, clientId, options.events);
    log(`browser: ${options.events} events seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });

    const report: BrowserReport = { events: options.events, runs: RUNS, pages: {} };
    for (const page of CASES) {
      const times: number[] = [];
      let items = 0;
      for (let run = 0; run < RUNS; run++) {
        const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-GB', timezoneId: 'UTC' });
        await context.addInitScript((apiKey) => localStorage.setItem('control-room.connection', JSON.stringify({ baseUrl: '/api', apiKey })), key);
        const tab = await context.newPage();
        await tab.goto(`${address}${page.path}`, { waitUntil: 'commit' });
        await tab.locator(page.selector).first().waitFor({ state: 'visible', timeout: 60_000 });
        // From the navigation's start, as the browser itself counts it.
        times.push(await tab.evaluate(() => performance.now()));
        items = await tab.locator(page.selector).count();
        await context.close();
      }
      times.sort((a, b) => a - b);
      report.pages[page.name] = { medianMs: Math.round(times[Math.floor(times.length / 2)]!), maxMs: Math.round(times.at(-1)!), items };
      log(`  ${page.name}: median ${report.pages[page.name]!.medianMs} ms, worst ${report.pages[page.name]!.maxMs} ms, ${items} on screen`);
    }
    return report;
  } finally {
    await browser.close();
    await app.close();
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const events = Number(process.argv[2]) || 100_000;
  await measureBrowser({ events });
}
