import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import {
  DEFAULT_EVENTS_FILTERS,
  DEFAULT_EVENTS_VIEW,
  eventsViewToQuery,
  filtersToQuery,
  EVENTS_VIEW,
  rangeBounds,
  type EventSortField,
  type EventsFilters,
  type EventsView,
} from './events-view.ts';
import { parsePagedView, updatePagedView, usePagedView, writePagedView, type PagedViewPatch } from '#components/use-paged-view.ts';

type EventsViewPatch = PagedViewPatch<EventSortField, EventsFilters>;
const parseEventsView = (params: URLSearchParams) => parsePagedView(params, EVENTS_VIEW);
const writeEventsView = (v: EventsView, current?: URLSearchParams) => writePagedView(v, EVENTS_VIEW, current);
const updateEventsView = (v: EventsView, patch: EventsViewPatch) => updatePagedView(v, patch, EVENTS_VIEW);

afterEach(cleanup);

const parse = (search: string) => parseEventsView(new URLSearchParams(search));
const view = (patch: Partial<Omit<EventsView, 'filters'>> & { filters?: Partial<EventsFilters> } = {}): EventsView => ({
  ...DEFAULT_EVENTS_VIEW,
  ...patch,
  filters: { ...DEFAULT_EVENTS_FILTERS, ...patch.filters },
});

/** A local date-time, as the operator's clock reads it. */
const local = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min);

