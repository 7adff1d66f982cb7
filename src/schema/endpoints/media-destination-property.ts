/** Media syndication: destination properties (service-interface.md "Destination properties"): all 7 operations. */
import { z } from 'zod';
import { defineArea } from '../define.ts';
import { recordOperations } from '../record-operations.ts';
import { Guid } from '../common.ts';
import {
  DestinationPropertyFilterQuery,
  DestinationPropertyKeyQuery,
  MediaDestinationPropertyBody,
  MediaDestinationPropertySchema,
} from '../models/syndication.ts';

const DestinationIdParams = z.object({ destinationId: Guid });

/** Direct destinations carry their properties (destinationProperties). */
const withDestinations = ['mediaDestinationProperty', 'destination'] as const;

const properties = recordOperations({
  kind: 'mediaDestinationProperty',
  path: '/media/destinationproperty/',
  role: 'admin',
  schema: MediaDestinationPropertySchema,
  invalidates: withDestinations,
});

export const mediaDestinationProperty = defineArea('mediaDestinationProperty', {
  upsert: properties.upsert('Add or update a destination property', {
    description: 'Updates when id is given or when (category, key) already exists on the destination. Answers the saved property.',
    body: MediaDestinationPropertyBody,
  }),
  list: {
    method: 'GET',
    path: '/media/destinationproperty/all/{destinationId}',
    summary: 'List the properties of a destination',
    params: DestinationIdParams,
    query: DestinationPropertyFilterQuery,
    responses: { 200: z.array(MediaDestinationPropertySchema) },
  },
  get: properties.get('Get a destination property', { path: '/media/destinationproperty/id/{id}' }),
  getByKey: {
    method: 'GET',
    path: '/media/destinationproperty/{destinationId}',
    summary: 'Get a destination property by category and key',
    params: DestinationIdParams,
    query: DestinationPropertyKeyQuery,
    responses: { 200: MediaDestinationPropertySchema },
  },
  delete: properties.delete('Delete a destination property', { path: '/media/destinationproperty/id/{id}' }),
  deleteByKey: {
    method: 'DELETE',
    role: 'admin',
    resource: { kind: 'mediaDestination', id: 'params.destinationId' },
    path: '/media/destinationproperty/{destinationId}',
    summary: 'Delete a destination property by category and key',
    params: DestinationIdParams,
    query: DestinationPropertyKeyQuery,
    responses: { 200: null },
    invalidates: withDestinations,
  },
  deleteAll: {
    method: 'DELETE',
    role: 'admin',
    resource: { kind: 'mediaDestination', id: 'params.destinationId' },
    path: '/media/destinationproperty/all/{destinationId}',
    summary: 'Delete the properties of a destination',
    description: 'Without filters, every property of the destination.',
    params: DestinationIdParams,
    query: DestinationPropertyFilterQuery,
    responses: { 200: null },
    invalidates: withDestinations,
  },
});
