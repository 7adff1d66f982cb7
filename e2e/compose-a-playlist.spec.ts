/**
 * An operator composes playlists in the editor against the real service (issue 5's story):
 * - a standard composition of three events, added by dragging them into the playlist; a reorder
 *   with the keyboard only (Space, arrows, Space); a trim typed as timecodes; an SCTE-35 marker;
 *   save; the generation followed until the result plays;
 * - an encoder composition with an MP4 URL item, started live;
 * - invalid input explained on the item: an out point before the in point, and markers on an
 *   encoder playlist.
 * Screenshots (light, dark, 390 px; empty, 3 items) go to test-results/screenshots/.
 *
 * Needs the routes /compose/new and /compose/:eventId in the dashboard (src/app/router.tsx).
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { API_KEY, connect, expect, test, type Locator, type Page } from './test.ts';

const screenshots = fileURLToPath(new URL('../test-results/screenshots/', import.meta.url));

async function api<T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(`/api${path}`, { method, headers: { 'API-KEY': API_KEY }, ...(data === undefined ? {} : { data }) });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

interface EventSummary {
  id: string;
  title: string;
  actualLiveStart: string | null;
  actualLiveEnd: string | null;
}

/** Recorded events of the demo data, which compositions are made of. */
async function recordedEvents(page: Page): Promise<EventSummary[]> {
  const list = await api<{ results: EventSummary[] }>(page, 'GET', '/event/?eventState=INSTANT_VOD,VOD_PUBLIC,VOD_PRIVATE&pageSize=100&orderColumn=Title');
  // Long enough for the trims below (other specs on the same service record events of seconds).
  const minutes = (e: EventSummary) => (Date.parse(e.actualLiveEnd!) - Date.parse(e.actualLiveStart!)) / 60_000;
  return list.results.filter((e) => e.actualLiveStart && e.actualLiveEnd && minutes(e) >= 5);
}

const playlist = (page: Page) => page.getByRole('list', { name: 'Playlist items' });
const rows = (page: Page) => playlist(page).getByRole('listitem');
const row = (page: Page, position: number) => page.locator(`[data-row-key][data-index="${position - 1}"]`);

/**
 * Searches Available content for an event and drags it by its handle onto the playlist, below its
 * last row. The list must show the search's answer first: until it renders, the previous results
 * stay (keepPreviousData), and a handle measured there moves before the mouse goes down. Moves in
 * steps, so dnd-kit's pointer sensor sees its activation distance pass.
 */
async function dragIntoPlaylist(page: Page, event: EventSummary) {
  const searched = page.waitForResponse((r) => r.url().includes('/api/event/?') && new URL(r.url()).searchParams.get('search') === event.title);
  await page.getByRole('searchbox', { name: 'Search events' }).fill(event.title);
  const found = ((await (await searched).json()) as { results: { id: string }[] }).results.map((e) => e.id);
  const available = page.getByRole('list', { name: 'Available events' });
  await expect(available.locator('li[data-event-id]')).toHaveCount(found.length);
  await expect(available.locator('li[data-event-id]').first()).toHaveAttribute('data-event-id', found[0]!);
  const handle = available.locator(`li[data-event-id="${event.id}"] [aria-roledescription="draggable"]`);
  await handle.scrollIntoViewIfNeeded();
  const target = page.getByTestId('playlist-scroller');
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 20, from.y + 10, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height - 20, { steps: 12 });
  await page.mouse.up();
}

