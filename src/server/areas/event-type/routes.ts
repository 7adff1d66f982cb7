/** Event types (service-interface.md "Event types"): all 8 operations. */
import { endpoints } from '#schema';
import { badField, notFound } from '../../http/errors.ts';
import { implement, type Implementation } from '../../http/implement.ts';
import { EventChanges } from '../custom-property/index.ts';
import { eventCollection } from '../event/index.ts';
import {
  createEventType,
  deleteEventType,
  findEventTypeNamed,
  getEventType,
  getEventTypeByReference,
  isUniqueViolation,
  listEventTypes,
  setEventTypeOfEvent,
  toEventType,
  updateEventType,
} from './repo.ts';

const nameTaken = (name: string) => badField('body.name', `an event type named "${name}" already exists`);

/** The unique index catches what the check before a write cannot: two requests creating one name at once. */
const rethrow = (name: string) => (error: unknown): never => {
  throw isUniqueViolation(error) ? nameTaken(name) : error;
};

export const eventTypeRoutes: Implementation[] = [
  implement(endpoints.eventType.create, async ({ body }, ctx) => {
    if (await findEventTypeNamed(ctx.db, ctx.client.clientId, body.name)) throw nameTaken(body.name);
    const row = await createEventType(ctx.db, ctx.client.clientId, body, ctx.clock.now()).catch(rethrow(body.name));
    return { status: 200, body: toEventType(row) };
  }),

  implement(endpoints.eventType.update, async ({ params, body }, ctx) => {
    if (!(await getEventType(ctx.db, ctx.client.clientId, params.id))) throw notFound(`There is no event type ${params.id}`);
    if (await findEventTypeNamed(ctx.db, ctx.client.clientId, body.name, params.id)) throw nameTaken(body.name);
    const row = await updateEventType(ctx.db, ctx.client.clientId, params.id, body, ctx.clock.now()).catch(rethrow(body.name));
    return { status: 200, body: toEventType(row!) };
  }),

  implement(endpoints.eventType.setForEvent, async ({ params, body }, ctx) => {
    if (!(await getEventType(ctx.db, ctx.client.clientId, body.eventTypeId))) {
      throw badField('body.eventTypeId', `there is no event type ${body.eventTypeId}`);
    }
    const outcome = await setEventTypeOfEvent(ctx.db, ctx.client.clientId, params.id, body.eventTypeId, ctx.clock.now());
    if (outcome === 'missing') throw notFound(`There is no event ${params.id}`);
    if (outcome === 'changed') await new EventChanges().add(params.id, { metadataChanged: true }).record(ctx.db, ctx.clock, ctx.client.clientId);
    return { status: 200 };
  }),

  implement(endpoints.eventType.list, async (_input, ctx) => ({
    status: 200,
    body: (await listEventTypes(ctx.db, ctx.client.clientId)).map(toEventType),
  })),

  implement(endpoints.eventType.get, async ({ params }, ctx) => {
    const row = await getEventType(ctx.db, ctx.client.clientId, params.id);
    return row ? { status: 200, body: toEventType(row) } : { status: 204 };
  }),

  implement(endpoints.eventType.getByReference, async ({ query }, ctx) => {
    const row = await getEventTypeByReference(ctx.db, ctx.client.clientId, query.id);
    return row ? { status: 200, body: toEventType(row) } : { status: 204 };
  }),

  implement(endpoints.eventType.events, async ({ params, query }, ctx) => ({
    status: 200,
    body: await eventCollection(ctx.db, ctx.client.clientId, { eventTypeId: params.id }, query),
  })),

  /**
   * A type in use is deleted all the same: its events stay, without a type (repo.ts), and each
   * records a change (Updated, metadataChanged) for webhooks and the change feed.
   */
  implement(endpoints.eventType.delete, async ({ params }, ctx) => {
    const cleared = await deleteEventType(ctx.db, ctx.client.clientId, params.id, ctx.clock.now());
    if (cleared === undefined) throw notFound(`There is no event type ${params.id}`);
    if (cleared.length > 0) {
      const changes = new EventChanges();
      for (const id of cleared) changes.add(id, { metadataChanged: true });
      await changes.record(ctx.db, ctx.clock, ctx.client.clientId);
      ctx.log.info({ eventTypeId: params.id, events: cleared.length }, 'deleted an event type in use; its events have no type now');
    }
    return { status: 200 };
  }),
];