describe('the events view in the URL', () => {
  it('defaults to today onwards, soonest first, 20 a page', () => {
    expect(parse('')).toEqual({ page: 1, pageSize: 20, sort: { field: 'start', direction: 'asc' }, filters: DEFAULT_EVENTS_FILTERS });
    expect(DEFAULT_EVENTS_FILTERS.range).toBe('upcoming');
  });

  it('reads page, size, sort and order', () => {
    expect(parse('?page=3&pageSize=50&sort=title&order=desc')).toMatchObject({ page: 3, pageSize: 50, sort: { field: 'title', direction: 'desc' } });
    expect(parse('?sort=title&order=DESC').sort?.direction).toBe('desc');
    // The default column in the other direction.
    expect(parse('?order=desc')).toMatchObject({ sort: { field: 'start', direction: 'desc' } });
  });

  it('falls back to defaults for anything it cannot use', () => {
    expect(parse('?page=0&pageSize=7&sort=colour&order=sideways&range=yesterday&from=2026-02-30&state=FLYING&noEnd=maybe')).toEqual(DEFAULT_EVENTS_VIEW);
    expect(parse('?page=-2').page).toBe(1);
    expect(parse('?page=2.5').page).toBe(1);
    expect(parse('?pageSize=1000').pageSize).toBe(20);
    // Inherited property names are not sort columns.
    expect(parse('?sort=constructor').sort?.field).toBe('start');
    // Unknown state names are dropped, known ones kept (any case), duplicates once.
    expect(parse('?state=live_published,NOPE,LIVE_PUBLISHED').filters.states).toEqual(['LIVE_PUBLISHED']);
    expect(parse('?channel=%20%20').filters.channel).toBeNull();
  });

  it('writes only what differs from the defaults, and keeps parameters it does not know', () => {
    expect(writeEventsView(DEFAULT_EVENTS_VIEW).toString()).toBe('');
    const written = writeEventsView(view({ page: 2, pageSize: 50, sort: { field: 'state', direction: 'desc' } }), new URLSearchParams('tab=mine&page=9'));
    expect(Object.fromEntries(written)).toEqual({ tab: 'mine', page: '2', pageSize: '50', sort: 'state', order: 'desc' });
    expect(writeEventsView(view({ sort: { field: 'title', direction: 'asc' } })).toString()).toBe('sort=title');
    expect(writeEventsView(view({ filters: { range: 'all' } })).toString()).toBe('range=all');
  });

  it('round-trips every filter', () => {
    const views: EventsView[] = [
      DEFAULT_EVENTS_VIEW,
      view({ page: 4, pageSize: 10, sort: { field: 'start', direction: 'desc' } }),
      view({ page: 1, pageSize: 100, sort: { field: 'refId', direction: 'desc' }, filters: { range: 'all' } }),
      view({ filters: { search: 'cup final', range: 'today' } }),
      view({ filters: { range: 'next7', states: ['LIVE_PUBLISHED', 'LIVE_UNPUBLISHED', 'SUSPENDED'] } }),
      view({ filters: { range: 'past7', provisionStates: ['PROVISIONING_FAILED', 'TERMINATING_FAILED'], mp4States: ['FAILED'] } }),
      view({ filters: { range: 'custom', from: '2026-11-20', to: '2026-11-27' } }),
      view({ filters: { range: 'custom', from: '2026-11-20', to: null } }),
      view({ filters: { range: 'custom', from: null, to: '2026-12-01' } }),
      view({ filters: { modifiedFrom: '2026-11-01', modifiedTo: '2026-11-02' } }),
      view({ filters: { channel: 'Culture & Faith', room: 'Studio A', eventType: 'Sports Fixture' } }),
      view({ filters: { categories: ['Football', 'Talk & Entertainment'], tags: ['premier-division', 'a tag, with a comma'] } }),
      view({ filters: { noScheduledEnd: true, containsXflow: true, clipsOnly: true } }),
      view({
        page: 3,
        sort: { field: 'channel', direction: 'desc' },
        filters: {
          search: 'news',
          states: ['PRE_LIVE'],
          range: 'custom',
          from: '2026-01-01',
          to: '2026-01-31',
          channel: 'News 24',
          categories: ['News'],
          tags: ['weather'],
          containsXflow: true,
        },
      }),
    ];
    for (const v of views) {
      const written = writeEventsView(v);
      expect(parseEventsView(new URLSearchParams(written.toString())), written.toString()).toEqual(v);
    }
  });

  it('spells the URL readably', () => {
    const written = writeEventsView(
      view({ filters: { states: ['LIVE_PUBLISHED', 'SUSPENDED'], channel: 'News 24', categories: ['Football', 'News'], clipsOnly: true } }),
    );
    expect(written.toString()).toBe('state=LIVE_PUBLISHED%2CSUSPENDED&channel=News+24&category=Football&category=News&clips=true');
  });

  it('turns date presets into scheduled-start bounds in the operator’s days', () => {
    const now = local(2026, 11, 22, 15, 30);
    expect(rangeBounds({ range: 'upcoming', from: null, to: null }, now)).toEqual({ from: local(2026, 11, 22) });
    expect(rangeBounds({ range: 'today', from: null, to: null }, now)).toEqual({ from: local(2026, 11, 22), to: new Date(local(2026, 11, 23).getTime() - 1) });
    expect(rangeBounds({ range: 'next7', from: null, to: null }, now)).toEqual({ from: local(2026, 11, 22), to: new Date(local(2026, 11, 29).getTime() - 1) });
    expect(rangeBounds({ range: 'past7', from: null, to: null }, now)).toEqual({ from: local(2026, 11, 16), to: new Date(local(2026, 11, 23).getTime() - 1) });
    expect(rangeBounds({ range: 'all', from: null, to: null }, now)).toEqual({});
    expect(rangeBounds({ range: 'custom', from: '2026-12-01', to: '2026-12-01' }, now)).toEqual({
      from: local(2026, 12, 1),
      to: new Date(local(2026, 12, 2).getTime() - 1),
    });
  });

  it('maps every filter onto the GET /event/ query', () => {
    const now = local(2026, 11, 22, 9);
    expect(eventsViewToQuery(DEFAULT_EVENTS_VIEW, now)).toEqual({
      from: local(2026, 11, 22).toISOString(),
      pageNumber: 1,
      pageSize: 20,
      orderColumn: 'DisplayLiveStart',
      order: 'ASC',
    });
    const filters: EventsFilters = {
      search: ' final ',
      states: ['LIVE_PUBLISHED', 'SUSPENDED'],
      provisionStates: ['PROVISIONING_FAILED'],
      mp4States: ['FAILED', 'NONE'],
      range: 'all',
      from: null,
      to: null,
      modifiedFrom: '2026-11-01',
      modifiedTo: '2026-11-01',
      channel: 'News 24',
      room: 'Newsroom',
      eventType: 'News Bulletin',
      categories: ['News', 'Civic'],
      tags: ['weather', 'breaking'],
      noScheduledEnd: true,
      containsXflow: true,
      clipsOnly: true,
    };
    expect(filtersToQuery(filters, now)).toEqual({
      search: 'final',
      eventState: 'LIVE_PUBLISHED,SUSPENDED',
      provisionState: 'PROVISIONING_FAILED',
      mp4State: 'FAILED,NONE',
      fromModified: local(2026, 11, 1).toISOString(),
      toModified: new Date(local(2026, 11, 2).getTime() - 1).toISOString(),
      channel: 'News 24',
      room: 'Newsroom',
      eventType: 'News Bulletin',
      category: ['News', 'Civic'],
      tags: 'weather,breaking',
      noScheduledEnd: true,
      containsXflow: true,
      clipsOnly: true,
    });
    const columns = (['title', 'state', 'end', 'type', 'room', 'channel', 'refId'] as const).map(
      (field) => eventsViewToQuery(view({ sort: { field, direction: 'asc' } }), now).orderColumn,
    );
    expect(columns).toEqual(['Title', 'State', 'DisplayLiveEnd', 'EventType', 'Room', 'Channel', 'RefId']);
  });

  it('goes back to the first page when the size, the order or a filter changes, not when only the page does', () => {
    const onPage3 = view({ page: 3, sort: { field: 'title', direction: 'asc' } });
    const update = (patch: EventsViewPatch) => updateEventsView(onPage3, patch);
    expect(update({ page: 4 }).page).toBe(4);
    expect(update({ pageSize: 50 }).page).toBe(1);
    expect(update({ sort: { field: 'title', direction: 'desc' } }).page).toBe(1);
    expect(update({ sort: { field: 'start', direction: 'asc' } }).page).toBe(1);
    expect(update({ sort: null })).toMatchObject({ page: 1, sort: { field: 'start', direction: 'asc' } });
    expect(update({ sort: { field: 'title', direction: 'asc' } }).page).toBe(3);
    expect(update({ filters: { channel: 'News 24' } }).page).toBe(1);
    expect(update({ filters: { channel: null } }).page).toBe(3);
    // A preset drops the custom days.
    const custom = view({ filters: { range: 'custom', from: '2026-11-01', to: '2026-11-02' } });
    expect(updateEventsView(custom, { filters: { range: 'today' } }).filters).toMatchObject({ range: 'today', from: null, to: null });
  });
});

