/** Rooms: routes of the original service from public-facts.md §4, beyond the interface. */
import { z } from 'zod';
import { defineArea } from '../define.ts';
import { EventsOfQuery, IdParams, NoCacheQuery, ReferenceQuery } from '../common.ts';
import { EventCollectionSchema } from '../models/event.ts';
import { RoomBody, RoomSchema } from '../models/lookups.ts';

/** Events show their room's name. */
const STALE = ['room', 'event'] as const;

const ORIGINAL = 'A route of the original service (public-facts.md §4), not in the interface.';

export const room = defineArea('room', {
  create: {
    method: 'POST',
    role: 'admin',
    resource: { kind: 'room' },
    path: '/room/',
    summary: 'Add a room',
    description: ORIGINAL,
    body: RoomBody,
    responses: { 201: RoomSchema },
    invalidates: ['room'],
  },
  update: {
    method: 'PUT',
    role: 'admin',
    resource: { kind: 'room', id: 'params.id' },
    path: '/room/{id}',
    summary: 'Update a room',
    description: ORIGINAL,
    params: IdParams,
    body: RoomBody,
    responses: { 200: RoomSchema },
    invalidates: STALE,
  },
  list: {
    method: 'GET',
    path: '/room/',
    summary: 'List rooms',
    description: ORIGINAL,
    query: NoCacheQuery,
    responses: { 200: z.array(RoomSchema) },
  },
  get: {
    method: 'GET',
    resource: { kind: 'room', id: 'params.id' },
    path: '/room/{id}',
    summary: 'Get a room',
    description: ORIGINAL,
    params: IdParams,
    query: NoCacheQuery,
    responses: { 200: RoomSchema, 204: null },
  },
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
  delete: {
    method: 'DELETE',
    role: 'admin',
    resource: { kind: 'room', id: 'params.id' },
    path: '/room/{id}',
    summary: 'Delete a room',
    description: `${ORIGINAL} Answers 410 Gone, as the original does.`,
    params: IdParams,
    responses: { 410: null },
    invalidates: STALE,
  },
});
