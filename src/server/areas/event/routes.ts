/**
 * The read side of events: the list with its filters, deleted events, the external-update flag and
 * a channel's events. Writes are in write-routes.ts; a single event by id, reference id or
 * external id answers with its video structure, so the live area, which builds that, implements
 * those three (areas/live/event-routes.ts).
 */
import { endpoints } from '#schema';
import { implement, type Implementation } from '../../http/implement.ts';
import { notFound, validationError } from '../../http/errors.ts';
import { eventCollection } from './collection.ts';
import { getEvent, instant, listChannelEvents, parseEventFilter } from './repo.ts';
import { countEventStatuses } from './status-counts.ts';
import { serializeEvent } from './serialize.ts';
import { eventWriteRoutes } from './write-routes.ts';
import { eventExportRoutes } from './export.ts';

export const eventRoutes: Implementation[] = [
  implement(endpoints.event.list, async ({ query }, ctx) => {
    const { filter, errors } = parseEventFilter(query);
    if (errors.length > 0) throw validationError(errors);
    return { status: 200, body: await eventCollection(ctx.db, ctx.client.clientId, filter, query) };
  }),

  implement(endpoints.event.statusCounts, async ({ query }, ctx) => ({
    status: 200,
    body: await countEventStatuses(ctx.db, ctx.client.clientId, { from: instant(query.from), to: instant(query.to) }),
  })),

  implement(endpoints.event.listDeleted, async ({ query }, ctx) => {
    const { filter, errors } = parseEventFilter(query);
    if (errors.length > 0) throw validationError(errors);
    return { status: 200, body: await eventCollection(ctx.db, ctx.client.clientId, { ...filter, deleted: true }, query) };
  }),

  implement(endpoints.event.getExternalUpdate, async ({ params }, ctx) => {
    const record = await getEvent(ctx.db, ctx.client.clientId, params.id);
    if (!record) throw notFound(`There is no event ${params.id}`);
    return { status: 200, body: record.event.externalUpdateAllowed };
  }),

  implement(endpoints.event.listByChannel, async ({ params }, ctx) => {
    const records = await listChannelEvents(ctx.db, ctx.client.clientId, params.id);
    return { status: 200, body: records.map((r) => serializeEvent(r)) };
  }),

  ...eventExportRoutes,

  ...eventWriteRoutes,
];
