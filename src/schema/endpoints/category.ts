/**
 * Categories: routes of the original service from public-facts.md §4, beyond the interface. An event may have several categories.
 */
import { defineArea } from '../define.ts';
import { recordOperations } from '../record-operations.ts';
import { ErrorBodySchema, EventsOfQuery, IdParams, NoCacheQuery } from '../common.ts';
import { EventCollectionSchema } from '../models/event.ts';
import { CategoryBody, CategorySchema } from '../models/lookups.ts';

/** Events show their categories' labels. */
const STALE = ['category', 'event'] as const;

const ORIGINAL = 'A route of the original service (public-facts.md §4), not in the interface.';

const categories = recordOperations({ kind: 'category', path: '/category/', role: 'admin', schema: CategorySchema, invalidates: STALE, description: ORIGINAL });

/** A label must be unique. */
const unique = { description: `${ORIGINAL} The label must be unique; 400 on a clash.`, body: CategoryBody, responses: { 200: CategorySchema, 400: ErrorBodySchema } } as const;

export const category = defineArea('category', {
  create: categories.create('Add a category', { ...unique, invalidates: STALE }),
  update: categories.update('Update a category', unique),
  list: categories.list('List categories', { query: NoCacheQuery }),
  get: categories.get('Get a category', { query: NoCacheQuery, responses: { 200: CategorySchema, 204: null } }),
  events: {
    method: 'GET',
    path: '/category/{id}/events/',
    summary: 'List the events of a category',
    description: ORIGINAL,
    params: IdParams,
    query: EventsOfQuery,
    responses: { 200: EventCollectionSchema },
  },
  delete: categories.delete('Delete a category', { description: `${ORIGINAL} Events keep existing without it.` }),
});
