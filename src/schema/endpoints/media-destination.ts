/** Media syndication: destinations (service-interface.md "Media syndication: destinations"): all 7 operations. */
import { defineArea } from '../define.ts';
import { recordOperations } from '../record-operations.ts';
import { NoCacheQuery } from '../common.ts';
import {
  ActivationResponseSchema,
  DestinationActiveQuery,
  MediaDestinationBody,
  MediaDestinationListQuery,
  MediaDestinationSchema,
} from '../models/syndication.ts';

const destinations = recordOperations({ kind: 'mediaDestination', path: '/media/destination/', role: 'admin', schema: MediaDestinationSchema });

export const mediaDestination = defineArea('mediaDestination', {
  create: destinations.create('Add a media destination', {
    description:
      'The target is given by value or name. The configuration is sent as destinationJson and read back as configJson. Specifying active is not recommended: false resets a destination.',
    body: MediaDestinationBody,
  }),
  update: destinations.update('Update a media destination', { description: 'Same body as adding. Answers the saved destination.', body: MediaDestinationBody }),
  setActive: destinations.action('PUT', '/media/destination/active/{id}', 'Set the activation flag of a media destination', {
    description: 'Only for repairing or resetting activation; normally the activation workflow sets it. Answers the saved destination.',
    query: DestinationActiveQuery,
  }),
  activate: destinations.action('PUT', '/media/destination/activate/{id}', 'Check the activation of a media destination', {
    description: 'Asks the syndication backend where the activation process stands and what, if anything, the user must do.',
    responses: { 200: ActivationResponseSchema },
  }),
  list: destinations.list('List media destinations', { query: MediaDestinationListQuery }),
  /** @legacy Written without its leading slash (`media/destination/{id}`); served at `/media/destination/{id}`. */
  get: destinations.get('Get a media destination', {
    path: 'media/destination/{id}',
    description: 'noCache is not listed for this operation in the interface; it is accepted as on the other GETs.',
    query: NoCacheQuery,
  }),
  delete: destinations.delete('Delete a media destination and all its publications', {
    invalidates: ['mediaDestination', 'mediaDestinationProperty', 'livePublication', 'vodPublication', 'publicationMonitor'],
  }),
});
