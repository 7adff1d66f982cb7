/**
 * Live updates, in Chromium: how long a change made elsewhere takes to show on an open page,
 * through the change feed (no page polls while it is live). For a publication (the publications
 * monitor), an asset (the assets gallery), a VOD download (the downloads list), a capture (the
 * archiver) and an event (the events list): LIVE_RUNS changes each (default 20), each made as it
 * is made in service (through the API, or the write function the service's background work calls),
 * timed from just before the request or the transaction to the moment the page shows the new text. Goal: a median within 300 ms.
 *
 *   npx tsx src/bench/live.ts      (after `npx vite build`)
 */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import { buildApp } from '../server/app.ts';
import { createKey } from '../server/db/keys.ts';
import { archiverCaptures, assets, events, publications, syndicationDestinations, vodDownloads } from '../server/db/tables/index.ts';
import { updateDownload } from '../server/areas/vod-download/repo.ts';
import { transition } from '../server/areas/syndication/core.ts';
import { ManualClock } from '../server/jobs/clock.ts';
import { launch } from './browser.ts';
import { openScaleDatabase } from './scale.ts';

const RUNS = Number(process.env.LIVE_RUNS ?? 20);

export interface LiveFigure {
  medianMs: number;
  p90Ms: number;
  maxMs: number;
  runs: number;
}

export interface LiveReport {
  runs: number;
  pages: Record<string, LiveFigure>;
  /** Cases whose page never showed a change, with why. */
  failed: Record<string, string>;
}

interface Case {
  name: string;
  path: string;
  /** Makes change number `i` and answers the text the page then shows. */
  change(i: number): Promise<string>;
}

function figure(times: number[]): LiveFigure {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!);
  return { medianMs: at(0.5), p90Ms: at(0.9), maxMs: Math.round(sorted.at(-1)!), runs: sorted.length };
}

