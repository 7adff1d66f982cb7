import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import {
  DEFAULT_EVENTS_VIEW,
  eventsViewToQuery,
  parseEventsView,
  updateEventsView,
  useEventsView,
  writeEventsView,
  type EventsView,
} from './events-view.ts';

afterEach(cleanup);

const parse = (search: string) => parseEventsView(new URLSearchParams(search));

describe('the events view in the URL', () => {
  it('defaults to the first page of 20 in the service’s order', () => {
    expect(parse('')).toEqual({ page: 1, pageSize: 20, sort: null, order: 'asc' });
  });

  it('reads page, size, sort and order', () => {
    expect(parse('?page=3&pageSize=50&sort=start&order=desc')).toEqual({ page: 3, pageSize: 50, sort: 'start', order: 'desc' });
    expect(parse('?sort=title&order=DESC').order).toBe('desc');
  });

  it('falls back to defaults for anything it cannot use', () => {
    expect(parse('?page=0&pageSize=7&sort=colour&order=sideways')).toEqual(DEFAULT_EVENTS_VIEW);
    expect(parse('?page=-2').page).toBe(1);
    expect(parse('?page=2.5').page).toBe(1);
    expect(parse('?page=abc').page).toBe(1);
    expect(parse('?pageSize=1000').pageSize).toBe(20);
    // Inherited property names are not sort columns.
    expect(parse('?sort=constructor').sort).toBeNull();
    // An order without a sort means nothing.
    expect(parse('?order=desc').order).toBe('asc');
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    expect(writeEventsView(DEFAULT_EVENTS_VIEW).toString()).toBe('');
    const written = writeEventsView({ page: 2, pageSize: 50, sort: 'state', order: 'desc' }, new URLSearchParams('eventState=LIVE_PUBLISHED&page=9'));
    expect(Object.fromEntries(written)).toEqual({ eventState: 'LIVE_PUBLISHED', page: '2', pageSize: '50', sort: 'state', order: 'desc' });
    expect(writeEventsView({ page: 1, pageSize: 20, sort: 'title', order: 'asc' }).toString()).toBe('sort=title');
  });

  it('round-trips every view', () => {
    const views: EventsView[] = [
      DEFAULT_EVENTS_VIEW,
      { page: 4, pageSize: 10, sort: 'start', order: 'asc' },
      { page: 1, pageSize: 100, sort: 'refId', order: 'desc' },
    ];
    for (const view of views) expect(parseEventsView(writeEventsView(view))).toEqual(view);
  });

  it('maps the view onto GET /event/ paging and ordering', () => {
    expect(eventsViewToQuery(DEFAULT_EVENTS_VIEW)).toEqual({ pageNumber: 1, pageSize: 20 });
    expect(eventsViewToQuery({ page: 2, pageSize: 50, sort: 'start', order: 'desc' })).toEqual({
      pageNumber: 2,
      pageSize: 50,
      orderColumn: 'DisplayLiveStart',
      order: 'DESC',
    });
    const columns = (['title', 'state', 'end', 'type', 'room', 'channel', 'refId'] as const).map(
      (sort) => eventsViewToQuery({ ...DEFAULT_EVENTS_VIEW, sort }).orderColumn,
    );
    expect(columns).toEqual(['Title', 'State', 'DisplayLiveEnd', 'EventType', 'Room', 'Channel', 'RefId']);
  });

  it('goes back to the first page when the size or the order changes, not when only the page does', () => {
    const onPage3: EventsView = { page: 3, pageSize: 20, sort: 'title', order: 'asc' };
    expect(updateEventsView(onPage3, { page: 4 }).page).toBe(4);
    expect(updateEventsView(onPage3, { pageSize: 50 }).page).toBe(1);
    expect(updateEventsView(onPage3, { order: 'desc' }).page).toBe(1);
    expect(updateEventsView(onPage3, { sort: 'start' }).page).toBe(1);
    expect(updateEventsView(onPage3, { sort: null })).toEqual({ page: 1, pageSize: 20, sort: null, order: 'asc' });
    expect(updateEventsView(onPage3, { sort: 'title', order: 'asc' }).page).toBe(3);
  });
});

describe('useEventsView', () => {
  function renderAt(path: string) {
    const handle: { view?: EventsView; update?: (patch: Partial<EventsView>) => void } = {};
    function Probe() {
      const [view, update] = useEventsView();
      handle.view = view;
      handle.update = update;
      return null;
    }
    const router = createMemoryRouter([{ path: '/events', element: <Probe /> }], { initialEntries: [path] });
    render(<RouterProvider router={router} />);
    return { router, handle };
  }

  it('reads the URL and pushes changes as history entries, so Back restores the view', async () => {
    const { router, handle } = renderAt('/events?page=2&sort=start&order=desc&eventState=LIVE_PUBLISHED');
    expect(handle.view).toEqual({ page: 2, pageSize: 20, sort: 'start', order: 'desc' });

    await act(async () => handle.update?.({ page: 3 }));
    expect(router.state.location.search).toBe('?page=3&sort=start&order=desc&eventState=LIVE_PUBLISHED');
    expect(handle.view?.page).toBe(3);

    await act(async () => handle.update?.({ sort: 'title', order: 'asc' }));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ sort: 'title', eventState: 'LIVE_PUBLISHED' });
    expect(handle.view).toEqual({ page: 1, pageSize: 20, sort: 'title', order: 'asc' });

    await act(async () => router.navigate(-1));
    expect(handle.view).toEqual({ page: 3, pageSize: 20, sort: 'start', order: 'desc' });
  });
});
