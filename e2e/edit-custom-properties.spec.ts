/**
 * An operator edits the metadata of an event against the real service: adds custom properties in
 * the table, edits one in place, pastes three lines from a spreadsheet (one of them updating a
 * pair the event has) and sees the rows keep their order, then adds a chapter point and gives it
 * a property. Screenshots (light, dark, a phone, 200 properties, long values, keyboard focus) go
 * to test-results/screenshots/.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { API_KEY, connect, expect, test, type Locator, type Page } from './test.ts';

const screenshots = fileURLToPath(new URL('../test-results/screenshots/', import.meta.url));
const headers = { 'API-KEY': API_KEY };

async function createEvent(page: Page, title: string): Promise<string> {
  const response = await page.request.post('/api/event/', { headers, data: { Title: title } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function properties(page: Page, eventId: string): Promise<{ category: string; key: string; value: string }[]> {
  const response = await page.request.get(`/api/customproperty/?eventId=${eventId}`, { headers });
  return (await response.json()) as { category: string; key: string; value: string }[];
}

/** The labels of the table's rows, top to bottom. */
const rowLabels = (table: Locator) => table.locator('tbody tr[data-row]').evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label')));

test.beforeEach(async ({ page }) => {
  mkdirSync(screenshots, { recursive: true });
  await connect(page);
});

test('edit custom properties: add, edit in place, paste lines, keep the order; a chapter point with a property', async ({ page }) => {
  test.setTimeout(120_000);
  const eventId = await createEvent(page, `Harbour derby ${Date.now()}`);
  await page.goto(`/events/${eventId}?tab=properties`);
  const section = page.getByRole('region', { name: /^Custom properties/ });
  // The first load on a busy machine may take a while: patience here, not a measure of speed.
  await expect(section.getByText('No custom properties on this event')).toBeVisible({ timeout: 30_000 });

  await test.step('add two properties, one row at a time', async () => {
    for (const [category, key, value] of [
      ['rights', 'holder', 'Northwind Sports'],
      ['rights', 'territory', 'EU'],
    ] as const) {
      await section.getByRole('button', { name: 'Add property' }).first().click();
      const draft = section.getByRole('row', { name: 'New property' });
      await draft.getByRole('combobox', { name: 'Category' }).fill(category);
      await draft.getByRole('textbox', { name: 'Key' }).fill(key);
      await draft.getByRole('textbox', { name: 'Value' }).fill(value);
      await draft.getByRole('textbox', { name: 'Value' }).press('Enter');
      await expect(section.getByRole('row', { name: `${category} / ${key}`, exact: true })).toBeVisible();
      // On a busy machine the saved row can show before its draft has closed: the next "Add
      // property" would then find two drafts.
      await expect(draft).toHaveCount(0);
    }
    await expect.poll(() => rowLabels(section.getByRole('table'))).toEqual(['rights / holder', 'rights / territory']);
  });

  await test.step('edit the key in place: the row stays where it is', async () => {
    // "zz-holder" sorts last on the service; the table keeps it first.
    await section.getByRole('cell', { name: 'holder', exact: true }).click();
    const editing = section.getByRole('row', { name: 'Editing rights / holder' });
    await expect(editing.getByRole('textbox', { name: 'Key' })).toBeFocused();
    await editing.getByRole('textbox', { name: 'Key' }).fill('zz-holder');
    await editing.getByRole('textbox', { name: 'Key' }).press('Enter');
    await expect(section.getByRole('row', { name: 'rights / zz-holder', exact: true })).toBeVisible();
    await expect.poll(() => rowLabels(section.getByRole('table'))).toEqual(['rights / zz-holder', 'rights / territory']);
    // Escape cancels an edit.
    await section.getByRole('cell', { name: 'EU', exact: true }).click();
    await section.getByRole('row', { name: 'Editing rights / territory' }).getByRole('textbox', { name: 'Value' }).fill('nowhere');
    await page.keyboard.press('Escape');
    await expect(section.getByRole('cell', { name: 'EU', exact: true })).toBeVisible();
  });

  await test.step('paste three lines from a spreadsheet, one updating an existing pair', async () => {
    await section.getByRole('button', { name: 'Paste lines' }).click();
    const dialog = page.getByRole('dialog', { name: 'Paste properties' });
    await dialog.getByRole('textbox', { name: 'Lines to paste' }).fill('sponsor\tname\tContoso\nrights\tterritory\tEU and UK\naudio\tlanguage\tnl');
    await expect(dialog.getByText('Preview: 2 new, 1 update')).toBeVisible();
    await expect(dialog.locator('tbody tr[data-action]')).toHaveCount(3);
    await expect(dialog.locator('tbody tr[data-action="update"]')).toContainText('territory');
    await page.screenshot({ path: `${screenshots}properties-paste-preview.png` });
    await dialog.getByRole('button', { name: 'Save 3 properties' }).click();
    await expect(dialog).toBeHidden();
    await expect(section.getByRole('cell', { name: 'EU and UK', exact: true })).toBeVisible();
    // Nothing moved: the updated row stays second, the new ones follow in pasted order.
    await expect
      .poll(() => rowLabels(section.getByRole('table')))
      .toEqual(['rights / zz-holder', 'rights / territory', 'sponsor / name', 'audio / language']);
    // A reload shows the service's own order, and the same values.
    const saved = await properties(page, eventId);
    expect(saved.map((p) => `${p.category}/${p.key}=${p.value}`).sort()).toEqual([
      'audio/language=nl',
      'rights/territory=EU and UK',
      'rights/zz-holder=Northwind Sports',
      'sponsor/name=Contoso',
    ]);
  });

  await test.step('add a chapter point, then a property on it', async () => {
    await page.getByRole('tab', { name: 'Chapter points' }).click();
    await expect(page).toHaveURL(/tab=chapters/);
    await page.getByRole('button', { name: 'Add chapter point' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add a chapter point' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Kick-off');
    await dialog.getByRole('textbox', { name: 'Start' }).fill('15:00');
    await expect(dialog.getByText('Saved as 00:15:00')).toBeVisible();
    await dialog.getByRole('button', { name: 'Add chapter point' }).click();
    await expect(dialog).toBeHidden();
    const item = page.getByRole('treeitem', { name: '00:15:00 Kick-off' });
    await expect(item).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/chapter=[0-9a-f-]{36}/);

    const table = page.getByRole('region', { name: /^Custom properties/ });
    await table.getByRole('button', { name: 'Add property' }).first().click();
    const draft = table.getByRole('row', { name: 'New property' });
    await draft.getByRole('combobox', { name: 'Category' }).fill('match');
    await draft.getByRole('textbox', { name: 'Key' }).fill('referee');
    await draft.getByRole('textbox', { name: 'Value' }).fill('A. Haddad');
    await draft.getByRole('textbox', { name: 'Value' }).press('Enter');
    await expect(table.getByRole('row', { name: 'match / referee', exact: true })).toBeVisible();
    // The tree counts it (after the refresh the save causes).
    await expect(item).toContainText('1');
    const chapterId = new URL(page.url()).searchParams.get('chapter');
    const response = await page.request.get(`/api/chapterpoint/customproperty/?chapterPointId=${chapterId}`, { headers });
    expect(((await response.json()) as { key: string; value: string }[]).map((p) => [p.key, p.value])).toEqual([['referee', 'A. Haddad']]);
    await page.screenshot({ path: `${screenshots}chapters-light.png` });
  });
});

