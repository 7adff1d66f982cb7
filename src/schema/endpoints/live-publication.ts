/**
 * Media syndication: live publications (service-interface.md "Media syndication: live
 * publications"): all 14 operations. They need a configured live media server: start adds stream
 * targets on it and starts the publication with the syndication backend; stop removes them.
 */
import { z } from 'zod';
import { defineArea } from '../define.ts';
import { recordOperations } from '../record-operations.ts';
import { Guid, noCache, TEXT_MAX } from '../common.ts';
import {
  LivePublicationActionBody,
  LivePublicationBatchBody,
  LivePublicationCreateBody,
  LivePublicationDeleteBody,
  LivePublicationRecreateBody,
  OperationResponseSchema,
  PublicationGetQuery,
  PublicationListQuery,
  PublicationSchema,
  PublicationStatisticsSchema,
  PublicationTransactionQuery,
} from '../models/syndication.ts';

const Publications = z.array(PublicationSchema);

/** Every change of a live publication also changes the publication monitor's rows. */
const withMonitor = ['livePublication', 'publicationMonitor'] as const;

/** An action on the publication the body names (publicationId): a PUT answering the publication. */
const onOne = {
  method: 'PUT',
  role: 'operator',
  resource: { kind: 'publication', id: 'body.publicationId' },
  body: LivePublicationActionBody,
  responses: { 200: PublicationSchema },
  invalidates: withMonitor,
} as const;
/** The same on several publications at once, answering them. */
const onMany = {
  ...onOne,
  resource: { kind: 'publication', id: 'body.publications.publicationId', many: true },
  body: LivePublicationBatchBody,
  responses: { 200: Publications },
} as const;

const NEW_STATE = 'Answers the publication in its new state.';

const publications = recordOperations({ kind: 'publication', path: '/media/livepublication/', role: 'operator', schema: PublicationSchema, invalidates: withMonitor });

export const livePublication = defineArea('livePublication', {
  create: publications.create('Create live publications of an event', {
    description: 'Answers the created publications, which share one transactionId. startInstantly starts them at once.',
    body: LivePublicationCreateBody,
    invalidates: withMonitor,
    responses: { 200: Publications },
  }),
  recreate: {
    ...onOne,
    path: '/media/livepublication/recreate/',
    summary: 'Recreate a live publication on its target',
    description: 'Retries creation against the target and discards earlier details. Answers the recreated publication.',
    body: LivePublicationRecreateBody,
  },
  start: { ...onOne, path: '/media/livepublication/start/', summary: 'Start a live publication', description: NEW_STATE },
  stop: { ...onOne, path: '/media/livepublication/stop/', summary: 'Stop a live publication', description: NEW_STATE },
  startAll: {
    ...onMany,
    path: '/media/livepublication/start/all/',
    summary: 'Start several live publications',
    description:
      'Runs concurrently; each gets an attempt, so a publication not started afterwards had a fault. Answers the publications in their new states.',
  },
  stopAll: {
    ...onMany,
    path: '/media/livepublication/stop/all/',
    summary: 'Stop several live publications',
    description: 'Each gets an attempt, as for starting. Answers the publications in their new states.',
  },
  publish: { ...onOne, path: '/media/livepublication/publish/', summary: 'Publish a live publication on its target', responses: { 200: OperationResponseSchema } },
  unpublish: { ...onOne, path: '/media/livepublication/unpublish/', summary: 'Unpublish a live publication on its target', responses: { 200: OperationResponseSchema } },
  list: publications.list('List live publications', { query: PublicationListQuery }),
  /** @legacy A camel-case literal segment (`transactionId`) in an otherwise lower-case path. */
  listByTransaction: {
    method: 'GET',
    path: '/media/livepublication/transactionId/{transactionId}',
    summary: 'List the live publications created in one request',
    params: z.object({ transactionId: Guid }),
    query: PublicationTransactionQuery,
    responses: { 200: Publications },
  },
  get: publications.get('Get a live publication', { query: PublicationGetQuery }),
  /** @legacy `contentId` in camel case inside the path, where the VOD route writes `content`. */
  getByContent: {
    method: 'GET',
    path: '/media/livepublication/contentId/{contentId}',
    summary: 'Get the live publication of a content id on a destination',
    params: z.object({ contentId: z.string().min(1).max(TEXT_MAX.reference) }),
    query: PublicationGetQuery,
    responses: { 200: PublicationSchema },
  },
  statistics: {
    method: 'GET',
    path: '/media/livepublication/statistics/{publicationId}',
    summary: 'Get the statistics of a live publication',
    description: 'The answer of the syndication backend, passed through.',
    params: z.object({ publicationId: Guid }),
    query: z.object({ destinationId: Guid, noCache }),
    responses: { 200: PublicationStatisticsSchema },
  },
  delete: {
    method: 'DELETE',
    role: 'operator',
    resource: { kind: 'publication', id: 'body.publications.publicationId', many: true },
    path: '/media/livepublication/',
    summary: 'Delete live publications of an event',
    description: 'The publications are in the body; hardDelete also removes them from the target.',
    body: LivePublicationDeleteBody,
    invalidates: withMonitor,
    responses: { 200: null },
  },
});
