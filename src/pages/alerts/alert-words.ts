/** An alert in the dashboard's words: where it leads, what its kind is called. */
import type { Alert, AlertKind } from '#schema';

export const KIND_LABELS: Record<AlertKind, string> = {
  publicationFailed: 'Publication failed',
  publicationStalled: 'Publication stalled',
  webhookGaveUp: 'Webhook given up',
  captureSegmentsFailed: 'Capture gaps',
  encoderFault: 'Encoder fault',
  downloadFailed: 'Download failed',
  assetFailed: 'Asset failed',
  mp4Failed: 'MP4 failed',
  processingFailed: 'Processing failed',
  destinationNotAuthorised: 'Destination not authorised',
};

/** The page that shows the thing the alert is about. */
export function linkOf(alert: Alert): string {
  const id = encodeURIComponent(alert.subject.id);
  switch (alert.kind) {
    case 'publicationFailed':
    case 'publicationStalled':
      return `/publications?pub=${id}`;
    case 'webhookGaveUp':
      return `/webhooks/${id}?status=failed`;
    case 'captureSegmentsFailed':
      return `/archiver?capture=${id}`;
    case 'encoderFault':
      return `/events/${id}?tab=health`;
    case 'downloadFailed':
      return '/downloads?state=failed';
    case 'assetFailed':
      return alert.eventId ? `/events/${alert.eventId}?tab=assets` : '/assets';
    case 'mp4Failed':
      return `/events/${id}?tab=assets`;
    case 'processingFailed':
      return `/events/${id}`;
    case 'destinationNotAuthorised':
      return `/destinations?destination=${id}`;
  }
}

/** "Open the publication": the words of the link. */
export function linkLabel(alert: Alert): string {
  switch (alert.subject.type) {
    case 'publication':
      return 'Open the publication';
    case 'webhook':
      return 'Open the delivery log';
    case 'capture':
      return 'Open the capture';
    case 'download':
      return 'Open the downloads';
    case 'asset':
      return 'Open the assets';
    case 'destination':
      return 'Open the destination';
    case 'event':
      return alert.kind === 'encoderFault' ? 'Open its health' : 'Open the event';
  }
}
