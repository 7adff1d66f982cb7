/**
 * Webhooks against the real service and a real receiver: the test runs its own HTTP server on
 * 127.0.0.1 (the e2e service allows private addresses, WEBHOOKS_ALLOW_PRIVATE=true). The operator
 * registers a webhook to it in the dashboard with an extra header (a refused address first: the
 * service's reason shows on the URL field), sends a test, changes the event's title on the event
 * page and finds the delivery (200, latency) in the log; the receiver got the body and the header.
 * A second test fills a log with 200 deliveries (some failing) and a long URL for screenshots in
 * light, dark, on a phone and with keyboard focus (test-results/screenshots/webhooks-*.png).
 */
import { mkdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { API_KEY, connect, expect, test, type Page } from './test.ts';

const screenshots = fileURLToPath(new URL('../test-results/screenshots/', import.meta.url));

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1 at a free port: records every request; paths starting /fail answer 500. */
async function startReceiver(): Promise<{ url: (path: string) => string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const fail = path.startsWith('/fail');
      response.writeHead(fail ? 500 : 200, { 'Content-Type': 'application/json' });
      response.end(fail ? '{"error":"the receiver is having a bad day"}' : '{"ok":true,"received":"thanks"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function api<T>(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(`/api${path}`, { method, headers: { 'API-KEY': API_KEY }, ...(data === undefined ? {} : { data }) });
  expect(response.ok(), await response.text()).toBe(true);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

test.beforeEach(async ({ page }) => {
  mkdirSync(screenshots, { recursive: true });
  await connect(page);
});

test('register a webhook with a header, send a test, change the event, see the delivery in the log', async ({ page }) => {
  test.setTimeout(120_000);
  const receiver = await startReceiver();
  try {
    const title = `Lighthouse keepers' AGM ${Date.now()}`;
    const event = await api<{ id: string }>(page, 'POST', '/event/', { Title: title, RefId: `AGM-${Date.now()}` });

    await test.step('add the webhook in the dashboard: a refused address first, then the receiver', async () => {
      await page.goto('/webhooks');
      await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
      await page.getByRole('button', { name: 'Add webhook' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a webhook' });
      await expect(dialog).toBeVisible();
      const url = dialog.getByRole('textbox', { name: 'URL' });
      await url.fill('http://169.254.169.254/latest/meta-data');
      await dialog.getByRole('radio', { name: 'One event' }).check();
      await dialog.getByRole('combobox', { name: 'Event' }).fill(title);
      await page.getByRole('option', { name: new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).click();
      await dialog.getByRole('button', { name: 'Add header' }).click();
      const row = dialog.getByRole('listitem', { name: 'Header 1' });
      await row.getByRole('textbox', { name: 'Name' }).fill('X-Receiver-Token');
      await row.getByRole('textbox', { name: 'Value' }).fill('s3cret-token');
      await dialog.screenshot({ path: `${screenshots}webhooks-form.png` });
      await dialog.getByRole('button', { name: 'Add webhook' }).click();
      // The service refuses the cloud metadata address, and says why on the field.
      await expect(url).toHaveAccessibleDescription(/169\.254\.169\.254 is the cloud metadata address, which the service may not call/);
      await expect(url).toBeFocused();
      await dialog.screenshot({ path: `${screenshots}webhooks-form-refused.png` });
      await url.fill(receiver.url('/hooks/agm'));
      await dialog.getByRole('button', { name: 'Add webhook' }).click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/\/webhooks\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('heading', { level: 1, name: receiver.url('/hooks/agm') })).toBeVisible();
      await expect(page.getByText('No deliveries yet')).toBeVisible();
    });

    await test.step('send a test: the result says 200 and how long it took', async () => {
      await page.getByRole('button', { name: 'Send test' }).click();
      const result = page.getByRole('status', { name: 'Test result' });
      await expect(result).toContainText('Test delivered');
      await expect(result).toContainText(/The receiver answered 200 OK in [\d.]+ m?s/);
      await expect(result).toContainText('"received":"thanks"');
      expect(receiver.received).toHaveLength(1);
      expect(receiver.received[0]!.headers['x-controlroom-test']).toBe('true');
      expect(receiver.received[0]!.headers['x-receiver-token']).toBe('s3cret-token');
      await expect(page.getByRole('grid', { name: 'Deliveries' }).getByRole('row', { name: /Delivered/ })).toHaveCount(1);
    });
    const webhookUrl = page.url();

    await test.step('change the event’s title on the event page', async () => {
      await page.goto(`/events/${event.id}`);
      const titleField = page.getByRole('textbox', { name: 'Title' });
      await titleField.fill(`${title} (rescheduled)`);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText('All changes saved')).toBeVisible();
    });

    await test.step('the event’s Webhooks tab lists the webhook; its log shows the delivery with 200 and the latency', async () => {
      await page.getByRole('tab', { name: 'Webhooks' }).click();
      await expect(page).toHaveURL(/[?&]tab=webhooks/);
      const list = page.getByRole('grid', { name: 'Webhooks of this event' });
      await list.getByRole('link', { name: new RegExp(`^${receiver.url('/hooks/agm').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).click();
      await expect(page).toHaveURL(/[?&]webhook=[0-9a-f-]{36}/);
      const log = page.getByRole('grid', { name: 'Deliveries' });
      const change = log.getByRole('row', { name: /Updated.*Delivered/ }).filter({ hasNotText: 'Test' });
      await expect(change).toHaveCount(1, { timeout: 15_000 });
      await expect(change).toContainText('Metadata');
      await expect(change).toContainText(/200 OK · [\d.]+ m?s/);
      await expect(change).toContainText('1 of 8');
      await change.getByRole('button', { name: 'Show attempts' }).click();
      const attempts = page.getByRole('table', { name: /^Attempts of delivery/ });
      await expect(attempts).toContainText('200 OK');
      await expect(attempts).toContainText('Delivered');
      await page.screenshot({ path: `${screenshots}webhooks-event-tab.png`, fullPage: true });
    });

    await test.step('the receiver got the notification and the header', async () => {
      const update = receiver.received.find((r) => r.headers['x-controlroom-test'] === undefined);
      expect(update).toBeDefined();
      expect(update!.path).toBe('/hooks/agm');
      expect(update!.headers['x-receiver-token']).toBe('s3cret-token');
      expect(update!.headers['content-type']).toContain('application/json');
      expect(JSON.parse(update!.body)).toMatchObject({ eventId: event.id, action: 'Updated', metadataChanged: true, stateChanged: false });
    });

    await test.step('redeliver it from the log: a new delivery arrives', async () => {
      await page.goto(webhookUrl);
      const before = receiver.received.length;
      const log = page.getByRole('grid', { name: 'Deliveries' });
      await log.getByRole('row', { name: /Updated.*Delivered/ }).filter({ hasNotText: 'Test' }).first().getByRole('button', { name: 'Redeliver' }).click();
      await expect(log.getByRole('row', { name: /Delivered/ }).filter({ hasText: 'Redelivery' })).toHaveCount(1, { timeout: 15_000 });
      expect(receiver.received.length).toBe(before + 1);
    });
  } finally {
    await receiver.close();
  }
});

test('a long log and a long URL: light, dark, phone and keyboard focus', async ({ page }) => {
  test.setTimeout(180_000);
  const receiver = await startReceiver();
  try {
    const event = await api<{ id: string }>(page, 'POST', '/event/', { Title: `Busy webhook ${Date.now()}` });
    const longUrl = receiver.url(`/integrations/control-room/tenants/northern-broadcasting-corporation/events/notifications/v2/receive?signature=${'a1b2c3d4e5'.repeat(8)}&region=eu-west`);
    const busy = await api<{ id: string }>(page, 'POST', '/webook/event/', {
      eventId: event.id,
      webhookUrl: longUrl,
      useJsonBody: false,
      useHttpBasicAuthentication: true,
      username: 'control-room',
      password: 'p4ss',
      additionalPropertiesJson: JSON.stringify({ headers: [{ name: 'X-Tenant', value: 'nbc' }, { name: 'X-Signature-Version', value: '2' }] }),
    });
    // A second one that always fails: its deliveries are retried.
    await api(page, 'POST', '/webhook/', { webhookUrl: receiver.url('/fail/system'), useJsonBody: true });
    // 200 deliveries: tests are sent at once, each a delivery of its own.
    for (let i = 0; i < 190; i++) await api(page, 'POST', `/webhook/${busy.id}/test`);
    for (let i = 0; i < 10; i++) await api(page, 'POST', '/event/', { Id: event.id, Title: `Busy webhook, take ${i}` });

    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/webhooks');
    await expect(page.getByRole('grid', { name: 'System-wide webhooks' })).toBeVisible();
    await page.screenshot({ path: `${screenshots}webhooks-list-light.png`, fullPage: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: `${screenshots}webhooks-list-dark.png`, fullPage: true });
    await page.emulateMedia({ colorScheme: 'light' });

    // 200, and the event's Added change when its fan-out ran after the webhook existed.
    await expect.poll(async () => (await api<{ totalCount: number }>(page, 'GET', `/webhook/${busy.id}/deliveries?pageSize=1`)).totalCount).toBeGreaterThanOrEqual(200);
    const total = (await api<{ totalCount: number }>(page, 'GET', `/webhook/${busy.id}/deliveries?pageSize=1`)).totalCount;
    await page.goto(`/webhooks/${busy.id}`);
    const log = page.getByRole('grid', { name: 'Deliveries' });
    await expect(page.getByText(new RegExp(`^${total} deliveries`))).toBeVisible({ timeout: 30_000 });
    await expect(log.getByRole('row', { name: /Delivered/ }).first()).toBeVisible();
    await page.screenshot({ path: `${screenshots}webhooks-log-light.png`, fullPage: true });
    await page.getByRole('combobox', { name: /Rows per page/ }).click();
    await page.getByRole('option', { name: '100' }).click();
    await expect(page).toHaveURL(/[?&]pageSize=100/);
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page.getByText(`101–${Math.min(200, total)} of ${total}`)).toBeVisible();

    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`/webhooks/${busy.id}`);
    await expect(log.getByRole('row').nth(1)).toBeVisible();
    await log.getByRole('button', { name: 'Show attempts' }).first().click();
    await page.screenshot({ path: `${screenshots}webhooks-log-dark.png` });

    // The failing system-wide webhook: failed only, retrying.
    const system = await api<{ id: string }[]>(page, 'GET', '/webhook/');
    await page.goto(`/webhooks/${system[0]!.id}`);
    // Its first attempt fails at once: retried after the backoff.
    await expect(page.getByRole('grid', { name: 'Deliveries' }).getByRole('row', { name: /Retrying/ }).first()).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: `${screenshots}webhooks-failing-dark.png` });

    // Keyboard: Tab to the first Redeliver button; its focus ring is visible.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(`/webhooks/${busy.id}`);
    await expect(log.getByRole('row').nth(1)).toBeVisible();
    const redeliver = log.getByRole('button', { name: 'Redeliver' }).first();
    for (let i = 0; i < 40 && !(await redeliver.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(redeliver).toBeFocused();
    await page.screenshot({ path: `${screenshots}webhooks-keyboard-focus.png` });
    // f toggles failed only.
    await page.keyboard.press('f');
    await expect(page).toHaveURL(/[?&]status=failed/);
    await expect(page.getByText('No failed deliveries')).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/webhooks/${busy.id}`);
    await expect(log.getByRole('row').nth(1)).toBeVisible();
    await page.screenshot({ path: `${screenshots}webhooks-log-phone.png` });
    await page.screenshot({ path: `${screenshots}webhooks-log-phone-full.png`, fullPage: true });
    // Nothing wider than the screen: the page never scrolls sideways.
    await expect.poll(() => page.locator('#main-content > div:last-child').evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await page.goto('/webhooks');
    await expect(page.getByRole('grid', { name: 'System-wide webhooks' })).toBeVisible();
    await page.screenshot({ path: `${screenshots}webhooks-list-phone.png`, fullPage: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: `${screenshots}webhooks-list-phone-dark.png`, fullPage: true });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await page.getByRole('dialog', { name: 'Add a webhook' }).getByRole('button', { name: 'Add header' }).click();
    await page.screenshot({ path: `${screenshots}webhooks-form-phone.png` });
  } finally {
    await receiver.close();
  }
});
