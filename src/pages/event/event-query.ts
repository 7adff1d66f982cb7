/**
 * The event page's one read: GET /event/{id} with its video structure (processVideo), including
 * the private LIVE_UNPUBLISHED period (viewUnpublished: operators watch before they publish),
 * past the service's short cache (noCache). The change feed keeps it fresh (a state change of the
 * event is on the feed); mutations on the page write their answer into this same query.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { isGuid, type Event } from '#schema';
import { api } from '#app/api.ts';

export function isEventId(id: string | undefined): id is string {
  return isGuid(id);
}

export function eventDetailOptions(id: string) {
  return api.event.get.queryOptions({ params: { id }, query: { processVideo: true, viewUnpublished: true, noCache: true } });
}

export function useEventQuery(id: string | undefined) {
  return useQuery({
    ...eventDetailOptions(isEventId(id) ? id : '00000000-0000-0000-0000-000000000000'),
    enabled: isEventId(id),
  });
}

/**
 * Puts what a write answered into the page at once, keeping the video structure, which write
 * answers do not carry (the mutation's record invalidates the rest).
 */
export function applyEventUpdate(queryClient: QueryClient, updated: Event): void {
  queryClient.setQueryData<Event | null>(eventDetailOptions(updated.id).queryKey, (old) => ({ ...updated, video: updated.video ?? old?.video ?? null }));
}
