/**
 * Catch-up: an operator captures a live channel in the Archiver, watches its segments and
 * availability timeline grow, sees a gap where the channel stopped, and plays a past range.
 * The channel and its event are made through the API (a channel of its own, so the demo's live
 * events do not fill the gap); the capture is made in the dashboard. The page follows the change
 * feed: a capture made elsewhere appears, and the timeline grows, without polling. Screenshots, light and dark,
 * go to test-results/screenshots/.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { API_KEY, connect, expect, test, type Page } from './test.ts';

const screenshots = fileURLToPath(new URL('../test-results/screenshots/', import.meta.url));
const headers = { 'API-KEY': API_KEY };

async function setState(page: Page, id: string, state: string) {
  const response = await page.request.put(`/api/event/state/${id}`, { headers, data: { state, waitUntilCompleted: true } });
  expect(response.status(), await response.text()).toBe(200);
}

async function segmentCount(page: Page, captureId: string): Promise<number> {
  const response = await page.request.get(`/api/archivercapture/${captureId}/segments/`, { headers });
  return ((await response.json()) as unknown[]).length;
}

test('capture a live channel, watch it grow, see the gap after it stops, and play a past range', async ({ context, page, baseURL }) => {
  test.setTimeout(150_000);
  mkdirSync(screenshots, { recursive: true });
  await connect(context);
  const stamp = Date.now().toString(36);
  const point = `${baseURL}/api/stream/ingest/archive-${stamp}/0/primary`;
  const channelName = `Archive desk ${stamp}`;
  const channel = await page.request.post('/api/channel/', {
    headers,
    data: {
      name: channelName,
      referenceId: `ARCH-${stamp}`,
      configurationJson: JSON.stringify({
        encoders: [
          {
            name: 'Archive encoder',
            streamingServer: { primaryPublishingPoint: point, dvrWindowLength: 600 },
            outputUrls: [
              {
                streamProtocol: 'HLS',
                liveCdnUrl: `${baseURL}/api/stream/{event_id}/master.m3u8`,
                liveOriginPrimaryUrl: `${baseURL}/api/stream/{event_id}/master.m3u8?origin=primary`,
                liveOriginSecondaryUrl: `${baseURL}/api/stream/{event_id}/master.m3u8?origin=secondary`,
                vodCdnUrl: `${baseURL}/api/stream/{event_id}/master.m3u8`,
              },
            ],
          },
        ],
      }),
    },
  });
  expect(channel.status(), await channel.text()).toBeLessThan(300);
  const channelId = ((await channel.json()) as { id: string }).id;
  const created = await page.request.post('/api/event/', { headers, data: { Title: `Archive match ${stamp}`, ChannelId: channelId } });
  expect(created.status(), await created.text()).toBe(201);
  const eventId = ((await created.json()) as { id: string }).id;
  await setState(page, eventId, 'LIVE_UNPUBLISHED');

  // The capture, made in the dashboard.
  await page.goto('/archiver?zoom=10m');
  await expect(page.getByRole('heading', { name: 'Archiver', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: /^Add capture/ }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add a capture' });
  const captureId = `desk_${stamp}`;
  await dialog.getByRole('button', { name: /^Add capture$/ }).click();
  await expect(dialog.getByText('Pick or type at least one publishing point')).toBeVisible();
  await dialog.getByLabel(/^Id/).fill('not valid!');
  await dialog.getByRole('combobox', { name: /Publishing points/ }).click();
  await page.getByRole('option', { name: new RegExp(`${channelName} · encoder 1 primary`) }).click();
  await dialog.getByRole('button', { name: /^Add capture$/ }).click();
  await expect(dialog.getByText('expected letters, digits and underscores only')).toBeVisible();
  await dialog.getByLabel(/^Id/).fill(captureId);
  await dialog.getByRole('button', { name: /^Add capture$/ }).click();
  await expect(dialog).toBeHidden();

  const section = page.getByRole('region', { name: `Capture ${captureId}` });
  await expect(section.getByText('Recording')).toBeVisible();
  // The page follows the change feed: while it is live the archiver's reads do not poll (a safety
  // net every 5 minutes), so what follows shows only because the feed said so.
  await expect(page.getByRole('button', { name: /Connection: .*live updates on/ })).toBeVisible({ timeout: 30_000 });
  // A capture added and removed elsewhere (the API) appears and goes without a reload.
  const elsewhere = `elsewhere_${stamp}`;
  const added = await page.request.post('/api/archivercapture/', {
    headers,
    data: { id: elsewhere, startTime: null, endTime: null, active: false, decryptKey: null, expiresIn: null, publishingPoints: [point] },
  });
  expect(added.status(), await added.text()).toBe(200);
  await expect(page.getByRole('region', { name: `Capture ${elsewhere}` })).toBeVisible({ timeout: 10_000 });
  expect((await page.request.delete(`/api/archivercapture/${elsewhere}`, { headers })).status()).toBe(200);
  await expect(page.getByRole('region', { name: `Capture ${elsewhere}` })).toBeHidden({ timeout: 10_000 });
  // Completed segments show on the timeline within seconds, and it grows: each recorder tick that
  // changes the capture's segments is on the feed, which refreshes its timeline.
  const captured = section.getByRole('button', { name: /^Captured / });
  await expect(captured.first()).toBeVisible({ timeout: 30_000 });
  // The width of everything captured (a segment being retried splits a block for a moment).
  const capturedWidth = async () => {
    let total = 0;
    for (const block of await captured.all()) total += (await block.boundingBox())?.width ?? 0;
    return total;
  };
  const widthBefore = await capturedWidth();
  const countBefore = await segmentCount(page, captureId);
  // First the recorder (the service's segments), then the page (the feed refreshing the timeline),
  // so a failure says which of the two fell behind.
  await expect.poll(() => segmentCount(page, captureId), { timeout: 20_000 }).toBeGreaterThan(countBefore + 2);
  await expect.poll(capturedWidth, { timeout: 30_000 }).toBeGreaterThan(widthBefore + 4);
  await page.screenshot({ path: `${screenshots}archiver-recording-light.png`, fullPage: true });

  // The channel stops for a while, then its next event goes live: a gap between two captured ranges.
  await setState(page, eventId, 'STOPPED');
  await page.waitForTimeout(12_000);
  // The channel's next programme goes live.
  const next = await page.request.post('/api/event/', { headers, data: { Title: `Archive match ${stamp} (second half)`, ChannelId: channelId } });
  expect(next.status(), await next.text()).toBe(201);
  const nextId = ((await next.json()) as { id: string }).id;
  await setState(page, nextId, 'LIVE_UNPUBLISHED');
  // (A segment that failed for good, at the simulated archiver's fault rate, would add a gap of its own.)
  await expect.poll(() => section.getByTestId('timeline-gap').count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
  await expect.poll(() => captured.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  await expect(section.getByText(/\d+ gaps? in view/)).toBeVisible();

  // Play the first (past) range.
  await captured.first().click();
  const panel = page.getByRole('region', { name: 'Selected range' });
  await expect(panel).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`capture=${captureId}`));
  await expect(panel.getByRole('grid', { name: 'Segments of the selected range' })).toBeVisible();
  // One segment when a failed one (the simulated fault rate) cut the first range short.
  await expect(panel.getByText(/Plays \d+ archived segments?\b/)).toBeVisible();
  const video = panel.locator('video');
  await expect.poll(async () => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(0.5);
  await page.screenshot({ path: `${screenshots}archiver-play-light.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: `${screenshots}archiver-play-dark.png`, fullPage: true });
  // The segments' grid on a phone: it scrolls within itself, the page never sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await panel.getByRole('grid', { name: 'Segments of the selected range' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${screenshots}archiver-segments-phone-dark.png` });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.screenshot({ path: `${screenshots}archiver-segments-phone-light.png` });
  await page.setViewportSize({ width: 1440, height: 900 });

  // The stream of a playout profile plays too.
  const profile = await page.request.post('/api/archiverplayoutprofile/', {
    headers,
    data: {
      id: `desk_profile_${stamp}`,
      expiresIn: 3600,
      key: null,
      issKeyIv: null,
      issLicenseUrl: null,
      widevineDrmData: null,
      widevineLicenseUrl: null,
      aesKey: null,
      aesKeyIv: null,
      aesLicenseUrl: null,
      captures: [{ captureId, liveRedirectUrl: null }],
    },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  await page.getByRole('tab', { name: 'Streams' }).click();
  const row = page.getByRole('row').filter({ hasText: `desk_profile_${stamp}` });
  await row.getByRole('button', { name: /^Play stream/ }).click();
  const streamVideo = page.getByRole('region', { name: 'Playing stream' }).locator('video');
  await expect.poll(async () => streamVideo.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(0.5);
  await page.screenshot({ path: `${screenshots}archiver-streams-light.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: `${screenshots}archiver-streams-dark.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${screenshots}archiver-streams-phone-dark.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.screenshot({ path: `${screenshots}archiver-streams-phone-light.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  await setState(page, nextId, 'STOPPED');
});
