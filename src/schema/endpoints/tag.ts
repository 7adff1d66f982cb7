/** Tags: routes of the original service from public-facts.md §4, beyond the interface. */
import { z } from 'zod';
import { defineArea } from '../define.ts';
import { recordOperations } from '../record-operations.ts';
import { EventsOfQuery, IdParams, NoCacheQuery } from '../common.ts';
import { EventCollectionSchema } from '../models/event.ts';
import { EventTagsBody, TagBody, TagExistsSchema, TagSchema, TagUpdateBody } from '../models/lookups.ts';

const ORIGINAL = 'A route of the original service (public-facts.md §4), not in the interface.';

/** Events carry their tags, and the event list filters by tag. */
const STALE = ['tag', 'event', 'search'] as const;

const tags = recordOperations({
  kind: 'tag',
  path: '/tag/',
  role: 'admin',
  schema: TagSchema,
  invalidates: STALE,
  description: ORIGINAL,
});

export const tag = defineArea('tag', {
  create: tags.create('Add a tag', { body: TagBody, responses: { 201: TagSchema } }),
  /** @legacy The id travels in the body, not in the path. */
  update: tags.update('Rename a tag', { resource: { kind: 'tag', id: 'body.id' }, path: '/tag/', params: undefined, body: TagUpdateBody }),
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
  list: tags.list('List tags', { query: NoCacheQuery }),
  get: tags.get('Get a tag', { query: NoCacheQuery, responses: { 200: TagSchema, 204: null } }),
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
  delete: tags.delete('Delete a tag', {
    description: `${ORIGINAL} Removes it from every event. Answers 410 Gone, as the original does.`,
    responses: { 410: null },
  }),
});
