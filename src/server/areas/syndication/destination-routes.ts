/**
 * Media destinations and their properties (service-interface.md "Media syndication:
 * destinations"). A new destination is inactive; the activation workflow (PUT .../activate/{id})
 * asks its target what the user must do: on the simulated platforms, open an authorisation page
 * (authorise-extension.ts) and allow; Custom destinations need nothing. PUT .../active/{id}?active=
 * repairs (true: active without the platform's confirmation) or resets (false: authorise again).
 * The property operations serve the destinations of both apis (media and direct, direct-routes.ts):
 * the simulated faults are set the same way on either.
 */
import { endpoints } from '#schema';
import { badField, notFound, validationError } from '../../http/errors.ts';
import { implement, type Implementation } from '../../http/implement.ts';
import {
  activeFlag,
  checkActivationOnTarget,
  destinationOr404,
  keepActivation,
  normaliseConfig,
  targetFilterOf,
  toMediaDestination,
  toProperty,
  updatedActivation,
} from './destinations.ts';
import { deleteDestination, deleteProperties, findDestination, findProperty, findPropertyByKey, insertDestination, listDestinations, propertiesOf, saveProperty, updateDestination } from './destination-repo.ts';
import { recordChange } from '../../changes/record-entity.ts';

export const destinationRoutes: Implementation[] = [
  implement(endpoints.mediaDestination.create, async ({ body }, ctx) => {
    const now = ctx.clock.now();
    const row = await insertDestination(ctx.db, {
      clientId: ctx.client.clientId,
      name: body.name,
      target: body.target,
      configJson: normaliseConfig(body.destinationJson),
      active: body.active ?? false,
      activation: { status: 'none' },
      dateCreated: now,
      dateModified: now,
    });
    await recordChange(ctx.db, ctx.clock, ctx.client.clientId, { kind: 'destination', id: row.id, action: 'Added' });
    return { status: 200, body: toMediaDestination(row) };
  }),

  implement(endpoints.mediaDestination.update, async ({ params, body }, ctx) => {
    const existing = await destinationOr404(ctx.db, ctx.client.clientId, params.id);
    const row = await updateDestination(ctx.db, ctx.client.clientId, existing.id, {
      name: body.name,
      target: body.target,
      configJson: normaliseConfig(body.destinationJson),
      // Another target means another platform account: the activation starts again.
      ...updatedActivation(existing, body.target, body.active),
      dateModified: ctx.clock.now(),
    });
    await recordChange(ctx.db, ctx.clock, ctx.client.clientId, { kind: 'destination', id: existing.id, action: 'Updated' });
    return { status: 200, body: toMediaDestination(row!) };
  }),

  implement(endpoints.mediaDestination.setActive, async ({ params, query }, ctx) => {
    const existing = await destinationOr404(ctx.db, ctx.client.clientId, params.id);
    const row = await updateDestination(ctx.db, ctx.client.clientId, existing.id, activeFlag(query.active));
    await recordChange(ctx.db, ctx.clock, ctx.client.clientId, { kind: 'destination', id: existing.id, action: 'Updated' });
    return { status: 200, body: toMediaDestination(row!) };
  }),

  implement(
    endpoints.mediaDestination.activate,
    async (_input, ctx, checked: Awaited<ReturnType<typeof checkActivationOnTarget>>) => ({ status: 200, body: await keepActivation(ctx.db, ctx.clock, ctx.client.clientId, checked) }),
    { prepare: ({ params }, ctx) => checkActivationOnTarget(ctx.db, ctx.clock, ctx, ctx.client.clientId, params.id, 'media') },
  ),

  implement(endpoints.mediaDestination.list, async ({ query }, ctx) => {
    const rows = await listDestinations(ctx.db, ctx.client.clientId, { api: 'media', target: targetFilterOf(query.targetFilter), onlyActive: query.onlyActive });
    return { status: 200, body: rows.map(toMediaDestination) };
  }),

  implement(endpoints.mediaDestination.get, async ({ params }, ctx) => ({
    status: 200,
    body: toMediaDestination(await destinationOr404(ctx.db, ctx.client.clientId, params.id)),
  })),

  implement(endpoints.mediaDestination.delete, async ({ params }, ctx) => {
    const existing = await destinationOr404(ctx.db, ctx.client.clientId, params.id);
    await deleteDestination(ctx.db, ctx.client.clientId, existing.id);
    await recordChange(ctx.db, ctx.clock, ctx.client.clientId, { kind: 'destination', id: existing.id, action: 'Deleted' });
    return { status: 200 };
  }),

  // ---- Properties ----

  implement(endpoints.mediaDestinationProperty.upsert, async ({ body }, ctx) => {
    const clientId = ctx.client.clientId;
    const destination = await findDestination(ctx.db, clientId, body.destinationId, 'any');
    if (!destination) throw badField('body.destinationId', 'no destination with this id');
    const target = body.id ? await findProperty(ctx.db, clientId, body.id) : undefined;
    if (body.id && !target) throw badField('body.id', 'no destination property with this id');
    if (target && target.destinationId !== destination.id) throw badField('body.id', 'belongs to another destination');
    const clash = await findPropertyByKey(ctx.db, clientId, destination.id, body.category, body.key);
    if (target && clash && clash.id !== target.id) {
      throw validationError([{ field: 'body.key', message: `the destination already has a property ${body.category}/${body.key}` }]);
    }
    const row = await saveProperty(ctx.db, clientId, (target ?? clash)?.id, { destinationId: destination.id, category: body.category, key: body.key, value: body.value });
    return { status: 200, body: toProperty(row, ctx.client.clientName) };
  }),

  implement(endpoints.mediaDestinationProperty.list, async ({ params, query }, ctx) => {
    await destinationOr404(ctx.db, ctx.client.clientId, params.destinationId, 'any');
    const rows = await propertiesOf(ctx.db, ctx.client.clientId, [params.destinationId], query);
    return { status: 200, body: rows.map((r) => toProperty(r, ctx.client.clientName)) };
  }),

  implement(endpoints.mediaDestinationProperty.get, async ({ params }, ctx) => {
    const row = await findProperty(ctx.db, ctx.client.clientId, params.id);
    if (!row) throw notFound(`No destination property ${params.id}`);
    return { status: 200, body: toProperty(row, ctx.client.clientName) };
  }),

  implement(endpoints.mediaDestinationProperty.getByKey, async ({ params, query }, ctx) => {
    await destinationOr404(ctx.db, ctx.client.clientId, params.destinationId, 'any');
    const row = await findPropertyByKey(ctx.db, ctx.client.clientId, params.destinationId, query.category, query.key);
    if (!row) throw notFound(`The destination has no property ${query.category}/${query.key}`);
    return { status: 200, body: toProperty(row, ctx.client.clientName) };
  }),

  implement(endpoints.mediaDestinationProperty.delete, async ({ params }, ctx) => {
    if ((await deleteProperties(ctx.db, ctx.client.clientId, { id: params.id })) === 0) throw notFound(`No destination property ${params.id}`);
    return { status: 200 };
  }),

  implement(endpoints.mediaDestinationProperty.deleteByKey, async ({ params, query }, ctx) => {
    await destinationOr404(ctx.db, ctx.client.clientId, params.destinationId, 'any');
    const deleted = await deleteProperties(ctx.db, ctx.client.clientId, { destinationId: params.destinationId, category: query.category, key: query.key });
    if (deleted === 0) throw notFound(`The destination has no property ${query.category}/${query.key}`);
    return { status: 200 };
  }),

  implement(endpoints.mediaDestinationProperty.deleteAll, async ({ params, query }, ctx) => {
    await destinationOr404(ctx.db, ctx.client.clientId, params.destinationId, 'any');
    await deleteProperties(ctx.db, ctx.client.clientId, { destinationId: params.destinationId, ...query });
    return { status: 200 };
  }),
];
