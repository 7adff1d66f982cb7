/**
 * Webhooks (service-interface.md "Webhooks") and their delivery log.
 *
 * - `webhooks`: system-wide ones (`event_id` null) receive every event of their client, the others
 *   one event.
 * - `webhook_deliveries`: one notification for one webhook: its own small durable queue (status,
 *   next attempt, lease), drained by the dispatcher (src/server/areas/webhook/dispatcher.ts). The
 *   deliveries of a change are created by its writer, in the statement that records the change
 *   (src/server/changes/record.ts, src/server/changes/fanout.ts).
 * - `webhook_attempts`: every HTTP attempt of a delivery, for the delivery log.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { clientKey, sameClient } from './tenancy.ts';
import { versionColumn } from './versions.ts';
import { events } from './events.ts';

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const clientRef = () =>
  uuid('client_id')
    .notNull()
    .references(() => clients.id, { onDelete: 'cascade' });

export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: clientRef(),
    version: versionColumn(),
    /** Null for a system-wide webhook. */
    eventId: uuid('event_id'),
    webhookUrl: text('webhook_url').notNull(),
    useHttpBasicAuthentication: boolean('use_http_basic_authentication').notNull(),
    useJsonBody: boolean('use_json_body').notNull(),
    username: text('username'),
    password: text('password'),
    additionalPropertiesJson: text('additional_properties_json'),
    createdAt: stamp('created_at').notNull(),
    updatedAt: stamp('updated_at').notNull(),
  },
  (t) => [clientKey('webhooks', t),
    sameClient('webhooks_event_fk', t.clientId, t.eventId, events).onDelete('cascade'),
    index('webhooks_client_event_idx').on(t.clientId, t.eventId)],
);

export const DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed'] as const;
export const DELIVERY_KINDS = ['change', 'test', 'redelivery'] as const;

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: clientRef(),
    webhookId: uuid('webhook_id').notNull(),
    /** What the notification is about; null only for a test of a system-wide webhook. */
    eventId: uuid('event_id'),
    /** The change (event_changes.seq); the order of deliveries per (webhook, event). Null for tests. */
    seq: bigint('seq', { mode: 'number' }),
    kind: text('kind', { enum: DELIVERY_KINDS }).notNull(),
    redeliveryOf: uuid('redelivery_of'),
    /** The notification as the JSON body (camelCase, enumeration names); the form body is derived from it. */
    payload: jsonb('payload').notNull().$type<Record<string, unknown>>(),
    /** pending -> sending -> delivered | failed (sending -> pending again for a retry). */
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Null until the first claim when the writer created it: the dispatcher's setting (maxAttempts) applies. */
    maxAttempts: integer('max_attempts'),
    nextAttemptAt: stamp('next_attempt_at'),
    /** The dispatcher sending it, and until when: after that another may take it (its process died). */
    lockedBy: text('locked_by'),
    lockedUntil: stamp('locked_until'),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: stamp('created_at').notNull(),
    completedAt: stamp('completed_at'),
  },
  (t) => [clientKey('webhook_deliveries', t),
    sameClient('webhook_deliveries_webhook_fk', t.clientId, t.webhookId, webhooks).onDelete('cascade'),
    
    // A change is fanned out to a webhook once, even when two fan-out jobs race.
    uniqueIndex('webhook_deliveries_change_idx').on(t.webhookId, t.seq).where(sql`${t.kind} = 'change'`),
    index('webhook_deliveries_order_idx').on(t.webhookId, t.eventId, t.seq),
    // The open (webhook, event) queues, in order: the claim walks from queue to queue on it
    // (areas/webhook/dispatcher.ts; no event is the nil uuid there, so that a row comparison can step over it).
    index('webhook_deliveries_open_idx').on(t.webhookId, sql`coalesce(${t.eventId}, '00000000-0000-0000-0000-000000000000'::uuid)`, t.seq, t.createdAt).where(sql`${t.status} in ('pending', 'sending') and ${t.kind} <> 'test'`),
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_log_idx').on(t.webhookId, t.createdAt),
    // The alert centre's deliveries given up (areas/alert).
    index('webhook_deliveries_failed_idx').on(t.clientId, t.webhookId, t.completedAt).where(sql`${t.status} = 'failed'`),
  ],
);

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id').notNull(),
    clientId: clientRef(),
    attempt: integer('attempt').notNull(),
    url: text('url').notNull(),
    startedAt: stamp('started_at').notNull(),
    latencyMs: integer('latency_ms').notNull(),
    /** Null when no HTTP answer came (refused address, network error, time-out). */
    statusCode: integer('status_code'),
    /** The first 1 KB of the answer. */
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
    outcome: text('outcome', { enum: ['delivered', 'retry', 'failed'] }).notNull(),
    nextRetryAt: stamp('next_retry_at'),
  },
  (t) => [clientKey('webhook_attempts', t),
    sameClient('webhook_attempts_delivery_fk', t.clientId, t.deliveryId, webhookDeliveries).onDelete('cascade'),
    index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attempt)],
);
