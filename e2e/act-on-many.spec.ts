/**
 * An operator acts on many at once: two live publications of an event fail; once their
 * destination is fixed, both are selected on the publication monitor and retried in one go, and
 * the summary says what each did. The monitor and the events list are exported as CSV, exactly
 * as filtered: each file is downloaded, opened and parsed.
 */
import { readFile } from 'node:fs/promises';
import { API_KEY, connect, expect, test, type Page } from './test.ts';


async function call<T>(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(`/api${path}`, { method, headers: { 'API-KEY': API_KEY }, ...(data === undefined ? {} : { data }) });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** RFC 4180 with a BOM, as http/csv.ts writes it: rows of fields. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let i = 0; i < body.length; i += 1) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endField();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i += 1;
      endField();
      rows.push(row);
      row = [];
    } else field += c;
  }
  if (field || row.length > 0) {
    endField();
    rows.push(row);
  }
  return rows;
}

/** Clicks Export CSV and returns the downloaded file's name and its rows as records by header. */
async function exportCsv(page: Page): Promise<{ name: string; records: Record<string, string>[] }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  const [header, ...rows] = parseCsv(await readFile((await download.path())!, 'utf8'));
  return { name: download.suggestedFilename(), records: rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? '']))) };
}

test('bulk retry of failed publications with a summary; CSV exports downloaded and parsed', async ({ page }) => {
  test.setTimeout(120_000);
  await connect(page);
  const tag = Date.now();
  const title = `Bulk day ${tag}`;
  const [channel] = await call<{ id: string }[]>(page, 'GET', '/channel/');
  const event = await call<{ id: string }>(page, 'POST', '/event/', { Title: title, ChannelId: channel!.id });
  await call(page, 'PUT', `/event/state/${event.id}`, { state: 'LIVE_PUBLISHED', waitUntilCompleted: true });
  const names = [`Bulk page A ${tag}`, `Bulk page B ${tag}`];
  const destinations: string[] = [];
  for (const name of names) {
    const destination = await call<{ id: string }>(page, 'POST', '/media/destination/', { name, target: 'SocialNetwork', destinationJson: '{}' });
    const step = await call<{ actionDescription: string }>(page, 'PUT', `/media/destination/activate/${destination.id}`);
    const authorise = /\/api\/sim\/targets\/authorise\/\S+/.exec(step.actionDescription)?.[0];
    if (authorise) await page.request.post(authorise, { form: { decision: 'allow' } });
    destinations.push(destination.id);
  }
  const faults = (value: string) => Promise.all(destinations.map((destinationId) => call(page, 'POST', '/media/destinationproperty/', { destinationId, category: 'simulation', key: 'faults', value })));
  await faults('streamRejected');
  await call(page, 'POST', '/media/livepublication/', {
    eventId: event.id,
    startInstantly: true,
    publications: destinations.map((destinationId) => ({ destinationId, publicationJson: JSON.stringify({ sn_title: title }) })),
  });
  const states = async () => (await call<{ results: { publicationStateString: string }[] }>(page, 'GET', `/media/publications/monitor?eventId=${event.id}`)).results.map((r) => r.publicationStateString);
  await expect.poll(states, { timeout: 30_000 }).toEqual(['FailedPublication', 'FailedPublication']);

  await test.step('select both failed publications and retry them at once: the summary names each', async () => {
    await faults('');
    await page.goto(`/publications?event=${event.id}`);
    const grid = page.getByRole('grid', { name: 'Publications' });
    for (const name of names) {
      // Clicked, then read again through the locator until it shows: check() reads the state of
      // the element it clicked right after the click, and once under load (the full run) it read
      // it unchanged while the page went on to show both rows selected. Checking the first row
      // freezes the grid's rows (useStableRows), which may render the cells anew; not proven.
      const box = grid.getByRole('row').filter({ hasText: name }).getByRole('checkbox');
      await box.click();
      await expect(box).toBeChecked();
    }
    const bar = page.getByRole('toolbar', { name: 'Bulk actions' });
    await expect(bar).toContainText('2 selected');
    await bar.getByRole('button', { name: 'Retry 2' }).click();
    await page.getByRole('dialog', { name: 'Retry 2 publications?' }).getByRole('button', { name: 'Retry 2 publications' }).click();
    const summary = page.getByRole('dialog', { name: '2 publications retried.' });
    const succeeded = summary.getByRole('list', { name: 'Succeeded' }).getByRole('listitem');
    await expect(succeeded).toHaveCount(2);
    for (const name of names) await expect(succeeded.filter({ hasText: name })).toHaveCount(1);
    await summary.getByRole('button', { name: 'Close' }).click();
    await expect.poll(states, { timeout: 30_000 }).toEqual(['InProgress', 'InProgress']);
  });

  await test.step('the monitor, filtered to the event, exports exactly its rows', async () => {
    const { name, records } = await exportCsv(page);
    expect(name).toMatch(/^publications-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(records.map((r) => r['Destination']).sort()).toEqual([...names].sort());
    expect(records.every((r) => r['Event title'] === title && r['Kind'] === 'live')).toBe(true);
  });

  await test.step('the events list, searched, exports the event', async () => {
    await page.goto(`/events?search=${encodeURIComponent(title)}&range=all`);
    await expect(page.getByRole('grid').getByRole('row').filter({ hasText: title })).toBeVisible();
    const { name, records } = await exportCsv(page);
    expect(name).toMatch(/^events-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(records).toEqual([expect.objectContaining({ Id: event.id, Title: title, State: 'LIVE_PUBLISHED' })]);
  });
});