describe('usePagedView(EVENTS_VIEW)', () => {
  function renderAt(path: string) {
    const handle: { view?: EventsView; update?: (patch: EventsViewPatch) => void } = {};
    function Probe() {
      const [current, update] = usePagedView(EVENTS_VIEW);
      handle.view = current;
      handle.update = update;
      return null;
    }
    const router = createMemoryRouter([{ path: '/events', element: <Probe /> }], { initialEntries: [path] });
    render(<RouterProvider router={router} />);
    return { router, handle };
  }

  it('reads the URL and pushes changes as history entries, so Back restores the view', async () => {
    const { router, handle } = renderAt('/events?page=2&sort=title&order=desc&tab=mine');
    expect(handle.view).toMatchObject({ page: 2, sort: { field: 'title', direction: 'desc' } });

    await act(async () => handle.update?.({ page: 3 }));
    expect(router.state.location.search).toBe('?page=3&sort=title&order=desc&tab=mine');

    await act(async () => handle.update?.({ filters: { states: ['LIVE_PUBLISHED'], channel: 'News 24' } }));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      sort: 'title',
      order: 'desc',
      tab: 'mine',
      state: 'LIVE_PUBLISHED',
      channel: 'News 24',
    });
    expect(handle.view?.page).toBe(1);

    await act(async () => router.navigate(-1));
    expect(handle.view).toMatchObject({ page: 3, sort: { field: 'title', direction: 'desc' }, filters: DEFAULT_EVENTS_FILTERS });
  });
});
