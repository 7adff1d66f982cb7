/**
 * The event page's one read: GET /event/{id} with its video structure (processVideo), including
 * the private LIVE_UNPUBLISHED period (viewUnpublished: operators watch before they publish),
 * past the service's short cache (noCache), because the page polls while a state changes.
 * Mutations on the page write their answer into this same query.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Guid, type Event } from '#schema';
import { api } from '#app/api.ts';
import { refreshInterval } from './event-transitions.ts';

export function isEventId(id: string | undefined): id is string {
  return id !== undefined && Guid.safeParse(id).success;
}

export function eventDetailOptions(id: string) {
  return api.event.get.queryOptions({ params: { id }, query: { processVideo: true, viewUnpublished: true, noCache: true } });
}

/**
 * Polls by state: 1.5 s while the state is changing, 5 s while live, 30 s otherwise. react-query
 * pauses interval refetches while the tab is hidden (refetchIntervalInBackground is off).
 */
export function useEventQuery(id: string | undefined) {
  return useQuery({
    ...eventDetailOptions(isEventId(id) ? id : '00000000-0000-0000-0000-000000000000'),
    enabled: isEventId(id),
    refetchInterval: (query) => refreshInterval(query.state.data?.state),
    refetchIntervalInBackground: false,
  });
}

/**
 * Puts what a write answered into the page at once (keeping the video structure, which write
 * answers do not carry) and asks again for the rest.
 */
export function applyEventUpdate(queryClient: QueryClient, updated: Event): void {
  const key = eventDetailOptions(updated.id).queryKey;
  queryClient.setQueryData<Event | null>(key, (old) => ({ ...updated, video: updated.video ?? old?.video ?? null }));
  void queryClient.invalidateQueries({ queryKey: key });
  void queryClient.invalidateQueries({ queryKey: api.event.list.key() });
}
