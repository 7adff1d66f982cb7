// @vitest-environment node
// The in-process service needs Node's module transform; test-dom.ts supplies the DOM (see there).
import '#app/test-dom.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { endpoints } from '#schema';
import { renderWithApp } from '#app/test-utils.tsx';
import { seedDemoData } from '#server/demo/seed.ts';
import { createTestApp, type TestApp, type TestTenant } from '#testing/app.ts';
import { createTestClient } from '#testing/client.ts';
import EventsPage from './events-page.tsx';

let t: TestApp;
let emptyTenant: TestTenant;
let total: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ events: total } = await seedDemoData(t.database.db, t.clientId, t.clock));
  emptyTenant = await t.createTenant();
}, 120_000);

afterAll(() => t?.close());
afterEach(cleanup);

function renderPage(path = '/events', tenant?: TestTenant) {
  return renderWithApp(<EventsPage />, { client: createTestClient(t, tenant ? { tenant } : {}), path });
}

const grid = () => screen.getByRole('grid', { name: 'Events' });

describe('EventsPage, with data from the in-process service', () => {
  it('shows the total and the first page', async () => {
    expect(total).toBeGreaterThan(40);
    renderPage();
    expect(await screen.findByText(new RegExp(`^${total.toLocaleString()} events · `))).toBeTruthy();
    expect(await screen.findByText(`1–20 of ${total}`)).toBeTruthy();
  });

  it('opens the page and order the URL names, and shows the rows the service gives for them', async () => {
    const expected = await createTestClient(t).call(endpoints.event.list, {
      query: { pageNumber: 2, pageSize: 20, orderColumn: 'Title', order: 'DESC' },
    });
    const { router } = renderPage('/events?page=2&sort=title&order=desc');
    expect(await screen.findByText(`21–40 of ${total}`)).toBeTruthy();
    expect(within(grid()).getByRole('columnheader', { name: /Title/ }).getAttribute('aria-sort')).toBe('descending');
    await waitFor(() => expect(within(grid()).getAllByText(expected.results[0]!.title).length).toBeGreaterThan(0));
    expect(router.state.location.search).toBe('?page=2&sort=title&order=desc');
  });

  it('sorts on the service when a column header is chosen, from the first page', async () => {
    const { router } = renderPage('/events?page=2');
    await screen.findByText(`21–40 of ${total}`);
    await userEvent.setup().click(within(grid()).getByRole('columnheader', { name: /Start/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=start'));
    expect(await screen.findByText(`1–20 of ${total}`)).toBeTruthy();
    expect(within(grid()).getByRole('columnheader', { name: /Start/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('says so when there are no events', async () => {
    renderPage('/events', emptyTenant);
    expect(await screen.findByText('No events yet')).toBeTruthy();
    expect(screen.getByText(/^0 events · /)).toBeTruthy();
  });

  it('offers the way back when the page is past the end', async () => {
    const { router } = renderPage('/events?page=999');
    expect(await screen.findByText('Page 999 is past the end of the list')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Go to the first page' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says what to do when the key is refused', async () => {
    renderWithApp(<EventsPage />, { client: createTestClient({ app: t.app, key: 'not-a-key-of-anyone' }), path: '/events' });
    expect(await screen.findByText('Could not load the events')).toBeTruthy();
    expect(screen.getByText('The key was refused — check it.')).toBeTruthy();
    // The connection settings open by themselves; the page keeps a way back to them.
    expect(await screen.findByRole('dialog', { name: 'Connection settings' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Connection settings', hidden: true })).toBeTruthy();
  });
});
