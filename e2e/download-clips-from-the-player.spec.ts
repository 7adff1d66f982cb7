/**
 * VOD downloads against the real service: the operator marks two clips on an event's player with
 * the I/O keys (a second event's clip joins the same download), reorders them by keyboard, picks
 * the master, asks for the download in German, watches it become ready, opens the link (a real
 * MP4 that Chromium plays) and reads the mail in the service's mailbox. Screenshots of the clip
 * builder, the downloads page and the mailbox, light and dark (test-results/screenshots/downloads-*.png).
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { API_KEY, connect, expect, test, type Page } from './test.ts';

const screenshots = fileURLToPath(new URL('../test-results/screenshots/', import.meta.url));

async function api<T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(`/api${path}`, { method, headers: { 'API-KEY': API_KEY }, ...(data === undefined ? {} : { data }) });
  expect(response.ok(), await response.text()).toBe(true);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** Moves the player's playhead (as dragging the seek bar would) and waits until it is there. */
async function seek(page: Page, seconds: number) {
  const video = page.locator('video');
  await video.evaluate((v: HTMLVideoElement, s) => {
    v.pause();
    v.currentTime = s;
  }, seconds);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => Math.round(v.currentTime * 10) / 10)).toBe(seconds);
}

test.beforeEach(async ({ page }) => {
  mkdirSync(screenshots, { recursive: true });
  await connect(page);
});

test('mark two clips on the player, get the download ready, open the MP4 and read the mail', async ({ page, context }) => {
  test.setTimeout(150_000);
  const stamp = Date.now();
  // Events created in a VOD state on a channel play the test programme (10 minutes): media to cut.
  const [channel] = await api<{ id: string }[]>(page, 'GET', '/channel/');
  const regatta = await api<{ id: string }>(page, 'POST', '/event/', { Title: `Harbour regatta ${stamp}`, EventState: 11, ChannelId: channel!.id });
  const ceremony = await api<{ id: string }>(page, 'POST', '/event/', { Title: `Prize-giving ${stamp}`, EventState: 11, ChannelId: channel!.id });
  const recipient = `desk-${stamp}@example.com`;

  await test.step('mark a clip with I, O and A on the first event’s player', async () => {
    await page.goto(`/events/${regatta.id}?tab=downloads`);
    await page.evaluate(() => localStorage.removeItem('control-room.download-draft'));
    await page.reload();
    const builder = page.getByRole('form', { name: 'New download' });
    await expect(builder).toContainText('No clips');
    await expect(page.locator('video')).toHaveAttribute('data-stream', 'vod');
    await expect.poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
    await seek(page, 4);
    await page.keyboard.press('i');
    await seek(page, 10);
    await page.keyboard.press('o');
    await expect(page.getByText(/In 00:00:04\.0 · Out 00:00:10\.0 · 0:06/)).toBeVisible();
    await page.keyboard.press('a');
    await expect(builder.getByRole('listitem')).toHaveCount(1);
  });

  await test.step('add a clip of another event with the buttons: it joins the same download', async () => {
    await page.goto(`/events/${ceremony.id}?tab=downloads`);
    await expect(page.locator('video')).toHaveAttribute('data-stream', 'vod');
    await expect.poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
    await seek(page, 20);
    await page.getByRole('button', { name: /^Mark in/ }).click();
    await seek(page, 26);
    await page.getByRole('button', { name: /^Mark out/ }).click();
    await page.getByRole('button', { name: /^Add clip/ }).click();
    const clips = page.getByRole('form', { name: 'New download' }).getByRole('listitem');
    await expect(clips).toHaveCount(2);
    await expect(page.getByRole('form', { name: 'New download' })).toContainText('2 clips · 0:12 in all');
  });

  await test.step('put the second clip first by keyboard and make it the master', async () => {
    const builder = page.getByRole('form', { name: 'New download' });
    const handle = builder.getByRole('button', { name: /^Move clip 2, Prize-giving/ });
    await handle.focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(300);
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(300);
    await page.keyboard.press('Space');
    await expect(builder.getByRole('listitem').first()).toHaveAccessibleName(/^clip 1, Prize-giving/);
    await builder.getByRole('radio', { name: /Master clip: clip 1, Prize-giving/ }).check();
    await builder.getByRole('textbox', { name: 'E-mail the link to' }).fill(recipient);
    await builder.getByRole('combobox', { name: 'Mail language' }).click();
    await page.getByRole('option', { name: 'Deutsch' }).click();
    await expect(page.getByRole('listbox')).toBeHidden();
    await page.screenshot({ path: `${screenshots}downloads-builder-light.png` });
  });

  let link = '';
  await test.step('request it and follow it to ready', async () => {
    await page.getByRole('button', { name: 'Request download' }).click();
    await expect(page).toHaveURL(/download=[0-9a-f-]{36}/);
    const open = page.getByRole('link', { name: 'Open the MP4' });
    await expect(open).toBeVisible({ timeout: 60_000 });
    link = (await open.getAttribute('href'))!;
    expect(link).toMatch(new RegExp(`/api/voddownload-files/[\\w-]+/Prize-giving_${stamp}\\.mp4$`));
    await expect(page.getByLabel(`Download Prize-giving ${stamp}.mp4`)).toContainText('Mail sent');
  });

  await test.step('open the link: an MP4 the browser plays', async () => {
    const response = await page.request.get(link);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('video/mp4');
    const tab = await context.newPage();
    await tab.goto('/downloads');
    const duration = await tab.evaluate(async (src) => {
      const video = document.createElement('video');
      video.muted = true;
      video.src = src;
      document.body.append(video);
      await new Promise<void>((resolve, reject) => {
        video.addEventListener('loadeddata', () => resolve(), { once: true });
        video.addEventListener('error', () => reject(new Error(`the browser could not play it: ${video.error?.message}`)), { once: true });
      });
      await video.play();
      return video.duration;
    }, link);
    // Two clips of 6 s, cut at key frames (every 2 s): 12 s to 16 s.
    expect(duration).toBeGreaterThanOrEqual(11.5);
    expect(duration).toBeLessThanOrEqual(16.5);
    await tab.close();
  });

  await test.step('the downloads page lists it ready, with its link', async () => {
    await page.goto(`/downloads?q=${stamp}`);
    const grid = page.getByRole('grid', { name: 'Downloads' });
    await expect(grid.getByRole('row', { name: new RegExp(`Prize-giving ${stamp}`) })).toContainText('Ready');
    await expect(grid.getByRole('link', { name: `Open Prize-giving ${stamp}.mp4` })).toHaveAttribute('href', link);
    await page.screenshot({ path: `${screenshots}downloads-page-light.png` });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: `${screenshots}downloads-page-dark.png` });
    await page.emulateMedia({ colorScheme: 'light' });
  });

  await test.step('read the mail in the mailbox', async () => {
    await page.goto('/mailbox');
    await page.getByRole('grid', { name: 'Mails' }).getByRole('link', { name: new RegExp(`Ihr Download ist bereit: Prize-giving ${stamp}`) }).click();
    const mail = page.getByRole('article', { name: new RegExp(`Mail: Ihr Download ist bereit`) });
    await expect(mail).toContainText(recipient);
    const body = page.frameLocator(`iframe[title^="Content of"]`);
    await expect(body.getByRole('link', { name: /MP4 herunterladen/ })).toHaveAttribute('href', link);
    await page.screenshot({ path: `${screenshots}downloads-mailbox-light.png` });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: `${screenshots}downloads-mailbox-dark.png` });
  });
});
