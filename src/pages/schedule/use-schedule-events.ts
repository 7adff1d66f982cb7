/**
 * The events of a visible range, asked of the service (GET /event/ with from/to, 1000 a page,
 * paging on when there are more), never every event of the tenant.
 *
 * GET /event/ filters on the scheduled start, so an event that began before the range and runs
 * into it would be missed: the request reaches back LOOKBACK_MS before the range, and the items
 * are cut to the range afterwards. (An event longer than that lookback that began before it is
 * not shown; no event in practice runs for two days.)
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Event } from '#schema';
import { api } from '#app/api.ts';

export const LOOKBACK_MS = 48 * 3_600_000;
export const SCHEDULE_PAGE_SIZE = 1000;
/** Ten thousand events in one view is beyond what a person can read; stop and say so. */
export const MAX_PAGES = 10;


export interface ScheduleData {
  events: Event[];
  /** More events matched than were fetched (MAX_PAGES reached). */
  truncated: boolean;
  totalCount: number;
}

export function scheduleQuery(start: Date, end: Date) {
  return {
    from: new Date(start.getTime() - LOOKBACK_MS).toISOString(),
    to: new Date(end.getTime() - 1).toISOString(),
    pageSize: SCHEDULE_PAGE_SIZE,
    orderColumn: 'DisplayLiveStart' as const,
    order: 'ASC' as const,
  };
}

export function useScheduleEvents(start: Date, end: Date) {
  const query = scheduleQuery(start, end);
  return useQuery({
    queryKey: [...api.event.list.key({ query }), 'all-pages'],
    queryFn: async ({ signal }): Promise<ScheduleData> => {
      const first = await api.event.list.call({ query: { ...query, pageNumber: 1 } }, signal);
      const events = [...first.results];
      const pages = Math.min(MAX_PAGES, Math.ceil(first.totalCount / SCHEDULE_PAGE_SIZE));
      for (let page = 2; page <= pages; page++) {
        const next = await api.event.list.call({ query: { ...query, pageNumber: page } }, signal);
        events.push(...next.results);
      }
      return { events, truncated: first.totalCount > events.length, totalCount: first.totalCount };
    },
    placeholderData: keepPreviousData,
  });
}
