/** Compose playlists (service-interface.md "Compose playlists"): all 8 operations. */
import { z } from 'zod';
import { defineArea } from '../define.ts';
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

export const compose = defineArea('compose', {
  create: {
    method: 'POST',
    role: 'operator',
    resource: { kind: 'compose' },
    path: '/compose/',
    summary: 'Create a standard composition event',
    description:
      'Answers 201 with the id of the created event (a JSON string). A future liveStreamStart puts the event in COMPOSE_WAITING; the composition is generated before it can stream.',
    body: StandardComposeBody,
    responses: { 201: Guid },
    invalidates: withEvent,
  },
  createEncoder: {
    method: 'POST',
    role: 'operator',
    resource: { kind: 'compose' },
    path: '/compose/encoder/',
    summary: 'Create an encoder composition event',
    description: 'Answers 201 with the id of the created live event (a JSON string).',
    body: EncoderComposeBody,
    responses: { 201: Guid },
    invalidates: withEvent,
  },
  update: {
    method: 'PUT',
    role: 'operator',
    resource: { kind: 'compose', id: 'params.eventId' },
    path: '/compose/event/{eventId}',
    summary: 'Update the playlist of a standard composition',
    description: 'EVENT items only.',
    params: EventIdParams,
    body: StandardPlaylistBody,
    responses: { 200: ComposePlaylistSchema },
    invalidates: withEvent,
  },
  upsertEncoder: {
    method: 'PUT',
    role: 'operator',
    resource: { kind: 'compose', id: 'params.eventId' },
    path: '/compose/encoder/event/{eventId}',
    summary: 'Add or update the playlist of an encoder composition',
    description: 'EVENT and DIRECT_FULL_MP4 items.',
    params: EventIdParams,
    body: EncoderPlaylistBody,
    responses: { 200: ComposePlaylistSchema },
    invalidates: withEvent,
  },
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
  get: {
    method: 'GET',
    resource: { kind: 'compose', id: 'params.eventId' },
    path: '/compose/{eventId}',
    summary: 'Get the playlist of a composition event',
    params: EventIdParams,
    responses: { 200: ComposePlaylistSchema },
  },
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
  delete: {
    method: 'DELETE',
    role: 'operator',
    resource: { kind: 'compose', id: 'params.eventId' },
    path: '/compose/{eventId}',
    summary: 'Remove a live compose playlist',
    description: '400 when the playlist or the event does not exist.',
    params: EventIdParams,
    responses: { 200: null, 400: ErrorBodySchema },
    invalidates: withEvent,
  },
});
