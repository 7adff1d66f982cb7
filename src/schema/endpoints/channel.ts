/** Channels: routes of the original service from public-facts.md §4, beyond the interface. */
import { z } from 'zod';
import { defineArea } from '../define.ts';
import { EventsOfQuery, IdParams, NoCacheQuery } from '../common.ts';
import { EventCollectionSchema } from '../models/event.ts';
import { ChannelBody, ChannelSchema } from '../models/lookups.ts';

/** Events show their channel's name and take their streaming URLs from its configuration. */
const STALE = ['channel', 'event'] as const;

const ORIGINAL = 'A route of the original service (public-facts.md §4), not in the interface.';

export const channel = defineArea('channel', {
  list: {
    method: 'GET',
    path: '/channel/',
    summary: 'List channels',
    description: ORIGINAL,
    query: NoCacheQuery,
    responses: { 200: z.array(ChannelSchema) },
  },
  get: {
    method: 'GET',
    resource: { kind: 'channel', id: 'params.id' },
    path: '/channel/{id}',
    summary: 'Get a channel',
    description: ORIGINAL,
    params: IdParams,
    query: NoCacheQuery,
    responses: { 200: ChannelSchema, 204: null },
  },
  upsert: {
    method: 'POST',
    role: 'admin',
    resource: { kind: 'channel', id: 'body.id' },
    path: '/channel/',
    summary: 'Add or update a channel',
    description: `${ORIGINAL} ` + 'Updates the channel `id` when given, otherwise adds one. configurationJson must match ChannelConfiguration (400 otherwise).',
    body: ChannelBody,
    responses: { 200: ChannelSchema },
    invalidates: STALE,
  },
  delete: {
    method: 'DELETE',
    role: 'admin',
    resource: { kind: 'channel', id: 'params.id' },
    path: '/channel/{id}',
    summary: 'Delete a channel',
    description: ORIGINAL,
    params: IdParams,
    responses: { 200: null },
    invalidates: STALE,
  },
  events: {
    method: 'GET',
    path: '/channel/{id}/events/',
    summary: 'List the events of a channel',
    description: ORIGINAL,
    params: IdParams,
    query: EventsOfQuery,
    responses: { 200: EventCollectionSchema },
  },
});
