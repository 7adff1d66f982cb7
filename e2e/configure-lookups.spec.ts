/**
 * An operator configures the lookups events refer to: creates an event type with a picked colour
 * and finds it in the list, then edits a channel's JSON configuration: an invalid JSON is shown as
 * an error where it is wrong, then fixed and saved. Also: the keyboard leaves the JSON editor with
 * Tab, a long name stays inside a phone-width screen, and dark mode. Screenshots go to
 * test-results/screenshots/.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { API_KEY, connect, expect, test, type Page } from './test.ts';

const screenshots = fileURLToPath(new URL('../test-results/screenshots/', import.meta.url));

/** Replaces the whole text of the JSON editor by typing, as an operator would (select all, then type). */
async function replaceJson(page: Page, text: string) {
  const editor = page.getByRole('textbox', { name: /^Configuration/ });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
  return editor;
}

test('configure lookups: an event type with a picked colour, then a channel’s JSON configuration', async ({ page }) => {
  // Several steps on one page, on a shared two-core machine.
  test.setTimeout(180_000);
  mkdirSync(screenshots, { recursive: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await connect(page);
  await page.goto('/events');
  const name = `Keynote ${Date.now().toString(36)}`;

  await test.step('create an event type with a picked colour and find it in the list', async () => {
    await page.getByRole('link', { name: 'Configuration' }).first().click();
    await expect(page).toHaveURL(/\/configuration\/event-types$/);
    await expect(page.getByRole('tab', { name: 'Event types' })).toHaveAttribute('aria-selected', 'true');
    const list = page.getByRole('grid', { name: 'Event types' });
    await expect(list.getByRole('row').nth(1)).toBeVisible();

    await page.getByRole('button', { name: 'Add event type' }).click();
    const form = page.getByRole('dialog', { name: 'New event type' });
    await form.getByRole('textbox', { name: 'Name' }).fill(name);
    await form.getByRole('radio', { name: /^Teal #00897b/ }).click();
    await expect(form.getByRole('textbox', { name: 'Hex colour' })).toHaveValue('#00897b');
    await page.screenshot({ path: `${screenshots}configuration-event-type-new-light.png` });
    await form.getByRole('button', { name: 'Create event type' }).click();
    await expect(form).toBeHidden();

    await page.getByRole('textbox', { name: 'Search event types' }).fill(name);
    const row = list.getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('#00897b');
    await expect(page).toHaveURL(/[?&]q=Keynote/);
    await page.getByRole('textbox', { name: 'Search event types' }).fill('');
    await page.screenshot({ path: `${screenshots}configuration-event-types-light.png` });
  });

  await test.step('edit a channel’s configuration: invalid JSON is an error, fixed JSON is saved', async () => {
    await page.getByRole('tab', { name: 'Channels' }).click();
    await expect(page).toHaveURL(/\/configuration\/channels$/);
    const list = page.getByRole('grid', { name: 'Channels' });
    const first = list.getByRole('row').nth(1).getByRole('link').first();
    const channel = (await first.innerText()).trim();
    await first.click();
    const form = page.getByRole('dialog', { name: channel });
    await expect(form).toBeVisible();
    await expect(page).toHaveURL(/[?&]id=[0-9a-f-]{36}/);
    const id = new URL(page.url()).searchParams.get('id')!;
    const original = JSON.parse(await form.getByRole('textbox', { name: /^Configuration/ }).innerText()) as {
      encoders: { streamingServer: { dvrWindowLength?: number } }[];
    };

    const editor = await replaceJson(page, '{\n  "encoders": [\n    { "name": "broken", }\n  ]\n}');
    await expect(form.getByText("Line 3, column 23: remove the comma before '}': JSON allows no trailing comma")).toBeVisible();
    await expect(editor).toHaveAttribute('aria-invalid', 'true');
    // The editor marks the place too (after its short lint delay).
    await expect(form.locator('.cm-lintRange-error').first()).toBeVisible();
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form.getByText('One field needs attention')).toBeVisible();
    await page.screenshot({ path: `${screenshots}configuration-channel-invalid-json-light.png` });

    // Tab leaves the editor (it does not indent).
    await editor.focus();
    await page.keyboard.press('Tab');
    await expect(editor).not.toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(editor).toBeFocused();

    const fixed = structuredClone(original);
    // Different from what is saved, also when this runs again on the same service (a retry):
    // unchanged, the form has nothing to save and its button stays disabled.
    const dvr = fixed.encoders[0]!.streamingServer;
    dvr.dvrWindowLength = dvr.dvrWindowLength === 5400 ? 7200 : 5400;
    await replaceJson(page, JSON.stringify(fixed, null, 2));
    await expect(form.getByText(/^Line \d+, column \d+/)).toHaveCount(0);
    await expect(editor).toHaveAttribute('aria-invalid', 'false');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByText(`Saved channel ‘${channel}’.`)).toBeVisible();

    const saved = await page.request.get(`/api/channel/${id}`, { headers: { 'API-KEY': API_KEY } });
    expect(JSON.parse(((await saved.json()) as { configurationJson: string }).configurationJson)).toEqual(fixed);
  });

  await test.step('dark mode, and the panel by keyboard', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    const list = page.getByRole('grid', { name: 'Channels' });
    await list.getByRole('row').nth(1).getByRole('link').first().focus();
    await page.keyboard.press('Enter');
    const form = page.getByRole('dialog').filter({ has: page.getByRole('textbox', { name: /^Configuration/ }) });
    await expect(form).toBeVisible();
    // Name, reference id, Format, then the editor: reached by Tab like any field.
    await form.getByRole('textbox', { name: 'Name' }).focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    await expect(form.getByRole('textbox', { name: /^Configuration/ })).toBeFocused();
    await page.screenshot({ path: `${screenshots}configuration-channel-dark-focus.png` });
    // Escape in the editor does not close the panel; after Tab out of it, it does.
    await page.keyboard.press('Escape');
    await expect(form).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();
    await page.emulateMedia({ colorScheme: 'light' });
  });

  await test.step('a long name stays inside a phone-width screen', async () => {
    await page.getByRole('tab', { name: 'Event types' }).click();
    const long = `${name} — the regional broadcasters’ annual conference opening keynote, streamed in three languages`;
    await page.getByRole('button', { name: 'Add event type' }).click();
    const form = page.getByRole('dialog', { name: 'New event type' });
    await form.getByRole('textbox', { name: 'Name' }).fill(long);
    await form.getByRole('button', { name: 'Create event type' }).click();
    await expect(form).toBeHidden();

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('grid', { name: 'Event types' }).getByRole('row').filter({ hasText: long })).toHaveCount(1);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${screenshots}configuration-event-types-390.png`, fullPage: true });
    await page.getByRole('grid', { name: 'Event types' }).getByRole('link', { name: long, exact: true }).click();
    await expect(page.getByRole('dialog', { name: long })).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${screenshots}configuration-event-type-edit-390.png` });
  });
});
