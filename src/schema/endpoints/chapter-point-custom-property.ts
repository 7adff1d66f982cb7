/** Custom properties of chapter points (service-interface.md "Chapter point custom properties"): all 8 operations. */
import { z } from 'zod';
import { defineArea } from '../define.ts';
import { recordOperations } from '../record-operations.ts';
import { ErrorBodySchema, Guid } from '../common.ts';
import {
  ChapterPointCustomPropertyBody,
  ChapterPointCustomPropertySchema,
  CustomPropertyBulkBody,
} from '../models/custom-property.ts';

/** GET /chapterpoint/customproperty/: optional filters, combined with AND. */
export const ChapterPointCustomPropertyQuery = z.object({
  chapterPointId: Guid.optional(),
  category: z.string().optional(),
  key: z.string().optional(),
  value: z.string().optional(),
});

/** DELETE /chapterpoint/customproperty/: the same filters, at least one of them (400 otherwise). */
export const ChapterPointCustomPropertyDeleteQuery = ChapterPointCustomPropertyQuery.refine(
  (q) => Object.values(q).some((v) => v !== undefined),
  'give at least one of chapterPointId, category, key, value',
);

export const ChapterPointCustomPropertyCloneQuery = z.object({
  sourceChapterId: Guid,
  targetChapterId: Guid,
  removeSource: z.boolean().default(false).describe('Remove the properties from the source chapter point'),
});

/** Chapter points embed their properties, and chapter point search covers them. */
const STALE = ['chapterPointCustomProperty', 'chapterPoint', 'search'] as const;

const properties = recordOperations({
  kind: 'chapterPointCustomProperty',
  path: '/chapterpoint/customproperty/',
  role: 'operator',
  schema: ChapterPointCustomPropertySchema,
  invalidates: STALE,
});

export const chapterPointCustomProperty = defineArea('chapterPointCustomProperty', {
  upsert: properties.upsert('Add or update a custom property of a chapter point', {
    description: 'The id is required to update a specific property; (category, key) is unique per chapter point. Answers the property.',
    body: ChapterPointCustomPropertyBody,
  }),
  bulkUpsert: {
    method: 'POST',
    role: 'operator',
    resource: { kind: 'chapterPoint', id: 'params.chapterPointId' },
    path: '/chapterpoint/customproperty/bulk/{chapterPointId}',
    summary: 'Add or update several custom properties of a chapter point',
    description: 'Answers the properties written, in request order.',
    params: z.object({ chapterPointId: Guid }),
    body: CustomPropertyBulkBody,
    responses: { 200: z.array(ChapterPointCustomPropertySchema) },
    invalidates: STALE,
  },
  list: properties.list('List chapter point custom properties', { query: ChapterPointCustomPropertyQuery }),
  get: properties.get('Get a chapter point custom property'),
  listForEvent: {
    method: 'GET',
    path: '/chapterpoint/customproperty/event/{eventId}',
    summary: 'List the custom properties of all chapter points of an event',
    params: z.object({ eventId: Guid }),
    responses: { 200: z.array(ChapterPointCustomPropertySchema) },
  },
  clone: {
    method: 'GET',
    role: 'operator',
    resource: { kind: 'chapterPoint', id: 'query.targetChapterId' },
    path: '/chapterpoint/customproperty/clone/',
    summary: 'Copy the custom properties of one chapter point to another',
    description: 'Answers the custom properties of the target chapter point afterwards. A GET that changes data, as in the original.',
    query: ChapterPointCustomPropertyCloneQuery,
    responses: { 200: z.array(ChapterPointCustomPropertySchema) },
    invalidates: STALE,
  },
  delete: properties.delete('Delete a chapter point custom property'),
  deleteMany: {
    method: 'DELETE',
    role: 'operator',
    resource: { kind: 'chapterPoint', id: 'query.chapterPointId' },
    path: '/chapterpoint/customproperty/',
    summary: 'Delete the chapter point custom properties matching filters',
    description: 'At least one filter is required; 400 when none is given.',
    query: ChapterPointCustomPropertyDeleteQuery,
    responses: { 200: null, 400: ErrorBodySchema },
    invalidates: STALE,
  },
});
