/**
 * URLs that follow the service: an operator runs the demo on one port, makes an event's MP4 (with
 * its thumbnail and sprite), stops the service, starts it again on another port and opens it by
 * another host name (control-room.test, mapped to this machine in Chromium, as another machine's
 * name for a HOST=0.0.0.0 service would be). Every stream the service names plays from the new
 * address, the player shows one, and every thumbnail of the Assets page shows: nothing stored named
 * the first address. Its own two service processes (src/testing/processes.ts) on a data folder of
 * its own, so it runs beside the other files. Screenshots go to test-results/screenshots/.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../src/testing/chromium.ts';
import { freePort } from '../src/testing/ports.ts';
import { startNode, stopProcess, waitForAnswer } from '../src/testing/processes.ts';
import { connect, expect, test } from './test.ts';

const screenshots = fileURLToPath(new URL('../test-results/screenshots/', import.meta.url));
const KEY = 'restart-demo-key-0123';
const headers = { 'API-KEY': KEY };
const HOST_NAME = 'control-room.test';

// Chromium resolves the other host name to this machine; the service listens on loopback only.
test.use({ launchOptions: { executablePath: CHROMIUM_EXECUTABLE, args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${HOST_NAME} 127.0.0.1`] } });

let dataDir: string;
let service: ChildProcess | undefined;

function start(port: number): ChildProcess {
  return startNode('src/server/main.ts', {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    DEMO_DATA: 'true',
    API_KEY: KEY,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  });
}

test.beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'control-room-restart-'));
});
test.afterAll(async () => {
  await stopProcess(service);
  rmSync(dataDir, { recursive: true, force: true });
});

test('restart on another port, open by another host name: every stream plays and every thumbnail shows', async ({ page, context, request }) => {
  test.setTimeout(360_000);
  mkdirSync(screenshots, { recursive: true });

  // 1. The demo on a first port, and an event's MP4 with its thumbnail and sprite.
  const first = `http://localhost:${await freePort()}`;
  service = start(Number(new URL(first).port));
  await waitForAnswer(`${first}/api/health`, { child: service, intervalMs: 250 });
  type Listed = { id: string; xflowId: string | null; scheduledStart: string | null; scheduledEnd: string | null };
  const vods = (await (await request.get(`${first}/api/event/?eventState=VOD_PUBLIC&pageSize=100`, { headers })).json()) as { results: Listed[] };
  // The shortest one with an xflow (its files have URLs), so that its MP4 and sprite are made soon.
  const span = (e: Listed) => (e.scheduledStart && e.scheduledEnd ? Date.parse(e.scheduledEnd) - Date.parse(e.scheduledStart) : 600_000);
  const vod = vods.results.filter((e) => e.xflowId !== null).sort((a, b) => span(a) - span(b))[0]!;
  expect((await request.post(`${first}/api/event/${vod.id}/mp4`, { headers, data: { priority: 1, regenerate: true } })).status()).toBe(200);
  await expect
    .poll(async () => (await (await request.get(`${first}/api/event/${vod.id}/mp4`, { headers })).json()) as { fileExists: boolean; making: boolean; thumbnail: boolean }, { timeout: 180_000 })
    .toMatchObject({ fileExists: true, making: false, thumbnail: true });
  await stopProcess(service);

  // 2. The same data on another port, opened by another name.
  const port = await freePort();
  service = start(port);
  await waitForAnswer(`http://127.0.0.1:${port}/api/health`, { child: service, intervalMs: 250 });
  const base = `http://${HOST_NAME}:${port}`;
  await connect(context, KEY);
  await page.goto(`${base}/events`);

  // Every stream the service names for its events now: on the new address, and playable there.
  const checked = await page.evaluate(async (key) => {
    const get = async (url: string) => (await fetch(url, { headers: { 'API-KEY': key } })).json();
    const list = (await get('/api/event/?pageSize=1000')) as { results: { id: string }[] };
    const out: { url: string; status: number; playlist: boolean }[] = [];
    for (const { id } of list.results) {
      const event = (await get(`/api/event/${id}?processVideo=true&viewUnpublished=true`)) as { video: { currentStateUrls: { url: string; streamProtocolString: string }[] } | null };
      for (const u of event.video?.currentStateUrls ?? []) {
        if (u.streamProtocolString !== 'HLS') continue;
        const response = await fetch(u.url);
        out.push({ url: u.url, status: response.status, playlist: (await response.text()).startsWith('#EXTM3U') });
      }
    }
    return out;
  }, KEY);
  expect(checked.length).toBeGreaterThan(20);
  expect(checked.filter((c) => !c.url.startsWith(`${base}/api/stream/`) || c.status !== 200 || !c.playlist)).toEqual([]);

  // A live event plays in the player.
  const live = (await page.evaluate(async (key) => (await (await fetch('/api/event/?eventState=LIVE_PUBLISHED&pageSize=1', { headers: { 'API-KEY': key } })).json()) as { results: { id: string }[] }, KEY)).results[0]!;
  await page.goto(`${base}/events/${live.id}?tab=player`);
  const video = page.locator('video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(0.5);
  await expect(page.getByText(`Playing ${base}/api/stream/${live.id}/`)).toBeVisible();
  await page.screenshot({ path: `${screenshots}restart-player.png` });

  // Every thumbnail of the event's assets shows (its MP4's thumbnail and sprite among them).
  await page.goto(`${base}/assets?aevent=${vod.id}`);
  const images = page.locator('main img');
  await expect.poll(() => images.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((i: HTMLImageElement) => (i.complete ? i.naturalWidth : 0)), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await image.getAttribute('src')).toMatch(new RegExp(`^${base.replace(/[.]/g, '\\.')}/api/storage/public/`));
  }
  await page.screenshot({ path: `${screenshots}restart-assets.png` });
});
