/**
 * Media syndication against the real service and its simulated targets. The operator adds a
 * VideoSite destination and activates it on the platform's authorisation page; creates live
 * publications for a live event from its Publications tab and watches them go live; one
 * destination rejects streams (a simulated fault switched on the Destinations page), so its
 * publication fails: the operator finds it at the top of the monitor, switches the fault off and
 * retries it from the row's menu. Then the event's MP4 is published to two destinations at once
 * and both go Processing -> Completed. Screenshots in light and dark (test-results/screenshots/).
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { API_KEY, connect, expect, test, type Page } from './test.ts';

const headers = { 'API-KEY': API_KEY };
const screenshots = fileURLToPath(new URL('../test-results/screenshots/', import.meta.url));
const unique = () => Math.random().toString(36).slice(2, 7);

async function createEvent(page: Page, title: string): Promise<string> {
  const channels = (await (await page.request.get('/api/channel/', { headers })).json()) as { id: string; name: string }[];
  const response = await page.request.post('/api/event/', { headers, data: { Title: title, ChannelId: channels[0]!.id } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function goLive(page: Page, id: string) {
  const response = await page.request.put(`/api/event/state/${id}`, { headers, data: { state: 'LIVE_PUBLISHED', waitUntilCompleted: true } });
  expect(response.status(), await response.text()).toBe(200);
  await expect.poll(async () => ((await (await page.request.get(`/api/event/${id}`, { headers })).json()) as { stateString: string }).stateString, { timeout: 30_000 }).toBe('LIVE_PUBLISHED');
}

async function createDestination(page: Page, name: string, target: string, destinationJson = '{}'): Promise<string> {
  const response = await page.request.post('/api/media/destination/', { headers, data: { name, target, destinationJson } });
  expect(response.status(), await response.text()).toBe(200);
  const { id } = (await response.json()) as { id: string };
  const step = (await (await page.request.put(`/api/media/destination/activate/${id}`, { headers })).json()) as { actionDescription: string };
  const path = /\/api\/sim\/targets\/authorise\/\S+/.exec(step.actionDescription)?.[0];
  if (path) await page.request.post(path, { form: { decision: 'allow' } });
  return id;
}

/** How far (px) the named grid and the page scroll sideways: 0 when everything fits the width. */
async function sidewaysOverflow(page: Page, grid: string): Promise<{ grid: number; page: number }> {
  return page.getByRole('grid', { name: grid }).evaluate((element) => {
    const scroller = element.querySelector('.MuiDataGrid-virtualScroller')!;
    const root = document.documentElement;
    return { grid: scroller.scrollWidth - scroller.clientWidth, page: root.scrollWidth - root.clientWidth };
  });
}

