/** Event types (service-interface.md "Event types"): all 8 operations. */
import { z } from 'zod';
import { defineArea } from '../define.ts';
import { recordOperations } from '../record-operations.ts';
import { EventsOfQuery, Guid, IdParams, NoCacheQuery, ReferenceQuery } from '../common.ts';
import { EventTypeBody, EventTypeSchema } from '../models/event-type.ts';
import { EventCollectionSchema } from '../models/event.ts';

/** Events show their type's name and colour. */
const eventTypes = recordOperations({ kind: 'eventType', path: '/eventtype/', role: 'admin', schema: EventTypeSchema, invalidates: ['eventType', 'event'] });

export const eventType = defineArea('eventType', {
  create: eventTypes.create('Add an event type', { body: EventTypeBody }),
  update: eventTypes.update('Update an event type', { body: EventTypeBody }),
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
  list: eventTypes.list('List event types', { query: NoCacheQuery }),
  get: eventTypes.get('Get an event type', { query: NoCacheQuery, responses: { 200: EventTypeSchema, 204: null } }),
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
  delete: eventTypes.delete('Delete an event type'),
});
