/**
 * Custom properties of events (service-interface.md "Custom properties (events)"): all 7
 * operations. Every change records one change per event with metadataChanged.
 */
import { endpoints } from '#schema';
import { badField, notFound } from '../../http/errors.ts';
import { implement, type Implementation, type RequestContext } from '../../http/implement.ts';
import { EventChanges, findEvent } from './event-changes.ts';
import {
  deleteProperties,
  deleteProperty,
  eventProperties,
  getProperty,
  listProperties,
  toCustomProperty,
  writeEventProperties,
} from './repo.ts';

const METADATA = { metadataChanged: true } as const;

async function requireEvent(ctx: RequestContext, eventId: string, field?: string) {
  const event = await findEvent(ctx.db, ctx.client.clientId, eventId);
  if (event) return event;
  throw field ? badField(field, `there is no event ${eventId}`) : notFound(`There is no event ${eventId}`);
}

export const customPropertyRoutes: Implementation[] = [
  implement(endpoints.customProperty.upsert, async ({ body }, ctx) => {
    await requireEvent(ctx, body.eventId, 'body.eventId');
    const result = await writeEventProperties(
      ctx.db,
      ctx.client.clientId,
      body.eventId,
      [{ id: body.customPropertyId, category: body.category, key: body.key, value: body.value }],
      (_, name) => (name === 'id' ? 'body.customPropertyId' : 'body.key'),
    );
    if (result.changed) await new EventChanges().add(body.eventId, METADATA).record(ctx.db, ctx.clock, ctx.client.clientId);
    return { status: 200, body: toCustomProperty(result.written[0]!) };
  }),

  implement(endpoints.customProperty.bulkUpsert, async ({ params, body }, ctx) => {
    await requireEvent(ctx, params.id);
    const result = await writeEventProperties(ctx.db, ctx.client.clientId, params.id, body, (i, name) => `body.${i}.${name}`);
    if (result.changed) await new EventChanges().add(params.id, METADATA).record(ctx.db, ctx.clock, ctx.client.clientId);
    return { status: 200, body: result.written.map(toCustomProperty) };
  }),

  implement(endpoints.customProperty.list, async ({ query }, ctx) => ({
    status: 200,
    body: (await listProperties(ctx.db, ctx.client.clientId, query)).map(toCustomProperty),
  })),

  implement(endpoints.customProperty.get, async ({ params }, ctx) => {
    const row = await getProperty(ctx.db, ctx.client.clientId, params.id);
    if (!row) throw notFound(`There is no custom property ${params.id}`);
    return { status: 200, body: toCustomProperty(row) };
  }),

  /**
   * Copies every property of the source event onto the target: a pair the target already has takes
   * the source's value, the target's other properties stay. Copies get new ids. With removeSource
   * the source's properties are deleted afterwards (a move). A GET that writes (as the interface
   * has it), so it asks for the transaction other writes get by default: a failure while removing
   * the source leaves the target as it was.
   */
  implement(
    endpoints.customProperty.clone,
    async ({ query }, ctx) => {
      const { sourceEventId, targetEventId } = query;
      if (sourceEventId.toLowerCase() === targetEventId.toLowerCase()) throw badField('query.targetEventId', 'must differ from sourceEventId');
      await requireEvent(ctx, sourceEventId);
      await requireEvent(ctx, targetEventId);
      const clientId = ctx.client.clientId;
      const source = await eventProperties(ctx.db, clientId, sourceEventId);
      const result = await writeEventProperties(
        ctx.db,
        clientId,
        targetEventId,
        source.map((p) => ({ category: p.category, key: p.key, value: p.value })),
        () => 'query.sourceEventId',
      );
      const changes = new EventChanges();
      if (result.changed) changes.add(targetEventId, METADATA);
      if (query.removeSource && (await deleteProperties(ctx.db, clientId, { eventId: sourceEventId })).size > 0) {
        changes.add(sourceEventId, METADATA);
      }
      await changes.record(ctx.db, ctx.clock, clientId);
      return { status: 200, body: (await eventProperties(ctx.db, clientId, targetEventId)).map(toCustomProperty) };
    },
    { transaction: true },
  ),

  implement(endpoints.customProperty.delete, async ({ params }, ctx) => {
    const eventId = await deleteProperty(ctx.db, ctx.client.clientId, params.id);
    if (!eventId) throw notFound(`There is no custom property ${params.id}`);
    await new EventChanges().add(eventId, METADATA).record(ctx.db, ctx.clock, ctx.client.clientId);
    return { status: 200 };
  }),

  /** The record refuses a query without any filter (400) before this runs. */
  implement(endpoints.customProperty.deleteMany, async ({ query }, ctx) => {
    const touched = await deleteProperties(ctx.db, ctx.client.clientId, query);
    const changes = new EventChanges();
    for (const eventId of touched) changes.add(eventId, METADATA);
    await changes.record(ctx.db, ctx.clock, ctx.client.clientId);
    return { status: 200 };
  }),
];
