/** Direct destinations (service-interface.md "Direct destinations"): all 10 operations. */
import { z } from 'zod';
import { defineArea } from '../define.ts';
import { recordOperations } from '../record-operations.ts';
import { Guid, IdParams, NoCacheQuery } from '../common.ts';
import {
  ActivationResponseSchema,
  DestinationActiveQuery,
  DestinationCreateBody,
  DestinationMetadataForQuery,
  DestinationMetadataQuery,
  DestinationMetadataSchema,
  DestinationSchema,
  DestinationUpdateBody,
} from '../models/syndication.ts';

const destinations = recordOperations({ kind: 'destination', path: '/destination/', role: 'admin', schema: DestinationSchema });

const noCacheAccepted = {
  description: 'noCache is not listed for this operation in the interface; it is accepted as on the other GETs.',
  query: NoCacheQuery,
} as const;

export const destination = defineArea('destination', {
  get: destinations.get('Get a destination', noCacheAccepted),
  list: destinations.list("List the client's destinations", noCacheAccepted),
  metadata: {
    method: 'GET',
    path: '/destination/metadata',
    summary: 'Get the choices a target offers for a publication field',
    description: 'The target is its text name. VideoSiteVideoCategories needs a region (youTubeRegions).',
    query: DestinationMetadataQuery,
    responses: { 200: DestinationMetadataSchema },
  },
  metadataFor: {
    method: 'GET',
    path: '/destination/metadata/{id}',
    summary: 'Get the choices a destination offers for a publication field',
    description: "Values may depend on the destination's configuration; the region may come from its data.",
    params: IdParams,
    query: DestinationMetadataForQuery,
    responses: { 200: DestinationMetadataSchema },
  },
  create: destinations.create('Add a destination', {
    description: 'The target is its text name, not the enumerated value. It must be activated before publications succeed.',
    body: DestinationCreateBody,
    responses: { 201: DestinationSchema },
  }),
  update: destinations.update('Update a destination', { body: DestinationUpdateBody }),
  setActive: destinations.action('PUT', '/destination/state/{id}', 'Set the activation flag of a destination', {
    description: 'For repairing or resetting activation. Answers the saved destination.',
    query: DestinationActiveQuery,
  }),
  activate: destinations.action('PUT', '/destination/activate/{id}', 'Check the activation of a destination', {
    description: 'Queries the activation process.',
    responses: { 200: ActivationResponseSchema },
  }),
  delete: destinations.delete('Delete a destination', {
    invalidates: ['destination', 'mediaDestinationProperty', 'directVodPublication', 'vodPublication'],
  }),
  clearCache: {
    method: 'DELETE',
    role: 'admin',
    resource: { kind: 'destination', id: 'query.destinationId' },
    path: '/destination/cache',
    summary: 'Clear the destination cache',
    description: 'With destinationId, only that destination.',
    query: z.object({ destinationId: Guid.optional() }),
    responses: { 200: null },
  },
});
