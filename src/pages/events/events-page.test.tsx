// @vitest-environment node
// The in-process service needs Node's module transform; test-dom.ts supplies the DOM (see there).
import '#app/test-dom.ts';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { and, eq, inArray } from 'drizzle-orm';
import { endpoints, EventState } from '#schema';
import { renderWithApp } from '#app/test-utils.tsx';
import { events as eventsTable } from '#server/db/tables/index.ts';
import { seedDemoData } from '#server/demo/seed.ts';
import { servicePerFile } from '#testing/page-service.ts';
import type { TestTenant } from '#testing/app.ts';
import { createTestClient } from '#testing/client.ts';
import EventsPage from './events-page.tsx';
import { countEvents } from './bulk.ts';
import { STATUS_TILES } from './event-filters.ts';
import { DEFAULT_EVENTS_FILTERS, filtersToQuery } from './events-view.ts';

const fixture = servicePerFile({
  // Seeded around the real now: the page's default view is "today onwards" by the browser's clock.
  now: new Date(),
  seed: async (t) => {
    const { events: total } = await seedDemoData(t.database.db, t.clientId, t.clock);
    return { total, emptyTenant: await t.createTenant() };
  },
  afterEach: () => localStorage.clear(),
});

function renderPage(path = '/events', tenant?: TestTenant) {
  return renderWithApp(<EventsPage />, { client: createTestClient(fixture.t, tenant ? { tenant } : {}), path });
}

const grid = () => screen.getByRole('grid', { name: 'Events' });
const search = (router: { state: { location: { search: string } } }) => Object.fromEntries(new URLSearchParams(router.state.location.search));