test.describe('publish to destinations', () => {
  test.beforeAll(() => mkdirSync(screenshots, { recursive: true }));

  test('activate a destination, go live on several, retry a failed one from the monitor, publish a VOD to two', async ({ page, context }) => {
    test.setTimeout(180_000);
    await connect(page);
    const tag = unique();

    // 1. Add a VideoSite destination in the dashboard and activate it on the platform's page.
    await page.goto('/destinations');
    await page.getByRole('button', { name: 'Add destination' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(`Main channel ${tag}`);
    await dialog.getByLabel('Channel').fill('UC-main');
    await dialog.getByRole('button', { name: 'Add' }).click();
    const item = page.getByRole('row').filter({ hasText: `Main channel ${tag}` });
    await expect(item).toContainText('Needs activation');
    await item.getByRole('button', { name: 'Activate' }).click();
    const activation = page.getByRole('dialog');
    await expect(activation).toContainText('Authorise Control Room on VideoSite');
    const popupPromise = context.waitForEvent('page');
    await activation.getByRole('link', { name: 'Open the authorisation page' }).click();
    const popup = await popupPromise;
    await expect(popup.getByRole('heading', { name: 'Allow Control Room to publish to VideoSite?' })).toBeVisible();
    await popup.getByRole('button', { name: 'Allow' }).click();
    await expect(popup.getByRole('heading', { name: 'Control Room is authorised' })).toBeVisible();
    await popup.close();
    await expect(activation).toContainText('is active');
    await activation.getByRole('button', { name: 'Done' }).click();
    await expect(item).toContainText('Active');

    // A second destination that rejects streams (the simulated fault, switched on here).
    const flaky = `Flaky page ${tag}`;
    const flakyId = await createDestination(page, flaky, 'SocialNetwork');
    await page.goto(`/destinations?destination=${flakyId}`);
    const fault = page.getByLabel('Rejects live streams');
    await expect(fault).toBeEnabled();
    await fault.click();
    await expect(fault).toBeChecked();
    await expect(page.getByRole('textbox', { name: 'Value of simulation/faults' })).toHaveValue('streamRejected');

    // 2. Live publications for a live event, from its Publications tab.
    const eventId = await createEvent(page, `Cup final ${tag}`);
    await goLive(page, eventId);
    await page.goto(`/events/${eventId}?tab=publications`);
    await page.getByRole('button', { name: 'Add live publications' }).click();
    const live = page.getByRole('dialog');
    await live.getByRole('checkbox', { name: new RegExp(`Main channel ${tag}`) }).check();
    await live.getByRole('checkbox', { name: new RegExp(flaky) }).check();
    const vsForm = live.getByRole('group', { name: new RegExp(`Main channel ${tag}`) });
    await expect(vsForm.getByLabel('Title')).toHaveValue(`Cup final ${tag}`);
    await vsForm.getByLabel('Title').fill(`Cup final ${tag} — live`);
    await live.getByRole('button', { name: /Create 2 live publications/ }).click();
    const table = page.getByRole('grid', { name: 'Publications of the event' });
    await expect(table.getByRole('row').filter({ hasText: `Main channel ${tag}` })).toContainText('Live', { timeout: 20_000 });
    await expect(table.getByRole('row').filter({ hasText: flaky })).toContainText('Publication failed', { timeout: 20_000 });

    // 3. The monitor shows the failure first; fix the destination and retry it from the row.
    await page.goto(`/publications?event=${eventId}`);
    const firstRow = page.getByRole('row').nth(1);
    await expect(firstRow).toContainText('Publication failed');
    await expect(firstRow).toContainText(flaky);
    await expect(firstRow).toContainText('rejected');
    await page.screenshot({ path: `${screenshots}publications-monitor-light.png` });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: `${screenshots}publications-monitor-dark.png` });
    await page.emulateMedia({ colorScheme: 'light' });

    await page.request.post('/api/media/destinationproperty/', { headers, data: { destinationId: flakyId, category: 'simulation', key: 'faults', value: '' } });
    await firstRow.getByRole('button', { name: new RegExp(`Actions for the publication on ${flaky}`) }).click();
    await page.getByRole('menuitem', { name: 'Retry' }).click();
    await expect(page.getByRole('row').filter({ hasText: flaky })).toContainText('Live', { timeout: 20_000 });

    // The drawer tells the story.
    await page.getByRole('row').filter({ hasText: flaky }).getByRole('gridcell').filter({ hasText: flaky }).click();
    const drawer = page.getByRole('presentation').filter({ has: page.getByRole('heading', { name: 'Publication' }) });
    await expect(drawer.getByRole('list', { name: 'State changes' })).toContainText('Scheduled → Publication failed');
    // The retry is the same publication, linked to its failure.
    await expect(drawer.getByRole('list', { name: 'State changes' })).toContainText('Retried after');
    await expect(drawer).toContainText('Viewers');
    await page.screenshot({ path: `${screenshots}publications-drawer-light.png` });
    await page.keyboard.press('Escape');

    // 4. Publish the event's MP4 to two destinations and watch both complete.
    const vodEvent = (await (
      await page.request.post('/api/event/xflow/add/', { headers, data: { TaskEngineJson: JSON.stringify({ title: `Replay ${tag}` }), Mp4State: 'AVAILABLE' } })
    ).json()) as { id: string };
    const mediaId = await createDestination(page, `Archive ${tag}`, 'MediaPlatform');
    void mediaId;
    await page.goto(`/events/${vodEvent.id}?tab=publications`);
    await page.getByRole('button', { name: 'Publish VOD' }).click();
    const vod = page.getByRole('dialog');
    await vod.getByRole('checkbox', { name: new RegExp(`Main channel ${tag}`) }).check();
    await vod.getByRole('checkbox', { name: new RegExp(`Archive ${tag}`) }).check();
    await vod.getByRole('button', { name: 'Publish to 2 destinations' }).click();
    const rows = page.getByRole('grid', { name: 'Publications of the event' }).getByRole('row');
    await expect(rows.filter({ hasText: 'Processing' }).first()).toBeVisible();
    await expect(rows.filter({ hasText: `Main channel ${tag}` })).toContainText('Completed', { timeout: 30_000 });
    await expect(rows.filter({ hasText: `Archive ${tag}` })).toContainText('Completed', { timeout: 30_000 });
    await page.screenshot({ path: `${screenshots}publications-event-tab-light.png` });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: `${screenshots}publications-event-tab-dark.png` });
    // The MP4's state in words, not its enumeration name.
    await expect(page.getByText(/^MP4: ready\./)).toBeVisible();
    // On a phone the tab keeps the state, the action and the target (the destination is in the drawer).
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(rows.filter({ hasText: 'MediaPlatform' })).toBeVisible();
    // The grid drops its secondary columns once it has measured its new width.
    await expect.poll(() => sidewaysOverflow(page, 'Publications of the event')).toEqual({ grid: 0, page: 0 });
    await page.screenshot({ path: `${screenshots}publications-event-tab-phone-dark.png`, fullPage: true });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.screenshot({ path: `${screenshots}publications-event-tab-phone-light.png`, fullPage: true });
  });

  test('read the monitor on a phone: state, action and event without scrolling sideways', async ({ page }) => {
    await connect(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/publications');
    const grid = page.getByRole('grid', { name: 'Publications' });
    const first = grid.getByRole('row').nth(1);
    await expect(first).toBeVisible();
    await expect(grid.getByRole('columnheader', { name: 'State' })).toBeVisible();
    await expect(grid.getByRole('columnheader', { name: 'Event' })).toBeVisible();
    await expect(first.getByRole('button', { name: /actions/i })).toBeVisible();
    await expect(grid.getByRole('columnheader', { name: 'Reason' })).toHaveCount(0);
    await expect.poll(() => sidewaysOverflow(page, 'Publications')).toEqual({ grid: 0, page: 0 });
    await page.screenshot({ path: `${screenshots}publications-monitor-phone-light.png` });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: `${screenshots}publications-monitor-phone-dark.png` });
  });
});
