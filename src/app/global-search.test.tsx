// @vitest-environment node
// The in-process service needs Node's module transform; test-dom.ts supplies the DOM (see there).
import '#app/test-dom.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApiClient } from '#client';
import { endpoints, type Event } from '#schema';
import { renderApp } from '#app/test-utils.tsx';
import { servicePerFile } from '#testing/page-service.ts';
import { createTestClient } from '#testing/client.ts';
import { routeFetch } from '#testing/route-fetch.ts';
import { RECENT_SEARCHES_KEY } from './global-search/recent-searches.ts';
import { byStart } from './global-search/search-items.ts';

const fixture = servicePerFile({
  now: new Date(),
  seed: async (_t, api) => {
    const created: Record<string, Event> = {};
    const add = async (key: string, body: Record<string, unknown>) => {
      created[key] = await api.call(endpoints.event.upsert, { body: { ScheduledStart: new Date(Date.now() + 86_400_000).toISOString(), ...body } as never });
    };
    await add('concert', { Title: 'Harbour concert — opening night', RefId: 'HC-2026-01' });
    await add('tour', { Title: 'Harbour tour', Description: 'A walk along the quays' });
    await add('news', { Title: 'Evening news', Description: 'Tonight: the lighthouse keeper retires after forty years at the harbour mouth.' });
    await add('match', { Title: 'Cup final', RefId: 'CUP-F' });
    await api.call(endpoints.chapterPoint.upsert, {
      body: { eventId: created.match!.id, title: 'Lighthouse goal celebration', tag: 'goal', startTime: '00:42:10' },
    });
    await api.call(endpoints.chapterPoint.upsert, {
      body: { eventId: created.concert!.id, title: 'Encore', tag: 'lighthouse-song', referenceId: 'ENC-1', startTime: '01:30:00' },
    });
    return created;
  },
});
beforeEach(() => localStorage.clear());

async function openSearch(path = '/nowhere') {
  const view = renderApp({ client: createTestClient(fixture.t), path });
  await screen.findByRole('heading', { level: 1 });
  const user = userEvent.setup();
  await user.keyboard('/');
  const dialog = await screen.findByRole('dialog', { name: 'Search events and chapter points' });
  const field = within(dialog).getByRole('combobox', { name: 'Search events and chapter points' });
  await waitFor(() => expect(document.activeElement).toBe(field));
  return { ...view, user, dialog, field };
}

const options = (dialog: HTMLElement) => within(dialog).queryAllByRole('option');
const activeOption = (dialog: HTMLElement) => options(dialog).find((o) => o.getAttribute('aria-selected') === 'true');

