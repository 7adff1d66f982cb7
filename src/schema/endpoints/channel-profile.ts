/**
 * Channel profiles (service-interface.md "Channel profiles"): all 9 operations. Request bodies are
 * PascalCase (EventId, AudioInputs, LanguageCode, AudioChannel, AudioEnabled); responses camelCase.
 */
import { z } from 'zod';
import { defineArea } from '../define.ts';
import { ErrorBodySchema, IdParams, NoCacheQuery } from '../common.ts';
import {
  ChannelProfileCloneQuery,
  ChannelProfileCreateBody,
  ChannelProfileSchema,
  ChannelProfileUpdateBody,
} from '../models/channel-profile.ts';

/** An event's channel profile is referenced by the event (channelProfileId). */
const withEvent = ['channelProfile', 'event'] as const;

export const channelProfile = defineArea('channelProfile', {
  create: {
    method: 'POST',
    role: 'operator',
    resource: { kind: 'channelProfile', id: 'body.EventId', by: 'event' },
    path: '/channelprofile/',
    summary: 'Add the channel profile of an event',
    description: 'Answers the saved profile. 400 when the audio inputs are rejected (languages and audio channels must each be unique).',
    body: ChannelProfileCreateBody,
    responses: { 200: ChannelProfileSchema, 400: ErrorBodySchema },
    invalidates: withEvent,
  },
  update: {
    method: 'PUT',
    role: 'operator',
    resource: { kind: 'channelProfile', id: 'params.id' },
    path: '/channelprofile/{id}',
    summary: 'Update a channel profile',
    description:
      'Input ids are optional and unchanged when omitted; inputs are matched by AudioChannel as well as id. Answers the saved profile; 400 when the inputs are incorrect.',
    params: IdParams,
    body: ChannelProfileUpdateBody,
    responses: { 200: ChannelProfileSchema, 400: ErrorBodySchema },
    invalidates: withEvent,
  },
  upsertForEvent: {
    method: 'PUT',
    role: 'operator',
    resource: { kind: 'channelProfile', id: 'params.id', by: 'event' },
    path: '/channelprofile/event/{id}',
    summary: 'Add or update the channel profile of an event',
    description: '`id` is the event id. Same rules as the update; answers the saved profile.',
    params: IdParams,
    body: ChannelProfileUpdateBody,
    responses: { 200: ChannelProfileSchema, 400: ErrorBodySchema },
    invalidates: withEvent,
  },
  list: {
    method: 'GET',
    path: '/channelprofile/',
    summary: 'List channel profiles',
    query: NoCacheQuery,
    responses: { 200: z.array(ChannelProfileSchema) },
  },
  get: {
    method: 'GET',
    resource: { kind: 'channelProfile', id: 'params.id' },
    path: '/channelprofile/{id}',
    summary: 'Get a channel profile',
    params: IdParams,
    query: NoCacheQuery,
    responses: { 200: ChannelProfileSchema },
  },
  getForEvent: {
    method: 'GET',
    resource: { kind: 'channelProfile', id: 'params.id', by: 'event' },
    path: '/channelprofile/event/{id}',
    summary: 'Get the channel profile of an event',
    description: '`id` is the event id. 204 when the event has no profile (the interface does not say; this follows its 204 convention).',
    params: IdParams,
    query: NoCacheQuery,
    responses: { 200: ChannelProfileSchema, 204: null },
  },
  /** @legacy A GET that writes: copies the profile of one event to another. */
  clone: {
    method: 'GET',
    role: 'operator',
    resource: { kind: 'channelProfile', id: 'query.targetEventId', by: 'event' },
    path: '/channelprofile/clone/',
    summary: "Copy an event's channel profile to another event",
    description: "Answers the target event's new profile.",
    query: ChannelProfileCloneQuery,
    responses: { 200: ChannelProfileSchema },
    invalidates: withEvent,
  },
  delete: {
    method: 'DELETE',
    role: 'operator',
    resource: { kind: 'channelProfile', id: 'params.id' },
    path: '/channelprofile/{id}',
    summary: 'Delete a channel profile',
    params: IdParams,
    responses: { 200: null },
    invalidates: withEvent,
  },
  deleteForEvent: {
    method: 'DELETE',
    role: 'operator',
    resource: { kind: 'channelProfile', id: 'params.id', by: 'event' },
    path: '/channelprofile/event/{id}',
    summary: 'Delete the channel profile of an event',
    description: '`id` is the event id. The interface does not show the response; as the deletion by id, 200 without a body.',
    params: IdParams,
    responses: { 200: null },
    invalidates: withEvent,
  },
});
