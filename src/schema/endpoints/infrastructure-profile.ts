/**
 * Infrastructure profiles (provisioning resources). Their routes are inferred like the xflows'
 * (public-facts.md §4) and ours (marked `extension`).
 */
import { defineArea } from '../define.ts';
import { recordOperations } from '../record-operations.ts';
import { NoCacheQuery } from '../common.ts';
import { InfrastructureProfileBody, InfrastructureProfileSchema } from '../models/lookups.ts';

/** Events show their infrastructure profile's name. */
const STALE = ['infrastructureProfile', 'event'] as const;

const profiles = recordOperations({
  kind: 'infrastructureProfile',
  path: '/infrastructureprofile/',
  role: 'admin',
  schema: InfrastructureProfileSchema,
  invalidates: STALE,
  extension: true,
});

const written = { description: 'configurationJson must be a JSON object (400 otherwise).', body: InfrastructureProfileBody } as const;

export const infrastructureProfile = defineArea('infrastructureProfile', {
  list: profiles.list('List infrastructure profiles', { query: NoCacheQuery }),
  get: profiles.get('Get an infrastructure profile', { query: NoCacheQuery, responses: { 200: InfrastructureProfileSchema, 204: null } }),
  create: profiles.create('Add an infrastructure profile', written),
  update: profiles.update('Update an infrastructure profile', written),
  delete: profiles.delete('Delete an infrastructure profile'),
});