export async function measureLive(options: { log?: (line: string) => void } = {}): Promise<LiveReport> {
  const log = options.log ?? console.log;
  if (!existsSync('dist/index.html')) throw new Error('dist/ has no build of the dashboard: run `npx vite build` first');
  const { database, raw } = await openScaleDatabase(undefined);
  const clock = new ManualClock(new Date());
  const app = await buildApp({ database, clock });
  const browser = await launch();
  try {
    const db = database.db;
    const { key } = await createKey(db, 'bench', 'bench');
    const [{ id: clientId }] = (await raw.query<{ id: string }>(`select id from clients where name = 'bench'`)).rows as [{ id: string }];
    const now = clock.now();
    const [event] = await db.insert(events).values({ clientId, title: 'Live bench event', contentId: 'live-bench', state: 5, mp4State: 1, dateCreated: now, dateModified: now }).returning();
    const [destination] = await db
      .insert(syndicationDestinations)
      .values({ clientId, name: 'Bench destination', target: 2, configJson: '{}', active: true, activation: { status: 'authorised' }, dateCreated: now, dateModified: now })
      .returning();
    let [publication] = await db
      .insert(publications)
      .values({ clientId, kind: 'vod', eventId: event!.id, destinationId: destination!.id, target: 2, transactionId: crypto.randomUUID(), contentId: 'live-bench', publicationJson: '{}', state: 0, dateCreated: now, dateModified: now })
      .returning();
    const [asset] = await db
      .insert(assets)
      .values({ clientId, eventId: event!.id, name: 'Bench asset 0', path: `${event!.id}/bench.jpg`, extension: 'jpg', state: 1, type: 1, dateCreated: now, dateModified: now })
      .returning();
    const [download] = await db
      .insert(vodDownloads)
      .values({
        clientId,
        contentId: 'live-bench-download',
        eventId: event!.id,
        eventIds: [event!.id],
        emailAddress: 'bench@example.com',
        frameAccurate: false,
        mp4Filename: 'bench.mp4',
        clips: [],
        task: {},
        status: 'processing',
        progress: 1,
        durationMs: 60_000,
        creationDate: now,
      })
      .returning();
    await db.insert(archiverCaptures).values({ clientId, id: 'bench_capture', startTime: now, active: false, publishingPoints: ['pp-0'], createdAt: now, updatedAt: now });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });

    /** A request as the dashboard or an integration sends it; throws unless it succeeded. */
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${address}/api${path}`, {
        method,
        headers: { 'API-KEY': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!response.ok) throw new Error(`${method} ${path} answered ${response.status} ${await response.text()}`);
    };
    const capture = (point: string) => ({ id: 'bench_capture', startTime: now.toISOString(), endTime: null, active: false, publishingPoints: [point], profileIds: [], decryptKey: null, expiresIn: null });

    // Each change is made the way it is made in service: through the API where an operator or an
    // integration makes it, else through the write function the service's own background work calls.
    const cases: Case[] = [
      {
        name: 'Publication (publications monitor)',
        path: '/publications',
        // A step of the publishing work (syndication core.ts `transition`, as its jobs call it).
        change: async (i) => {
          const reason = `Bench step ${i}`;
          await db.transaction(async (tx) => {
            publication = await transition(tx, clock, publication!, i % 2 === 0 ? 1 : 0, { cause: 'service', reason });
          });
          return reason;
        },
      },
      {
        name: 'Asset (assets gallery)',
        path: '/assets',
        change: async (i) => {
          const name = `Bench asset ${i}`;
          await call('PUT', `/asset/${asset!.id}/?Name=${encodeURIComponent(name)}`);
          return name;
        },
      },
      {
        name: 'VOD download (downloads list, its progress)',
        path: '/downloads',
        // The download job's progress write (vod-download repo.ts `updateDownload`, as jobs.ts calls it while processing).
        change: async (i) => {
          const percent = 2 + (i % 97);
          await db.transaction((tx) => updateDownload(tx, clock, clientId, download!.id, { progress: percent, etaSeconds: null }, { status: 'processing' }));
          // As WorkProgressBar writes it (components/work-progress.tsx).
          return `${percent} %`;
        },
      },
      {
        name: 'Capture (archiver)',
        path: '/archiver',
        change: async (i) => {
          const point = `bench-point-${i}`;
          await call('PUT', '/archivercapture/bench_capture', capture(point));
          return point;
        },
      },
      {
        name: 'Event (events list)',
        path: '/events?range=all',
        change: async (i) => {
          const title = `Live bench event ${i}`;
          await call('POST', '/event/', { Id: event!.id, Title: title });
          return title;
        },
      },
    ];

    const report: LiveReport = { runs: RUNS, pages: {}, failed: {} };
    for (const item of cases) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-GB', timezoneId: 'UTC' });
      await context.addInitScript((apiKey) => localStorage.setItem('control-room.connection', JSON.stringify({ baseUrl: '/api', apiKey })), key);
      const tab = await context.newPage();
      try {
        await tab.goto(`${address}${item.path}`);
        await waitForLive(tab);
        // The first change warms the path (the page's chunks, the queries' first refetch); not counted.
        await tab.getByText(await item.change(0), { exact: true }).first().waitFor({ timeout: 30_000 });
        const times: number[] = [];
        for (let i = 1; i <= RUNS; i++) {
          const started = performance.now();
          const text = await item.change(i);
          await tab.getByText(text, { exact: true }).first().waitFor({ timeout: 30_000 });
          times.push(performance.now() - started);
        }
        report.pages[item.name] = figure(times);
        const f = report.pages[item.name]!;
        log(`  ${item.name}: median ${f.medianMs} ms, p90 ${f.p90Ms} ms, worst ${f.maxMs} ms (${f.runs} changes)`);
      } catch (error) {
        // A page that never showed the change: said, and the other cases still measured.
        report.failed[item.name] = error instanceof Error ? error.message.split('\n')[0]! : String(error);
        log(`  ${item.name}: not shown (${report.failed[item.name]})`);
      } finally {
        await context.close();
      }
    }
    return report;
  } finally {
    await browser.close();
    await app.close();
    await database.close();
  }
}

/** Waits until the app bar says live updates are on (the feed is live). */
async function waitForLive(tab: Page): Promise<void> {
  await tab.locator('[data-live-state="live"]').first().waitFor({ timeout: 60_000 });
}

export function formatLive(report: LiveReport): string {
  return [
    ...Object.entries(report.pages).map(([name, f]) => `  ${name}: median ${f.medianMs} ms, p90 ${f.p90Ms} ms, worst ${f.maxMs} ms${f.medianMs <= 300 ? '' : ' (goal: a median within 300 ms)'}`),
    ...Object.entries(report.failed).map(([name, why]) => `  ${name}: NOT SHOWN: ${why}`),
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await measureLive();
}
