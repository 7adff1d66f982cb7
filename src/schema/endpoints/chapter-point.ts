/**
 * Chapter points: routes of the original service from public-facts.md §4, beyond the interface. Chapter points form a tree per event.
 */
import { z } from 'zod';
import { defineArea } from '../define.ts';
import { recordOperations } from '../record-operations.ts';
import { Guid, noCache } from '../common.ts';
import { ChapterPointBody, ChapterPointSchema } from '../models/lookups.ts';

export const ChapterPointQuery = z.object({
  buildTree: z.boolean().default(false).describe('Fill `children` with the subtree; otherwise children is empty'),
  noCache,
});

/** Chapter point search covers titles, tags and their custom properties. */
const STALE = ['chapterPoint', 'chapterPointCustomProperty', 'search'] as const;

const ORIGINAL = 'A route of the original service (public-facts.md §4), not in the interface.';

const chapterPoints = recordOperations({
  kind: 'chapterPoint',
  path: '/chapterpoint/',
  role: 'operator',
  schema: ChapterPointSchema,
  invalidates: STALE,
  description: ORIGINAL,
});

export const chapterPoint = defineArea('chapterPoint', {
  upsert: chapterPoints.upsert('Add or update a chapter point', {
    description: `${ORIGINAL} ` + 'Updates the chapter point `id` when given. propertyModels adds or updates its custom properties in the same call. ' +
      'Answers the chapter point with its properties.',
    body: ChapterPointBody,
  }),
  get: chapterPoints.get('Get a chapter point', { query: ChapterPointQuery, responses: { 200: ChapterPointSchema, 204: null } }),
  listForEvent: {
    method: 'GET',
    path: '/chapterpoint/event/{eventId}',
    summary: 'List the chapter points of an event',
    description: `${ORIGINAL} ` + 'Ordered by startTime. With buildTree=true only the roots are listed, each with its subtree in `children`; ' +
      'otherwise every chapter point is listed flat.',
    params: z.object({ eventId: Guid }),
    query: ChapterPointQuery,
    responses: { 200: z.array(ChapterPointSchema) },
  },
  delete: chapterPoints.delete('Delete a chapter point', { description: `${ORIGINAL} Removes its whole subtree and their custom properties.` }),
});
