/** Archiverflows (service-interface.md "Archiverflows"): all 5 operations. */
import { z } from 'zod';
import { defineArea } from '../define.ts';
import { ErrorBodySchema, IdParams, NoCacheQuery } from '../common.ts';
import { ArchiverflowBody, ArchiverflowSchema } from '../models/archiver.ts';

/** Events show their archiverflow's name. */
const withEvent = ['archiverflow', 'event'] as const;

export const archiverflow = defineArea('archiverflow', {
  create: {
    method: 'POST',
    role: 'admin',
    resource: { kind: 'archiverflow', id: 'body.id' },
    path: '/archiverflow/',
    summary: 'Add an archiverflow',
    description: 'Answers the saved archiverflow; 400 when configurationJson does not match its JSON schema.',
    body: ArchiverflowBody,
    responses: { 200: ArchiverflowSchema, 400: ErrorBodySchema },
  },
  update: {
    method: 'PUT',
    role: 'admin',
    resource: { kind: 'archiverflow', id: 'params.id' },
    path: '/archiverflow/{id}',
    summary: 'Update an archiverflow',
    description: 'The id is taken from the route (an id in the body is ignored). Answers the saved archiverflow; 400 as for adding.',
    params: IdParams,
    body: ArchiverflowBody,
    responses: { 200: ArchiverflowSchema, 400: ErrorBodySchema },
    invalidates: withEvent,
  },
  list: {
    method: 'GET',
    path: '/archiverflow/',
    summary: 'List archiverflows',
    query: NoCacheQuery,
    responses: { 200: z.array(ArchiverflowSchema) },
  },
  get: {
    method: 'GET',
    resource: { kind: 'archiverflow', id: 'params.id' },
    path: '/archiverflow/{id}',
    summary: 'Get an archiverflow',
    description: '204 when it does not exist.',
    params: IdParams,
    query: NoCacheQuery,
    responses: { 200: ArchiverflowSchema, 204: null },
  },
  delete: {
    method: 'DELETE',
    role: 'admin',
    resource: { kind: 'archiverflow', id: 'params.id' },
    path: '/archiverflow/{id}',
    summary: 'Delete an archiverflow',
    params: IdParams,
    responses: { 200: null },
    invalidates: withEvent,
  },
});
