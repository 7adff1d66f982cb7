/**
 * Webhooks (service-interface.md "Webhooks"): all 10 operations. 204 answers a missing webhook or an
 * empty list. Beyond the interface (`extension`): the delivery log, a test call and redelivery.
 */
import { z } from 'zod';
import { defineArea } from '../define.ts';
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

export const webhook = defineArea('webhook', {
  upsert: {
    method: 'POST',
    role: 'admin',
    resource: { kind: 'webhook', id: 'body.id' },
    path: '/webhook/',
    summary: 'Add or update a system-wide webhook',
    description: 'With an id the webhook is updated, otherwise added. Answers the saved webhook; 400 when the JSON is rejected.',
    body: WebhookBody,
    responses: { 200: WebhookSchema, 400: ErrorBodySchema },
  },
  /** @legacy Typo in the path: `/webook/event/` (not `/webhook/`). */
  upsertForEvent: {
    method: 'POST',
    role: 'admin',
    resource: { kind: 'webhook', id: 'body.id' },
    path: '/webook/event/',
    summary: 'Add or update an event-specific webhook',
    description: 'Answers the saved webhook; 400 when the JSON is rejected.',
    body: EventWebhookBody,
    responses: { 200: EventWebhookSchema, 400: ErrorBodySchema },
  },
  update: {
    method: 'PUT',
    role: 'admin',
    resource: { kind: 'webhook', id: 'params.id' },
    path: '/webhook/{id}',
    summary: 'Update a system-wide webhook',
    description: 'Answers the saved webhook; 400 when the JSON is rejected.',
    params: IdParams,
    body: WebhookUpdateBody,
    responses: { 200: WebhookSchema, 400: ErrorBodySchema },
  },
  updateForEvent: {
    method: 'PUT',
    role: 'admin',
    resource: { kind: 'webhook', id: 'params.id' },
    path: '/webhook/{id}/event/',
    summary: 'Update an event-specific webhook',
    description: 'Answers the saved webhook; 400 when the JSON is rejected.',
    params: IdParams,
    body: EventWebhookUpdateBody,
    responses: { 200: EventWebhookSchema, 400: ErrorBodySchema },
  },
  list: {
    method: 'GET',
    path: '/webhook/',
    summary: 'List system-wide webhooks',
    description: '204 when there are none.',
    responses: { 200: z.array(WebhookSchema), 204: null },
  },
  /** @legacy The parameter is named `eventsId` (plural). */
  listForEvent: {
    method: 'GET',
    path: '/webhook/event/{eventsId}',
    summary: 'List the webhooks of an event',
    description: '204 when there are none.',
    params: z.object({ eventsId: Guid }),
    responses: { 200: z.array(EventWebhookSchema), 204: null },
  },
  get: {
    method: 'GET',
    resource: { kind: 'webhook', id: 'params.id' },
    path: '/webhook/{id}',
    summary: 'Get a system-wide webhook',
    params: IdParams,
    responses: { 200: WebhookSchema, 204: null },
  },
  getForEvent: {
    method: 'GET',
    resource: { kind: 'webhook', id: 'params.id' },
    path: '/webhook/{id}/event/',
    summary: 'Get an event-specific webhook',
    params: IdParams,
    responses: { 200: EventWebhookSchema, 204: null },
  },
  delete: {
    method: 'DELETE',
    role: 'admin',
    resource: { kind: 'webhook', id: 'params.id' },
    path: '/webhook/{id}',
    summary: 'Delete a system-wide webhook',
    params: IdParams,
    responses: { 200: null },
  },
  deleteForEvent: {
    method: 'DELETE',
    role: 'admin',
    resource: { kind: 'webhook', id: 'params.id' },
    path: '/webhook/{id}/event/',
    summary: 'Delete an event-specific webhook',
    params: IdParams,
    responses: { 200: null },
  },
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
  delivery: {
    method: 'GET',
    path: '/webhook/deliveries/{deliveryId}',
    summary: 'One delivery with its attempts',
    description: '204 when there is no such delivery.',
    params: z.object({ deliveryId: Guid }),
    responses: { 200: WebhookDeliverySchema, 204: null },
    extension: true,
  },
  test: {
    method: 'POST',
    role: 'admin',
    resource: { kind: 'webhook', id: 'params.id' },
    path: '/webhook/{id}/test',
    summary: 'Send a test notification now',
    description:
      'Sends a notification (header X-ControlRoom-Test: true) to the webhook at once, without retries, and answers the attempt: the status code the receiver answered, or the error. For an event-specific webhook the notification carries that event as it is now. 404 when there is no such webhook.',
    params: IdParams,
    responses: { 200: WebhookAttemptSchema, 404: ErrorBodySchema },
    extension: true,
  },
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
