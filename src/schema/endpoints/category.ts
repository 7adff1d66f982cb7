/**
 * Categories: routes of the original service from public-facts.md §4, beyond the interface. An event may have several categories.
 */
import { z } from 'zod';
import { defineArea } from '../define.ts';
import { ErrorBodySchema, EventsOfQuery, IdParams, NoCacheQuery } from '../common.ts';
import { EventCollectionSchema } from '../models/event.ts';
import { CategoryBody, CategorySchema } from '../models/lookups.ts';

/** Events show their categories' labels. */
const STALE = ['category', 'event'] as const;

const ORIGINAL = 'A route of the original service (public-facts.md §4), not in the interface.';

export const category = defineArea('category', {
  create: {
    method: 'POST',
    role: 'admin',
    resource: { kind: 'category' },
    path: '/category/',
    summary: 'Add a category',
    description: `${ORIGINAL} The label must be unique; 400 on a clash.`,
    body: CategoryBody,
    responses: { 200: CategorySchema, 400: ErrorBodySchema },
    invalidates: STALE,
  },
  update: {
    method: 'PUT',
    role: 'admin',
    resource: { kind: 'category', id: 'params.id' },
    path: '/category/{id}',
    summary: 'Update a category',
    description: `${ORIGINAL} The label must be unique; 400 on a clash.`,
    params: IdParams,
    body: CategoryBody,
    responses: { 200: CategorySchema, 400: ErrorBodySchema },
    invalidates: STALE,
  },
  list: {
    method: 'GET',
    path: '/category/',
    summary: 'List categories',
    description: ORIGINAL,
    query: NoCacheQuery,
    responses: { 200: z.array(CategorySchema) },
  },
  get: {
    method: 'GET',
    resource: { kind: 'category', id: 'params.id' },
    path: '/category/{id}',
    summary: 'Get a category',
    description: ORIGINAL,
    params: IdParams,
    query: NoCacheQuery,
    responses: { 200: CategorySchema, 204: null },
  },
  events: {
    method: 'GET',
    path: '/category/{id}/events/',
    summary: 'List the events of a category',
    description: ORIGINAL,
    params: IdParams,
    query: EventsOfQuery,
    responses: { 200: EventCollectionSchema },
  },
  delete: {
    method: 'DELETE',
    role: 'admin',
    resource: { kind: 'category', id: 'params.id' },
    path: '/category/{id}',
    summary: 'Delete a category',
    description: `${ORIGINAL} Events keep existing without it.`,
    params: IdParams,
    responses: { 200: null },
    invalidates: STALE,
  },
});
