/**
 * Archiver captures (service-interface.md "Archiver captures"): all 9 operations. Ids are strings
 * of letters, digits and underscores. POST and PUT require Content-Type: application/json.
 */
import { z } from 'zod';
import { defineArea } from '../define.ts';
import { recordOperations } from '../record-operations.ts';
import {
  ArchiverId,
  ArchiverIdParams,
  ArchiverListQuery,
  CaptureAvailableContentSchema,
  CaptureBody,
  CapturePlaybackQuery,
  CapturePlaybackSchema,
  CaptureSchema,
  CaptureSegmentSchema,
  CaptureSegmentsQuery,
  CaptureStatsSchema,
} from '../models/archiver.ts';

/** Playout profiles list their captures, and streams belong to a capture. */
const withArchiver = ['archiverCapture', 'archiverPlayoutProfile', 'archiverStream'] as const;

const captures = recordOperations({
  kind: 'capture',
  path: '/archivercapture/',
  role: 'operator',
  params: ArchiverIdParams,
  schema: CaptureSchema,
  invalidates: withArchiver,
});

export const archiverCapture = defineArea('archiverCapture', {
  list: captures.list('List captures', {
    description: 'With onlyIds=true, an array of capture ids instead of captures.',
    query: ArchiverListQuery,
    responses: { 200: z.union([z.array(CaptureSchema), z.array(ArchiverId)]) },
  }),
  get: captures.get('Get a capture'),
  /** @legacy `all` sits where a capture id goes (`/archivercapture/{id}/stats/`): a capture named `all` cannot have its stats read alone. */
  allStats: {
    method: 'GET',
    path: '/archivercapture/all/stats/',
    summary: 'Get the statistics of every capture',
    responses: { 200: z.array(CaptureStatsSchema) },
  },
  stats: {
    method: 'GET',
    path: '/archivercapture/{id}/stats/',
    summary: 'Get the statistics of a capture',
    params: ArchiverIdParams,
    responses: { 200: CaptureStatsSchema },
  },
  available: {
    method: 'GET',
    path: '/archivercapture/{id}/available/',
    summary: 'Get the time ranges of continuous captured content',
    description: 'Gaps lie between the ranges.',
    params: ArchiverIdParams,
    responses: { 200: z.array(CaptureAvailableContentSchema) },
  },
  segments: {
    method: 'GET',
    path: '/archivercapture/{id}/segments/',
    summary: 'List the segments of a capture',
    description: 'start and end (UTC), both or neither; with them, only segments starting and ending inside the range.',
    params: ArchiverIdParams,
    query: CaptureSegmentsQuery,
    responses: { 200: z.array(CaptureSegmentSchema) },
  },
  playback: {
    method: 'GET',
    path: '/archivercapture/{id}/playback/',
    summary: 'Get a playable URL for a range of a capture',
    description:
      'An HLS URL (served by this service, no API key needed) that plays the completed segments of the capture between start and end (both or neither; neither: everything captured), with a discontinuity at every gap. While the capture still records into the range, the playlist grows.',
    params: ArchiverIdParams,
    query: CapturePlaybackQuery,
    responses: { 200: CapturePlaybackSchema },
    extension: true,
  },
  create: captures.create('Add a capture', {
    description: 'All properties are required (null where nullable); a null startTime means now. Answers the persisted capture.',
    resource: { kind: 'capture', id: 'body.id' },
    contentType: 'application/json',
    body: CaptureBody,
  }),
  update: captures.update('Update a capture', {
    description: 'All properties are required; a change of id has no effect. Answers the persisted capture.',
    contentType: 'application/json',
    body: CaptureBody,
  }),
  delete: captures.delete('Delete a capture', { description: 'Answers the deleted capture.', responses: { 200: CaptureSchema } }),
});
