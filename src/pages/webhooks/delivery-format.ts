/** Deliveries and attempts in words: status labels, the notification's flags, an attempt's outcome. */
import type { StateTone } from '#app/theme.ts';
import type { WebhookAttempt, WebhookDelivery, WebhookDeliveryStatus, WebhookNotification } from '#schema';

export interface DeliveryStatusInfo {
  label: string;
  description: string;
  tone: StateTone;
  /** Still being worked on: the log refreshes fast while one is on screen. */
  open: boolean;
}

export function deliveryStatusInfo(delivery: Pick<WebhookDelivery, 'status' | 'attemptCount'>): DeliveryStatusInfo {
  switch (delivery.status) {
    case 'delivered':
      return { label: 'Delivered', description: 'The receiver answered with a 2xx status', tone: 'vod', open: false };
    case 'failed':
      return { label: 'Failed', description: 'Given up: no attempt got a 2xx answer', tone: 'error', open: false };
    case 'sending':
      return { label: 'Sending', description: 'An attempt is in flight right now', tone: 'upcoming', open: true };
    case 'pending':
      return delivery.attemptCount > 0
        ? { label: 'Retrying', description: 'The last attempt failed; another one is scheduled', tone: 'transition', open: true }
        : { label: 'Queued', description: 'Waiting for its first attempt', tone: 'transition', open: true };
  }
}

export const STATUS_FILTERS: readonly { value: WebhookDeliveryStatus | 'all'; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'failed', label: 'Failed' },
  { value: 'pending', label: 'Pending' },
  { value: 'delivered', label: 'Delivered' },
];

const FLAG_LABELS: readonly [keyof WebhookNotification, string][] = [
  ['stateChanged', 'State'],
  ['metadataChanged', 'Metadata'],
  ['thumbnailChanged', 'Thumbnail'],
  ['audioChanged', 'Audio'],
  ['mp4StateChanged', 'MP4'],
  ['chapterPointsChanged', 'Chapter points'],
  ['assetsChanged', 'Assets'],
  ['provisionStateChanged', 'Provisioning'],
  ['capturingLive2VodFlagChanged', 'Live-to-VOD capture'],
  ['isForced', 'Forced'],
];

/** What changed, by the notification's flags (the interface's names in brackets for integrators). */
export function notificationFlags(n: WebhookNotification): { label: string; flag: string; detail?: string }[] {
  const flags: { label: string; flag: string; detail?: string }[] = [];
  for (const [flag, label] of FLAG_LABELS) {
    if (n[flag] !== true) continue;
    const detail = flag === 'stateChanged' ? humanEnum(n.state) : flag === 'mp4StateChanged' ? humanEnum(n.mp4State) : flag === 'provisionStateChanged' && n.provisionState ? humanEnum(n.provisionState) : undefined;
    flags.push({ label, flag, ...(detail ? { detail } : {}) });
  }
  return flags;
}

/** LIVE_PUBLISHED -> "Live published". */
export function humanEnum(name: string): string {
  const words = name.toLowerCase().split('_').join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1).replace(/\bvod\b/g, 'VOD').replace(/\bmp4\b/g, 'MP4');
}

/** An HTTP status with its reason phrase for the common ones. */
const REASONS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  301: 'Moved Permanently',
  302: 'Found',
  307: 'Temporary Redirect',
  308: 'Permanent Redirect',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function httpStatusText(code: number): string {
  const reason = REASONS[code];
  return reason ? `${code} ${reason}` : String(code);
}

export function isSuccessCode(code: number | null | undefined): boolean {
  return code !== null && code !== undefined && code >= 200 && code < 300;
}

/** "42 ms", "1.3 s". */
export function formatLatency(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

/** One line for an attempt: "200 OK in 42 ms" or "connection refused (ECONNREFUSED) after 3 ms". */
export function describeAttempt(attempt: Pick<WebhookAttempt, 'statusCode' | 'error' | 'latencyMs'>): string {
  if (attempt.statusCode !== null) return `${httpStatusText(attempt.statusCode)} in ${formatLatency(attempt.latencyMs)}`;
  return `${attempt.error ?? 'no answer'} after ${formatLatency(attempt.latencyMs)}`;
}

/** The last attempt of a delivery, if any was made. */
export function lastAttempt(delivery: Pick<WebhookDelivery, 'attempts'>): WebhookAttempt | undefined {
  return delivery.attempts[delivery.attempts.length - 1];
}

/** "a1b2c3d4" from a GUID, for places where the whole id would not fit. */
export function shortId(id: string): string {
  return id.slice(0, 8);
}
