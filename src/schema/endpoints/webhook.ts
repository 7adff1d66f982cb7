/**
 * Webhooks (service-interface.md "Webhooks"): all 10 operations. 204 answers a missing webhook or an
 * empty list. Beyond the interface (`extension`): the delivery log, a test call and redelivery.
 */
import { z } from 'zod';
import { defineArea } from '../define.ts';
import { recordOperations } from '../record-operations.ts';
import { ErrorBodySchema, Guid, IdParams } from '../common.ts';
import {
  EventWebhookBody,
  EventWebhookSchema,
  EventWebhookUpdateBody,
  WebhookAttemptSchema,
  WebhookBody,
  WebhookDeliveriesQuery,
  WebhookDeliveryPageSchema,
  WebhookDeliverySchema,
  WebhookSchema,
  WebhookUpdateBody,
} from '../models/webhook.ts';

const webhooks = recordOperations({ kind: 'webhook', path: '/webhook/', role: 'admin', schema: WebhookSchema });

const SAVED = 'Answers the saved webhook; 400 when the JSON is rejected.';
const systemWide = { responses: { 200: WebhookSchema, 400: ErrorBodySchema } } as const;
/** An event-specific webhook is the same record, spelled with its event, at `/webhook/{id}/event/`. */
const forEvent = { path: '/webhook/{id}/event/', responses: { 200: EventWebhookSchema, 400: ErrorBodySchema } } as const;

export const webhook = defineArea('webhook', {
  upsert: webhooks.upsert('Add or update a system-wide webhook', {
    description: `With an id the webhook is updated, otherwise added. ${SAVED}`,
    body: WebhookBody,
    ...systemWide,
  }),
  /** @legacy Typo in the path: `/webook/event/` (not `/webhook/`). */
  upsertForEvent: webhooks.upsert('Add or update an event-specific webhook', { description: SAVED, body: EventWebhookBody, ...forEvent, path: '/webook/event/' }),
  update: webhooks.update('Update a system-wide webhook', { description: SAVED, body: WebhookUpdateBody, ...systemWide }),
  updateForEvent: webhooks.update('Update an event-specific webhook', { description: SAVED, body: EventWebhookUpdateBody, ...forEvent }),
  list: webhooks.list('List system-wide webhooks', { description: '204 when there are none.', responses: { 200: z.array(WebhookSchema), 204: null } }),
  /** @legacy The parameter is named `eventsId` (plural). */
  listForEvent: {
    method: 'GET',
    path: '/webhook/event/{eventsId}',
    summary: 'List the webhooks of an event',
    description: '204 when there are none.',
    params: z.object({ eventsId: Guid }),
    responses: { 200: z.array(EventWebhookSchema), 204: null },
  },
  get: webhooks.get('Get a system-wide webhook', { responses: { 200: WebhookSchema, 204: null } }),
  getForEvent: webhooks.get('Get an event-specific webhook', { path: forEvent.path, responses: { 200: EventWebhookSchema, 204: null } }),
  delete: webhooks.delete('Delete a system-wide webhook'),
  deleteForEvent: webhooks.delete('Delete an event-specific webhook', { path: forEvent.path }),
  deliveries: {
    method: 'GET',
    path: '/webhook/{id}/deliveries',
    summary: 'The delivery log of a webhook',
    description:
      'Deliveries of a webhook (system-wide or event-specific), newest first, each with its attempts: time, status code, latency, the first 1 KB of the answer, the error and the next retry. 204 when there is no such webhook.',
    params: IdParams,
    query: WebhookDeliveriesQuery,
    responses: { 200: WebhookDeliveryPageSchema, 204: null },
    extension: true,
  },
  exportDeliveriesCsv: {
    method: 'GET',
    path: '/webhook/{id}/deliveries.csv',
    summary: 'The delivery log of a webhook as a CSV file',
    description:
      'Every delivery of the log for the same status filter, newest first, as one CSV file (text/csv, streamed, with a Content-Disposition). 404 when there is no such webhook.',
    params: IdParams,
    query: WebhookDeliveriesQuery.omit({ pageSize: true, pageNumber: true }).meta({ id: 'WebhookDeliveriesExportQuery' }),
    responses: { 200: z.string().describe('RFC 4180 CSV, UTF-8 with a byte order mark'), 404: ErrorBodySchema },
    produces: 'text/csv',
    extension: true,
  },
  delivery: {
    method: 'GET',
    path: '/webhook/deliveries/{deliveryId}',
    summary: 'One delivery with its attempts',
    description: '204 when there is no such delivery.',
    params: z.object({ deliveryId: Guid }),
    responses: { 200: WebhookDeliverySchema, 204: null },
    extension: true,
  },
  test: webhooks.action('POST', '/webhook/{id}/test', 'Send a test notification now', {
    description:
      'Sends a notification (header X-ControlRoom-Test: true) to the webhook at once, without retries, and answers the attempt: the status code the receiver answered, or the error. For an event-specific webhook the notification carries that event as it is now. 404 when there is no such webhook.',
    responses: { 200: WebhookAttemptSchema, 404: ErrorBodySchema },
    extension: true,
  }),
  redeliver: {
    method: 'POST',
    role: 'admin',
    resource: { kind: 'webhookDelivery', id: 'params.deliveryId' },
    path: '/webhook/deliveries/{deliveryId}/redeliver',
    summary: 'Send a delivery again',
    description:
      'Queues the notification of a delivery again, as a new delivery (a new X-ControlRoom-Delivery id) with its own attempts and retries. 404 when there is no such delivery.',
    params: z.object({ deliveryId: Guid }),
    responses: { 200: WebhookDeliverySchema, 404: ErrorBodySchema },
    extension: true,
  },
});
