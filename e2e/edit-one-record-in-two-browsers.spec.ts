/**
 * Two operators (two browser contexts) edit the same record: an event, a playlist, a destination.
 *
 * The event: two operators open the same event. The second starts changing the title
 * and the description; meanwhile the first saves a new title and reference. The second saves: the service refuses the
 * stale version (412) and the page shows what changed, field by field, theirs and yours. "Keep
 * mine" saves the second operator's values on top of the first one's version: nothing is lost,
 * neither the first operator's other change nor anything the second one typed.
 * The playlist (the compose editor) and a media destination (its edit dialog): the same story, shorter.
 * Screenshots of the conflict dialog (light 1440, dark 390) go to test-results/screenshots/.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { API_KEY, connect, expect, test, type Browser, type BrowserContext, type Locator, type Page } from './test.ts';

const screenshots = fileURLToPath(new URL('../test-results/screenshots/', import.meta.url));
const headers = { 'API-KEY': API_KEY };

/** Two pages in two browser contexts, both connected, 1440 px wide; the second's context closes with the test. */
async function twoOperators(browser: Browser, context: BrowserContext, first: Page, baseURL: string): Promise<{ second: Page; other: BrowserContext }> {
  await connect(context);
  const other = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  await connect(other);
  await first.setViewportSize({ width: 1440, height: 900 });
  return { second: await other.newPage(), other };
}

async function call<T>(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(`/api${path}`, { method, headers, ...(data === undefined ? {} : { data }) });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** The conflict dialog's cells of a field's row: when opened, theirs, yours. */
const cells = (page: Page, dialog: Locator, label: string) => dialog.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${label}`) }) }).getByRole('cell');

async function edit(page: Page, label: string, value: string) {
  const field = page.getByRole('textbox', { name: label, exact: true });
  await field.fill(value);
}

test('the second of two operators saving one event sees the conflict, and nothing is lost', async ({ browser, context, page: first, baseURL }) => {
  test.setTimeout(120_000);
  mkdirSync(screenshots, { recursive: true });
  const { second, other } = await twoOperators(browser, context, first, baseURL!);
  const stamp = Date.now();
  const created = await first.request.post('/api/event/', { headers, data: { Title: `Derby ${stamp}`, Description: 'As planned' } });
  expect(created.status(), await created.text()).toBe(201);
  const event = (await created.json()) as { id: string };

  for (const page of [first, second]) {
    await page.goto(`/events/${event.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Derby ${stamp}` })).toBeVisible();
  }
  // Presence: each page says the other has the event open (the same key here: another tab of yours).
  for (const page of [first, second]) {
    await expect(page.getByRole('status', { name: 'Also open: you, in another tab' })).toBeVisible();
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

test('the second of two operators saving one playlist sees the conflict, and nothing is lost', async ({ browser, context, page: first, baseURL }) => {
  test.setTimeout(120_000);
  const { second, other } = await twoOperators(browser, context, first, baseURL!);
  const stamp = Date.now();
  const recorded = await call<{ results: { id: string; actualLiveStart: string | null; actualLiveEnd: string | null }[] }>(first, 'GET', '/event/?eventState=INSTANT_VOD,VOD_PUBLIC,VOD_PRIVATE&pageSize=20');
  const source = recorded.results.find((e) => e.actualLiveStart && e.actualLiveEnd)!;
  const workflowId = (await call<{ id: string }[]>(first, 'GET', '/xflow/'))[0]!.id;
  const eventId = await call<string>(first, 'POST', '/compose/', {
    event: { workflowId, title: `Highlights ${stamp}`, categoryIds: [], setPrivateAFterGeneration: false, vodDrm: false },
    playlist: { name: `Reel ${stamp}`, looped: false, liveStreamStart: null, items: [{ type: 0, value: source.id, properties: {}, markers: null }] },
  });
  for (const page of [first, second]) {
    await page.goto(`/compose/${eventId}?tab=settings`);
    await expect(page.getByRole('textbox', { name: 'Playlist name' })).toHaveValue(`Reel ${stamp}`);
  }

  await edit(second, 'Playlist name', `Reel ${stamp} (mine)`);
  await edit(first, 'Playlist name', `Reel ${stamp} (theirs)`);
  await first.getByText('Loop the playlist').click();
  await first.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(first.getByTestId('save-status')).toHaveText(/All changes saved/);

  const dialog = second.getByRole('dialog', { name: /^Someone else saved the playlist/ });
  await second.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeVisible();
  await expect(cells(second, dialog, 'Playlist name')).toHaveText([`Reel ${stamp}`, `Reel ${stamp} (theirs)`, `Reel ${stamp} (mine)`]);
  await expect(cells(second, dialog, 'Looped')).toHaveText(['No', 'Yes', 'No']);
  await dialog.getByRole('button', { name: 'Keep mine' }).click();
  await expect(dialog).toBeHidden();
  await expect(second.getByTestId('save-status')).toHaveText(/All changes saved/);
  // Mine over theirs where we both changed it; their loop kept.
  expect(await call(second, 'GET', `/compose/${eventId}`)).toMatchObject({ name: `Reel ${stamp} (mine)`, looped: true });
  await other.close();
});

test('the second of two admins saving one destination sees the conflict, and nothing is lost', async ({ browser, context, page: first, baseURL }) => {
  test.setTimeout(90_000);
  const { second, other } = await twoOperators(browser, context, first, baseURL!);
  const stamp = Date.now();
  const created = await call<{ id: string }>(first, 'POST', '/media/destination/', { name: `Channel ${stamp}`, target: 'VideoSite', destinationJson: '{}' });
  for (const page of [first, second]) {
    await page.goto(`/destinations?edit=${created.id}`);
    await expect(page.getByRole('dialog', { name: `Edit Channel ${stamp}` })).toBeVisible();
  }
  const form = (page: Page) => page.getByRole('dialog', { name: `Edit Channel ${stamp}` });
  await form(second).getByRole('textbox', { name: /^Name/ }).fill(`Channel ${stamp} (mine)`);
  await form(first).getByRole('textbox', { name: /^Name/ }).fill(`Channel ${stamp} (theirs)`);
  await form(first).getByRole('button', { name: 'Save' }).click();
  await expect(form(first)).toBeHidden();

  const dialog = second.getByRole('dialog', { name: /^Someone else saved the destination/ });
  await form(second).getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeVisible();
  await expect(cells(second, dialog, 'Name')).toHaveText([`Channel ${stamp}`, `Channel ${stamp} (theirs)`, `Channel ${stamp} (mine)`]);
  await dialog.getByRole('button', { name: 'Keep mine' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await call<{ name: string }>(second, 'GET', `/media/destination/${created.id}`)).name).toBe(`Channel ${stamp} (mine)`);
  await other.close();
});