describe('EventsPage, with data from the in-process service', () => {
  it('opens on today onwards, soonest first, and says so', async () => {
    const expected = await fixture.service.call(endpoints.event.list, { query: { ...filtersToQuery(DEFAULT_EVENTS_FILTERS), pageSize: 1 } });
    expect(expected.totalCount).toBeGreaterThan(0);
    expect(expected.totalCount).toBeLessThan(fixture.seeded.total);
    renderPage();
    expect(await screen.findByText(new RegExp(`^${expected.totalCount.toLocaleString()} events · `))).toBeTruthy();
    const active = screen.getByRole('list', { name: 'Active filters' });
    expect(within(active).getByText('Starts: today onwards')).toBeTruthy();
    expect(within(grid()).getByRole('columnheader', { name: /Start/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('shows every event in one click, and the total', async () => {
    const user = userEvent.setup();
    const { router } = renderPage();
    await screen.findByText(/ events · /);
    await user.click(screen.getByRole('button', { name: /Starts: today onwards — remove this filter/ }));
    await waitFor(() => expect(search(router)).toEqual({ range: 'all' }));
    expect(await screen.findByText(new RegExp(`^${fixture.seeded.total.toLocaleString()} events · `))).toBeTruthy();
    expect(await screen.findByText(`1–20 of ${fixture.seeded.total}`)).toBeTruthy();
  });

  it('opens the page and order the URL names, and shows the rows the service gives for them', async () => {
    const expected = await fixture.service.call(endpoints.event.list, {
      query: { pageNumber: 2, pageSize: 20, orderColumn: 'Title', order: 'DESC' },
    });
    const { router } = renderPage('/events?page=2&sort=title&order=desc&range=all');
    expect(await screen.findByText(`21–40 of ${fixture.seeded.total}`)).toBeTruthy();
    expect(within(grid()).getByRole('columnheader', { name: /Title/ }).getAttribute('aria-sort')).toBe('descending');
    await waitFor(() => expect(within(grid()).getAllByText(expected.results[0]!.title).length).toBeGreaterThan(0));
    expect(router.state.location.search).toBe('?page=2&sort=title&order=desc&range=all');
  });

  it('sorts on the service when a column header is chosen, from the first page', async () => {
    const { router } = renderPage('/events?page=2&range=all');
    await screen.findByText(`21–40 of ${fixture.seeded.total}`);
    await userEvent.setup().click(within(grid()).getByRole('columnheader', { name: /Title/ }));
    await waitFor(() => expect(search(router)).toEqual({ sort: 'title', range: 'all' }));
    expect(await screen.findByText(`1–20 of ${fixture.seeded.total}`)).toBeTruthy();
    expect(within(grid()).getByRole('columnheader', { name: /Title/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('filters by the URL’s state and channel, and shows what is active', async () => {
    const expected = await fixture.service.call(endpoints.event.list, { query: { eventState: 'INSTANT_VOD,VOD_PUBLIC', channel: 'Sports Arena 1', pageSize: 1 } });
    expect(expected.totalCount).toBeGreaterThan(0);
    renderPage('/events?range=all&state=INSTANT_VOD,VOD_PUBLIC&channel=Sports+Arena+1');
    expect(await screen.findByText(new RegExp(`^${expected.totalCount} events? · `))).toBeTruthy();
    const active = screen.getByRole('list', { name: 'Active filters' });
    expect(within(active).getByText('State: Instant VOD, VOD (public)')).toBeTruthy();
    expect(within(active).getByText('Channel: Sports Arena 1')).toBeTruthy();
  });

  it('clears every filter at once', async () => {
    const user = userEvent.setup();
    const { router } = renderPage('/events?state=PRE_LIVE&channel=News+24&clips=true&tag=weather&sort=title');
    await screen.findByText(/ events? · /);
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(search(router)).toEqual({ sort: 'title', range: 'all' }));
    expect(await screen.findByText(new RegExp(`^${fixture.seeded.total.toLocaleString()} events · `))).toBeTruthy();
  });

  it('debounces the search box into the URL', async () => {
    const user = userEvent.setup();
    const { router } = renderPage('/events?range=all');
    await screen.findByText(/ events · /);
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'Documentary');
    await waitFor(() => expect(search(router)).toEqual({ range: 'all', search: 'Documentary' }));
    const expected = await fixture.service.call(endpoints.event.list, { query: { search: 'Documentary', pageSize: 1 } });
    await waitFor(() => expect(screen.getByText(/ events? · /).textContent).toMatch(new RegExp(`^${expected.totalCount} events? · `)));
  });

  it('counts each status tile on the service and filters the list in one click', async () => {
    const now = new Date();
    const expected = await Promise.all(
      STATUS_TILES.map((tile) => fixture.service.call(endpoints.event.list, { query: { ...filtersToQuery(tile.filters, now), pageSize: 1 } })),
    );
    const live = expected[0]!.totalCount;
    expect(live, 'the demo has events live now').toBeGreaterThan(0);
    const user = userEvent.setup();
    const { router } = renderPage();
    const strip = screen.getByRole('navigation', { name: 'Event status' });
    for (const [index, tile] of STATUS_TILES.entries()) {
      const button = await within(strip).findByRole('button', { name: `${expected[index]!.totalCount} ${tile.label}` });
      expect(button.getAttribute('aria-pressed')).toBe('false');
    }

    await user.click(within(strip).getByRole('button', { name: `${live} Live now` }));
    await waitFor(() => expect(search(router)).toEqual({ state: 'LIVE_PUBLISHED,LIVE_UNPUBLISHED', range: 'all' }));
    expect(await screen.findByText(new RegExp(`^${live} events? · `))).toBeTruthy();
    expect(within(strip).getByRole('button', { name: `${live} Live now` }).getAttribute('aria-pressed')).toBe('true');

    // Pressed again: back to the default view.
    await user.click(within(strip).getByRole('button', { name: `${live} Live now` }));
    await waitFor(() => expect(search(router)).toEqual({}));
  });

  it('sets the type of the selected events and reports the one the service refused, with its reason', async () => {
    const client = fixture.service;
    const page = await client.call(endpoints.event.list, { query: { search: 'Documentary', pageSize: 20 } });
    expect(page.totalCount).toBeGreaterThanOrEqual(2);
    const user = userEvent.setup();
    renderPage('/events?range=all&search=Documentary');
    await screen.findByText(new RegExp(`^${page.totalCount} events · `));
    await waitFor(() => expect(within(grid()).getAllByRole('checkbox').length).toBe(page.totalCount + 1));

    await user.click(within(grid()).getByRole('checkbox', { name: /Select all rows/i }));
    const toolbar = await screen.findByRole('toolbar', { name: 'Bulk actions' });
    expect(within(toolbar).getByText(`${page.totalCount} selected`)).toBeTruthy();

    await user.click(within(toolbar).getByRole('button', { name: 'Set event type' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Concert' }));
    const confirm = await screen.findByRole('dialog', { name: `Set the type of ${page.totalCount} events?` });

    // Meanwhile someone deletes one of them.
    const gone = page.results[0]!;
    await fixture.t.database.db.update(eventsTable).set({ dateDeleted: new Date() }).where(and(eq(eventsTable.clientId, fixture.t.clientId), eq(eventsTable.id, gone.id)));
    try {
      await user.click(within(confirm).getByRole('button', { name: `Set ${page.totalCount} events to Concert` }));
      const summary = await screen.findByRole('dialog', { name: `${countEvents(page.totalCount - 1)} set to Concert; 1 failed.` });
      const failed = within(summary).getByRole('list', { name: 'Failed' });
      expect(within(failed).getByText(gone.title)).toBeTruthy();
      expect(within(failed).getByText(`There is no event ${gone.id}`)).toBeTruthy();
      expect(within(within(summary).getByRole('list', { name: 'Succeeded' })).getAllByRole('listitem')).toHaveLength(page.totalCount - 1);

      const after = await client.call(endpoints.event.list, { query: { search: 'Documentary', pageSize: 20 } });
      expect(after.results.every((e) => e.eventType === 'Concert')).toBe(true);
      await user.click(within(summary).getByRole('button', { name: 'Close' }));
      expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).toBeNull();
    } finally {
      await fixture.t.database.db.update(eventsTable).set({ dateDeleted: null }).where(eq(eventsTable.id, gone.id));
    }
  });

  it('changes the state of the selected events and reports the transition the service refused', async () => {
    const client = fixture.service;
    const page = await client.call(endpoints.event.list, { query: { eventState: 'VOD_PUBLIC', pageSize: 10, orderColumn: 'DisplayLiveStart', order: 'ASC' } });
    expect(page.results.length).toBeGreaterThanOrEqual(3);
    const n = page.results.length;
    const user = userEvent.setup();
    renderPage('/events?range=all&state=VOD_PUBLIC&pageSize=10');
    await waitFor(() => expect(within(grid()).getAllByRole('checkbox').length).toBe(n + 1));
    await user.click(within(grid()).getByRole('checkbox', { name: /Select all rows/i }));
    await user.click(within(await screen.findByRole('toolbar', { name: 'Bulk actions' })).getByRole('button', { name: 'Change state' }));
    // VOD_PUBLIC allows only VOD_PRIVATE.
    expect(within(await screen.findByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['VOD (private)']);
    await user.click(screen.getByRole('menuitem', { name: 'VOD (private)' }));
    const confirm = await screen.findByRole('dialog', { name: `Change the state of ${n} events?` });

    // Meanwhile one of them is moved to long-term storage, from where no change is allowed.
    const moved = page.results[1]!;
    await fixture.t.database.db
      .update(eventsTable)
      .set({ state: EventState.values.INSTANT_VOD_BACKUP })
      .where(and(eq(eventsTable.clientId, fixture.t.clientId), eq(eventsTable.id, moved.id)));
    try {
      await user.click(within(confirm).getByRole('button', { name: `Change ${n} events to VOD (private)` }));
      const summary = await screen.findByRole('dialog', { name: `${countEvents(n - 1)} changed to VOD (private); 1 failed.` }, { timeout: 10_000 });
      const failed = within(summary).getByRole('list', { name: 'Failed' });
      expect(within(failed).getByText(moved.title)).toBeTruthy();
      expect(
        within(failed).getByText(
          'The state change is not allowed: cannot change from INSTANT_VOD_BACKUP to VOD_PRIVATE; no state can be requested from INSTANT_VOD_BACKUP',
        ),
      ).toBeTruthy();
      const after = await client.call(endpoints.event.list, { query: { eventState: 'VOD_PRIVATE', search: page.results[0]!.title, pageSize: 5 } });
      expect(after.results.map((e) => e.id)).toContain(page.results[0]!.id);
    } finally {
      await fixture.t.database.db
        .update(eventsTable)
        .set({ state: EventState.values.VOD_PUBLIC })
        .where(and(eq(eventsTable.clientId, fixture.t.clientId), inArray(eventsTable.id, page.results.map((e) => e.id))));
    }
  });

  it('offers only the state changes every selected event allows', async () => {
    const user = userEvent.setup();
    renderPage('/events?range=all&state=LIVE_PUBLISHED,LIVE_UNPUBLISHED');
    await screen.findByText(/ events? · /);
    await waitFor(() => expect(within(grid()).getAllByRole('checkbox').length).toBeGreaterThan(1));
    await user.click(within(grid()).getByRole('checkbox', { name: /Select all rows/i }));
    await user.click(within(await screen.findByRole('toolbar', { name: 'Bulk actions' })).getByRole('button', { name: 'Change state' }));
    const menu = await screen.findByRole('menu');
    const offered = within(menu).getAllByRole('menuitem').map((item) => item.textContent);
    // LIVE_PUBLISHED allows unpublish, suspend, stop; LIVE_UNPUBLISHED publish, suspend, stop.
    expect(offered).toEqual(['Suspended', 'Stopped']);
  });

  it('keeps the columns the operator chose in this browser', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText(/ events · /);
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Ref ID' }));
    expect(JSON.parse(localStorage.getItem('control-room.events.columns') ?? '{}')).toMatchObject({ refId: expect.any(Boolean) });
  });

  it('says so when there are no events', async () => {
    renderPage('/events?range=all', fixture.seeded.emptyTenant);
    expect(await screen.findByText('No events yet')).toBeTruthy();
    expect(screen.getByText(/^0 events · /)).toBeTruthy();
  });

  it('says when no event matches the filters, with the way out', async () => {
    const user = userEvent.setup();
    const { router } = renderPage('/events?search=zzzz-nothing-like-it');
    expect(await screen.findByText('No events match these filters')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear all filters' }));
    await waitFor(() => expect(search(router)).toEqual({ range: 'all' }));
  });

  it('offers the way back when the page is past the end', async () => {
    const { router } = renderPage('/events?page=999&range=all');
    expect(await screen.findByText('Page 999 is past the end of the list')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Go to the first page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?range=all'));
  });

  it('says what to do when the key is refused', async () => {
    renderWithApp(<EventsPage />, { client: createTestClient({ app: fixture.t.app, key: 'not-a-key-of-anyone' }), path: '/events' });
    expect(await screen.findByText('Could not load the events')).toBeTruthy();
    expect(screen.getByText('The key was refused — check it.')).toBeTruthy();
    expect(await screen.findByRole('dialog', { name: 'Connection settings' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Connection settings', hidden: true })).toBeTruthy();
  });
});
