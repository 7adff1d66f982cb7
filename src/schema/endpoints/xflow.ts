/** Xflows (workflow configurations): routes of the original service from public-facts.md §4, beyond the interface. */
import { defineArea } from '../define.ts';
import { recordOperations } from '../record-operations.ts';
import { NoCacheQuery } from '../common.ts';
import { XflowBody, XflowSchema } from '../models/lookups.ts';

/** Events show their xflow's name; assets build their URLs from its storageUrlPublic. */
const STALE = ['xflow', 'event', 'asset'] as const;

const ORIGINAL = 'A route of the original service (public-facts.md §4), not in the interface.';

const xflows = recordOperations({ kind: 'xflow', path: '/xflow/', role: 'admin', schema: XflowSchema, invalidates: STALE, description: ORIGINAL });

const written = { description: `${ORIGINAL} configurationJson must match XflowConfiguration (400 otherwise).`, body: XflowBody } as const;

export const xflow = defineArea('xflow', {
  list: xflows.list('List xflows', { query: NoCacheQuery }),
  get: xflows.get('Get an xflow', { query: NoCacheQuery, responses: { 200: XflowSchema, 204: null } }),
  create: xflows.create('Add an xflow', written),
  update: xflows.update('Update an xflow', written),
  delete: xflows.delete('Delete an xflow'),
});
