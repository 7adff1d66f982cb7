/**
 * A single event by id, reference id or external id (GET /event/{id}, /event/reference/,
 * /event/external/): the event, with its video structure when asked (processVideo=true, video.ts).
 * Here rather than in the event area because the video is this area's (the encoder, the streams):
 * the event area sits below the live area and does not know it.
 */
import { endpoints, type Event, type Video } from '#schema';
import { implement, type Implementation } from '../../http/implement.ts';
import { findEventBy, getEvent, serializeEvent, type EventRecord } from '../event/index.ts';
import { eventVideo } from './video.ts';

/** A single event carries `video`: the video structure with processVideo=true, else null. */
function single(record: EventRecord, video: Video | null): Event {
  return serializeEvent(record, { video });
}

export const eventReadRoutes: Implementation[] = [
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
];