test('screenshots: light, dark, a phone, 200 properties, long values, keyboard focus', async ({ page }) => {
  test.setTimeout(120_000);
  const eventId = await createEvent(page, `Property-heavy event ${Date.now()}`);
  const long = 'A very long value that an integrator stored as one line of description text, '.repeat(8).trim();
  const many = Array.from({ length: 200 }, (_, i) => ({
    category: ['rights', 'sponsor', 'audio', 'integration/northwind-sports-feed-with-a-long-category'][i % 4]!,
    key: i === 3 ? 'an-unusually-long-key-name-that-does-not-fit-its-column-at-all' : `key-${String(i).padStart(3, '0')}`,
    value: i === 1 ? long : i === 2 ? '{"json":true,"nested":{"list":[1,2,3]}}' : `value ${i}`,
  }));
  const bulk = await page.request.post(`/api/customproperty/bulk/event/${eventId}`, { headers, data: many });
  expect(bulk.status(), await bulk.text()).toBe(200);
  const chapter = await page.request.post('/api/chapterpoint/', {
    headers,
    data: { eventId, title: 'First half', startTime: '00:15:00', endTime: '01:02:00', tag: 'half', propertyModels: [{ category: 'match', key: 'period', value: '1' }] },
  });
  const first = (await chapter.json()) as { id: string };
  await page.request.post('/api/chapterpoint/', {
    headers,
    data: { eventId, parentId: first.id, title: 'Goal — a very long chapter title that an operator typed in full, scorer and minute included', startTime: '00:38:12.250', tag: 'goal' },
  });
  await page.request.post('/api/chapterpoint/', { headers, data: { eventId, title: 'Second half', startTime: '01:17:00', tag: 'half' } });

  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(`/events/${eventId}?tab=properties`);
  const section = page.getByRole('region', { name: /^Custom properties/ });
  await expect(section.getByText('200 properties')).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: `${screenshots}properties-light.png` });
  await page.screenshot({ path: `${screenshots}properties-200-full.png`, fullPage: true });

  // Keyboard: Tab into the table, move down, select one, open one for editing.
  await section.locator('tbody tr[data-row]').first().focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press(' ');
  await page.keyboard.press('ArrowDown');
  await page.screenshot({ path: `${screenshots}properties-keyboard-focus.png` });
  await page.keyboard.press('Enter');
  await page.screenshot({ path: `${screenshots}properties-editing-long.png` });
  await page.keyboard.press('Escape');

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: `${screenshots}properties-dark.png` });
  await page.goto(`/events/${eventId}?tab=chapters&chapter=${first.id}`);
  await expect(page.getByRole('treeitem', { name: '00:15:00 First half' })).toHaveAttribute('aria-selected', 'true');
  await page.screenshot({ path: `${screenshots}chapters-dark.png` });
  await page.getByRole('treeitem', { name: '00:15:00 First half' }).focus();
  await page.keyboard.press('ArrowDown');
  await page.screenshot({ path: `${screenshots}chapters-keyboard-focus.png` });
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.screenshot({ path: `${screenshots}chapters-delete-confirm.png` });
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(`/events/${eventId}?tab=properties`);
  await expect(section.getByText('200 properties')).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: `${screenshots}properties-phone.png` });
  await section.locator('tbody tr[data-row]').nth(1).click();
  await page.screenshot({ path: `${screenshots}properties-phone-editing.png` });
  await page.keyboard.press('Escape');
  // Nothing sticks out sideways on a phone.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  await page.goto(`/events/${eventId}?tab=chapters&chapter=${first.id}`);
  await expect(page.getByRole('treeitem', { name: '00:15:00 First half' })).toBeVisible();
  await page.screenshot({ path: `${screenshots}chapters-phone.png`, fullPage: true });
});
