/** Archiver streams (service-interface.md "Archiver streams"): all 3 operations. Stream ids are ints. */
import { z } from 'zod';
import { defineArea } from '../define.ts';
import { ArchiverStreamIdParams, ArchiverStreamSchema } from '../models/archiver.ts';

export const archiverStream = defineArea('archiverStream', {
  /** @legacy Written without its leading slash or trailing slash (`archiverstream`); served at `/archiverstream`. */
  list: {
    method: 'GET',
    path: 'archiverstream',
    summary: 'List archiver streams',
    responses: { 200: z.array(ArchiverStreamSchema) },
  },
  get: {
    method: 'GET',
    path: '/archiverstream/{id}',
    summary: 'Get an archiver stream',
    params: ArchiverStreamIdParams,
    responses: { 200: ArchiverStreamSchema },
  },
  delete: {
    method: 'DELETE',
    role: 'admin',
    resource: { kind: 'archiverStream', id: 'params.id' },
    path: '/archiverstream/{id}',
    summary: 'Delete an archiver stream',
    description: 'Answers the deleted stream.',
    params: ArchiverStreamIdParams,
    responses: { 200: ArchiverStreamSchema },
  },
});
