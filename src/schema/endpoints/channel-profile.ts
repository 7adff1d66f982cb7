/**
 * Channel profiles (service-interface.md "Channel profiles"): all 9 operations. Request bodies are
 * PascalCase (EventId, AudioInputs, LanguageCode, AudioChannel, AudioEnabled); responses camelCase.
 */
import { defineArea } from '../define.ts';
import { recordOperations } from '../record-operations.ts';
import { ErrorBodySchema, NoCacheQuery } from '../common.ts';
import {
  ChannelProfileCloneQuery,
  ChannelProfileCreateBody,
  ChannelProfileSchema,
  ChannelProfileUpdateBody,
} from '../models/channel-profile.ts';

/** An event's channel profile is referenced by the event (channelProfileId). */
const withEvent = ['channelProfile', 'event'] as const;

/** The profile named by its event's id (`/channelprofile/event/{id}`). */
const byEvent = { kind: 'channelProfile', id: 'params.id', by: 'event' } as const;

const profiles = recordOperations({ kind: 'channelProfile', path: '/channelprofile/', role: 'operator', schema: ChannelProfileSchema, invalidates: withEvent });

/** Languages and audio channels must each be unique among the inputs: 400 otherwise. */
const rejects = { responses: { 200: ChannelProfileSchema, 400: ErrorBodySchema } } as const;

export const channelProfile = defineArea('channelProfile', {
  create: profiles.create('Add the channel profile of an event', {
    description: 'Answers the saved profile. 400 when the audio inputs are rejected (languages and audio channels must each be unique).',
    resource: { kind: 'channelProfile', id: 'body.EventId', by: 'event' },
    body: ChannelProfileCreateBody,
    ...rejects,
    invalidates: withEvent,
  }),
  update: profiles.update('Update a channel profile', {
    description:
      'Input ids are optional and unchanged when omitted; inputs are matched by AudioChannel as well as id. Answers the saved profile; 400 when the inputs are incorrect.',
    body: ChannelProfileUpdateBody,
    ...rejects,
  }),
  upsertForEvent: profiles.update('Add or update the channel profile of an event', {
    path: '/channelprofile/event/{id}',
    resource: byEvent,
    description: '`id` is the event id. Same rules as the update; answers the saved profile.',
    body: ChannelProfileUpdateBody,
    ...rejects,
  }),
  list: profiles.list('List channel profiles', { query: NoCacheQuery }),
  get: profiles.get('Get a channel profile', { query: NoCacheQuery }),
  getForEvent: profiles.get('Get the channel profile of an event', {
    path: '/channelprofile/event/{id}',
    resource: byEvent,
    description: '`id` is the event id. 204 when the event has no profile (the interface does not say; this follows its 204 convention).',
    query: NoCacheQuery,
    responses: { 200: ChannelProfileSchema, 204: null },
  }),
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
  delete: profiles.delete('Delete a channel profile'),
  deleteForEvent: profiles.delete('Delete the channel profile of an event', {
    path: '/channelprofile/event/{id}',
    resource: byEvent,
    description: '`id` is the event id. The interface does not show the response; as the deletion by id, 200 without a body.',
  }),
});
