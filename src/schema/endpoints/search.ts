/**
 * Search (service-interface.md "Search"): the index operations, chapter point and clip search, and
 * event search, whose method and path public-facts.md §3 gives: GET /search/.
 */
import { z } from 'zod';
import { defineArea } from '../define.ts';
import { DateTime, ErrorBodySchema, IdParams } from '../common.ts';
import { EventCollectionSchema } from '../models/event.ts';
import { ChapterPointCollectionSchema } from '../models/search.ts';

const page = {
  pageSize: z.number().int().min(1).max(1000).default(20),
  pageNumber: z.number().int().min(1).default(1),
};

export const EventSearchQuery = z.object({
  keywords: z.string().optional(),
  ...page,
  from: DateTime.optional().describe('Events from'),
  to: DateTime.optional().describe('Events until'),
  modifiedFrom: DateTime.optional(),
  modifiedTo: DateTime.optional(),
});

export const ChapterPointSearchQuery = z
  .object({
    keywordsChapterPoint: z.string().optional().describe('Searched in ReferenceId, Tag and Title'),
    keywordsCustomProperties: z.string().optional().describe('Searched in Category and Key'),
    pageSize: z.number().int().min(1).max(1000).default(10),
    pageNumber: z.number().int().min(1).default(1),
    from: DateTime.optional(),
    to: DateTime.optional(),
  })
  .refine((q) => Boolean(q.keywordsChapterPoint?.trim() || q.keywordsCustomProperties?.trim()), {
    message: 'give keywordsChapterPoint or keywordsCustomProperties',
  });

export const ClipSearchQuery = z.object({
  clippingUser: z.string().min(1).describe('Id of the clipping tool user'),
  keywords: z.string().optional(),
  ...page,
  from: DateTime.optional(),
  to: DateTime.optional(),
});

export const search = defineArea('search', {
  indexAll: {
    method: 'POST',
    role: 'operator',
    resource: { kind: 'searchIndex' },
    path: '/search/indexall/',
    summary: 'Rebuild the whole search index',
    responses: { 201: null },
  },
  indexEvent: {
    method: 'POST',
    role: 'operator',
    resource: { kind: 'searchIndex', id: 'params.id' },
    path: '/search/index/event/{id}',
    summary: 'Index one event',
    params: IdParams,
    responses: { 201: null },
  },
  indexChapterPoint: {
    method: 'POST',
    role: 'operator',
    resource: { kind: 'searchIndex', id: 'params.id' },
    path: '/search/index/chapterpoint/{id}',
    summary: 'Index one chapter point',
    params: IdParams,
    responses: { 201: null },
  },
  events: {
    method: 'GET',
    path: '/search/',
    summary: 'Search events',
    description: 'Method and path from public-facts.md §3 (the interface does not show them). pageSize defaults to 20, as for GET /event/.',
    query: EventSearchQuery,
    responses: { 200: EventCollectionSchema },
  },
  chapterPoints: {
    method: 'GET',
    path: '/search/chapterpoints/',
    summary: 'Search chapter points',
    description: 'At least one keyword parameter is required; 400 otherwise.',
    query: ChapterPointSearchQuery,
    responses: { 200: ChapterPointCollectionSchema, 400: ErrorBodySchema },
  },
  /** @legacy No trailing slash, unlike its siblings `/search/` and `/search/chapterpoints/`. */
  clips: {
    method: 'GET',
    path: '/search/clips',
    summary: 'Search the clips of a clipping tool user',
    query: ClipSearchQuery,
    responses: { 200: EventCollectionSchema },
  },
});
