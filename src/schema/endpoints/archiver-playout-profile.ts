/**
 * Archiver playout profiles (service-interface.md "Archiver playout profiles"): all 6 operations.
 * POST and PUT require Content-Type: application/json.
 */
import { z } from 'zod';
import { defineArea } from '../define.ts';
import { recordOperations } from '../record-operations.ts';
import {
  ArchiverId,
  ArchiverIdParams,
  ArchiverListQuery,
  PlayoutProfileBody,
  PlayoutProfileCaptureSchema,
  PlayoutProfileSchema,
} from '../models/archiver.ts';

/** Streams carry the streaming formats of their profile. */
const withStreams = ['archiverPlayoutProfile', 'archiverStream'] as const;

const profiles = recordOperations({
  kind: 'playoutProfile',
  path: '/archiverplayoutprofile/',
  role: 'admin',
  params: ArchiverIdParams,
  schema: PlayoutProfileSchema,
  invalidates: withStreams,
});

export const archiverPlayoutProfile = defineArea('archiverPlayoutProfile', {
  list: profiles.list('List playout profiles', {
    description: 'With onlyIds=true, an array of profile ids instead of profiles.',
    query: ArchiverListQuery,
    responses: { 200: z.union([z.array(PlayoutProfileSchema), z.array(ArchiverId)]) },
  }),
  get: profiles.get('Get a playout profile'),
  captures: {
    method: 'GET',
    path: '/archiverplayoutprofile/{id}/captures/',
    summary: 'List the captures of a playout profile',
    params: ArchiverIdParams,
    responses: { 200: z.array(PlayoutProfileCaptureSchema) },
  },
  create: profiles.create('Add a playout profile', {
    description: 'All properties are required except streamingFormats, which is ignored. Answers the persisted profile.',
    resource: { kind: 'playoutProfile', id: 'body.id' },
    contentType: 'application/json',
    body: PlayoutProfileBody,
  }),
  update: profiles.update('Update a playout profile', {
    description: 'As adding; a change of id has no effect. Answers the persisted profile.',
    contentType: 'application/json',
    body: PlayoutProfileBody,
  }),
  delete: profiles.delete('Delete a playout profile', {
    description: 'Its captures are deleted first. Answers the deleted profile, with captures always empty.',
    responses: { 200: PlayoutProfileSchema },
  }),
});