describe('global search, against the in-process service', () => {
  it('shows events from the service as the operator types, the last word as a prefix, with what matched marked', async () => {
    const { user, dialog, field } = await openSearch();
    await user.type(field, 'harb');
    const events = await within(dialog).findByRole('group', { name: 'Events' });
    await waitFor(() =>
      expect(within(events).getAllByRole('option').map((o) => o.getAttribute('data-label')?.split(', ')[0])).toEqual([
        'Harbour concert — opening night',
        'Harbour tour',
        'Evening news',
      ]),
    );
    // The title's matching word is marked; the news matched in its description, shown around the match.
    const concert = within(events).getByRole('option', { name: /^Harbour concert/ });
    expect([...concert.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Harb']);
    expect(concert.textContent).toContain('HC-2026-01');
    expect(concert.querySelector('[data-state="PRE_LIVE"]')).toBeTruthy();
    const news = within(events).getByRole('option', { name: /^Evening news/ });
    expect(news.textContent).toContain('at the harbour mouth');
    expect([...news.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['harb']);
    // A second word narrows it down (the first, now followed by a space, is a whole word).
    await user.clear(field);
    await user.type(field, 'harbour conc');
    await waitFor(() => expect(within(dialog).getAllByRole('option', { name: /^Harbour/ })).toHaveLength(1));
    expect(within(dialog).queryByRole('option', { name: /^Evening news/ })).toBeNull();
    expect(await within(dialog).findByText('1 event and 0 chapter points found')).toBeTruthy();
  });

  it('opens the chosen event with the arrows and Enter, and remembers the search', async () => {
    const { user, dialog, field, router } = await openSearch();
    await user.type(field, 'harbour');
    await within(dialog).findByRole('option', { name: /^Harbour tour/ });
    await waitFor(() => expect(activeOption(dialog)?.getAttribute('data-label')).toMatch(/^Harbour concert/));
    expect(field.getAttribute('aria-activedescendant')).toBe(activeOption(dialog)!.id);
    await user.keyboard('{ArrowDown}');
    expect(activeOption(dialog)?.getAttribute('data-label')).toMatch(/^Harbour tour/);
    expect(field.getAttribute('aria-activedescendant')).toBe(activeOption(dialog)!.id);
    // Up from the first wraps to the last: the way to the Events list.
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(activeOption(dialog)?.getAttribute('data-label')).toMatch(/the Events list/);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/events/${fixture.seeded.tour!.id}`));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Search events and chapter points' })).toBeNull());
    expect(JSON.parse(localStorage.getItem(RECENT_SEARCHES_KEY)!)).toEqual(['harbour']);
  });

  it('finds chapter points and opens their event on the Chapter points tab', async () => {
    const { user, dialog, field, router } = await openSearch();
    await user.type(field, 'lighthouse');
    const points = await within(dialog).findByRole('group', { name: 'Chapter points' });
    // Title hits first; each names its event once the event is read.
    await waitFor(() =>
      expect(within(points).getAllByRole('option').map((o) => o.getAttribute('data-label'))).toEqual([
        'Lighthouse goal celebration, in Cup final, chapter point',
        'Encore, in Harbour concert — opening night, chapter point',
      ]),
    );
    const encore = within(points).getByRole('option', { name: /^Encore/ });
    expect(encore.textContent).toContain('at 01:30:00');
    expect([...encore.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['lighthouse']);
    // The description hit is an event result; the chapter points come after the events.
    expect(within(dialog).getByRole('option', { name: /^Evening news/ })).toBeTruthy();
    const all = options(dialog);
    const target = all.findIndex((o) => o.getAttribute('data-label')?.startsWith('Encore'));
    for (let i = 0; i < target; i++) await user.keyboard('{ArrowDown}');
    expect(activeOption(dialog)?.getAttribute('data-label')).toMatch(/^Encore/);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/events/${fixture.seeded.concert!.id}`));
    expect(router.state.location.search).toBe('?tab=chapters');
  });

  it('says so when nothing matches, and offers the Events list with the same text over every date', async () => {
    const { user, dialog, field, router } = await openSearch();
    await user.type(field, 'zeppelin');
    expect(await within(dialog).findByText('Nothing matches “zeppelin”')).toBeTruthy();
    expect(options(dialog)).toHaveLength(0);
    expect(within(dialog).getByText('0 events and 0 chapter points found')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Search the Events list' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ search: 'zeppelin', range: 'all' });
  });

  it('links to every match in the Events list, counted as the list counts them', async () => {
    const { user, dialog, field, router } = await openSearch();
    await user.type(field, 'harbour');
    // The answer to the whole word, not to a prefix typed on the way (whose entry is replaced).
    await waitFor(() => expect(within(dialog).queryByRole('progressbar', { name: 'Searching' })).toBeNull());
    const link = await within(dialog).findByRole('option', { name: 'See all 3 in the Events list' });
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe('harbour');
    expect(new URLSearchParams(router.state.location.search).get('range')).toBe('all');
  });

  it('offers recent searches when opened, and Esc closes it', async () => {
    localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(['cup', 'harbour']));
    const { user, dialog, field } = await openSearch();
    const recent = within(dialog).getByRole('listbox', { name: 'Recent searches' });
    expect(within(recent).getAllByRole('option').map((o) => o.textContent)).toEqual(['cup', 'harbour']);
    await user.keyboard('{Enter}');
    expect((field as HTMLInputElement).value).toBe('cup');
    expect(await within(dialog).findByRole('option', { name: /^Cup final/ })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Search events and chapter points' })).toBeNull());
  });

  it('opens with Ctrl+K even from a field, and from the app bar’s button; ? lists both shortcuts', async () => {
    renderApp({ client: createTestClient(fixture.t), path: '/nowhere' });
    await screen.findByRole('heading', { level: 1 });
    const user = userEvent.setup();
    await user.keyboard('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(help).getAllByText('Search events and chapter points', { exact: false })).toHaveLength(2);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Connection settings' }));
    await user.type(await screen.findByLabelText(/API key/), '{Control>}k{/Control}');
    expect(await screen.findByRole('dialog', { name: 'Search events and chapter points' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Search events and chapter points' })).toBeNull());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('dialog', { name: 'Search events and chapter points' })).toBeTruthy();
  });

  it('says what went wrong when the search cannot reach the service, and tries again on request', async () => {
    // The service answers everything but the search, as when a proxy drops those calls.
    let down = true;
    const service = routeFetch(fixture.t.app);
    const flaky = createApiClient({
      baseUrl: '/api',
      apiKey: fixture.t.key,
      fetch: (input, init) => (down && String(input).includes('/search/') ? Promise.reject(new TypeError('Failed to fetch')) : service(input, init)),
    });
    renderApp({ client: flaky, path: '/nowhere' });
    await screen.findByRole('heading', { level: 1 });
    const user = userEvent.setup();
    await user.keyboard('/');
    const dialog = await screen.findByRole('dialog', { name: 'Search events and chapter points' });
    await user.type(within(dialog).getByRole('combobox'), 'harbour');
    expect(await within(dialog).findByText('Search failed')).toBeTruthy();
    expect(within(dialog).getByText(/^Cannot reach .* — is the service running\?$/)).toBeTruthy();
    down = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('option', { name: /^Harbour tour/ })).toBeTruthy();
    expect(within(dialog).queryByText('Search failed')).toBeNull();
  });
});

describe('global search, beyond events', () => {
  it('finds commands by their words, and configuration items by name, grouped by kind', async () => {
    const { user, dialog, field } = await openSearch();
    await user.type(field, 'go sched');
    const commands = await within(dialog).findByRole('group', { name: 'Commands' });
    expect(within(commands).getAllByRole('option').map((o) => o.getAttribute('data-label'))).toContain('Go to Schedule');
    await user.clear(field);
    await user.type(field, 'new ev');
    expect(await within(dialog).findByRole('option', { name: /^New event/ })).toBeTruthy();
  });
});

describe('byStart', () => {
  it('orders events by their start, the unscheduled last', () => {
    const event = (id: string, start: string | null) => ({ id, displayStart: null, scheduledStart: start }) as unknown as Parameters<typeof byStart>[0][number];
    expect(byStart([event('c', null), event('b', '2026-11-25T20:00:00Z'), event('a', '2026-11-24T20:00:00Z')]).map((e) => e.id)).toEqual(['a', 'b', 'c']);
  });
});
