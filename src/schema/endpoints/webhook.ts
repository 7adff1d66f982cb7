/** Webhooks (service-interface.md "Webhooks"): all 10 operations. 204 answers a missing webhook or an empty list. */
import { z } from 'zod';
import { defineArea } from '../define.ts';
import { ErrorBodySchema, Guid, IdParams } from '../common.ts';
import {
  EventWebhookBody,
  EventWebhookSchema,
  EventWebhookUpdateBody,
  WebhookBody,
  WebhookSchema,
  WebhookUpdateBody,
} from '../models/webhook.ts';

export const webhook = defineArea('webhook', {
  upsert: {
    method: 'POST',
    path: '/webhook/',
    summary: 'Add or update a system-wide webhook',
    description: 'With an id the webhook is updated, otherwise added. Answers the saved webhook; 400 when the JSON is rejected.',
    body: WebhookBody,
    responses: { 200: WebhookSchema, 400: ErrorBodySchema },
  },
  /** @legacy Typo in the path: `/webook/event/` (not `/webhook/`). */
  upsertForEvent: {
    method: 'POST',
    path: '/webook/event/',
    summary: 'Add or update an event-specific webhook',
    description: 'Answers the saved webhook; 400 when the JSON is rejected.',
    body: EventWebhookBody,
    responses: { 200: EventWebhookSchema, 400: ErrorBodySchema },
  },
  update: {
    method: 'PUT',
    path: '/webhook/{id}',
    summary: 'Update a system-wide webhook',
    description: 'Answers the saved webhook; 400 when the JSON is rejected.',
    params: IdParams,
    body: WebhookUpdateBody,
    responses: { 200: WebhookSchema, 400: ErrorBodySchema },
  },
  updateForEvent: {
    method: 'PUT',
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
    path: '/webhook/{id}',
    summary: 'Get a system-wide webhook',
    params: IdParams,
    responses: { 200: WebhookSchema, 204: null },
  },
  getForEvent: {
    method: 'GET',
    path: '/webhook/{id}/event/',
    summary: 'Get an event-specific webhook',
    params: IdParams,
    responses: { 200: EventWebhookSchema, 204: null },
  },
  delete: {
    method: 'DELETE',
    path: '/webhook/{id}',
    summary: 'Delete a system-wide webhook',
    params: IdParams,
    responses: { 200: null },
  },
  deleteForEvent: {
    method: 'DELETE',
    path: '/webhook/{id}/event/',
    summary: 'Delete an event-specific webhook',
    params: IdParams,
    responses: { 200: null },
  },
});
