/**
 * The read side of events: the list with its filters, deleted events, and single events by id,
 * reference id or external id. Writes are in write-routes.ts.
 */
import { endpoints, type Event, type Video } from '#schema';
import { implement, type Implementation } from '../../http/implement.ts';
import { notFound, validationError } from '../../http/errors.ts';
import { eventCollection } from './collection.ts';
import { findEventBy, getEvent, listChannelEvents, parseEventFilter } from './repo.ts';
import { serializeEvent, type EventRecord } from './serialize.ts';
import { eventVideo } from '../live/index.ts';
import { eventWriteRoutes } from './write-routes.ts';
import { eventExportRoute } from './export.ts';

/** A single event carries `video`: the video structure with processVideo=true (src/server/areas/live/video.ts), else null. */
function single(record: EventRecord, video: Video | null): Event {
  return serializeEvent(record, { video });
}

export const eventRoutes: Implementation[] = [
  implement(endpoints.event.list, async ({ query }, ctx) => {
    const { filter, errors } = parseEventFilter(query);
    if (errors.length > 0) throw validationError(errors);
    return { status: 200, body: await eventCollection(ctx.db, ctx.client.clientId, filter, query) };
  }),

  implement(endpoints.event.listDeleted, async ({ query }, ctx) => {
    const { filter, errors } = parseEventFilter(query);
    if (errors.length > 0) throw validationError(errors);
    return { status: 200, body: await eventCollection(ctx.db, ctx.client.clientId, { ...filter, deleted: true }, query) };
  }),

  implement(endpoints.event.get, async ({ params, query }, ctx) => {
    const record = await getEvent(ctx.db, ctx.client.clientId, params.id);
    return record ? { status: 200, body: single(record, await eventVideo(ctx, record.event, query)) } : { status: 204 };
  }),

  implement(endpoints.event.getByReference, async ({ query }, ctx) => {
    const record = await findEventBy(ctx.db, ctx.client.clientId, 'refId', query.id);
    return record ? { status: 200, body: single(record, await eventVideo(ctx, record.event, query)) } : { status: 204 };
  }),

  implement(endpoints.event.getByExternal, async ({ query }, ctx) => {
    const record = await findEventBy(ctx.db, ctx.client.clientId, 'externalId', query.id);
    return record ? { status: 200, body: single(record, await eventVideo(ctx, record.event, query)) } : { status: 204 };
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

  eventExportRoute,

  ...eventWriteRoutes,
];
