/** Archiverflows (service-interface.md "Archiverflows"): all 5 operations. */
import { defineArea } from '../define.ts';
import { recordOperations } from '../record-operations.ts';
import { ErrorBodySchema, NoCacheQuery } from '../common.ts';
import { ArchiverflowBody, ArchiverflowSchema } from '../models/archiver.ts';

/** Events show their archiverflow's name. */
const withEvent = ['archiverflow', 'event'] as const;

const archiverflows = recordOperations({ kind: 'archiverflow', path: '/archiverflow/', role: 'admin', schema: ArchiverflowSchema, invalidates: withEvent });

/** configurationJson is checked against its JSON schema. */
const written = { body: ArchiverflowBody, responses: { 200: ArchiverflowSchema, 400: ErrorBodySchema } } as const;

export const archiverflow = defineArea('archiverflow', {
  create: archiverflows.create('Add an archiverflow', {
    description: 'Answers the saved archiverflow; 400 when configurationJson does not match its JSON schema.',
    resource: { kind: 'archiverflow', id: 'body.id' },
    ...written,
  }),
  update: archiverflows.update('Update an archiverflow', {
    description: 'The id is taken from the route (an id in the body is ignored). Answers the saved archiverflow; 400 as for adding.',
    ...written,
  }),
  list: archiverflows.list('List archiverflows', { query: NoCacheQuery }),
  get: archiverflows.get('Get an archiverflow', {
    description: '204 when it does not exist.',
    query: NoCacheQuery,
    responses: { 200: ArchiverflowSchema, 204: null },
  }),
  delete: archiverflows.delete('Delete an archiverflow'),
});
