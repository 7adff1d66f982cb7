/** Custom properties of events (service-interface.md "Custom properties (events)"): all 7 operations. */
import { z } from 'zod';
import { defineArea } from '../define.ts';
import { recordOperations } from '../record-operations.ts';
import { ErrorBodySchema, Guid, IdParams } from '../common.ts';
import { CustomPropertyBody, CustomPropertyBulkBody, CustomPropertySchema } from '../models/custom-property.ts';

/** GET /customproperty/: optional filters, combined with AND. */
export const CustomPropertyQuery = z.object({
  eventId: Guid.optional(),
  category: z.string().optional(),
  key: z.string().optional(),
  value: z.string().optional(),
});

/** DELETE /customproperty/: the same filters, at least one of them (400 otherwise). */
export const CustomPropertyDeleteQuery = CustomPropertyQuery.refine(
  (q) => Object.values(q).some((v) => v !== undefined),
  'give at least one of eventId, category, key, value',
);

export const CustomPropertyCloneQuery = z.object({
  sourceEventId: Guid,
  targetEventId: Guid,
  removeSource: z.boolean().default(false).describe('Remove the properties from the source event'),
});

/** Events embed their custom properties, and client properties are read from them. */
const STALE = ['customProperty', 'event', 'clientProperty'] as const;

const properties = recordOperations({
  kind: 'customProperty',
  path: '/customproperty/',
  role: 'operator',
  schema: CustomPropertySchema,
  invalidates: STALE,
});

export const customProperty = defineArea('customProperty', {
  upsert: properties.upsert('Add or update a custom property of an event', {
    description: 'Updates when customPropertyId is given or the (category, key) pair exists on the event. Answers the property.',
    resource: { kind: 'customProperty', id: 'body.customPropertyId' },
    body: CustomPropertyBody,
  }),
  bulkUpsert: {
    method: 'POST',
    role: 'operator',
    resource: { kind: 'event', id: 'params.id' },
    path: '/customproperty/bulk/event/{id}',
    summary: 'Add or update several custom properties of an event',
    description: 'Items without an id get a generated one. Answers the properties written, in request order.',
    params: IdParams,
    body: CustomPropertyBulkBody,
    responses: { 200: z.array(CustomPropertySchema) },
    invalidates: STALE,
  },
  list: properties.list('List custom properties', { query: CustomPropertyQuery }),
  /** @legacy `custompropery` (sic): the interface misspells this one path; the others say `customproperty`. */
  get: properties.get('Get a custom property', { path: '/custompropery/{id}' }),
  clone: {
    method: 'GET',
    role: 'operator',
    resource: { kind: 'event', id: 'query.targetEventId' },
    path: '/customproperty/event/clone/',
    summary: 'Copy the custom properties of one event to another',
    description: 'Answers the custom properties of the target event afterwards. A GET that changes data, as in the original.',
    query: CustomPropertyCloneQuery,
    responses: { 200: z.array(CustomPropertySchema) },
    invalidates: STALE,
  },
  delete: properties.delete('Delete a custom property'),
  deleteMany: {
    method: 'DELETE',
    role: 'operator',
    resource: { kind: 'event', id: 'query.eventId' },
    path: '/customproperty/',
    summary: 'Delete the custom properties matching filters',
    description: 'At least one filter is required; 400 when none is given.',
    query: CustomPropertyDeleteQuery,
    responses: { 200: null, 400: ErrorBodySchema },
    invalidates: STALE,
  },
});