async function shoot(page: Page, name: string, options: { dark?: boolean; width?: number; locator?: Locator } = {}) {
  const size = page.viewportSize()!;
  if (options.dark) await page.emulateMedia({ colorScheme: 'dark' });
  if (options.width) await page.setViewportSize({ width: options.width, height: 844 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${screenshots}${name}.png`, fullPage: false });
  if (options.dark) await page.emulateMedia({ colorScheme: 'light' });
  if (options.width) await page.setViewportSize(size);
}

test.beforeEach(async ({ page }) => {
  mkdirSync(screenshots, { recursive: true });
  await connect(page);
});

test('standard composition: drag three events in, reorder by keyboard, trim, add a marker, save, watch it generate, play it', async ({ page }) => {
  test.setTimeout(180_000);
  const [first, second, third] = (await recordedEvents(page)).slice(0, 3);
  expect(third).toBeDefined();
  const title = `Best of the week ${Date.now()}`;

  await test.step('open a new standard composition', async () => {
    await page.goto('/compose/new?type=standard');
    await expect(page.getByRole('heading', { level: 1, name: 'New standard composition' })).toBeVisible();
    await expect(page.getByText('The playlist is empty')).toBeVisible();
    await shoot(page, 'compose-empty-light');
    await shoot(page, 'compose-empty-dark', { dark: true });
    await shoot(page, 'compose-empty-narrow', { width: 390 });
  });

  await test.step('drag three events into the playlist', async () => {
    for (const [index, event] of [first!, second!, third!].entries()) {
      await dragIntoPlaylist(page, event);
      await expect(rows(page)).toHaveCount(index + 1);
      await expect(row(page, index + 1)).toHaveAttribute('aria-label', new RegExp(`^${index + 1}\\. ${escape(event.title)}`));
    }
    await expect(row(page, 1)).toHaveAttribute('aria-label', new RegExp(`^1\\. ${escape(first!.title)}`));
    await expect(row(page, 3)).toHaveAttribute('aria-label', new RegExp(`^3\\. ${escape(third!.title)}`));
  });

  await test.step('move the third item to the top with the keyboard only', async () => {
    // As a screen-reader user would, each key waits for the announcement of the one before.
    const announced = page.getByTestId('playlist-announcement');
    await row(page, 3).focus();
    await page.keyboard.press('Space');
    await expect(announced).toContainText('Picked up item 3 of 3');
    await page.keyboard.press('ArrowUp');
    await expect(announced).toHaveText('Position 2 of 3.');
    await page.keyboard.press('ArrowUp');
    await expect(announced).toHaveText('Position 1 of 3.');
    await page.keyboard.press('Space');
    await expect(announced).toContainText(`Dropped ${third!.title} at position 1 of 3.`);
    await expect(row(page, 1)).toHaveAttribute('aria-label', new RegExp(`^1\\. ${escape(third!.title)}`));
    await expect(row(page, 2)).toHaveAttribute('aria-label', new RegExp(`^2\\. ${escape(first!.title)}`));
    await expect(page.getByTestId('save-status')).toHaveText(/New composition/);
  });

  await test.step('move the first item to the bottom by its handle with the mouse, then undo', async () => {
    const handle = row(page, 1).getByTitle('Drag to reorder');
    const from = (await handle.boundingBox())!;
    const to = (await row(page, 3).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 4 });
    await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2, { steps: 12 });
    // The rows it passed stepped aside without a transition (playlist-row.tsx).
    await expect(row(page, 2)).toHaveAttribute('style', /transform: translate\(0px, -\d+px\)/);
    expect(await row(page, 2).evaluate((element) => getComputedStyle(element).transitionDuration)).toBe('0s');
    await page.mouse.up();
    await expect(row(page, 3)).toHaveAttribute('aria-label', new RegExp(`^3\\. ${escape(third!.title)}`));
    await expect(row(page, 1)).toHaveAttribute('aria-label', new RegExp(`^1\\. ${escape(first!.title)}`));
    await row(page, 3).focus();
    await page.keyboard.press('Control+z');
    await expect(row(page, 1)).toHaveAttribute('aria-label', new RegExp(`^1\\. ${escape(third!.title)}`));
  });

  await test.step('trim the second item by typing timecodes, and add a marker', async () => {
    const total = await page.getByTestId('playlist-total').innerText();
    await row(page, 2).focus();
    await page.keyboard.press('Enter');
    const details = page.getByTestId('item-details');
    await details.getByRole('textbox', { name: 'In point' }).fill('00:00:05');
    await details.getByRole('textbox', { name: 'In point' }).press('Tab');
    await details.getByRole('textbox', { name: 'Out point' }).fill('00:01:05.500');
    await details.getByRole('textbox', { name: 'Out point' }).press('Tab');
    await expect(details.getByRole('textbox', { name: 'In point' })).toHaveValue('00:00:05.000');
    // 60.5 s, spoken to the nearest second.
    await expect(row(page, 2)).toHaveAttribute('aria-label', /plays 1 min 1 s, trimmed/);
    await expect(page.getByTestId('playlist-total')).not.toHaveText(total);
    await details.getByRole('button', { name: 'Add marker' }).click();
    await details.getByRole('textbox', { name: 'Marker 1 starts at' }).fill('00:00:20');
    await details.getByRole('textbox', { name: 'Marker 1 starts at' }).press('Tab');
    await expect(details.getByTestId('marker-timeline').locator('[data-marker-index]')).toHaveCount(1);
    await shoot(page, 'compose-3-items-light');
    await shoot(page, 'compose-3-items-dark', { dark: true });
    await shoot(page, 'compose-3-items-narrow', { width: 390 });
  });

  const id = await test.step('name it and save', async () => {
    await page.getByRole('tab', { name: /Settings/ }).click();
    await page.getByRole('textbox', { name: 'Playlist name' }).fill('Best of the week');
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await page.getByRole('combobox', { name: 'Workflow' }).click();
    await page.getByRole('listbox').getByRole('option').first().click();
    await expect(page.getByTestId('kind-fixed')).toContainText('cannot change');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page).toHaveURL(/\/compose\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    return page.url().split('/').pop()!;
  });

  await test.step('watch the generation finish and play the result', async () => {
    // The service generates in a few seconds of its clock; the page follows by itself.
    await expect(page.getByTestId('composition-status')).toContainText(/Generat|ready/, { timeout: 30_000 });
    await expect(page.getByTestId('composition-status')).toContainText(/Generated: the composition plays|The composition is ready/, { timeout: 90_000 });
    const player = page.getByLabel(`Player: Composition: ${title}`);
    await expect(player).toBeVisible();
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(0);
    const saved = await api<{ items: { value: string; properties: Record<string, unknown>; markers: unknown[] | null }[] }>(page, 'GET', `/compose/${id}`);
    expect(saved.items.map((i) => i.value)).toEqual([third!.id, first!.id, second!.id]);
    expect(saved.items[1]!.properties).toMatchObject({ start: '00:00:05.000', end: '00:01:05.500' });
    expect(saved.items[1]!.markers).toHaveLength(1);
  });
});

test('encoder composition: an event and an MP4 URL, started live', async ({ page }) => {
  test.setTimeout(120_000);
  const [source] = await recordedEvents(page);
  const title = `Night loop ${Date.now()}`;
  await page.goto('/compose/new?type=encoder');
  // The service's own MP4 test card: a reachable MP4 file the service's probe accepts.
  const mp4 = new URL('/api/stream/files/test-card.mp4', page.url()).toString();
  await expect(page.getByRole('heading', { level: 1, name: 'New encoder composition' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search events' }).fill(source!.title);
  await page.getByRole('button', { name: `Add ‘${source!.title}’ to the playlist` }).click();
  await page.getByRole('button', { name: 'MP4 URL' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an MP4 file by URL' });
  await dialog.getByRole('textbox', { name: 'MP4 URL' }).fill(mp4);
  await dialog.getByRole('button', { name: 'Add to the playlist' }).click();
  await expect(rows(page)).toHaveCount(2);
  await expect(row(page, 2)).toHaveAttribute('aria-label', /MP4 URL/);

  await page.getByRole('tab', { name: /Settings/ }).click();
  await page.getByRole('textbox', { name: 'Playlist name' }).fill('Night loop');
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('combobox', { name: 'Channel' }).click();
  await page.getByRole('listbox').getByRole('option', { name: /Main Stage HD/ }).click();
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/compose\/[0-9a-f-]{36}$/);

  const status = page.getByTestId('composition-status');
  await expect(status).toContainText('Live event with this playlist');
  await status.getByRole('button', { name: 'Start', exact: true }).click();
  const confirm = page.getByRole('dialog');
  await confirm.getByRole('button', { name: /^Start/ }).click();
  await expect(status).toContainText('The encoder is playing the playlist', { timeout: 60_000 });
  await expect(page.getByLabel(`Player: Composition: ${title}`)).toBeVisible();
});

test('invalid input is explained on the item: an out point before the in point, markers on an encoder playlist', async ({ page }) => {
  test.setTimeout(90_000);
  const [source] = await recordedEvents(page);
  // Leaving the unsaved playlist below asks first (beforeunload): accept.
  page.on('dialog', (d) => void d.accept());

  await page.goto('/compose/new?type=standard');
  await page.getByRole('searchbox', { name: 'Search events' }).fill(source!.title);
  await page.getByRole('button', { name: `Add ‘${source!.title}’ to the playlist` }).click();
  await row(page, 1).focus();
  await page.keyboard.press('Enter');
  const details = page.getByTestId('item-details');
  await details.getByRole('textbox', { name: 'In point' }).fill('00:02:00');
  await details.getByRole('textbox', { name: 'In point' }).press('Tab');
  await details.getByRole('textbox', { name: 'Out point' }).fill('00:01:00');
  await details.getByRole('textbox', { name: 'Out point' }).press('Tab');
  await expect(details).toContainText('The out point must be after the in point (00:02:00.000).');
  await expect(row(page, 1)).toHaveAttribute('aria-label', /1 problem$/);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('save-problem')).toContainText(/Item 1 \(.+\): The out point must be after the in point/);
  await expect(page).toHaveURL(/\/compose\/new/);

  // An encoder playlist: no markers, and the item says why.
  await page.goto('/compose/new?type=encoder');
  await page.getByRole('searchbox', { name: 'Search events' }).fill(source!.title);
  await page.getByRole('button', { name: `Add ‘${source!.title}’ to the playlist` }).click();
  await row(page, 1).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('item-details')).toContainText('Encoder composition does not support SCTE-35 markers');
  await expect(page.getByTestId('item-details').getByRole('button', { name: 'Add marker' })).toHaveCount(0);
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
