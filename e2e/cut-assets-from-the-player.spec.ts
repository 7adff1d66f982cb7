/**
 * An operator cuts assets from an event's player and manages them in the gallery (issue 15):
 * - on an event created as VOD_PUBLIC through the API (its media: the test programme), the Assets
 *   tab: generate the MP4 and watch it become ready (the state in words, never its code); scrub the player, mark In and Out with the
 *   keys I and O, request an image, a GIF and a video with their short forms; watch them turn
 *   into pictures live;
 * - the Assets page: filter by type (in the URL), rename inline, delete one with confirmation,
 *   SYSTEM assets locked.
 * Screenshots (light, dark, 390 px) go to test-results/screenshots/.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { API_KEY, connect, expect, test, type Page } from './test.ts';

const screenshots = fileURLToPath(new URL('../test-results/screenshots/', import.meta.url));

async function createVod(page: Page, title: string): Promise<string> {
  const xflows = await (await page.request.get('/api/xflow/', { headers: { 'API-KEY': API_KEY } })).json();
  const response = await page.request.post('/api/event/', {
    headers: { 'API-KEY': API_KEY },
    data: { Title: title, EventState: 'VOD_PUBLIC', XflowId: xflows[0].id, ScheduledStart: '2026-01-10T10:00:00Z', ScheduledEnd: '2026-01-10T10:01:00Z' },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

test('cut an image, a GIF and a video from the player, and generate the MP4', async ({ page }) => {
  test.setTimeout(180_000);
  mkdirSync(screenshots, { recursive: true });
  await connect(page);
  const title = `Asset spec ${Date.now().toString(36)}`;
  const id = await createVod(page, title);
  await page.goto(`/events/${id}?tab=assets`);

  const mp4 = page.getByRole('region', { name: 'MP4 of the event' });
  await expect(mp4.getByText('Not made', { exact: true })).toBeVisible();
  await mp4.getByRole('button', { name: 'Generate MP4' }).click();
  await expect(mp4.getByText('Ready', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(mp4.getByRole('link', { name: 'Open the MP4' })).toBeVisible();

  // Scrub to 3 s and mark in with I; to 6.5 s and mark out with O.
  const video = page.getByLabel(`Player: ${title}`);
  await expect(video).toBeVisible();
  await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1, null, { timeout: 30_000 });
  await video.evaluate((v: HTMLVideoElement) => (v.currentTime = 3));
  await expect(page.getByTestId('player-time')).toHaveText(/^00:00:0[23]\./);
  await page.locator('body').press('i');
  await video.evaluate((v: HTMLVideoElement) => (v.currentTime = 6.5));
  await expect(page.getByTestId('player-time')).toHaveText(/^00:00:06\./);
  await page.locator('body').press('o');
  const markIn = page.getByRole('textbox', { name: 'In' });
  const markOut = page.getByRole('textbox', { name: 'Out' });
  await expect(markIn).toHaveValue(/^00:00:0[23]\.\d{3}$/);
  await expect(markOut).toHaveValue(/^00:00:06\.\d{3}$/);

  await page.getByRole('button', { name: 'Image here' }).click();
  let dialog = page.getByRole('dialog', { name: 'Image at the playing time' });
  await dialog.getByLabel('Name').fill('Still of the spec');
  await dialog.getByRole('button', { name: 'Make it' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'GIF of the clip' }).click();
  dialog = page.getByRole('dialog', { name: 'GIF of the clip' });
  await dialog.getByLabel('Name').fill('Loop of the spec');
  await dialog.getByLabel('Frame rate').fill('60');
  await dialog.getByRole('button', { name: 'Make it' }).click();
  await expect(dialog.getByText('1 to 30')).toBeVisible();
  await dialog.getByLabel('Frame rate').fill('8');
  await dialog.getByRole('button', { name: 'Make it' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Video of the clip' }).click();
  dialog = page.getByRole('dialog', { name: 'Video of the clip' });
  await dialog.getByLabel('Name').fill('Clip of the spec');
  await dialog.getByRole('button', { name: 'Make it' }).click();
  await expect(dialog).toBeHidden();

  // They turn into pictures by themselves.
  for (const name of ['Still of the spec', 'Loop of the spec', 'Clip of the spec']) {
    const card = page.getByRole('group', { name: `Asset ${name}` });
    await expect(card).toBeVisible();
    await expect(card.getByText('Being made', { exact: true })).toBeHidden({ timeout: 60_000 });
  }
  await expect(page.getByRole('group', { name: 'Asset Still of the spec' }).getByRole('img', { name: 'Still of the spec' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Play Clip of the spec' })).toBeVisible();
  // The system assets of the MP4 are locked.
  const system = page.getByRole('group', { name: 'Asset MP4' });
  await expect(system.getByLabel('System asset, locked')).toBeVisible();
  await expect(system.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await page.screenshot({ path: `${screenshots}assets-tab-light.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: `${screenshots}assets-tab-dark.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });

  // The Assets page: filter by type in the URL, rename inline, delete with confirmation.
  await page.goto(`/assets?atype=IMAGE`);
  await page.getByRole('textbox', { name: 'Filter by name' }).fill('of the spec');
  await expect(page).toHaveURL(/aname=of\+the\+spec/);
  const still = page.getByRole('group', { name: 'Asset Still of the spec' });
  await expect(still).toBeVisible();
  await expect(page.getByRole('group', { name: 'Asset Loop of the spec' })).toHaveCount(0);
  await still.getByRole('button', { name: 'Rename Still of the spec' }).click();
  const rename = page.getByRole('textbox', { name: 'New name of Still of the spec' });
  await rename.fill('Renamed still of the spec');
  await rename.press('Enter');
  const renamed = page.getByRole('group', { name: 'Asset Renamed still of the spec' });
  await expect(renamed).toBeVisible();
  await renamed.getByRole('button', { name: 'Delete Renamed still of the spec' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this asset?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(renamed).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`/events/${id}?tab=assets`);
  await expect(page.getByRole('region', { name: 'MP4 of the event' })).toBeVisible();
  await page.screenshot({ path: `${screenshots}assets-tab-narrow.png`, fullPage: true });
});
