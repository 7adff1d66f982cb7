/** Rows as the service answers them. A change's notification is the change log's (changes/notification.ts). */
import type { EventWebhook, Webhook, WebhookAttempt, WebhookDelivery, WebhookNotification } from '#schema';
import type { webhookAttempts, webhookDeliveries, webhooks } from '../../db/tables/webhooks.ts';

export type WebhookRow = typeof webhooks.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;

export function toWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    webhookUrl: row.webhookUrl,
    useHttpBasicAuthentication: row.useHttpBasicAuthentication,
    useJsonBody: row.useJsonBody,
    username: row.username,
    // Write-only (a secret): never answered; whether one is stored is.
    password: null,
    passwordSet: row.password !== null && row.password !== '',
    additionalPropertiesJson: row.additionalPropertiesJson,
    version: row.version,
  };
}

export function toEventWebhook(row: WebhookRow): EventWebhook {
  return { ...toWebhook(row), eventId: row.eventId! };
}

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export function toAttempt(row: AttemptRow): WebhookAttempt {
  return {
    id: row.id,
    deliveryId: row.deliveryId,
    attempt: row.attempt,
    url: row.url,
    startedAt: row.startedAt.toISOString(),
    latencyMs: row.latencyMs,
    statusCode: row.statusCode,
    responseExcerpt: row.responseExcerpt,
    error: row.error,
    outcome: row.outcome,
    nextRetryAt: iso(row.nextRetryAt),
  };
}

/** `maxAttempts`: the dispatcher's setting, for a delivery not claimed yet (its own is fixed at the first claim). */
export function toDelivery(row: DeliveryRow, attempts: AttemptRow[], maxAttempts: number): WebhookDelivery {
  return {
    id: row.id,
    webhookId: row.webhookId,
    eventId: row.eventId,
    seq: row.seq,
    kind: row.kind,
    redeliveryOf: row.redeliveryOf,
    status: row.status,
    attemptCount: row.attempts,
    maxAttempts: row.maxAttempts ?? maxAttempts,
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
    completedAt: iso(row.completedAt),
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    notification: row.payload as WebhookNotification,
    attempts: attempts.map(toAttempt),
  };
}

/** The columns of the delivery log's CSV (GET /webhook/{id}/deliveries.csv). */
export const DELIVERY_CSV_HEADER = ['Id', 'Event id', 'Kind', 'Action', 'Status', 'Attempts', 'Last status code', 'Last error', 'Created', 'Next attempt', 'Completed', 'Redelivery of'];

export function deliveryCsvRow(d: WebhookDelivery): (string | number | null)[] {
  return [d.id, d.eventId, d.kind, d.notification.action, d.status, d.attemptCount, d.lastStatusCode, d.lastError, d.createdAt, d.nextAttemptAt, d.completedAt, d.redeliveryOf];
}
