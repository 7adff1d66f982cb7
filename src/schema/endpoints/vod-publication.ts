/** Media syndication: VOD publications (service-interface.md "Media syndication: VOD publications"): all 6 operations. */
import { z } from 'zod';
import { defineArea } from '../define.ts';
import { Guid, IdParams, TEXT_MAX } from '../common.ts';
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

export const vodPublication = defineArea('vodPublication', {
  create: {
    method: 'POST',
    role: 'operator',
    resource: { kind: 'publication' },
    path: '/media/vodpublication/',
    summary: "Create VOD publications of an event's MP4",
    description: 'The event must have an available MP4. Answers the created publications, which share one transactionId.',
    body: VodPublicationCreateBody,
    responses: { 200: Publications },
    invalidates: withVod,
  },
  list: {
    method: 'GET',
    path: '/media/vodpublication/',
    summary: 'List VOD publications',
    query: PublicationListQuery,
    responses: { 200: Publications },
  },
  /** @legacy A camel-case literal segment (`transactionId`) in an otherwise lower-case path. */
  listByTransaction: {
    method: 'GET',
    path: '/media/vodpublication/transactionId/{transactionId}',
    summary: 'List the VOD publications created in one request',
    params: z.object({ transactionId: Guid }),
    query: PublicationTransactionQuery,
    responses: { 200: Publications },
  },
  get: {
    method: 'GET',
    path: '/media/vodpublication/{id}',
    summary: 'Get a VOD publication',
    params: IdParams,
    query: PublicationGetQuery,
    responses: { 200: PublicationSchema },
  },
  getByContent: {
    method: 'GET',
    path: '/media/vodpublication/content/{contentId}',
    summary: 'Get the VOD publication of a content id on a destination',
    params: z.object({ contentId: z.string().min(1).max(TEXT_MAX.reference) }),
    query: PublicationGetQuery,
    responses: { 200: PublicationSchema },
  },
  /** @legacy Plural `vodpublications` in the path, unlike every other `/media/vodpublication/` route. */
  delete: {
    method: 'DELETE',
    role: 'operator',
    resource: { kind: 'publication', id: 'params.id' },
    path: '/media/vodpublications/{id}',
    summary: 'Delete a VOD publication',
    description: 'hardDelete also removes the item from the target platform.',
    params: IdParams,
    query: VodPublicationDeleteQuery,
    responses: { 200: null },
    invalidates: withVod,
  },
});
