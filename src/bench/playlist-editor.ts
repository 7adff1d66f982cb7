/**
 * The playlist editor with 500 items, in Chromium: how long the editor takes to open, and what
 * the main thread does while an item is dragged from the bottom to the top, by keyboard (Space,
 * ArrowUp × 499, Space) and by mouse (the handle held against the top edge until the list has
 * scrolled up, then dropped on the first row). Also the service's time to save the 500 items.
 * Part of `npm run bench` (section `playlist`); alone, printing JSON:
 *
 *   npx vite build && npx tsx src/bench/playlist-editor.ts
 *   BENCH_DIST=some/other/build npx tsx src/bench/playlist-editor.ts   # another dashboard build
 *   BENCH_ITEMS=1000 ...                                               # another playlist length
 *   BENCH_PROFILE=drag.cpuprofile ...   # a CPU profile of the keyboard drag, for Chrome DevTools
 *   BENCH_TRACE=drag.json ...           # a Chrome trace of the keyboard drag's first 30 steps (style, layout, paint per step)
 *
 * The service runs in-process (in-memory PGlite, demo data, the system clock) and serves the
 * dashboard build. The keyboard drag is the editor's own (playlist-lift.ts), the mouse drag dnd-kit's.
 * Main-thread tasks come from a PerformanceObserver on `longtask` (tasks over
 * 50 ms); frame times from requestAnimationFrame deltas during each drag. The aim (issue 5):
 * every frame under 16 ms, no task over 50 ms.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import { buildApp } from '../server/app.ts';
import { openDatabase } from '../server/db/database.ts';
import { clientForKey, createKey } from '../server/db/keys.ts';
import { seedDemoData } from '../server/demo/seed.ts';
import { systemClock } from '../server/jobs/clock.ts';
import { launch } from './browser.ts';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 500);
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const staticDir = resolve(process.env.BENCH_DIST ?? join(root, 'dist'));

interface FrameStats {
  frames: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  over16Ms: number;
}

interface DragResult {
  durationMs: number;
  /**
   * The page's main thread's CPU time during the drag, per step (keyboard: per arrow; mouse: per
   * pointer move), from Chromium's own counter (CDP Performance ThreadTime): what the page costs,
   * whatever else the machine runs, where wall-clock tasks and frames also count the time the
   * thread waited for a core.
   */
  cpuPerStepMs: number;
  longestTaskMs: number;
  longTasks: number;
  frames: FrameStats;
  /** Where the dragged item ended up (1 is the aim; null: not in view after the drop). */
  landedAt: number | null;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const round = (n: number) => Math.round(n * 10) / 10;

// Page scripts are strings: tsx names functions with a helper (`__name`) the page does not have.
const START_RECORDING = `(() => {
  const bench = { tasks: [], frames: [], running: true };
  window.__bench = bench;
  new PerformanceObserver((list) => { for (const entry of list.getEntries()) bench.tasks.push(entry.duration); }).observe({ type: 'longtask', buffered: false });
  let last = performance.now();
  const tick = (now) => { bench.frames.push(now - last); last = now; if (bench.running) requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
})()`;

/**
 * The main thread's CPU time (ms) since the call, Chromium's ThreadTime: measured in the thread's
 * own ticks (`threadTicks`; with the default time domain the counter stays at 0), on one session
 * kept open, since enabling the domain again restarts it.
 */
