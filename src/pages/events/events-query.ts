/**
 * The events list's request. The page and its prefetch (router.tsx: start.tsx starts it when the
 * list is opened, while the page's code is still on its way) build it here, so they ask with the
 * same key and the page finds the answer, or the request under way, in the cache.
 */
import type { QueryClient } from '@tanstack/react-query';
import { api } from '#app/api.ts';
import { parsePagedView } from '#components/use-paged-view.ts';
import { EVENTS_VIEW, eventsViewToQuery, type EventListQueryInput } from './events-view.ts';

export function eventsListOptions(query: EventListQueryInput) {
  return api.event.list.queryOptions({ query });
}

/** Asks for the first page the events list at `url` shows (its view is in the URL). */
export function prefetchEventsPage(queryClient: QueryClient, url: URL): void {
  void queryClient.prefetchQuery(eventsListOptions(eventsViewToQuery(parsePagedView(url.searchParams, EVENTS_VIEW))));
}
