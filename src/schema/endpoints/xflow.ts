/** Xflows (workflow configurations): routes of the original service from public-facts.md §4, beyond the interface. */
import { z } from 'zod';
import { defineArea } from '../define.ts';
import { IdParams, NoCacheQuery } from '../common.ts';
import { XflowBody, XflowSchema } from '../models/lookups.ts';

/** Events show their xflow's name; assets build their URLs from its storageUrlPublic. */
const STALE = ['xflow', 'event', 'asset'] as const;

const ORIGINAL = 'A route of the original service (public-facts.md §4), not in the interface.';

export const xflow = defineArea('xflow', {
  list: {
    method: 'GET',
    path: '/xflow/',
    summary: 'List xflows',
    description: ORIGINAL,
    query: NoCacheQuery,
    responses: { 200: z.array(XflowSchema) },
  },
  get: {
    method: 'GET',
    resource: { kind: 'xflow', id: 'params.id' },
    path: '/xflow/{id}',
    summary: 'Get an xflow',
    description: ORIGINAL,
    params: IdParams,
    query: NoCacheQuery,
    responses: { 200: XflowSchema, 204: null },
  },
  create: {
    method: 'POST',
    role: 'admin',
    resource: { kind: 'xflow' },
    path: '/xflow/',
    summary: 'Add an xflow',
    description: `${ORIGINAL} configurationJson must match XflowConfiguration (400 otherwise).`,
    body: XflowBody,
    responses: { 200: XflowSchema },
    invalidates: ['xflow'],
  },
  update: {
    method: 'PUT',
    role: 'admin',
    resource: { kind: 'xflow', id: 'params.id' },
    path: '/xflow/{id}',
    summary: 'Update an xflow',
    description: `${ORIGINAL} configurationJson must match XflowConfiguration (400 otherwise).`,
    params: IdParams,
    body: XflowBody,
    responses: { 200: XflowSchema },
    invalidates: STALE,
  },
  delete: {
    method: 'DELETE',
    role: 'admin',
    resource: { kind: 'xflow', id: 'params.id' },
    path: '/xflow/{id}',
    summary: 'Delete an xflow',
    description: ORIGINAL,
    params: IdParams,
    responses: { 200: null },
    invalidates: STALE,
  },
});
