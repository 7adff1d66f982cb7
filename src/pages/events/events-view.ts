/**
 * The events list view lives in the URL (`?page=2&pageSize=50&sort=start&order=desc`), so a
 * reload, a shared link and back/forward all show the same list. Parameters at their default
 * are left out; parameters this page does not know (filters to come) are kept as they are.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { EndpointInput, EventOrderColumn, endpoints } from '#schema';

export type EventListQueryInput = NonNullable<EndpointInput<typeof endpoints.event.list>['query']>;

/** URL sort names -> the service's orderColumn. The keys are also the grid's column fields. */
export const EVENT_SORT_COLUMNS = {
  title: 'Title',
  state: 'State',
  start: 'DisplayLiveStart',
  end: 'DisplayLiveEnd',
  type: 'EventType',
  room: 'Room',
  channel: 'Channel',
  refId: 'RefId',
} as const satisfies Record<string, EventOrderColumn>;
export type EventSortField = keyof typeof EVENT_SORT_COLUMNS;

export const EVENT_PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_EVENT_PAGE_SIZE = 20;

export interface EventsView {
  /** 1-based. */
  page: number;
  pageSize: number;
  /** null: the service's own order. */
  sort: EventSortField | null;
  order: 'asc' | 'desc';
}

export const DEFAULT_EVENTS_VIEW: EventsView = { page: 1, pageSize: DEFAULT_EVENT_PAGE_SIZE, sort: null, order: 'asc' };

function isSortField(value: string | null): value is EventSortField {
  return value !== null && Object.hasOwn(EVENT_SORT_COLUMNS, value);
}

/** Reads the view from the query string; anything unreadable falls back to its default. */
export function parseEventsView(params: URLSearchParams): EventsView {
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  const sort = params.get('sort');
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (EVENT_PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_EVENT_PAGE_SIZE,
    sort: isSortField(sort) ? sort : null,
    order: isSortField(sort) && params.get('order')?.toLowerCase() === 'desc' ? 'desc' : 'asc',
  };
}

/** Writes the view into a copy of `current`, keeping parameters that are not part of it. */
export function writeEventsView(view: EventsView, current: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (name: string, value: string | null) => (value === null ? next.delete(name) : next.set(name, value));
  set('page', view.page > 1 ? String(view.page) : null);
  set('pageSize', view.pageSize !== DEFAULT_EVENT_PAGE_SIZE ? String(view.pageSize) : null);
  set('sort', view.sort);
  set('order', view.sort && view.order === 'desc' ? 'desc' : null);
  return next;
}

/** The GET /event/ query for a view. */
export function eventsViewToQuery(view: EventsView): EventListQueryInput {
  return {
    pageNumber: view.page,
    pageSize: view.pageSize,
    ...(view.sort ? { orderColumn: EVENT_SORT_COLUMNS[view.sort], order: view.order === 'desc' ? ('DESC' as const) : ('ASC' as const) } : {}),
  };
}

/**
 * Applies a change to a view. Changing the page size or the sort goes back to the first page:
 * "page 7" of another order or size is not the page the user was looking at.
 */
export function updateEventsView(view: EventsView, patch: Partial<EventsView>): EventsView {
  const next = { ...view, ...patch };
  const reordered = (patch.pageSize !== undefined && patch.pageSize !== view.pageSize) || (patch.sort !== undefined && patch.sort !== view.sort) || (patch.order !== undefined && patch.order !== view.order);
  if (reordered && patch.page === undefined) next.page = 1;
  if (next.sort === null) next.order = 'asc';
  return next;
}

export interface UpdateOptions {
  /**
   * Render the new view before returning. Keyboard paging uses it, so a second key press reads
   * the page the first one opened rather than racing the router's transition.
   */
  flushSync?: boolean;
}

/** The view in the URL and a setter that pushes a history entry (so Back undoes a page turn). */
export function useEventsView(): [EventsView, (patch: Partial<EventsView>, options?: UpdateOptions) => void] {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => parseEventsView(params), [params]);
  const update = useCallback(
    (patch: Partial<EventsView>, options: UpdateOptions = {}) =>
      setParams((current) => writeEventsView(updateEventsView(parseEventsView(current), patch), current), options),
    [setParams],
  );
  return [view, update];
}
