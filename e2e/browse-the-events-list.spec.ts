/**
 * An operator opens the dashboard, connects with a key, browses the demo events page by page,
 * sorts them, and finds the same view after a reload and after Back. Screenshots of the list in
 * light and dark go to test-results/screenshots/.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { API_KEY, expect, test, type Locator, type Page } from './test.ts';

const screenshots = fileURLToPath(new URL('../test-results/screenshots/', import.meta.url));

/** Connects through the connection dialog (it opens by itself when the service offers no demo key). */
async function connect(page: Page) {
  await page.goto('/');
  await expect(page).toHaveURL(/\/events$/);
  // This worker's service (e2e/test.ts), as the dialog spells it, for a regular expression.
  const service = new URL('/api', page.url()).href.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const dialog = page.getByRole('dialog', { name: 'Connection settings' });
  const grid = page.getByRole('grid', { name: 'Events' });
  await expect(dialog.or(grid).first()).toBeVisible();
  if (!(await dialog.isVisible())) await page.getByRole('button', { name: 'Connection settings', exact: true }).click();

  await expect(dialog.getByLabel('Service URL')).toHaveValue('/api');
  await dialog.getByLabel('API key').fill(API_KEY);
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(dialog.getByRole('status')).toHaveText(new RegExp(`^Connected to ${service}\\. The service holds [\\d,.\\s]+ events?\\.$`));
  await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: new RegExp(`Connection: Connected to ${service}`) })).toBeVisible();
}

function dataRows(grid: Locator): Locator {
  return grid.getByRole('row').filter({ has: grid.page().getByRole('gridcell') });
}

/** The total from the page's subtitle ("57 events · updated ..."). */
async function totalEvents(page: Page): Promise<number> {
  const subtitle = page.getByText(/^[\d,.\s]+ events? · /);
  await expect(subtitle).toBeVisible();
  return Number((await subtitle.innerText()).replace(/ events?.*$/, '').replace(/\D/g, ''));
}

/** The start times shown on the page, in order (events without one are skipped). */
async function startTimes(grid: Locator): Promise<number[]> {
  const values = await grid.getByRole('columnheader', { name: 'Start' }).getAttribute('aria-colindex');
  const cells = dataRows(grid).locator(`[role="gridcell"][aria-colindex="${values}"] time`);
  return (await cells.evaluateAll((times) => times.map((t) => t.getAttribute('datetime') ?? ''))).map((iso) => Date.parse(iso));
}

function isSorted(values: number[], direction: 'asc' | 'desc'): boolean {
  return values.every((value, i) => i === 0 || (direction === 'asc' ? values[i - 1]! <= value : values[i - 1]! >= value));
}

