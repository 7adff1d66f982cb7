/**
 * Direct publishing against the real service and its simulated VideoSite. The operator adds a
 * VideoSite destination for direct publishing on the Destinations page and activates it on the
 * platform's authorisation page; publishes an event's MP4 through the guided form, choosing a
 * region and then one of that region's categories (the choices come from the target's metadata
 * lookups); watches it complete in the dialog and in the publications monitor; unpublishes it
 * from the monitor's row. Screenshots in light and dark at 1440x900 (test-results/screenshots/).
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { API_KEY, connect, expect, test, type Page } from './test.ts';

const headers = { 'API-KEY': API_KEY };
const screenshots = fileURLToPath(new URL('../test-results/screenshots/', import.meta.url));
const unique = () => Math.random().toString(36).slice(2, 7);

async function shoot(page: Page, name: string) {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.screenshot({ path: `${screenshots}${name}-light.png` });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: `${screenshots}${name}-dark.png` });
  await page.emulateMedia({ colorScheme: 'light' });
}

test.describe('publish directly to a video site', () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  test.beforeAll(() => mkdirSync(screenshots, { recursive: true }));

  test('add and activate a VideoSite destination, publish an MP4 through the guided form, see it complete, unpublish it', async ({ page, context }) => {
    test.setTimeout(180_000);
    await connect(page);
    const tag = unique();
    const name = `Highlights ${tag}`;

    // 1. A destination for direct publishing, activated on the platform's authorisation page.
    await page.goto('/destinations');
    await page.getByRole('button', { name: 'Add destination' }).click();
    const add = page.getByRole('dialog');
    await add.getByLabel('Name').fill(name);
    await add.getByRole('combobox', { name: 'Used for' }).click();
    await page.getByRole('option', { name: /Direct publishing/ }).click();
    await add.getByRole('button', { name: 'Add' }).click();
    const item = page.getByRole('row').filter({ hasText: name });
    await expect(item).toContainText('Direct');
    await expect(item).toContainText('Needs activation');
    await item.getByRole('button', { name: 'Activate' }).click();
    const activation = page.getByRole('dialog');
    await expect(activation).toContainText('Authorise Control Room on VideoSite');
    const popupPromise = context.waitForEvent('page');
    await activation.getByRole('link', { name: 'Open the authorisation page' }).click();
    const popup = await popupPromise;
    await popup.getByRole('button', { name: 'Allow' }).click();
    await expect(popup.getByRole('heading', { name: 'Control Room is authorised' })).toBeVisible();
    await popup.close();
    await expect(activation).toContainText('is active');
    await activation.getByRole('button', { name: 'Done' }).click();
    await expect(item).toContainText('Active');
    await shoot(page, 'direct-destinations');

    // 2. An event with its MP4, published through the guided form.
    const title = `Semi-final ${tag}`;
    const created = await page.request.post('/api/event/xflow/add/', { headers, data: { TaskEngineJson: JSON.stringify({ title }), Mp4State: 'AVAILABLE' } });
    expect(created.status(), await created.text()).toBeLessThan(300);
    const event = (await created.json()) as { id: string };
    await page.goto(`/events/${event.id}?tab=publications`);
    await page.getByRole('button', { name: 'Publish directly' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish directly' });
    await dialog.getByRole('checkbox', { name: new RegExp(name) }).check();
    const form = dialog.getByRole('group', { name: new RegExp(name) });
    await expect(form.getByLabel('Title')).toHaveValue(title);

    // Checked before sending: a title is required by VideoSite.
    await form.getByLabel('Title').fill('');
    await dialog.getByRole('button', { name: 'Publish to 1 destination' }).click();
    await expect(form).toContainText('Title is required by VideoSite');
    await form.getByLabel('Title').fill(`${title}: the goals`);

    // The category waits for a region; the region's categories come from the platform.
    await expect(form.getByRole('combobox', { name: 'Category' })).toHaveAttribute('aria-disabled', 'true');
    await form.getByRole('combobox', { name: 'Region' }).click();
    await page.getByRole('option', { name: 'United Kingdom' }).click();
    await form.getByRole('combobox', { name: 'Category' }).click();
    await expect(page.getByRole('option', { name: 'Trailers' })).toHaveCount(0); // a US-only category
    await page.getByRole('option', { name: 'Sports' }).click();
    await form.getByRole('combobox', { name: 'Privacy' }).click();
    await page.getByRole('option', { name: 'Public' }).click();
    await form.getByRole('combobox', { name: 'Playlist' }).click();
    await page.getByRole('option', { name: 'Uploads' }).click();
    await shoot(page, 'direct-publish-form');

    await dialog.getByRole('button', { name: 'Publish to 1 destination' }).click();
    const results = dialog.getByRole('list', { name: 'Result per destination' });
    await expect(results).toContainText(name);
    await expect(results).toContainText('Completed', { timeout: 30_000 });
    await shoot(page, 'direct-publish-result');
    await dialog.getByRole('button', { name: 'Done' }).click();

    // 3. In the monitor beside the media publications; unpublish it from its row.
    await page.goto(`/publications?event=${event.id}`);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Completed');
    await shoot(page, 'direct-publications-monitor');
    await row.getByRole('button', { name: new RegExp(`Actions for the publication on ${name}`) }).click();
    await page.getByRole('menuitem', { name: 'Unpublish' }).click();
    const confirm = page.getByRole('dialog', { name: 'Unpublish the video?' });
    await confirm.getByRole('button', { name: 'Unpublish' }).click();
    await expect(page.getByText(/Unpublished: the video is private/)).toBeVisible();

    // The platform says so too.
    const list = (await (await page.request.get(`/api/vodpublications/?contentIdFilter=&pageSize=100&queryTarget=true`, { headers })).json()) as {
      results: { destinationName: string; details: { vs_privacyStatus?: string; vs_category?: string } | null }[];
    };
    const mine = list.results.find((p) => p.destinationName === name);
    expect(mine?.details).toMatchObject({ vs_privacyStatus: 'private', vs_category: '17' });
  });
});
