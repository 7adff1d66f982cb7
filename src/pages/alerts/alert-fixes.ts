/**
 * The fix an alert offers, in place: retry a failed publication (the row action's own retry:
 * published again, or recreated when live), redeliver a webhook's deliveries given up, retry an
 * asset or a download, generate a failed MP4 again. A destination is re-activated on its own
 * page (the target's authorisation page is the operator's to open), so its fix is a link.
 */
import type { Alert } from '#schema';
import { invalidatesOf } from '#client';
import { api } from '#app/api.ts';
import { runBulk } from '#components/bulk.ts';
import { retryPublication } from '#pages/publications/index.ts';

export interface AlertFix {
  label: string;
  /** Does it; answers what happened, in words. */
  run: () => Promise<string>;
}

/** What a fix may call, for the mutation that runs it (the alerts follow: they read every change). */
export const FIX_INVALIDATES = invalidatesOf(
  api.livePublication.recreate,
  api.vodPublication.create,
  api.directVodPublication.update,
  api.webhook.redeliver,
  api.asset.retry,
  api.asset.generateVodFile,
  api.vodDownload.retry,
);

/** Redelivers every delivery of the webhook given up (a page of 200 at most at a time). */
async function redeliverGivenUp(webhookId: string): Promise<string> {
  const page = await api.webhook.deliveries.call({ params: { id: webhookId }, query: { status: 'failed', pageSize: 200 } });
  const failed = page?.results ?? [];
  const outcomes = await runBulk(
    failed.map((d) => ({ id: d.id, title: d.id })),
    (d) => api.webhook.redeliver.call({ params: { deliveryId: d.id } }),
  );
  const refused = outcomes.filter((o) => !o.ok);
  if (refused.length === outcomes.length && outcomes.length > 0) throw new Error(refused[0]!.reason);
  return `${outcomes.length - refused.length} ${outcomes.length - refused.length === 1 ? 'delivery' : 'deliveries'} queued again${refused.length ? `; ${refused.length} refused` : ''}`;
}

export function fixOf(alert: Alert): AlertFix | null {
  const id = alert.subject.id;
  switch (alert.kind) {
    case 'publicationFailed':
      return { label: 'Retry', run: () => retryPublication(id) };
    case 'webhookGaveUp':
      return { label: alert.count > 1 ? `Redeliver ${alert.count}` : 'Redeliver', run: () => redeliverGivenUp(id) };
    case 'assetFailed':
      return { label: 'Retry', run: async () => (await api.asset.retry.call({ params: { id } }), 'Being made again') };
    case 'mp4Failed':
      return { label: 'Generate again', run: async () => (await api.asset.generateVodFile.call({ params: { id }, body: { regenerate: false } }), 'The MP4 is being made again') };
    case 'downloadFailed':
      return { label: 'Retry', run: async () => (await api.vodDownload.retry.call({ params: { id } }), 'The download is being made again') };
    default:
      return null;
  }
}
