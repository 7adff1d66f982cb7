/**
 * Assets (service-interface.md "Assets"): all 9 operations; beyond the interface (`extension`),
 * the event's MP4 (its state is the event's mp4State, its file a SYSTEM asset).
 */
import { z } from 'zod';
import { defineArea } from '../define.ts';
import { recordOperations } from '../record-operations.ts';
import { boundedText, ErrorBodySchema, Guid, IdParams, NoCacheQuery, TEXT_MAX } from '../common.ts';
import {
  AssetDeleteQuery,
  AssetDeleteResultSchema,
  AssetListQuery,
  AssetSchema,
  AssetSyncResultSchema,
  EventMp4Body,
  EventMp4Schema,
  GifAssetBody,
  ImageAssetBody,
  VideoAssetBody,
} from '../models/asset.ts';

const assets = recordOperations({ kind: 'asset', path: '/asset/', role: 'operator', schema: AssetSchema });

export const asset = defineArea('asset', {
  createGif: assets.create('Request a GIF of a clip', {
    path: '/asset/gif/',
    description: 'The asset is created in state GENERATING and completes (or fails) in the background.',
    body: GifAssetBody,
  }),
  createVideo: assets.create('Request a video (MP4) of a clip', {
    path: '/asset/video/',
    description:
      'The interface does not show the response; like the GIF and image requests, this answers the requested asset (state GENERATING).',
    body: VideoAssetBody,
  }),
  createImage: assets.create('Request a still image of a stream time', { path: '/asset/image/', body: ImageAssetBody }),
  /** @legacy Trailing slash after the id (`/asset/{id}/`), unlike DELETE `/asset/{id}`; the new name is the query parameter `Name`, capitalised. */
  rename: assets.update('Rename an asset', {
    path: '/asset/{id}/',
    query: z.object({ Name: boundedText(TEXT_MAX.name).trim().min(1).describe('The new name') }),
  }),
  /** @legacy Hyphenated path parameter `{event-id}`. */
  sync: {
    method: 'PUT',
    role: 'operator',
    resource: { kind: 'event', id: 'params.event-id' },
    path: '/asset/sync/{event-id}',
    summary: "Synchronise an event's assets with storage",
    description:
      "The event must have a VOD file; its folder is the location synchronised. Files outside the VOD folder are kept while they exist.",
    params: z.object({ 'event-id': Guid }),
    responses: { 200: AssetSyncResultSchema },
  },
  list: assets.list('List assets', { description: '100 results per page; pageIndex starts at 0.', query: AssetListQuery }),
  /** @legacy Trailing slash after the id (`/asset/{id}/`), unlike DELETE `/asset/{id}`. */
  get: assets.get('Get an asset', { path: '/asset/{id}/', query: NoCacheQuery }),
  deleteMany: {
    method: 'DELETE',
    role: 'operator',
    resource: { kind: 'asset' },
    path: '/asset/',
    summary: 'Delete the assets matching the filters',
    description:
      'At least one filter is required (400 otherwise). SYSTEM assets are not deleted. The interface shows no body; this service answers how many were deleted and how many SYSTEM assets matched and were kept.',
    query: AssetDeleteQuery,
    responses: { 200: AssetDeleteResultSchema, 400: ErrorBodySchema },
  },
  delete: assets.delete('Delete an asset', {
    description:
      'SYSTEM assets are not deletable: 409 saying so. The interface shows no body; this service answers the count deleted (1). 404 for an unknown asset. An asset deleted while GENERATING: its file is removed when its making ends.',
    responses: { 200: AssetDeleteResultSchema, 404: ErrorBodySchema, 409: ErrorBodySchema },
  }),
  /** Beyond the interface: the MP4 of an event, with why it failed. */
  vodFile: {
    method: 'GET',
    path: '/event/{id}/mp4',
    summary: 'The MP4 of an event',
    description:
      "The event's MP4: its state (the event's mp4State), the file (path, url, size, duration) when AVAILABLE, and why the last generation failed. 404 for an unknown event.",
    params: IdParams,
    query: NoCacheQuery,
    responses: { 200: EventMp4Schema, 404: ErrorBodySchema },
    extension: true,
  },
  /** Beyond the interface: the interface names the MP4 state but no operation that makes the file. */
  generateVodFile: {
    method: 'POST',
    role: 'operator',
    resource: { kind: 'event', id: 'params.id' },
    path: '/event/{id}/mp4',
    summary: 'Generate the MP4 of an event',
    description:
      'Requests the MP4 of the whole event: mp4State NONE (or FAILED) -> GENERATING -> AVAILABLE, or FAILED with the reason; each change notifies webhooks and the change feed (Mp4StateChanged). ' +
      'With it come a thumbnail and a sprite, SYSTEM assets like the MP4. Answers at once with the state (GENERATING); an MP4 already GENERATING is answered as it is, ' +
      'one AVAILABLE too unless regenerate is true. 400 when the event has no media (not a VOD, not recorded, not composed).',
    params: IdParams,
    body: EventMp4Body,
    responses: { 200: EventMp4Schema, 400: ErrorBodySchema, 404: ErrorBodySchema },
    invalidates: ['asset', 'event', 'search'],
    extension: true,
  },
  /** Beyond the interface: make a FAILED asset again, with the same request. */
  retry: assets.action('POST', '/asset/{id}/retry', 'Retry a failed asset', {
    description: 'A FAILED asset goes back to GENERATING with the request it was made with (same priority) and is made again. 409 for an asset that is not FAILED or has no request to repeat (found in storage); 404 for an unknown asset.',
    responses: { 200: AssetSchema, 404: ErrorBodySchema, 409: ErrorBodySchema },
    extension: true,
  }),
});
