/**
 * Redelivering the selected deliveries of a webhook's log (the ones given up, typically): each is
 * queued again as a new delivery (POST /webhook/deliveries/{id}/redeliver), a few at a time, and
 * the run ends with what was queued and what was refused, delivery by delivery.
 */
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ReplayIcon from '@mui/icons-material/Replay';
import type { WebhookDelivery } from '#schema';
import { invalidatesOf } from '#client';
import { api } from '#app/api.ts';
import { useCan } from '#app/use-role.ts';
import { countOf, runBulk, summarise } from '#components/bulk.ts';
import { BulkSummaryDialog, type BulkResult } from '#components/bulk-summary-dialog.tsx';
import { BulkProgress, BulkToolbar } from '#components/bulk-toolbar.tsx';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { shortId } from './delivery-format.ts';

const countDeliveries = (n: number) => countOf(n, 'delivery', 'deliveries');

/** What the summary calls a delivery: its change and event, and its id. */
export function deliveryTitle(delivery: WebhookDelivery): string {
  return `${delivery.kind === 'test' ? 'Test' : delivery.notification.action} of ${delivery.eventId ? `event ${shortId(delivery.eventId)}` : 'no event'} (${shortId(delivery.id)})`;
}

export function DeliveryBulkActions({ selected, onClearSelection }: { selected: readonly WebhookDelivery[]; onClearSelection: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const redeliver = useCan()(api.webhook.redeliver);
  const [progress, setProgress] = useState(0);
  const [result, setResult] = useState<BulkResult | null>(null);
  const run = useMutation({
    mutationFn: () => {
      setProgress(0);
      const items = selected.map((delivery) => ({ id: delivery.id, title: deliveryTitle(delivery) }));
      return runBulk(items, async (item) => `Queued again as ${shortId((await api.webhook.redeliver.call({ params: { deliveryId: item.id } })).id)}`, { onProgress: setProgress });
    },
    meta: { invalidates: invalidatesOf(api.webhook.redeliver) },
    onSuccess: (outcomes) => {
      setConfirming(false);
      setResult({ title: summarise(outcomes, 'queued again', 'delivery', 'deliveries'), outcomes, noun: 'delivery', plural: 'deliveries' });
      onClearSelection();
    },
  });
  return (
    <>
      <BulkToolbar count={selected.length} onClearSelection={onClearSelection}>
        <Button size="small" variant="outlined" startIcon={<ReplayIcon />} disabled={!redeliver.allowed} onClick={() => setConfirming(true)}>
          Redeliver {selected.length}
        </Button>
        {!redeliver.allowed && (
          <Typography variant="body2" role="note" sx={{ color: 'text.secondary', flexBasis: '100%' }}>
            {redeliver.reason}
          </Typography>
        )}
      </BulkToolbar>
      <ConfirmDialog
        open={confirming}
        title={`Redeliver ${countDeliveries(selected.length)}?`}
        confirmLabel={`Redeliver ${countDeliveries(selected.length)}`}
        busy={run.isPending}
        onConfirm={() => run.mutate()}
        onClose={() => setConfirming(false)}
      >
        <p>Each is sent again as a new delivery, with a new delivery id and its own attempts. The receiver may get a notification it has already had.</p>
        {run.isPending && <BulkProgress done={progress} total={selected.length} />}
      </ConfirmDialog>
      {result && <BulkSummaryDialog result={result} onClose={() => setResult(null)} />}
    </>
  );
}
