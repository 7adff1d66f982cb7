/**
 * Long media work shows how far it has got: a frame-accurate video of four minutes of an event's
 * test programme is requested, and its card on the event's Assets tab shows a percentage and the
 * time left that move while ffmpeg encodes, until the video is there.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { API_KEY, connect, expect, test } from './test.ts';

const headers = { 'API-KEY': API_KEY };
const screenshots = fileURLToPath(new URL('../test-results/screenshots/', import.meta.url));

test('a video being made shows its percentage and time left moving', async ({ page }) => {
  test.setTimeout(150_000);
  await connect(page);
  const title = `Progress ${Date.now().toString(36)}`;
  const xflows = (await (await page.request.get('/api/xflow/', { headers })).json()) as { id: string }[];
  const created = await page.request.post('/api/event/', {
    headers,
    data: { Title: title, EventState: 'VOD_PUBLIC', XflowId: xflows[0]!.id, ScheduledStart: '2026-01-10T10:00:00Z', ScheduledEnd: '2026-01-10T10:20:00Z' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/events/${id}?tab=assets`);

  const requested = await page.request.post('/api/asset/video/', {
    headers,
    data: { clip: { eventId: id, start: '00:00:00.000', end: '00:04:00.000' }, name: `Four minutes ${title}`, frameAccurate: 1 },
  });
  expect(requested.ok(), await requested.text()).toBe(true);

  const figure = page.locator('[data-progress]');
  const percent = async () => Number((await figure.getAttribute('data-progress', { timeout: 2_000 }).catch(() => null)) ?? 0);
  await expect(figure).toBeVisible({ timeout: 60_000 });
  await expect(figure).toHaveText(/^\d+ % · (about \d+(\.\d)? (s|min|h)|less than 5 s) left$/);
  const first = await percent();
  expect(first).toBeGreaterThan(0);
  mkdirSync(screenshots, { recursive: true });
  await figure.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${screenshots}asset-progress-1440-light.png`, animations: 'disabled' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(figure).toBeVisible();
  await figure.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${screenshots}asset-progress-390-dark.png`, animations: 'disabled' });
  await expect.poll(percent, { timeout: 60_000 }).toBeGreaterThan(first);
  await expect(page.getByRole('progressbar', { name: `Generating Four minutes ${title}` })).toHaveAttribute('aria-valuenow', /^\d+$/);
  // Done: the card leaves its progress for the video.
  await expect(figure).toHaveCount(0, { timeout: 90_000 });
});
