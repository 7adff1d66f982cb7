/**
 * An operator keeps the alert centre open: a live publication fails elsewhere and its alert
 * arrives without a reload (the count in the top bar and the tab's title with it); the operator
 * fixes the destination and retries from the alert, which leaves the list. Then a live event's
 * encoder drops frames: its Health tab shows it, with the charts of the last minutes.
 * Screenshots of the alert centre and the health tab, light and dark, 1440 and 390.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { API_KEY, connect, expect, test, type Page } from './test.ts';

const headers = { 'API-KEY': API_KEY };
const screenshots = fileURLToPath(new URL('../test-results/screenshots/', import.meta.url));

async function call<T>(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(`/api${path}`, { method, headers, ...(data === undefined ? {} : { data }) });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** Light and dark, at 1440 and at 390 px. */
async function shoot(page: Page, name: string, ready: () => Promise<void>) {
  for (const [width, height] of [[1440, 900], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    await ready();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `${screenshots}${name}-${width}-${scheme}.png`, fullPage: width === 390, animations: 'disabled' });
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}

test('a failure reaches the open alert centre live and is fixed from it; a live event’s encoder health', async ({ page }) => {
  test.setTimeout(150_000);
  mkdirSync(screenshots, { recursive: true });
  await connect(page);
  const tag = Date.now();
  const [channel] = await call<{ id: string }[]>(page, 'GET', '/channel/');
  const event = await call<{ id: string }>(page, 'POST', '/event/', { Title: `Alert final ${tag}`, ChannelId: channel!.id });
  await call(page, 'PUT', `/event/state/${event.id}`, { state: 'LIVE_PUBLISHED', waitUntilCompleted: true });
  const destination = await call<{ id: string }>(page, 'POST', '/media/destination/', { name: `Flaky page ${tag}`, target: 'SocialNetwork', destinationJson: '{}' });
  const step = await call<{ actionDescription: string }>(page, 'PUT', `/media/destination/activate/${destination.id}`);
  const authorise = /\/api\/sim\/targets\/authorise\/\S+/.exec(step.actionDescription)?.[0];
  if (authorise) await page.request.post(authorise, { form: { decision: 'allow' } });
  const faults = (value: string) => call(page, 'POST', '/media/destinationproperty/', { destinationId: destination.id, category: 'simulation', key: 'faults', value });
  await faults('streamRejected');

  const alert = `Live publication failed on Flaky page ${tag}`;
  const row = page.getByRole('grid', { name: 'Alerts' }).getByRole('row').filter({ hasText: alert });

  await test.step('the alert centre is open when the publication fails elsewhere: the alert arrives by itself', async () => {
    await page.goto('/alerts');
    await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
    await expect(page.getByRole('grid', { name: 'Alerts' })).toBeVisible();
    await call(page, 'POST', '/media/livepublication/', {
      eventId: event.id,
      startInstantly: true,
      publications: [{ destinationId: destination.id, publicationJson: JSON.stringify({ sn_title: `Final ${tag}` }) }],
    });
    await expect(row).toBeVisible({ timeout: 30_000 });
    await expect(row).toContainText('rejected');
    await expect(page).toHaveTitle(/^\(\d+\) Alerts · Control Room$/);
    await expect(page.getByRole('link', { name: /^Alerts: \d+ open$/ })).toBeVisible();
    await shoot(page, 'alerts', () => expect(row).toBeVisible());
  });

  await test.step('fix the destination, then Retry from the alert: it leaves the list and the publication goes live', async () => {
    await faults('');
    await row.getByRole('button', { name: /^Retry/ }).click();
    await expect(row).toHaveCount(0, { timeout: 20_000 });
    await expect
      .poll(async () => (await call<{ results: { publicationStateString: string }[] }>(page, 'GET', `/media/publications/monitor?eventId=${event.id}`)).results.map((r) => r.publicationStateString), { timeout: 30_000 })
      .toContain('InProgress');
  });

  await test.step('the encoder drops frames: the Health tab says so, with its charts; the alert centre lists it', async () => {
    await call(page, 'PUT', `/event/${event.id}/health/fault`, { fault: 'frameDrops' });
    await page.goto(`/events/${event.id}?tab=health`);
    const tab = page.locator('[data-health-status]');
    await expect(tab).toHaveAttribute('data-health-status', 'degraded');
    await expect(page.getByText(/^Dropped frames since/)).toBeVisible();
    const chart = page.getByRole('figure', { name: /^Ingest bitrate/ }).locator('svg').first();
    await expect(chart).toBeVisible({ timeout: 30_000 });
    await shoot(page, 'event-health', () => expect(chart).toBeVisible());
    await page.goto('/alerts');
    await expect(page.getByRole('grid', { name: 'Alerts' }).getByRole('row').filter({ hasText: `The encoder is dropping frames: Alert final ${tag}` })).toBeVisible();
  });
});