async function cpuMeter(page: Page): Promise<() => Promise<number>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  const read = async () => ((await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ThreadTime')?.value ?? 0) * 1000;
  const before = await read();
  return async () => {
    const spent = (await read()) - before;
    await cdp.detach();
    return spent;
  };
}

const STOP_RECORDING = `new Promise((resolve) => setTimeout(() => {
  const bench = window.__bench;
  bench.running = false;
  resolve({ tasks: bench.tasks, frames: bench.frames.slice(1) });
}, 300))`;

const NEXT_FRAME = 'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))';

/** Starts recording long tasks and frame times in the page. */
async function startRecording(page: Page): Promise<void> {
  await page.evaluate(START_RECORDING);
}

async function stopRecording(page: Page): Promise<{ tasks: number[]; frames: number[] }> {
  return page.evaluate(STOP_RECORDING) as Promise<{ tasks: number[]; frames: number[] }>;
}

function summarise(durationMs: number, cpuPerStepMs: number, recorded: { tasks: number[]; frames: number[] }, landedAt: number | null): DragResult {
  const frames = [...recorded.frames].sort((a, b) => a - b);
  return {
    durationMs: Math.round(durationMs),
    cpuPerStepMs: round(cpuPerStepMs),
    longestTaskMs: round(Math.max(0, ...recorded.tasks)),
    longTasks: recorded.tasks.length,
    frames: {
      frames: frames.length,
      p50Ms: round(percentile(frames, 50)),
      p95Ms: round(percentile(frames, 95)),
      maxMs: round(frames.at(-1) ?? 0),
      over16Ms: frames.filter((f) => f > 16.7).length,
    },
    landedAt,
  };
}

const rowSelector = (index: number) => `[data-row-key][data-index="${index}"]`;

/** The position (from 1) of the row with this key, which the drop leaves in view. */
async function positionOf(page: Page, key: string): Promise<number | null> {
  const index = (await page.evaluate(`document.querySelector('[data-row-key="${key}"]')?.dataset.index ?? null`)) as string | null;
  return index === null ? null : Number(index) + 1;
}

/** BENCH_SHOTS=<folder>: a screenshot after each step, to see what the bench did. */
async function shot(page: Page, name: string): Promise<void> {
  if (process.env.BENCH_SHOTS) await page.screenshot({ path: join(process.env.BENCH_SHOTS, `${name}.png`) });
}

async function openEditor(page: Page, baseUrl: string, eventId: string): Promise<number> {
  const started = Date.now();
  await page.goto(`${baseUrl}/compose/${eventId}`);
  await page.getByTestId('playlist-total').filter({ hasText: `${ITEMS} items` }).waitFor({ timeout: 120_000 });
  await page.locator(rowSelector(0)).waitFor();
  // Titles of the sources are in: the rows are what an operator works with.
  await page.waitForFunction(`!document.querySelector('[data-row-key]')?.getAttribute('aria-label')?.includes('Loading…')`, undefined, { timeout: 60_000 });
  return Date.now() - started;
}

async function scrollToBottom(page: Page): Promise<string> {
  await page.evaluate(`document.querySelector('[data-testid="playlist-scroller"]').scrollTo({ top: 1e9 })`);
  const last = page.locator(rowSelector(ITEMS - 1));
  await last.waitFor();
  return (await last.getAttribute('data-row-key'))!;
}

/** With BENCH_PROFILE set, records a CPU profile of what runs until the returned function is called. */
async function profile(page: Page): Promise<() => Promise<void>> {
  const file = process.env.BENCH_PROFILE;
  if (!file) return async () => {};
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return async () => {
    const { profile: recorded } = await cdp.send('Profiler.stop');
    writeFileSync(file, JSON.stringify(recorded));
    await cdp.detach();
  };
}

async function dragByKeyboard(page: Page): Promise<DragResult> {
  const key = await scrollToBottom(page);
  const row = page.locator(`[data-row-key="${key}"]`);
  await row.focus();
  const stopProfile = await profile(page);
  await startRecording(page);
  const cpuSpent = await cpuMeter(page);
  const started = performance.now();
  await page.keyboard.press('Space');
  await page.evaluate(NEXT_FRAME);
  // Paced as a person presses: each step is rendered before the next key (two animation frames).
  const trace = process.env.BENCH_TRACE;
  if (trace) await page.context().browser()!.startTracing(page, { path: trace, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'toplevel'] });
  for (let i = 0; i < ITEMS - 1; i++) {
    await page.keyboard.press('ArrowUp');
    await page.evaluate(NEXT_FRAME);
    if (trace && i === 29) await page.context().browser()!.stopTracing();
  }
  await page.keyboard.press('Space');
  await page.waitForTimeout(200);
  const duration = performance.now() - started;
  const cpu = await cpuSpent();
  const recorded = await stopRecording(page);
  await stopProfile();
  await shot(page, 'after-keyboard-drag');
  return summarise(duration, cpu / (ITEMS - 1), recorded, await positionOf(page, key));
}

async function dragByMouse(page: Page): Promise<DragResult> {
  const key = await scrollToBottom(page);
  const handle = page.locator(`[data-row-key="${key}"] [title="Drag to reorder"]`);
  // The last row can sit below the window's bottom edge (the page scrolls too when the
  // composition's progress shows): a press there reaches nothing, and the moves after it only
  // selected text, which the browser scrolled the list for. Until this check, no mouse drag started.
  await handle.scrollIntoViewIfNeeded();
  const box = (await handle.boundingBox())!;
  const scroller = page.getByTestId('playlist-scroller');
  const area = (await scroller.boundingBox())!;
  await startRecording(page);
  const cpuSpent = await cpuMeter(page);
  let moves = 0;
  const started = performance.now();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  // Past the activation distance, then up to the top edge, where dnd-kit scrolls the list.
  await page.mouse.move(box.x + box.width / 2, box.y - 10, { steps: 3 });
  await page
    // What use-playlist-drag.tsx announces once a drag is under way: the pick-up, then each position.
    .waitForFunction(() => [...document.querySelectorAll('[id^="DndLiveRegion"]')].some((region) => /Picked up|Position \d+ of/.test(region.textContent ?? '')), undefined, { timeout: 10_000 })
    .catch(() => {
      throw new Error('The mouse drag did not start: nothing was announced');
    });
  await page.mouse.move(box.x + box.width / 2, area.y + 8, { steps: 30 });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && ((await page.evaluate(`document.querySelector('[data-testid="playlist-scroller"]').scrollTop`)) as number) > 0) {
    await page.mouse.move(box.x + box.width / 2, area.y + 6 + (Date.now() % 2));
    moves++;
    await page.waitForTimeout(50);
  }
  // Onto the first row's upper half, then drop.
  await page.mouse.move(box.x + box.width / 2, area.y + 14, { steps: 5 });
  await page.mouse.up();
  await page.waitForTimeout(200);
  const duration = performance.now() - started;
  const cpu = await cpuSpent();
  const recorded = await stopRecording(page);
  await shot(page, 'after-mouse-drag');
  // The pointer's moves: onto the handle, 3 + 30 up to the edge, one every 50 ms while the list scrolls, 5 onto the first row.
  return summarise(duration, cpu / (moves + 39), recorded, await positionOf(page, key));
}

