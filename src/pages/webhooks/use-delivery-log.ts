/**
 * The delivery log's state: its view in the URL (`status`, `page`, `pageSize` through
 * `usePagedView`, the open delivery as `delivery`), the page of deliveries (kept fresh by the
 * change feed as they are sent), redelivery and the hotkeys.
 */
import { useCallback } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { WebhookDelivery } from '#schema';
import { useDescribeError } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { useHotkeys } from '#app/hotkeys.tsx';
import { notify } from '#app/notifications.tsx';
import { setParam, usePagedView } from '#components/use-paged-view.ts';
import { useUrlParams } from '#components/use-url-params.ts';
import { deliveryStatusInfo, shortId } from './delivery-format.ts';
import { DELIVERY_LOG_VIEW, type DeliveryStatusFilter } from './use-webhooks.ts';

export function isOpen(delivery: WebhookDelivery): boolean {
  return deliveryStatusInfo(delivery).open;
}

export function useDeliveryLog(webhookId: string) {
  const describeError = useDescribeError();
  const [view, setView, grid] = usePagedView(DELIVERY_LOG_VIEW);
  const [params, setParams] = useUrlParams();
  const status = view.filters.status;
  const setStatus = (next: DeliveryStatusFilter) => setView({ filters: { status: next } });
  const query = useQuery({
    ...api.webhook.deliveries.queryOptions({
      params: { id: webhookId },
      query: { pageSize: view.pageSize, pageNumber: view.page, ...(status !== 'all' ? { status } : {}) },
    }),
    placeholderData: keepPreviousData,
  });
  const redeliver = useMutation(api.webhook.redeliver.mutationOptions());
  const rows = query.data?.results ?? [];
  const lastPage = query.data ? Math.max(1, Math.ceil(query.data.totalCount / view.pageSize)) : 1;

  const { mutate } = redeliver;
  const doRedeliver = useCallback(
    (delivery: WebhookDelivery) =>
      mutate(
      { params: { deliveryId: delivery.id } },
      {
        onSuccess: (created) =>
          notify(`Sending it again as a new delivery (${shortId(created.id)}).`, {
            severity: 'success',
            ...(status !== 'all' && status !== 'pending' ? { action: { label: 'Show all', onClick: () => setStatus('all') } } : {}),
          }),
        onError: (error) => notify(`Could not redeliver: ${describeError(error).message}`, { severity: 'error' }),
      },
    ),
    // setView is stable; the notice's "Show all" depends on the filter shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [mutate, status, describeError],
  );
  const redeliveringId = redeliver.isPending ? redeliver.variables?.params.deliveryId : undefined;

  // The open delivery: its attempts show in a drawer; Back closes it (the URL replaced, as before).
  const openId = params.get('delivery');
  const opened = openId ? rows.find((d) => d.id === openId) : undefined;
  const setOpen = useCallback(
    (id: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          setParam(next, 'delivery', id);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  useHotkeys([
    { keys: 'f', description: 'Failed deliveries only / all deliveries', group: 'Delivery log', run: () => setStatus(status === 'failed' ? 'all' : 'failed') },
    { keys: 'r', description: 'Refresh the delivery log', group: 'Delivery log', run: () => void query.refetch() },
    { keys: '[', description: 'Previous page of deliveries', group: 'Delivery log', run: () => view.page > 1 && setView({ page: view.page - 1 }) },
    { keys: ']', description: 'Next page of deliveries', group: 'Delivery log', run: () => view.page < lastPage && setView({ page: view.page + 1 }) },
  ]);

  return { view, status, setStatus, grid, query, rows, doRedeliver, redeliveringId, opened, setOpen, describeError };
}