test('browse the events list: connect, page, sort, reload and go back', async ({ page }) => {
  mkdirSync(screenshots, { recursive: true });
  await page.emulateMedia({ colorScheme: 'light' });

  await test.step('connect with the key', () => connect(page));

  const grid = page.getByRole('grid', { name: 'Events' });
  const total = await test.step('see the demo events', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
    await expect(dataRows(grid).first()).toBeVisible();
    const count = await totalEvents(page);
    expect(count, 'the demo tenant needs more than 10 events to page through').toBeGreaterThan(10);
    // The grid renders only the rows in view, so the footer tells how many the page holds.
    await expect(page.getByText(new RegExp(`^1–${Math.min(count, 20)} of ${count.toLocaleString('en-GB')}$`))).toBeVisible();
    // Every row shows its state in words (the first cell is the row's checkbox).
    await expect(dataRows(grid).first().locator('[role="gridcell"][data-field="state"]')).not.toBeEmpty();
    return count;
  });

  await test.step('page through ten at a time', async () => {
    await page.getByRole('combobox', { name: /Rows per page/ }).click();
    await page.getByRole('option', { name: '10', exact: true }).click();
    await expect(page).toHaveURL(/[?&]pageSize=10(&|$)/);
    await expect(page.getByText(new RegExp(`^1–10 of ${total.toLocaleString('en-GB')}$`))).toBeVisible();
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(page.getByText(new RegExp(`^11–${Math.min(20, total)} of ${total.toLocaleString('en-GB')}$`))).toBeVisible();
  });

  await test.step('soonest first by default, then the latest first', async () => {
    const start = grid.getByRole('columnheader', { name: 'Start' });
    // The list opens soonest first (today onwards); the order is not in the URL at its default.
    await expect(start).toHaveAttribute('aria-sort', 'ascending');
    await expect(grid.getByRole('progressbar')).toHaveCount(0);
    expect(isSorted(await startTimes(grid), 'asc')).toBe(true);

    await start.click();
    await expect(start).toHaveAttribute('aria-sort', 'descending');
    await expect(page).toHaveURL(/[?&]sort=start&order=desc(&|$)/);
    // Sorting starts again from the first page.
    await expect(page).not.toHaveURL(/[?&]page=/);
    await expect(grid.getByRole('progressbar')).toHaveCount(0);
    expect(isSorted(await startTimes(grid), 'desc')).toBe(true);

    const firstOfPageOne = (await dataRows(grid).first().textContent()) ?? '';
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    // The previous page stays on screen while the next one loads (no spinner): wait for the rows.
    await expect(dataRows(grid).first()).not.toHaveText(firstOfPageOne);
    await expect(grid.getByRole('progressbar')).toHaveCount(0);
    expect(isSorted(await startTimes(grid), 'desc')).toBe(true);
  });

  await test.step('reload: the same page, size and order', async () => {
    const url = page.url();
    const firstRow = (await dataRows(grid).first().textContent()) ?? '';
    await page.reload();
    await expect(page).toHaveURL(url);
    await expect(grid.getByRole('columnheader', { name: 'Start' })).toHaveAttribute('aria-sort', 'descending');
    await expect(page.getByRole('combobox', { name: /Rows per page/ })).toHaveText('10');
    await expect(page.getByText(new RegExp(`^11–${Math.min(20, total)} of `))).toBeVisible();
    await expect(dataRows(grid).first()).toHaveText(firstRow);
  });

  await test.step('back: the previous view', async () => {
    await page.goBack();
    await expect(page).not.toHaveURL(/[?&]page=/);
    await expect(page).toHaveURL(/[?&]order=desc(&|$)/);
    await expect(page.getByText(/^1–10 of /)).toBeVisible();
    await page.goBack();
    await expect(page).not.toHaveURL(/[?&]order=desc/);
    await expect(grid.getByRole('columnheader', { name: 'Start' })).toHaveAttribute('aria-sort', 'ascending');
    await page.goForward();
    await expect(grid.getByRole('columnheader', { name: 'Start' })).toHaveAttribute('aria-sort', 'descending');
  });

  await test.step('screenshots in light and dark', async () => {
    await expect(grid.getByRole('progressbar')).toHaveCount(0);
    await page.screenshot({ path: `${screenshots}events-light.png` });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(15, 20, 25)');
    await page.screenshot({ path: `${screenshots}events-dark.png` });
  });
});

test('the theme follows the system until the operator picks one', async ({ page }) => {
  mkdirSync(screenshots, { recursive: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await connect(page);
  const body = page.locator('body');
  await expect(body).toHaveCSS('background-color', 'rgb(15, 20, 25)');

  await page.getByRole('button', { name: /^Theme:/ }).click();
  await page.getByRole('menuitemradio', { name: 'Light' }).click();
  await expect(body).toHaveCSS('background-color', 'rgb(244, 246, 249)');
  await page.reload();
  await expect(body).toHaveCSS('background-color', 'rgb(244, 246, 249)');

  await page.getByRole('button', { name: /^Theme:/ }).click();
  await page.getByRole('menuitemradio', { name: 'Follow the system' }).click();
  await expect(body).toHaveCSS('background-color', 'rgb(15, 20, 25)');
});

test('on a phone: navigation in a drawer, the list still readable', async ({ page }) => {
  mkdirSync(screenshots, { recursive: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await connect(page);
  const grid = page.getByRole('grid', { name: 'Events' });
  await expect(dataRows(grid).first()).toBeVisible();
  await expect(grid.getByRole('columnheader', { name: 'Title' })).toBeVisible();
  await page.screenshot({ path: `${screenshots}events-phone.png` });

  await page.getByRole('button', { name: 'Open the navigation' }).click();
  const navigation = page.getByRole('navigation', { name: 'Main' });
  await expect(navigation.getByRole('link', { name: 'Events' })).toHaveAttribute('aria-current', 'page');
  await page.keyboard.press('Escape');
  await expect(navigation).toBeHidden();
});

test('keyboard: shortcuts dialog, next page and the skip link', async ({ page }) => {
  await connect(page);
  const grid = page.getByRole('grid', { name: 'Events' });
  await expect(dataRows(grid).first()).toBeVisible();

  await page.keyboard.press('?');
  const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(shortcuts.getByText('Next page')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(shortcuts).toBeHidden();

  await page.keyboard.press(']');
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await page.keyboard.press('[');
  await expect(page).not.toHaveURL(/[?&]page=/);

  await page.reload();
  await expect(dataRows(grid).first()).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
});
