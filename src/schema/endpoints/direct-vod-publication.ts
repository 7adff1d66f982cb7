/**
 * Direct VOD publications (service-interface.md "Direct VOD publications"): all 10 operations.
 * Most actions need both the publication id and the destination id.
 */
import { z } from 'zod';
import { defineArea } from '../define.ts';
import { recordOperations } from '../record-operations.ts';
import { Guid, noCache, TEXT_MAX } from '../common.ts';
import {
  DirectVodPublicationActionBody,
  DirectVodPublicationCreateBody,
  DirectVodPublicationUpdateBody,
  OperationResponseSchema,
  PublicationGetQuery,
  PublicationListQuery,
  PublicationPageSchema,
  PublicationSchema,
} from '../models/syndication.ts';

/** Both VOD publication areas read the same publications. */
const withVod = ['directVodPublication', 'vodPublication', 'publicationMonitor'] as const;

const publications = recordOperations({ kind: 'publication', path: '/vodpublications/', role: 'operator', schema: PublicationSchema, invalidates: withVod });

export const directVodPublication = defineArea('directVodPublication', {
  list: publications.list('List VOD publications, a page at a time', {
    description:
      'The interface answers a "paginated set" without showing it; ours is {pageSize, pageNumber, totalCount, results}: the page asked for, the count of all matching publications, and the page.',
    query: PublicationListQuery,
    responses: { 200: PublicationPageSchema },
  }),
  /**
   * @legacy A camel-case literal segment (`transactionId`), and the transaction id is required twice:
   * in the path and as the query parameter `transactionId`.
   */
  listByTransaction: {
    method: 'GET',
    path: '/vodpublications/transactionId/{transactionId}',
    summary: 'List the VOD publications created in one request',
    params: z.object({ transactionId: Guid }),
    query: z.object({
      transactionId: Guid,
      targetFilter: z.string().max(TEXT_MAX.name).optional().describe('Target name'),
      queryTarget: z.boolean().default(false),
      noCache,
    }),
    responses: { 200: z.array(PublicationSchema) },
  },
  /**
   * @legacy A camel-case literal segment (`contentId/`) followed by the content id as a query
   * parameter (`/vodpublications/contentId/?contentId=`), not a path segment.
   */
  getByContent: {
    method: 'GET',
    path: '/vodpublications/contentId/',
    summary: 'Get the VOD publication of a content id on a destination',
    query: z.object({ contentId: z.string().min(1).max(TEXT_MAX.reference), destinationId: Guid, queryTarget: z.boolean().default(false), noCache }),
    responses: { 200: PublicationSchema },
  },
  get: publications.get('Get a VOD publication', { query: PublicationGetQuery }),
  create: publications.create('Create VOD publications of content ids', {
    description: 'All created in one request share one transactionId. Answers the created publications.',
    body: DirectVodPublicationCreateBody,
    responses: { 200: z.array(PublicationSchema) },
    invalidates: withVod,
  }),
  update: publications.update('Update a VOD publication', { body: DirectVodPublicationUpdateBody }),
  publish: {
    method: 'PUT',
    role: 'operator',
    resource: { kind: 'publication', id: 'body.publicationId' },
    path: '/vodpublications/publish/',
    summary: 'Publish a VOD publication on its target',
    description: 'Support varies by target. The interface does not say where the ids go; they are in the body.',
    body: DirectVodPublicationActionBody,
    responses: { 200: OperationResponseSchema },
    invalidates: withVod,
  },
  unpublish: {
    method: 'PUT',
    role: 'operator',
    resource: { kind: 'publication', id: 'body.publicationId' },
    path: '/vodpublications/unpublish/',
    summary: 'Unpublish a VOD publication on its target',
    description: 'Support varies by target. The ids are in the body, as for publishing.',
    body: DirectVodPublicationActionBody,
    responses: { 200: OperationResponseSchema },
    invalidates: withVod,
  },
  delete: publications.delete('Delete a VOD publication', {
    description:
      'The destination id is a query parameter (the interface does not say where it goes). Deleting a publication of one social target no longer removes the posted item.',
    query: z.object({ destinationId: Guid }),
  }),
  deleteAllForContent: {
    method: 'DELETE',
    role: 'operator',
    resource: { kind: 'publication' },
    path: '/vodpublications/all/{contentId}',
    summary: 'Delete all VOD publications of a content id',
    params: z.object({ contentId: z.string().min(1).max(TEXT_MAX.reference) }),
    responses: { 200: null },
    invalidates: withVod,
  },
});
