/**
 * The read side of events: the list with its filters, deleted events, and single events by id,
 * reference id or external id. Writes come with the event lifecycle issue.
 */
import { endpoints, type Event } from '#schema';
import { implement, type Implementation } from '../../http/implement.ts';
import { notFound, validationError } from '../../http/errors.ts';
import { eventCollection } from './collection.ts';
import { findEventBy, getEvent, listChannelEvents, parseEventFilter } from './repo.ts';
import { serializeEvent, type EventRecord } from './serialize.ts';

/**
 * A single event carries `video`. Building the video structure (streaming URLs, embed codes,
 * publishing points) is the streaming issue's work: until then it is null even with processVideo.
 */
function single(record: EventRecord): Event {
  return serializeEvent(record, { video: null });
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

  implement(endpoints.event.get, async ({ params }, ctx) => {
    const record = await getEvent(ctx.db, ctx.client.clientId, params.id);
    return record ? { status: 200, body: single(record) } : { status: 204 };
  }),

  implement(endpoints.event.getByReference, async ({ query }, ctx) => {
    const record = await findEventBy(ctx.db, ctx.client.clientId, 'refId', query.id);
    return record ? { status: 200, body: single(record) } : { status: 204 };
  }),

  implement(endpoints.event.getByExternal, async ({ query }, ctx) => {
    const record = await findEventBy(ctx.db, ctx.client.clientId, 'externalId', query.id);
    return record ? { status: 200, body: single(record) } : { status: 204 };
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
];
