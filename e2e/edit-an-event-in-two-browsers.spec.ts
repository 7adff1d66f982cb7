/**
 * Two operators (two browser contexts) open the same event. The second starts changing the title
 * and the description; meanwhile the first saves a new title and reference. The second saves: the service refuses the
 * stale version (412) and the page shows what changed, field by field, theirs and yours. "Keep
 * mine" saves the second operator's values on top of the first one's version: nothing is lost,
 * neither the first operator's other change nor anything the second one typed.
 * Screenshots of the conflict dialog (light 1440, dark 390) go to test-results/screenshots/.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type BrowserContext, type Page } from './test.ts';

const screenshots = fileURLToPath(new URL('../test-results/screenshots/', import.meta.url));
const API_KEY = process.env.E2E_API_KEY ?? 'e2e-test-key';
const headers = { 'API-KEY': API_KEY };

async function connect(context: BrowserContext) {
  await context.addInitScript((key) => {
    if (!localStorage.getItem('control-room.connection')) localStorage.setItem('control-room.connection', JSON.stringify({ baseUrl: '/api', apiKey: key }));
  }, API_KEY);
}

async function edit(page: Page, label: string, value: string) {
  const field = page.getByRole('textbox', { name: label, exact: true });
  await field.fill(value);
}

test('the second of two operators saving one event sees the conflict, and nothing is lost', async ({ browser, context, page: first, baseURL }) => {
  test.setTimeout(120_000);
  mkdirSync(screenshots, { recursive: true });
  await connect(context);
  const other = await browser.newContext({ baseURL: baseURL!, viewport: { width: 1440, height: 900 } });
  await connect(other);
  const second = await other.newPage();
  const stamp = Date.now();
  const created = await first.request.post('/api/event/', { headers, data: { Title: `Derby ${stamp}`, Description: 'As planned' } });
  expect(created.status(), await created.text()).toBe(201);
  const event = (await created.json()) as { id: string };

  await first.setViewportSize({ width: 1440, height: 900 });
  for (const page of [first, second]) {
    await page.goto(`/events/${event.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Derby ${stamp}` })).toBeVisible();
  }

  await test.step('the second operator starts changing the title and the description', async () => {
    await edit(second, 'Title', `Derby ${stamp} (final)`);
    await edit(second, 'Description', 'Kick-off delayed by rain');
  });

  await test.step('meanwhile the first operator saves a new title and reference', async () => {
    await edit(first, 'Title', `Derby ${stamp} (moved)`);
    await edit(first, 'Reference ID', `REF-${stamp}`);
    await first.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(first.getByText(/^Saved/).first()).toBeVisible();
  });

  const dialog = second.getByRole('dialog', { name: /^Someone else saved the event/ });
  await test.step('the second operator saves: the conflict, field by field', async () => {
    await second.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog).toBeVisible();
    const row = (label: string) => dialog.getByRole('row').filter({ has: second.getByRole('rowheader', { name: new RegExp(`^${label}`) }) });
    await expect(row('Title').getByRole('cell')).toHaveText([`Derby ${stamp}`, `Derby ${stamp} (moved)`, `Derby ${stamp} (final)`]);
    // Their reference reached this form live (a field the second operator had not touched): no conflict to show.
    await expect(row('Reference ID')).toHaveCount(0);
    await expect(row('Description').getByRole('cell')).toHaveText(['As planned', 'As planned', 'Kick-off delayed by rain']);
    await second.screenshot({ path: `${screenshots}conflict-light-1440.png` });
    await second.emulateMedia({ colorScheme: 'dark' });
    await second.setViewportSize({ width: 390, height: 844 });
    await second.screenshot({ path: `${screenshots}conflict-dark-390.png` });
    await second.emulateMedia({ colorScheme: 'light' });
    await second.setViewportSize({ width: 1440, height: 900 });
  });

  await test.step('"Keep mine": the second operator’s values on the first one’s version, the reference kept', async () => {
    await dialog.getByRole('button', { name: 'Keep mine' }).click();
    await expect(dialog).toBeHidden();
    await expect(second.getByRole('heading', { level: 1, name: `Derby ${stamp} (final)` })).toBeVisible();
    const saved = (await (await second.request.get(`/api/event/${event.id}`, { headers })).json()) as Record<string, unknown>;
    expect(saved).toMatchObject({ title: `Derby ${stamp} (final)`, description: 'Kick-off delayed by rain', refId: `REF-${stamp}` });
    // The first operator's page follows the saved event (change feed): the final title shows there too.
    await expect(first.getByRole('heading', { level: 1, name: `Derby ${stamp} (final)` })).toBeVisible();
  });
  await other.close();
});
