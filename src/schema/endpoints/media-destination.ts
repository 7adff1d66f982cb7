/** Media syndication: destinations (service-interface.md "Media syndication: destinations"): all 7 operations. */
import { z } from 'zod';
import { defineArea } from '../define.ts';
import { IdParams, NoCacheQuery } from '../common.ts';
import {
  ActivationResponseSchema,
  DestinationActiveQuery,
  MediaDestinationBody,
  MediaDestinationListQuery,
  MediaDestinationSchema,
} from '../models/syndication.ts';

export const mediaDestination = defineArea('mediaDestination', {
  create: {
    method: 'POST',
    role: 'admin',
    resource: { kind: 'mediaDestination' },
    path: '/media/destination/',
    summary: 'Add a media destination',
    description:
      'The target is given by value or name. The configuration is sent as destinationJson and read back as configJson. Specifying active is not recommended: false resets a destination.',
    body: MediaDestinationBody,
    responses: { 200: MediaDestinationSchema },
  },
  update: {
    method: 'PUT',
    role: 'admin',
    resource: { kind: 'mediaDestination', id: 'params.id' },
    path: '/media/destination/{id}',
    summary: 'Update a media destination',
    description: 'Same body as adding. Answers the saved destination.',
    params: IdParams,
    body: MediaDestinationBody,
    responses: { 200: MediaDestinationSchema },
  },
  setActive: {
    method: 'PUT',
    role: 'admin',
    resource: { kind: 'mediaDestination', id: 'params.id' },
    path: '/media/destination/active/{id}',
    summary: 'Set the activation flag of a media destination',
    description: 'Only for repairing or resetting activation; normally the activation workflow sets it. Answers the saved destination.',
    params: IdParams,
    query: DestinationActiveQuery,
    responses: { 200: MediaDestinationSchema },
  },
  activate: {
    method: 'PUT',
    role: 'admin',
    resource: { kind: 'mediaDestination', id: 'params.id' },
    path: '/media/destination/activate/{id}',
    summary: 'Check the activation of a media destination',
    description: 'Asks the syndication backend where the activation process stands and what, if anything, the user must do.',
    params: IdParams,
    responses: { 200: ActivationResponseSchema },
  },
  list: {
    method: 'GET',
    path: '/media/destination/',
    summary: 'List media destinations',
    query: MediaDestinationListQuery,
    responses: { 200: z.array(MediaDestinationSchema) },
  },
  /** @legacy Written without its leading slash (`media/destination/{id}`); served at `/media/destination/{id}`. */
  get: {
    method: 'GET',
    resource: { kind: 'mediaDestination', id: 'params.id' },
    path: 'media/destination/{id}',
    summary: 'Get a media destination',
    description: 'noCache is not listed for this operation in the interface; it is accepted as on the other GETs.',
    params: IdParams,
    query: NoCacheQuery,
    responses: { 200: MediaDestinationSchema },
  },
  delete: {
    method: 'DELETE',
    role: 'admin',
    resource: { kind: 'mediaDestination', id: 'params.id' },
    path: '/media/destination/{id}',
    summary: 'Delete a media destination and all its publications',
    params: IdParams,
    responses: { 200: null },
    invalidates: ['mediaDestination', 'mediaDestinationProperty', 'livePublication', 'vodPublication', 'publicationMonitor'],
  },
});
