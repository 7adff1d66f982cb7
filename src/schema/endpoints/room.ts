/** Rooms: routes of the original service from public-facts.md §4, beyond the interface. */
import { defineArea } from '../define.ts';
import { recordOperations } from '../record-operations.ts';
import { EventsOfQuery, IdParams, NoCacheQuery, ReferenceQuery } from '../common.ts';
import { EventCollectionSchema } from '../models/event.ts';
import { RoomBody, RoomSchema } from '../models/lookups.ts';

/** Events show their room's name. */
const STALE = ['room', 'event'] as const;

const ORIGINAL = 'A route of the original service (public-facts.md §4), not in the interface.';

const rooms = recordOperations({ kind: 'room', path: '/room/', role: 'admin', schema: RoomSchema, invalidates: STALE, description: ORIGINAL });

export const room = defineArea('room', {
  create: rooms.create('Add a room', { body: RoomBody, responses: { 201: RoomSchema } }),
  update: rooms.update('Update a room', { body: RoomBody }),
  list: rooms.list('List rooms', { query: NoCacheQuery }),
  get: rooms.get('Get a room', { query: NoCacheQuery, responses: { 200: RoomSchema, 204: null } }),
  getByReference: {
    method: 'GET',
    path: '/room/reference',
    summary: 'Get a room by reference id',
    description: ORIGINAL,
    query: ReferenceQuery,
    responses: { 200: RoomSchema, 204: null },
  },
  events: {
    method: 'GET',
    path: '/room/{id}/events/',
    summary: 'List the events of a room',
    description: ORIGINAL,
    params: IdParams,
    query: EventsOfQuery,
    responses: { 200: EventCollectionSchema },
  },
  delete: rooms.delete('Delete a room', { description: `${ORIGINAL} Answers 410 Gone, as the original does.`, responses: { 410: null } }),
});