export interface PlaylistEditorReport {
  items: number;
  /** The service's time to create the composition with every item, and to save them all reordered. */
  service: { createMs: number; saveMs: number };
  /** From navigation until the rows show their sources' titles (caches warm). */
  openEditorMs: number;
  keyboardDrag: DragResult;
  mouseDrag: DragResult;
  aim: { frameMs: number; longTaskMs: number };
}

export async function measurePlaylistEditor(): Promise<PlaylistEditorReport> {
  if (!existsSync(join(staticDir, 'index.html'))) throw new Error(`No dashboard build in ${staticDir}: run \`npx vite build\` first (or set BENCH_DIST).`);
  const database = await openDatabase({ dataDir: 'memory://' });
  const { key } = await createKey(database.db, 'bench', 'playlist editor bench');
  const { clientId } = (await clientForKey(database.db, key))!;
  const app = await buildApp({ database, clock: systemClock, config: { staticDir } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://localhost:${port}`;
  await seedDemoData(database.db, clientId, systemClock);
  app.jobs.start();
  const headers = { 'API-KEY': key, 'content-type': 'application/json' };
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return text ? (JSON.parse(text) as unknown) : null;
  };

  const browser = await launch();
  try {
    const recorded = (await call('GET', '/event/?eventState=INSTANT_VOD,VOD_PUBLIC,VOD_PRIVATE&pageSize=100')) as { results: { id: string; actualLiveStart: string | null; actualLiveEnd: string | null }[] };
    const sources = recorded.results.filter((e) => e.actualLiveStart && e.actualLiveEnd);
    if (sources.length === 0) throw new Error('The demo data has no recorded events to compose from');
    const xflows = (await call('GET', '/xflow/')) as { id: string }[];
    const items = Array.from({ length: ITEMS }, (_, i) => ({
      type: 0,
      value: sources[i % sources.length]!.id,
      properties: { start: '00:00:01.000', end: `00:00:${String(10 + (i % 40)).padStart(2, '0')}.000`, note: `item ${i + 1}` },
      markers: i % 25 === 0 ? [{ startAt: '00:00:02.000', duration: '00:00:03', frameAccurate: null, type: 0 }] : null,
    }));
    const createStarted = performance.now();
    const eventId = (await call('POST', '/compose/', {
      event: { workflowId: xflows[0]!.id, title: `Bench: ${ITEMS} items`, categoryIds: [], setPrivateAFterGeneration: false, vodDrm: false },
      playlist: { name: `Bench ${ITEMS}`, looped: false, liveStreamStart: null, items },
    })) as string;
    const createMs = performance.now() - createStarted;
    const saveStarted = performance.now();
    await call('PUT', `/compose/event/${eventId}`, { name: `Bench ${ITEMS}`, looped: false, items: [...items].reverse() });
    const saveMs = performance.now() - saveStarted;

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript((apiKey) => {
      localStorage.setItem('control-room.connection', JSON.stringify({ baseUrl: '/api', apiKey }));
    }, key);
    const page = await context.newPage();
    // Warm the caches (chunks, fonts) once, as an operator's browser would have them.
    await openEditor(page, baseUrl, eventId);
    const openMs = await openEditor(page, baseUrl, eventId);
    await shot(page, 'opened');
    const keyboard = await dragByKeyboard(page);
    await page.reload();
    await openEditor(page, baseUrl, eventId);
    const mouse = await dragByMouse(page);
    return {
      items: ITEMS,
      service: { createMs: Math.round(createMs), saveMs: Math.round(saveMs) },
      openEditorMs: openMs,
      keyboardDrag: keyboard,
      mouseDrag: mouse,
      aim: { frameMs: 16, longTaskMs: 50 },
    };
  } finally {
    await browser.close();
    await app.close();
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(JSON.stringify(await measurePlaylistEditor(), null, 2));
}
