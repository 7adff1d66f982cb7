/** Event types (service-interface.md "Event types"): all 8 operations. */
import { z } from 'zod';
import { defineArea } from '../define.ts';
import { EventsOfQuery, Guid, IdParams, NoCacheQuery, ReferenceQuery } from '../common.ts';
import { EventTypeBody, EventTypeSchema } from '../models/event-type.ts';
import { EventCollectionSchema } from '../models/event.ts';

export const eventType = defineArea('eventType', {
  create: {
    method: 'POST',
    role: 'admin',
    resource: { kind: 'eventType' },
    path: '/eventtype/',
    summary: 'Add an event type',
    body: EventTypeBody,
    responses: { 200: EventTypeSchema },
  },
  update: {
    method: 'PUT',
    role: 'admin',
    resource: { kind: 'eventType', id: 'params.id' },
    path: '/eventtype/{id}',
    summary: 'Update an event type',
    params: IdParams,
    body: EventTypeBody,
    responses: { 200: EventTypeSchema },
    // Events show their type's name and colour.
    invalidates: ['eventType', 'event'],
  },
  setForEvent: {
    method: 'PUT',
    role: 'operator',
    resource: { kind: 'event', id: 'params.id' },
    path: '/eventtype/event/{id}',
    summary: 'Set the type of an event',
    params: IdParams,
    body: z.object({ eventTypeId: Guid }),
    responses: { 200: null },
    invalidates: ['event', 'eventType'],
  },
  list: {
    method: 'GET',
    path: '/eventtype/',
    summary: 'List event types',
    query: NoCacheQuery,
    responses: { 200: z.array(EventTypeSchema) },
  },
  get: {
    method: 'GET',
    resource: { kind: 'eventType', id: 'params.id' },
    path: '/eventtype/{id}',
    summary: 'Get an event type',
    params: IdParams,
    query: NoCacheQuery,
    responses: { 200: EventTypeSchema, 204: null },
  },
  getByReference: {
    method: 'GET',
    path: '/eventtype/reference',
    summary: 'Get an event type by reference id',
    query: ReferenceQuery,
    responses: { 200: EventTypeSchema, 204: null },
  },
  events: {
    method: 'GET',
    path: '/eventtype/{id}/events/',
    summary: 'List the events of an event type',
    params: IdParams,
    query: EventsOfQuery,
    responses: { 200: EventCollectionSchema },
  },
  delete: {
    method: 'DELETE',
    role: 'admin',
    resource: { kind: 'eventType', id: 'params.id' },
    path: '/eventtype/{id}',
    summary: 'Delete an event type',
    params: IdParams,
    responses: { 200: null },
    invalidates: ['eventType', 'event'],
  },
});
