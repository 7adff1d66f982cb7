/** Rows as the service answers them, and a recorded change as the notification webhooks and the change feed carry. */
import {
  EventState,
  Mp4State,
  ProvisionState,
  type EventWebhook,
  type Webhook,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookNotification,
} from '#schema';
import type { eventChanges } from '../../db/tables/changes.ts';
import type { webhookAttempts, webhookDeliveries, webhooks } from '../../db/tables/webhooks.ts';

export type WebhookRow = typeof webhooks.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;
export type ChangeRow = typeof eventChanges.$inferSelect;

export function toWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    webhookUrl: row.webhookUrl,
    useHttpBasicAuthentication: row.useHttpBasicAuthentication,
    useJsonBody: row.useJsonBody,
    username: row.username,
    password: row.password,
    additionalPropertiesJson: row.additionalPropertiesJson,
    version: row.version,
  };
}

export function toEventWebhook(row: WebhookRow): EventWebhook {
  return { ...toWebhook(row), eventId: row.eventId! };
}

/** The fields of a change that make its notification (a change row, or an event as it is now for a test). */
export interface NotificationSource extends Partial<Omit<ChangeRow, 'seq' | 'clientId' | 'createdAt'>> {
  eventId: string;
  action: WebhookNotification['action'];
  referenceId: string | null;
  externalId: string | null;
  state: number;
  mp4State: number;
  provisionState: number | null;
}

/**
 * The notification (service-interface.md "Notification payload"; public-facts.md §5) as the JSON
 * body: camelCase, enumerations by name. The form encoding derives from it (webhookNotificationToForm).
 * Every value comes from validated writes; an unknown one (impossible today) falls back to the
 * first name rather than blocking every later notification of the event.
 */
export function toNotification(c: NotificationSource): WebhookNotification {
  return {
    eventId: c.eventId,
    referenceId: c.referenceId,
    externalId: c.externalId,
    state: EventState.nameOf(c.state) ?? 'PRE_LIVE',
    stateChanged: c.stateChanged ?? false,
    metadataChanged: c.metadataChanged ?? false,
    thumbnailChanged: c.thumbnailChanged ?? false,
    isForced: c.isForced ?? false,
    audioChanged: c.audioChanged ?? false,
    mp4State: Mp4State.nameOf(c.mp4State) ?? 'NONE',
    mp4StateChanged: c.mp4StateChanged ?? false,
    chapterPointsChanged: c.chapterPointsChanged ?? false,
    assetsChanged: c.assetsChanged ?? false,
    provisionState: c.provisionState === null ? null : (ProvisionState.nameOf(c.provisionState) ?? null),
    provisionStateChanged: c.provisionStateChanged ?? false,
    capturingLive2VodFlagChanged: c.capturingLive2VodFlagChanged ?? false,
    action: c.action,
  };
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
