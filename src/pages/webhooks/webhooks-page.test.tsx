// @vitest-environment node
// The in-process service needs Node's module transform; test-dom.ts supplies the DOM (see there).
import '#app/test-dom.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { endpoints, type Event } from '#schema';
import { renderWithApp } from '#app/test-utils.tsx';
import { dispatcherFor } from '#server/areas/webhook/dispatcher.ts';
import { deliverDue, recordChange } from '#testing/webhook.ts';
import { Receiver } from '#testing/webhook-receiver.ts';
import { servicePerFile } from '#testing/page-service.ts';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { createTestClient } from '#testing/client.ts';
import { EventWebhooksTab } from './event-webhooks-tab.tsx';
import WebhooksPage from './webhooks-page.tsx';

/** Receivers on 127.0.0.1 are allowed here (WEBHOOKS_ALLOW_PRIVATE in production). */
const fixture = servicePerFile({
  // The clock at the real time: the page shows times relative to the browser's.
  now: new Date(),
  services: { webhooks: { allowPrivate: true } },
  afterEach: async (t, service) => {
    receiver.respond = () => ({ status: 200 });
    await dispatcherFor(t.database.db).idle();
    // Each test starts without system-wide webhooks, whatever the last one left.
    for (const w of (await service.call(endpoints.webhook.list, {})) ?? []) await service.call(endpoints.webhook.delete, { params: { id: w.id } });
  },
});

// Beyond the file's one service (servicePerFile starts one): a second app with the default
// policy, and the receiver the webhooks post to.
/** The default policy: loopback and private addresses refused. */
let strict: TestApp;
let receiver: Receiver;
beforeAll(async () => {
  strict = await createTestApp({ now: new Date(), services: { webhooks: { allowPrivate: false } } });
  receiver = await new Receiver().start();
}, 120_000);
afterAll(async () => {
  await receiver?.stop();
  await strict?.close();
});

function createEvent(title: string): Promise<Event> {
  return fixture.service.call(endpoints.event.upsert, { body: { Title: title } });
}

function renderPage(path: string, app: TestApp = fixture.t) {
  return renderWithApp(
    <Routes>
      <Route path="/webhooks/:id?" element={<WebhooksPage />} />
      <Route path="/events/:id" element={<p>The event page</p>} />
    </Routes>,
    { client: createTestClient(app), path },
  );
}

