/** Tags: routes of the original service from public-facts.md §4, beyond the interface. */
import { z } from 'zod';
import { defineArea } from '../define.ts';
import { EventsOfQuery, IdParams, NoCacheQuery } from '../common.ts';
import { EventCollectionSchema } from '../models/event.ts';
import { EventTagsBody, TagBody, TagExistsSchema, TagSchema, TagUpdateBody } from '../models/lookups.ts';

/** Events carry their tags, and the event list filters by tag. */
const STALE = ['tag', 'event', 'search'] as const;

const ORIGINAL = 'A route of the original service (public-facts.md §4), not in the interface.';

export const tag = defineArea('tag', {
  create: {
    method: 'POST',
    role: 'admin',
    resource: { kind: 'tag' },
    path: '/tag/',
    summary: 'Add a tag',
    description: ORIGINAL,
    body: TagBody,
    responses: { 201: TagSchema },
    invalidates: ['tag'],
  },
  /** @legacy The id travels in the body, not in the path. */
  update: {
    method: 'PUT',
    role: 'admin',
    resource: { kind: 'tag', id: 'body.id' },
    path: '/tag/',
    summary: 'Rename a tag',
    description: ORIGINAL,
    body: TagUpdateBody,
    responses: { 200: TagSchema },
    invalidates: STALE,
  },
  setForEvent: {
    method: 'PUT',
    role: 'operator',
    resource: { kind: 'event', id: 'params.id' },
    path: '/tag/event/{id}',
    summary: 'Replace the tags of an event',
    description: `${ORIGINAL} Tags are matched by id, else by name (an existing tag of that name is reused, a new name adds a tag). ` +
      'Answers the tags of the event afterwards.',
    params: IdParams,
    body: EventTagsBody,
    responses: { 200: z.array(TagSchema) },
    invalidates: STALE,
  },
  list: {
    method: 'GET',
    path: '/tag/',
    summary: 'List tags',
    description: ORIGINAL,
    query: NoCacheQuery,
    responses: { 200: z.array(TagSchema) },
  },
  get: {
    method: 'GET',
    resource: { kind: 'tag', id: 'params.id' },
    path: '/tag/{id}',
    summary: 'Get a tag',
    description: ORIGINAL,
    params: IdParams,
    query: NoCacheQuery,
    responses: { 200: TagSchema, 204: null },
  },
  exists: {
    method: 'GET',
    path: '/tag/exists/{text}',
    summary: 'Whether a tag of this name exists',
    description: ORIGINAL,
    params: z.object({ text: z.string().min(1) }),
    responses: { 200: TagExistsSchema },
  },
  listForEvent: {
    method: 'GET',
    path: '/tag/event/{id}',
    summary: 'List the tags of an event',
    description: ORIGINAL,
    params: IdParams,
    query: NoCacheQuery,
    responses: { 200: z.array(TagSchema) },
  },
  events: {
    method: 'GET',
    path: '/tag/{id}/events/',
    summary: 'List the events of a tag',
    description: ORIGINAL,
    params: IdParams,
    query: EventsOfQuery,
    responses: { 200: EventCollectionSchema },
  },
  delete: {
    method: 'DELETE',
    role: 'admin',
    resource: { kind: 'tag', id: 'params.id' },
    path: '/tag/{id}',
    summary: 'Delete a tag',
    description: `${ORIGINAL} Removes it from every event. Answers 410 Gone, as the original does.`,
    params: IdParams,
    responses: { 410: null },
    invalidates: STALE,
  },
});
