/**
 * Adding many events in one request (beyond the interface): an import of a schedule or a season
 * is all or nothing, and costs a few statements rather than a request and a transaction per event.
 */
import { z } from 'zod';
import { defineArea } from '../define.ts';
import { EventBody, EventSchema } from '../models/event.ts';

/** The most events one import adds. */
export const MAX_IMPORTED_EVENTS = 5000;

export const eventImport = defineArea('eventImport', {
  importMany: {
    method: 'POST',
    role: 'operator',
    resource: { kind: 'event', many: true },
    path: '/event/import/',
    summary: 'Add many events at once',
    description:
      `Beyond the interface: adds up to ${MAX_IMPORTED_EVENTS} events, each body as POST /event/ takes it to add one (no Id: an import only adds), ` +
      'and answers 201 with the events in the order sent. All or nothing: a body that breaks a rule answers 400 naming the row and the field ' +
      '(`body.12.ChannelId`), and no event is added. Each event gets its change (webhooks, the change feed) and its activity entry, as one added by POST /event/.',
    extension: true,
    body: z.array(EventBody).min(1).max(MAX_IMPORTED_EVENTS),
    responses: { 201: z.array(EventSchema) },
    invalidates: ['event', 'search', 'eventType', 'category', 'room', 'tag', 'channel'],
  },
});