describe('adding a webhook', () => {
  it('checks the header rows as the service does and sends the webhook with its headers', { timeout: 90_000 }, async () => {
    const user = userEvent.setup();
    const { router } = renderPage('/webhooks');
    await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook' });
    await user.click(within(dialog).getByRole('textbox', { name: 'URL' }));
    await user.paste(receiver.url('/added'));
    await user.click(within(dialog).getByRole('button', { name: 'Add header' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add header' }));
    const rows = within(dialog).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    await user.type(within(rows[0]!).getByRole('textbox', { name: 'Name' }), 'X-Token');
    await user.type(within(rows[1]!).getByRole('textbox', { name: 'Value' }), 'orphan value');
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    // Empty name and value: refused on their rows, nothing sent.
    await waitFor(() => expect(within(rows[0]!).getByRole('textbox', { name: 'Value' }).getAttribute('aria-invalid')).toBe('true'));
    expect(within(rows[0]!).getByText('Enter a value')).toBeTruthy();
    expect(within(rows[1]!).getByText('Enter a header name')).toBeTruthy();
    expect(await fixture.service.call(endpoints.webhook.list, {})).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Remove header 2' }));
    await user.type(within(dialog).getByRole('listitem', { name: 'Header 1' }).querySelector('input[name="headers.0.value"]')!, 'abc123');
    await user.click(within(dialog).getByRole('radio', { name: /Form parameters/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/webhooks\/[0-9a-f-]{36}$/));
    const [saved] = (await fixture.service.call(endpoints.webhook.list, {}))!;
    expect(saved).toMatchObject({ webhookUrl: receiver.url('/added'), useJsonBody: false, additionalPropertiesJson: '{"headers":[{"name":"X-Token","value":"abc123"}]}' });
    await fixture.service.call(endpoints.webhook.delete, { params: { id: saved!.id } });
  });

  it("shows the service's refusal of a private address on the URL field", async () => {
    const user = userEvent.setup();
    renderPage('/webhooks?new=1', strict);
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook' });
    const url = within(dialog).getByRole('textbox', { name: 'URL' });
    await user.type(url, 'http://192.168.1.20/hook');
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    await waitFor(() => expect(url.getAttribute('aria-invalid')).toBe('true'));
    expect(await within(dialog).findByText(/192\.168\.1\.20 is a private network address, which the service may not call \(OUTBOUND_ALLOW_PRIVATE=true allows/)).toBeTruthy();
    expect(document.activeElement).toBe(url);
    expect(await createTestClient(strict).call(endpoints.webhook.list, {})).toBeNull();
  });

  it("puts the service's refusal of a header on its row", async () => {
    const user = userEvent.setup();
    renderPage('/webhooks?new=1');
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook' });
    await user.type(within(dialog).getByRole('textbox', { name: 'URL' }), receiver.url('/x'));
    await user.click(within(dialog).getByRole('button', { name: 'Add header' }));
    const row = within(dialog).getByRole('listitem', { name: 'Header 1' });
    await user.type(within(row).getByRole('textbox', { name: 'Name' }), 'Content-Type');
    await user.type(within(row).getByRole('textbox', { name: 'Value' }), 'text/plain');
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(await within(row).findByText('Content-Type is set by the service and cannot be sent as an extra header')).toBeTruthy();
    expect(await fixture.service.call(endpoints.webhook.list, {})).toBeNull();
  });
});

describe('one webhook', () => {
  it('sends a test and shows the status, the latency and the answer; the receiver got the header', async () => {
    const user = userEvent.setup();
    receiver.respond = () => ({ status: 202, body: '{"queued":true}' });
    const hook = await fixture.service.call(endpoints.webhook.upsert, {
      body: { webhookUrl: receiver.url('/tested'), useJsonBody: true, additionalPropertiesJson: JSON.stringify({ headers: [{ name: 'X-Secret', value: 's' }] }) },
    });
    const before = receiver.received.length;
    renderPage(`/webhooks/${hook.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: receiver.url('/tested') })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send test' }));
    const result = await screen.findByRole('status', { name: 'Test result' });
    expect(result.textContent).toContain('Test delivered');
    expect(result.textContent).toMatch(/The receiver answered 202 Accepted in [\d.]+ m?s/);
    expect(result.textContent).toContain('{"queued":true}');
    expect(receiver.received.length).toBe(before + 1);
    expect(receiver.received.at(-1)!.headers['x-secret']).toBe('s');
    // The test is in the log.
    const log = await screen.findByRole('grid', { name: 'Deliveries' });
    await waitFor(() => expect(within(log).getAllByRole('row', { name: /Delivered/ })).toHaveLength(1));

    // A failing test says so.
    receiver.respond = () => ({ status: 503, body: 'maintenance' });
    await user.click(screen.getByRole('button', { name: 'Send test' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'Test result' }).textContent).toContain('Test failed'));
    expect(screen.getByRole('status', { name: 'Test result' }).textContent).toMatch(/503 Service Unavailable in [\d.]+ m?s/);
    await fixture.service.call(endpoints.webhook.delete, { params: { id: hook.id } });
  });

  it('never shows the password: the form says it is set, and saving with it left empty keeps it', async () => {
    const user = userEvent.setup();
    const hook = await fixture.service.call(endpoints.webhook.upsert, {
      body: { webhookUrl: receiver.url('/secured'), useJsonBody: true, useHttpBasicAuthentication: true, username: 'ops', password: 'hunter2-secret' },
    });
    const before = receiver.received.length;
    renderPage(`/webhooks/${hook.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: receiver.url('/secured') })).toBeTruthy();
    expect(document.body.textContent).not.toContain('hunter2-secret');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    const password = within(dialog).getByLabelText('Password') as HTMLInputElement;
    expect(password.value).toBe('');
    expect(within(dialog).getByText('Set; leave empty to keep it')).toBeTruthy();
    await user.clear(within(dialog).getByRole('textbox', { name: /^URL/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^URL/ }), receiver.url('/secured-2'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The receiver still gets the password with the next call.
    await user.click(await screen.findByRole('button', { name: 'Send test' }));
    await screen.findByRole('status', { name: 'Test result' });
    expect(receiver.received.length).toBe(before + 1);
    expect(receiver.received.at(-1)!.headers.authorization).toBe(`Basic ${Buffer.from('ops:hunter2-secret').toString('base64')}`);
    await fixture.service.call(endpoints.webhook.delete, { params: { id: hook.id } });
  });

  it('lists deliveries with status, latency and attempts, filters failed ones in the URL, opens the attempts and redelivers', async () => {
    const user = userEvent.setup();
    const event = await createEvent('Log event');
    const hook = await fixture.service.call(endpoints.webhook.upsertForEvent, { body: { eventId: event.id, webhookUrl: receiver.url('/log'), useJsonBody: true } });
    receiver.respond = () => ({ status: 200, body: 'fine' });
    await recordChange(fixture.t, event.id, { flags: { stateChanged: true }, state: 2 });
    await deliverDue(fixture.t);
    // A second change the receiver refuses: retried later.
    receiver.respond = () => ({ status: 500, body: 'boom' });
    await recordChange(fixture.t, event.id, { flags: { thumbnailChanged: true } });
    await deliverDue(fixture.t);

    const { router } = renderPage(`/webhooks/${hook.id}`);
    const log = await screen.findByRole('grid', { name: 'Deliveries' });
    // Deliveries are made with the change, for the webhooks there are then: the event's Added
    // change, recorded before this webhook existed, has none.
    const delivered = (await within(log).findAllByRole('row', { name: /Delivered/ })).find((r) => r.textContent?.includes('State: Live published'))!;
    expect(within(delivered).getByText('State: Live published')).toBeTruthy();
    expect(delivered.textContent).toMatch(/200 OK · [\d.]+ m?s/);
    expect(delivered.textContent).toContain('1 of 8');
    const retrying = within(log).getByRole('row', { name: /Retrying/ });
    expect(within(retrying).getByText('Thumbnail')).toBeTruthy();
    expect(retrying.textContent).toMatch(/500 Internal Server Error · [\d.]+ m?s/);
    // Its next retry is given (the cell before the actions).
    const cells = within(retrying).getAllByRole('gridcell');
    expect(cells[cells.length - 2]!.textContent).not.toBe('—');
    expect(screen.getByText(/2 deliveries · 1 still open on this page/)).toBeTruthy();

    // Failed only: in the URL, and the log says there are none.
    await user.click(screen.getByRole('button', { name: 'Failed only' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=failed'));
    expect(await screen.findByText('No failed deliveries')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show all deliveries' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));

    // The attempts of the retrying one: the answer and the excerpt.
    const row = await within(await screen.findByRole('grid', { name: 'Deliveries' })).findByRole('row', { name: /Retrying/ });
    await user.click(within(row).getByRole('button', { name: 'Show attempts' }));
    const id = row.getAttribute('data-id')!;
    await waitFor(() => expect(router.state.location.search).toBe(`?delivery=${id}`));
    const attempts = await screen.findByRole('table', { name: `Attempts of delivery ${id.slice(0, 8)}` });
    expect(attempts.textContent).toContain('500 Internal Server Error');
    expect(attempts.textContent).toContain('Will retry');
    expect(within(attempts).getByLabelText('Response to attempt 1 excerpt').textContent).toBe('boom');
    // The drawer closes, and the URL forgets the delivery.
    await user.click(within(screen.getByRole('dialog', { name: /delivery/ })).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Redeliver the delivered one: a new delivery that reaches the receiver.
    receiver.respond = () => ({ status: 200 });
    const before = receiver.received.length;
    const deliveredAgain = within(screen.getByRole('grid', { name: 'Deliveries' }))
      .getAllByRole('row', { name: /Delivered/ })
      .find((r) => r.textContent?.includes('State: Live published'))!;
    await user.click(within(deliveredAgain).getByRole('button', { name: 'Redeliver' }));
    await waitFor(() => expect(within(screen.getByRole('grid', { name: 'Deliveries' })).getByText('Redelivery')).toBeTruthy());
    await deliverDue(fixture.t);
    expect(receiver.received.length).toBeGreaterThan(before);
    expect(receiver.received.at(-1)!.fields).toMatchObject({ eventId: event.id, stateChanged: true });
    await fixture.service.call(endpoints.webhook.deleteForEvent, { params: { id: hook.id } });
  });

  it('pages through the log with the page in the URL', async () => {
    const user = userEvent.setup();
    const hook = await fixture.service.call(endpoints.webhook.upsert, { body: { webhookUrl: receiver.url('/many'), useJsonBody: true } });
    for (let i = 0; i < 23; i++) await fixture.service.call(endpoints.webhook.test, { params: { id: hook.id } });
    const { router } = renderPage(`/webhooks/${hook.id}`);
    const log = await screen.findByRole('grid', { name: 'Deliveries' });
    await waitFor(() => expect(within(log).getAllByRole('row', { name: /Delivered/ })).toHaveLength(20));
    expect(screen.getByText('1–20 of 23')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() => expect(within(screen.getByRole('grid', { name: 'Deliveries' })).getAllByRole('row', { name: /Delivered/ })).toHaveLength(3));
    await fixture.service.call(endpoints.webhook.delete, { params: { id: hook.id } });
  });

  it('deletes after a confirmation that says what happens', async () => {
    const user = userEvent.setup();
    const hook = await fixture.service.call(endpoints.webhook.upsert, { body: { webhookUrl: receiver.url('/doomed'), useJsonBody: true } });
    const { router } = renderPage(`/webhooks/${hook.id}`);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this webhook?' });
    expect(dialog.textContent).toContain('will no longer be notified of any event');
    expect(dialog.textContent).toContain('Its delivery log is deleted with it');
    await user.click(within(dialog).getByRole('button', { name: 'Delete webhook' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/webhooks'));
    expect(await fixture.service.call(endpoints.webhook.get, { params: { id: hook.id } })).toBeNull();
  });

  it('says so when the webhook does not exist', async () => {
    renderPage('/webhooks/00000000-0000-4000-8000-000000000000');
    expect(await screen.findByRole('heading', { level: 1, name: 'This webhook does not exist' })).toBeTruthy();
  });
});

describe('the list of webhooks', () => {
  /** The URLs of the grid's rows, in order. */
  const urlsOf = (grid: HTMLElement) => within(grid).queryAllByRole('link', { name: /, for (all events|one event)$/ }).map((link) => link.textContent);

  it('pages past the first page and sorts by URL, each list on the page with its own view in the URL', { timeout: 90_000 }, async () => {
    const user = userEvent.setup();
    const event = await createEvent('Paged event');
    const urls = Array.from({ length: 27 }, (_, i) => receiver.url(`/hook-${String(i + 1).padStart(2, '0')}`));
    for (const url of urls) await fixture.service.call(endpoints.webhook.upsert, { body: { webhookUrl: url, useJsonBody: true } });
    const own = await fixture.service.call(endpoints.webhook.upsertForEvent, { body: { eventId: event.id, webhookUrl: receiver.url('/own'), useJsonBody: false } });
    const { router } = renderPage(`/webhooks?event=${event.id}`);
    const system = await screen.findByRole('grid', { name: 'System-wide webhooks' });
    await waitFor(() => expect(urlsOf(system)).toHaveLength(25));
    // The grid's footer (its pagination) sits beside the element named as the grid.
    const systemFooter = within(system.closest<HTMLElement>('.MuiDataGrid-root')!);
    expect(systemFooter.getByText('1–25 of 27')).toBeTruthy();

    await user.click(within(system).getByRole('columnheader', { name: /URL/ }));
    await waitFor(() => expect(urlsOf(system)).toEqual(urls.slice(0, 25)));
    expect(within(system).getByRole('columnheader', { name: /URL/ }).getAttribute('aria-sort')).toBe('ascending');
    await user.click(within(system).getByRole('columnheader', { name: /URL/ }));
    await waitFor(() => expect(urlsOf(system)).toEqual(urls.toReversed().slice(0, 25)));

    await user.click(systemFooter.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(urlsOf(system)).toEqual([urls[1], urls[0]]));
    expect(systemFooter.getByText('26–27 of 27')).toBeTruthy();
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({ event: event.id, page: '2', sort: 'url', order: 'desc' });
    // The event's list below keeps its own (first) page.
    const forEvent = await screen.findByRole('grid', { name: 'Event webhooks' });
    await waitFor(() => expect(urlsOf(forEvent)).toEqual([receiver.url('/own')]));
    await fixture.service.call(endpoints.webhook.deleteForEvent, { params: { id: own.id } });
  });
});

describe("the event page's Webhooks tab", () => {
  it("lists the event's webhooks, notes the system-wide ones, and adds one for the event", async () => {
    const user = userEvent.setup();
    const event = await createEvent('Tabbed event');
    const system = await fixture.service.call(endpoints.webhook.upsert, { body: { webhookUrl: receiver.url('/everything'), useJsonBody: true } });
    const own = await fixture.service.call(endpoints.webhook.upsertForEvent, { body: { eventId: event.id, webhookUrl: receiver.url('/mine'), useJsonBody: false } });
    const { router } = renderWithApp(<EventWebhooksTab event={event} />, { client: createTestClient(fixture.t), path: `/events/${event.id}?tab=webhooks` });
    const list = await screen.findByRole('grid', { name: 'Webhooks of this event' });
    expect(within(list).getByRole('link', { name: `${receiver.url('/mine')}, for one event` })).toBeTruthy();
    expect(within(list).getByRole('link', { name: 'Tabbed event' }).getAttribute('href')).toBe(`/events/${event.id}?tab=webhooks`);
    const note = await screen.findByLabelText('System-wide webhooks');
    expect(note.textContent).toMatch(/(This system-wide webhook is|These \d+ system-wide webhooks are) notified of this event’s changes too/);
    expect(within(note).getByRole('link', { name: receiver.url('/everything') }).getAttribute('href')).toBe(`/webhooks/${system.id}`);

    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook' });
    // The event's title comes with its own request.
    await waitFor(() => expect(dialog.textContent).toContain('Changes of ‘Tabbed event’ only'));
    await user.type(within(dialog).getByRole('textbox', { name: 'URL' }), receiver.url('/second'));
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    await waitFor(() => expect(router.state.location.search).toMatch(/^\?tab=webhooks&webhook=[0-9a-f-]{36}$/));
    const hooks = await fixture.service.call(endpoints.webhook.listForEvent, { params: { eventsId: event.id } });
    expect(hooks!.map((h) => h.webhookUrl).sort()).toEqual([receiver.url('/mine'), receiver.url('/second')]);
    // The new one opened in the tab, with a way back to the list.
    expect(await screen.findByRole('heading', { level: 2, name: receiver.url('/second') })).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'All webhooks of this event' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=webhooks'));
    for (const h of hooks!) await fixture.service.call(endpoints.webhook.deleteForEvent, { params: { id: h.id } });
    await fixture.service.call(endpoints.webhook.delete, { params: { id: system.id } });
    expect(own.eventId).toBe(event.id);
  });
});
