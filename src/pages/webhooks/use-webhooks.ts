/**
 * Data and URL state shared by the webhooks page and the event page's Webhooks tab.
 *
 * - A webhook is opened by id alone (`/webhooks/:id`, `?webhook=`): system-wide ones answer at
 *   GET /webhook/{id}, event-specific ones at GET /webhook/{id}/event/, so `useWebhook` asks the
 *   first and then the second (each answers 204 for the other kind).
 * - The delivery log's view (status filter, page, page size, open delivery) and the dialogs
 *   (`new`, `edit`) live in the query string, so a reload or a shared link shows the same thing.
 */
import { useCallback, useMemo } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { WebhookDeliveryStatus, type EventWebhook, type Webhook } from '#schema';
import { api } from '#app/api.ts';
import { useUrlParams } from '#components/use-url-params.ts';

/** A webhook with its kind: `eventId` null for a system-wide one. */
export type AnyWebhook = Webhook & { eventId: string | null };

export function toAnyWebhook(webhook: Webhook | EventWebhook): AnyWebhook {
  return { ...webhook, eventId: 'eventId' in webhook ? webhook.eventId : null };
}

/** Under the `webhook` area, so every webhook mutation refreshes it. */
export function webhookByIdOptions(id: string) {
  return queryOptions({
    queryKey: ['webhook', 'byId', id],
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

export const PAGE_SIZES = [20, 50, 100] as const;
export type DeliveryStatusFilter = WebhookDeliveryStatus | 'all';

export interface DeliveryLogView {
  status: DeliveryStatusFilter;
  page: number;
  pageSize: number;
  /** The delivery whose attempts are shown. */
  delivery: string | null;
}

export function parseDeliveryLogView(params: URLSearchParams): DeliveryLogView {
  const status = WebhookDeliveryStatus.safeParse(params.get('status'));
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  return {
    status: status.success ? status.data : 'all',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : PAGE_SIZES[0],
    delivery: params.get('delivery'),
  };
}

export function writeDeliveryLogView(view: DeliveryLogView, into: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(into);
  const set = (key: string, value: string | null) => (value === null ? next.delete(key) : next.set(key, value));
  set('status', view.status === 'all' ? null : view.status);
  set('page', view.page > 1 ? String(view.page) : null);
  set('size', view.pageSize !== PAGE_SIZES[0] ? String(view.pageSize) : null);
  set('delivery', view.delivery);
  return next;
}

/** The log's view in the URL; a new filter or page size goes back to page 1. */
export function useDeliveryLogView(): [DeliveryLogView, (patch: Partial<DeliveryLogView>, options?: { replace?: boolean }) => void] {
  const [params, setParams] = useUrlParams();
  const view = useMemo(() => parseDeliveryLogView(params), [params]);
  const update = useCallback(
    (patch: Partial<DeliveryLogView>, options: { replace?: boolean } = {}) =>
      setParams((current) => {
        const previous = parseDeliveryLogView(current);
        const next = { ...previous, ...patch };
        if ((patch.status !== undefined && patch.status !== previous.status) || (patch.pageSize !== undefined && patch.pageSize !== previous.pageSize)) {
          if (patch.page === undefined) next.page = 1;
        }
        return writeDeliveryLogView(next, current);
      }, options),
    [setParams],
  );
  return [view, update];
}

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
