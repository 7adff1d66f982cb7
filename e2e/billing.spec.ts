/**
 * An operator opens Billing, sees this month's totals, switches to last month and to a custom
 * period, and reads the charts and the table, against the real service with its demo data.
 * Screenshots (light, dark, phone, table) go to test-results/screenshots/.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { API_KEY, connect, expect, test, type Page } from './test.ts';

const screenshots = fileURLToPath(new URL('../test-results/screenshots/', import.meta.url));

interface Billing {
  live: { usage: { eventMinutes: number }; maxSimultaneousChannels: number };
  storage: { friendlyFormat: string };
  cdns: { friendlyFormat: string };
}

async function billing(page: Page, start: Date, end: Date): Promise<Billing> {
  const query = new URLSearchParams({ startPeriod: start.toISOString(), endPeriod: end.toISOString(), resolution: 'HD' });
  const response = await page.request.get(`/api/stats/billing?${query}`, { headers: { 'API-KEY': API_KEY } });
  expect(response.status()).toBe(200);
  return (await response.json()) as Billing;
}

const minutes = (n: number) => `${n.toLocaleString('en-GB', { maximumFractionDigits: 2 })}min`;
const figure = (page: Page, card: string) => page.getByRole('region', { name: card, exact: true }).getByTestId('figure');

test.beforeEach(async ({ page }) => {
  mkdirSync(screenshots, { recursive: true });
  await connect(page);
});

const DAY = 86_400_000;
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

test('billing: this month, last month and a custom period, as totals, charts and a table', async ({ page }) => {
  test.setTimeout(150_000);
  const now = new Date();
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  // The seven whole days before today: in the past, so their figures no longer change.
  const week = { from: new Date(today.getTime() - 7 * DAY), to: new Date(today.getTime() - DAY) };
  await page.emulateMedia({ colorScheme: 'light' });

  await test.step('open Billing from the navigation: this month’s totals', async () => {
    await page.goto('/events');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Billing' }).click();
    await expect(page).toHaveURL(/\/billing$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
    await expect(page.getByText(/\(UTC\) · up to now, refreshed every minute$/)).toBeVisible();
    // The demo has events live now: this month's figures keep growing, so only their presence is checked here.
    await expect(figure(page, 'Live minutes')).not.toHaveText('0min');
    await expect(page.getByRole('figure').filter({ hasText: 'Live minutes' }).locator('svg rect').first()).toBeVisible();
  });

  await test.step('change the period to last month: the URL and the figures follow', async () => {
    await page.getByRole('button', { name: 'Last month' }).click();
    await expect(page).toHaveURL(/\/billing\?period=last-month$/);
    const expected = await billing(page, lastMonth, thisMonth);
    await expect(figure(page, 'Live minutes')).toHaveText(minutes(expected.live.usage.eventMinutes));
    await expect(figure(page, 'Storage')).toHaveText(expected.storage.friendlyFormat);
    await expect(figure(page, 'CDN delivery')).toHaveText(expected.cdns.friendlyFormat);
  });

  await test.step('a custom period: the week before today, with charts', async () => {
    await page.getByRole('button', { name: 'Custom' }).click();
    await expect(page).toHaveURL(/period=custom&from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}/);
    await page.getByLabel('Last day (UTC)').fill(utcDay(week.to));
    await expect(page).toHaveURL(new RegExp(`to=${utcDay(week.to)}`));
    await page.getByLabel('First day (UTC)').fill(utcDay(week.from));
    await expect(page).toHaveURL(new RegExp(`from=${utcDay(week.from)}`));
    const expected = await billing(page, week.from, today);
    expect(expected.live.usage.eventMinutes).toBeGreaterThan(0);
    await expect(figure(page, 'Live minutes')).toHaveText(minutes(expected.live.usage.eventMinutes));
    await expect(figure(page, 'Simultaneous channels')).toHaveText(`${expected.live.maxSimultaneousChannels}at peak`);
    await expect(figure(page, 'Storage')).toHaveText(expected.storage.friendlyFormat);
    await expect(figure(page, 'CDN delivery')).toHaveText(expected.cdns.friendlyFormat);
    await expect(page.getByRole('heading', { name: 'Over the period, by day' })).toBeVisible();
    const chart = page.getByRole('figure').filter({ hasText: 'Live minutes' });
    await expect(chart.locator('svg rect').first()).toBeVisible();
    await page.screenshot({ path: `${screenshots}billing-light.png` });
    await chart.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${screenshots}billing-charts-light.png` });
  });

  await test.step('UHD, shown as a table, kept across a reload', async () => {
    await page.getByRole('button', { name: 'UHD' }).click();
    await expect(page).toHaveURL(/resolution=UHD/);
    await expect(page.getByRole('region', { name: 'UHD usage' })).toBeVisible();
    // Two clicks before the page can render, as on a busy machine: the last one wins. Left to the
    // router's transition, Charts still showed as selected at the second click, which an
    // exclusive toggle group ignores, and the page stayed on the table.
    await page.evaluate(() => {
      const button = (name: string) => document.querySelector<HTMLButtonElement>(`[aria-label="Show as"] button[aria-label="${name}"]`)!;
      button('Table').click();
      button('Charts').click();
    });
    await expect(page.getByRole('button', { name: 'Charts' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page).not.toHaveURL(/view=table/);
    await page.getByRole('button', { name: 'Table' }).click();
    await expect(page).toHaveURL(/view=table/);
    await page.reload();
    const table = page.getByRole('table', { name: 'Billing per day' });
    await expect(table.getByRole('rowheader', { name: 'Whole period' })).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(7 + 2);
    await table.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${screenshots}billing-table.png` });
  });

  await test.step('dark mode and a phone', async () => {
    await page.goto(`/billing?from=${utcDay(week.from)}&to=${utcDay(week.to)}`);
    await page.emulateMedia({ colorScheme: 'dark' });
    const chart = page.getByRole('figure').filter({ hasText: 'Live minutes' });
    await expect(chart.locator('svg rect').first()).toBeVisible();
    await page.screenshot({ path: `${screenshots}billing-dark.png` });
    await chart.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${screenshots}billing-charts-dark.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(figure(page, 'Live minutes')).toBeVisible();
    await expect
      .poll(() => page.locator('#main-content > div:last-child').evaluate((el) => el.scrollWidth - el.clientWidth))
      .toBeLessThanOrEqual(0);
    await page.getByRole('heading', { level: 1, name: 'Billing' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${screenshots}billing-phone.png` });
    await chart.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${screenshots}billing-charts-phone.png` });
  });
});
