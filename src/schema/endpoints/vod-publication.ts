/** Media syndication: VOD publications (service-interface.md "Media syndication: VOD publications"): all 6 operations. */
import { z } from 'zod';
import { defineArea } from '../define.ts';
import { recordOperations } from '../record-operations.ts';
import { Guid, TEXT_MAX } from '../common.ts';
import {
  PublicationGetQuery,
  PublicationListQuery,
  PublicationSchema,
  PublicationTransactionQuery,
  VodPublicationCreateBody,
  VodPublicationDeleteQuery,
} from '../models/syndication.ts';

const Publications = z.array(PublicationSchema);

/** Both VOD publication areas read the same publications. */
const withVod = ['vodPublication', 'directVodPublication', 'publicationMonitor'] as const;

const publications = recordOperations({ kind: 'publication', path: '/media/vodpublication/', role: 'operator', schema: PublicationSchema, invalidates: withVod });

export const vodPublication = defineArea('vodPublication', {
  create: publications.create("Create VOD publications of an event's MP4", {
    description: 'The event must have an available MP4. Answers the created publications, which share one transactionId.',
    body: VodPublicationCreateBody,
    responses: { 200: Publications },
    invalidates: withVod,
  }),
  list: publications.list('List VOD publications', { query: PublicationListQuery }),
  /** @legacy A camel-case literal segment (`transactionId`) in an otherwise lower-case path. */
  listByTransaction: {
    method: 'GET',
    path: '/media/vodpublication/transactionId/{transactionId}',
    summary: 'List the VOD publications created in one request',
    params: z.object({ transactionId: Guid }),
    query: PublicationTransactionQuery,
    responses: { 200: Publications },
  },
  get: publications.get('Get a VOD publication', { query: PublicationGetQuery }),
  getByContent: {
    method: 'GET',
    path: '/media/vodpublication/content/{contentId}',
    summary: 'Get the VOD publication of a content id on a destination',
    params: z.object({ contentId: z.string().min(1).max(TEXT_MAX.reference) }),
    query: PublicationGetQuery,
    responses: { 200: PublicationSchema },
  },
  /** @legacy Plural `vodpublications` in the path, unlike every other `/media/vodpublication/` route. */
  delete: publications.delete('Delete a VOD publication', {
    path: '/media/vodpublications/{id}',
    description: 'hardDelete also removes the item from the target platform.',
    query: VodPublicationDeleteQuery,
  }),
});
