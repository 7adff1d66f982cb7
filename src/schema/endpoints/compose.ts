/** Compose playlists (service-interface.md "Compose playlists"): all 8 operations. */
import { z } from 'zod';
import { defineArea } from '../define.ts';
import { recordOperations } from '../record-operations.ts';
import { ErrorBodySchema, Guid } from '../common.ts';
import {
  ComposeCloneQuery,
  ComposeDrmBody,
  ComposePlaylistSchema,
  EncoderComposeBody,
  EncoderPlaylistBody,
  StandardComposeBody,
  StandardPlaylistBody,
} from '../models/compose.ts';
import { EventSchema } from '../models/event.ts';

const EventIdParams = z.object({ eventId: Guid });

/** A composition is an event: every change shows in the event's state and fields. */
const withEvent = ['compose', 'event'] as const;

/** A composition's playlist, named by its event's id. */
const playlists = recordOperations({
  kind: 'compose',
  path: '/compose/',
  id: 'eventId',
  params: EventIdParams,
  role: 'operator',
  schema: ComposePlaylistSchema,
  invalidates: withEvent,
});

/** Creating a composition creates its event, answered by id (201, a JSON string). */
const created = { responses: { 201: Guid }, invalidates: withEvent } as const;

export const compose = defineArea('compose', {
  create: playlists.create('Create a standard composition event', {
    description:
      'Answers 201 with the id of the created event (a JSON string). A future liveStreamStart puts the event in COMPOSE_WAITING; the composition is generated before it can stream.',
    body: StandardComposeBody,
    ...created,
  }),
  createEncoder: playlists.create('Create an encoder composition event', {
    path: '/compose/encoder/',
    description: 'Answers 201 with the id of the created live event (a JSON string).',
    body: EncoderComposeBody,
    ...created,
  }),
  update: playlists.action('PUT', '/compose/event/{eventId}', 'Update the playlist of a standard composition', {
    description: 'EVENT items only.',
    body: StandardPlaylistBody,
  }),
  upsertEncoder: playlists.action('PUT', '/compose/encoder/event/{eventId}', 'Add or update the playlist of an encoder composition', {
    description: 'EVENT and DIRECT_FULL_MP4 items.',
    body: EncoderPlaylistBody,
  }),
  setDrm: {
    method: 'PUT',
    role: 'operator',
    resource: { kind: 'event', id: 'params.eventId' },
    path: '/compose/event/{eventId}/drm/',
    summary: 'Set the DRM of a standard composition event',
    description:
      'Not supported for encoder composition. The interface shows neither body nor response: the body carries the DRM JSON text (as the event drmJson; empty removes the DRM), and the answer is the updated event.',
    params: EventIdParams,
    body: ComposeDrmBody,
    responses: { 200: EventSchema },
    invalidates: withEvent,
  },
  get: playlists.get('Get the playlist of a composition event'),
  /** @legacy A GET that writes (and answers 201): copies the playlist of one event to another. */
  clone: {
    method: 'GET',
    role: 'operator',
    resource: { kind: 'compose', id: 'query.targetEventId' },
    path: '/compose/clone/{sourceEventId}',
    summary: "Copy a composition's playlist to another event",
    params: z.object({ sourceEventId: Guid }),
    query: ComposeCloneQuery,
    responses: { 201: ComposePlaylistSchema },
    invalidates: withEvent,
  },
  delete: playlists.delete('Remove a live compose playlist', {
    description: '400 when the playlist or the event does not exist.',
    responses: { 200: null, 400: ErrorBodySchema },
  }),
});
