/** Archiver streams (service-interface.md "Archiver streams"): all 3 operations. Stream ids are ints. */
import { defineArea } from '../define.ts';
import { recordOperations } from '../record-operations.ts';
import { ArchiverStreamIdParams, ArchiverStreamSchema } from '../models/archiver.ts';

const streams = recordOperations({ kind: 'archiverStream', path: '/archiverstream/', role: 'admin', params: ArchiverStreamIdParams, schema: ArchiverStreamSchema });

export const archiverStream = defineArea('archiverStream', {
  /** @legacy Written without its leading slash or trailing slash (`archiverstream`); served at `/archiverstream`. */
  list: streams.list('List archiver streams', { path: 'archiverstream' }),
  get: streams.get('Get an archiver stream'),
  delete: streams.delete('Delete an archiver stream', { description: 'Answers the deleted stream.', responses: { 200: ArchiverStreamSchema } }),
});
