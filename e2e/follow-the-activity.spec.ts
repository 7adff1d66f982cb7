/**
 * An operator renames an event; its History tab shows the change (who, the operation, the title
 * before and after), and the Activity page lists it among everything, filtered by kind of record.
 * Screenshots (light 1440, dark 390) go to test-results/screenshots/.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { API_KEY, connect, expect, test, type Page } from './test.ts';

const screenshots = fileURLToPath(new URL('../test-results/screenshots/', import.meta.url));
const headers = { 'API-KEY': API_KEY };

async function shoot(page: Page, name: string) {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${screenshots}${name}-light-1440.png` });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${screenshots}${name}-dark-390.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('an event’s history, and the activity across everything', async ({ page }) => {
  test.setTimeout(90_000);
  mkdirSync(screenshots, { recursive: true });
  await connect(page);
  const stamp = Date.now();
  const created = await page.request.post('/api/event/', { headers, data: { Title: `Gala ${stamp}` } });
  expect(created.status(), await created.text()).toBe(201);
  const event = (await created.json()) as { id: string };

  await page.goto(`/events/${event.id}`);
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(`Gala ${stamp} (encore)`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('tab', { name: 'History' }).click();
  const history = page.getByRole('list', { name: `History of Gala ${stamp} (encore)` });
  await expect(history.getByRole('listitem', { name: /^event\.upsert by / })).toHaveCount(2);
  await expect(history.getByRole('listitem').first()).toContainText(`Gala ${stamp} (encore)`);
  await shoot(page, 'event-history');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Activity' }).getByText(`event ${event.id}`).first()).toBeVisible();
  await page.getByRole('combobox', { name: 'Kind of record' }).click();
  await page.getByRole('option', { name: 'Event', exact: true }).click();
  await expect(page).toHaveURL(/entity=event/);
  await shoot(page, 'activity');
});
