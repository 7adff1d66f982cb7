/**
 * Archiver playout profiles (service-interface.md "Archiver playout profiles"): all 6 operations.
 * POST and PUT require Content-Type: application/json.
 */
import { z } from 'zod';
import { defineArea } from '../define.ts';
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

export const archiverPlayoutProfile = defineArea('archiverPlayoutProfile', {
  list: {
    method: 'GET',
    path: '/archiverplayoutprofile/',
    summary: 'List playout profiles',
    description: 'With onlyIds=true, an array of profile ids instead of profiles.',
    query: ArchiverListQuery,
    responses: { 200: z.union([z.array(PlayoutProfileSchema), z.array(ArchiverId)]) },
  },
  get: {
    method: 'GET',
    resource: { kind: 'playoutProfile', id: 'params.id' },
    path: '/archiverplayoutprofile/{id}',
    summary: 'Get a playout profile',
    params: ArchiverIdParams,
    responses: { 200: PlayoutProfileSchema },
  },
  captures: {
    method: 'GET',
    path: '/archiverplayoutprofile/{id}/captures/',
    summary: 'List the captures of a playout profile',
    params: ArchiverIdParams,
    responses: { 200: z.array(PlayoutProfileCaptureSchema) },
  },
  create: {
    method: 'POST',
    role: 'admin',
    resource: { kind: 'playoutProfile', id: 'body.id' },
    path: '/archiverplayoutprofile/',
    summary: 'Add a playout profile',
    description: 'All properties are required except streamingFormats, which is ignored. Answers the persisted profile.',
    contentType: 'application/json',
    body: PlayoutProfileBody,
    responses: { 200: PlayoutProfileSchema },
  },
  update: {
    method: 'PUT',
    role: 'admin',
    resource: { kind: 'playoutProfile', id: 'params.id' },
    path: '/archiverplayoutprofile/{id}',
    summary: 'Update a playout profile',
    description: 'As adding; a change of id has no effect. Answers the persisted profile.',
    contentType: 'application/json',
    params: ArchiverIdParams,
    body: PlayoutProfileBody,
    responses: { 200: PlayoutProfileSchema },
    invalidates: withStreams,
  },
  delete: {
    method: 'DELETE',
    role: 'admin',
    resource: { kind: 'playoutProfile', id: 'params.id' },
    path: '/archiverplayoutprofile/{id}',
    summary: 'Delete a playout profile',
    description: 'Its captures are deleted first. Answers the deleted profile, with captures always empty.',
    params: ArchiverIdParams,
    responses: { 200: PlayoutProfileSchema },
    invalidates: withStreams,
  },
});
