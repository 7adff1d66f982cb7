/**
 * Infrastructure profiles (provisioning resources). Their routes are inferred like the xflows'
 * (public-facts.md §4) and ours (marked `extension`).
 */
import { z } from 'zod';
import { defineArea } from '../define.ts';
import { IdParams, NoCacheQuery } from '../common.ts';
import { InfrastructureProfileBody, InfrastructureProfileSchema } from '../models/lookups.ts';

/** Events show their infrastructure profile's name. */
const STALE = ['infrastructureProfile', 'event'] as const;

export const infrastructureProfile = defineArea('infrastructureProfile', {
  list: {
    method: 'GET',
    path: '/infrastructureprofile/',
    summary: 'List infrastructure profiles',
    query: NoCacheQuery,
    responses: { 200: z.array(InfrastructureProfileSchema) },
    extension: true,
  },
  get: {
    method: 'GET',
    resource: { kind: 'infrastructureProfile', id: 'params.id' },
    path: '/infrastructureprofile/{id}',
    summary: 'Get an infrastructure profile',
    params: IdParams,
    query: NoCacheQuery,
    responses: { 200: InfrastructureProfileSchema, 204: null },
    extension: true,
  },
  create: {
    method: 'POST',
    role: 'admin',
    resource: { kind: 'infrastructureProfile' },
    path: '/infrastructureprofile/',
    summary: 'Add an infrastructure profile',
    description: 'configurationJson must be a JSON object (400 otherwise).',
    body: InfrastructureProfileBody,
    responses: { 200: InfrastructureProfileSchema },
    invalidates: ['infrastructureProfile'],
    extension: true,
  },
  update: {
    method: 'PUT',
    role: 'admin',
    resource: { kind: 'infrastructureProfile', id: 'params.id' },
    path: '/infrastructureprofile/{id}',
    summary: 'Update an infrastructure profile',
    description: 'configurationJson must be a JSON object (400 otherwise).',
    params: IdParams,
    body: InfrastructureProfileBody,
    responses: { 200: InfrastructureProfileSchema },
    invalidates: STALE,
    extension: true,
  },
  delete: {
    method: 'DELETE',
    role: 'admin',
    resource: { kind: 'infrastructureProfile', id: 'params.id' },
    path: '/infrastructureprofile/{id}',
    summary: 'Delete an infrastructure profile',
    params: IdParams,
    responses: { 200: null },
    invalidates: STALE,
    extension: true,
  },
});
