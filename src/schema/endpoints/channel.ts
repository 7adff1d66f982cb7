/** Channels: routes of the original service from public-facts.md §4, beyond the interface. */
import { defineArea } from '../define.ts';
import { recordOperations } from '../record-operations.ts';
import { EventsOfQuery, IdParams, NoCacheQuery } from '../common.ts';
import { EventCollectionSchema } from '../models/event.ts';
import { ChannelBody, ChannelSchema } from '../models/lookups.ts';

/** Events show their channel's name and take their streaming URLs from its configuration. */
const STALE = ['channel', 'event'] as const;

const ORIGINAL = 'A route of the original service (public-facts.md §4), not in the interface.';

const channels = recordOperations({ kind: 'channel', path: '/channel/', role: 'admin', schema: ChannelSchema, invalidates: STALE, description: ORIGINAL });

export const channel = defineArea('channel', {
  list: channels.list('List channels', { query: NoCacheQuery }),
  get: channels.get('Get a channel', { query: NoCacheQuery, responses: { 200: ChannelSchema, 204: null } }),
  upsert: channels.upsert('Add or update a channel', {
    description: `${ORIGINAL} ` + 'Updates the channel `id` when given, otherwise adds one. configurationJson must match ChannelConfiguration (400 otherwise).',
    body: ChannelBody,
  }),
  delete: channels.delete('Delete a channel'),
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
