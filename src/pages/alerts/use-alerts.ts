/**
 * The alerts, as the top bar and the alert centre read them (one query: the count and the page
 * share it). Live from the change feed: the list is stale with every change it carries
 * (`feed: 'everyChange'` in its record) and after every write of the dashboard. Some alerts come
 * from the passing of time, which no change records (a VOD publication stalled for minutes): for
 * those it is asked again every half minute as well (ALERTS_REFRESH_MS).
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '#app/api.ts';

export const ALERTS_REFRESH_MS = 30_000;

export function useAlerts(includeAcknowledged = false) {
  return useQuery({
    ...api.alert.list.queryOptions({ query: { includeAcknowledged } }),
    refetchInterval: ALERTS_REFRESH_MS,
    // A service without the alert centre answers 501 ("not offered"): no point asking again.
    retry: false,
  });
}
