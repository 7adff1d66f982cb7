/**
 * Data and URL state shared by the webhooks page and the event page's Webhooks tab.
 *
 * - A webhook is opened by id alone (`/webhooks/:id`, `?webhook=`): system-wide ones answer at
 *   GET /webhook/{id}, event-specific ones at GET /webhook/{id}/event/, so `useWebhook` asks the
 *   first and then the second (each answers 204 for the other kind).
 * - The delivery log's view (status filter, page, pageSize, open delivery) and the dialogs
 *   (`new`, `edit`) live in the query string, so a reload or a shared link shows the same thing.
 */
import { useCallback } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { WebhookDeliveryStatus, type EventWebhook, type Webhook } from '#schema';
import { api } from '#app/api.ts';
import { definePagedView, setParam } from '#components/use-paged-view.ts';
import { useUrlParams } from '#components/use-url-params.ts';

/** A webhook with its kind: `eventId` null for a system-wide one. */
export type AnyWebhook = Webhook & { eventId: string | null };

export function toAnyWebhook(webhook: Webhook | EventWebhook): AnyWebhook {
  return { ...webhook, eventId: 'eventId' in webhook ? webhook.eventId : null };
}

/** Extends `webhook.get`'s own key (under the `webhook` area, so every webhook mutation refreshes it): the system-wide read, then the event's. */
export function webhookByIdOptions(id: string) {
  return queryOptions({
    queryKey: [...api.webhook.get.key({ params: { id } }), 'or-for-event'],
    queryFn: async ({ signal }): Promise<AnyWebhook | null> => {
      const system = await api.webhook.get.call({ params: { id } }, signal);
      if (system) return toAnyWebhook(system);
      const forEvent = await api.webhook.getForEvent.call({ params: { id } }, signal);
      return forEvent ? toAnyWebhook(forEvent) : null;
    },
  });
}

export function useWebhook(id: string) {
  return useQuery(webhookByIdOptions(id));
}

export type DeliveryStatusFilter = WebhookDeliveryStatus | 'all';

/**
 * The delivery log's view in the URL: server paging and the status filter. The open delivery
 * (`?delivery=<id>`) is not part of it: opening one keeps the page.
 */
export const DELIVERY_LOG_VIEW = definePagedView<never, { status: DeliveryStatusFilter }>({
  pageSizes: [20, 50, 100],
  filters: {
    parse: (params) => {
      const status = WebhookDeliveryStatus.safeParse(params.get('status'));
      return { status: status.success ? status.data : 'all' };
    },
    write: (filters, next) => setParam(next, 'status', filters.status === 'all' ? null : filters.status),
  },
});

/** A flag in the query string (`?new=1`, `?edit=1`) and its setter; closing removes it. */
export function useQueryFlag(name: string): [boolean, (on: boolean) => void] {
  const [params, setParams] = useUrlParams();
  const on = params.get(name) === '1';
  const set = useCallback(
    (value: boolean) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, '1');
        else next.delete(name);
        return next;
      }),
    [name, setParams],
  );
  return [on, set];
}
