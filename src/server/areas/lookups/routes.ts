/**
 * Routes of the lookups (public-facts.md §4): channels, rooms, categories, tags, xflows,
 * infrastructure profiles and property configurations, each with its list of events where the
 * schema has one. A missing (or another client's) resource is a 204 where the record declares
 * one, and a 404 for a write. What deleting a lookup in use does is written down in writes.ts.
 */
import { endpoints, type FieldError } from '#schema';
import { badField, badRequest, notFound, validationError } from '../../http/errors.ts';
import { implement, type Implementation, type RequestContext } from '../../http/implement.ts';
import { storedText } from '../../http/service-url.ts';
import { eventCollection } from '../event/index.ts';
import {
  findTagNamed,
  getCategory,
  getChannel,
  getInfrastructureProfile,
  getPropertyConfiguration,
  getPropertyConfigurationByReference,
  getRoom,
  getRoomByReference,
  getTag,
  getXflow,
  listCategories,
  listChannels,
  listEventTags,
  listInfrastructureProfiles,
  listPropertyConfigurations,
  listRooms,
  listTags,
  listXflows,
} from './repo.ts';
import {
  toCategory,
  toChannel,
  toInfrastructureProfile,
  toPropertyConfiguration,
  toRoom,
  toTag,
  toXflow,
} from './serialize.ts';
import {
  createCategory,
  createChannel,
  createInfrastructureProfile,
  createPropertyConfiguration,
  createRoom,
  createTag,
  createXflow,
  deleteCategory,
  deleteChannel,
  deleteInfrastructureProfile,
  deletePropertyConfiguration,
  deleteRoom,
  deleteTag,
  deleteXflow,
  findCategoryLabelled,
  findTagNamedOther,
  renameTag,
  setEventTags,
  updateCategory,
  updateChannel,
  updateInfrastructureProfile,
  updatePropertyConfiguration,
  updateRoom,
  updateXflow,
  type DeleteOutcome,
} from './writes.ts';

/** 200 with the body, or 204 when there is nothing. */
const found = <T>(row: T | undefined) => (row === undefined ? ({ status: 204 } as const) : ({ status: 200, body: row } as const));

/** Whether a database error is a unique violation (a value taken by a concurrent request). */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Turns the unique index's refusal (a race the check before the write missed) into the same 400. */
const orClash = (clash: () => Error) => (error: unknown): never => {
  throw isUniqueViolation(error) ? clash() : error;
};

const labelTaken = (label: string) => badField('body.label', `a category labelled "${label}" already exists`);
const tagTaken = (name: string) => badField('body.name', `a tag named "${name}" already exists`);

/** A category's custom properties: one value per (category, key), and ids used once. */
function checkCategoryProperties(items: { id?: string | null | undefined; category: string; key: string }[] | undefined): void {
  const errors: FieldError[] = [];
  const pairs = new Set<string>();
  const ids = new Set<string>();
  (items ?? []).forEach((item, i) => {
    const pair = JSON.stringify([item.category, item.key]);
    if (pairs.has(pair)) errors.push({ field: `body.customProperties.${i}.key`, message: `"${item.category}/${item.key}" is given twice` });
    pairs.add(pair);
    if (item.id) {
      if (ids.has(item.id)) errors.push({ field: `body.customProperties.${i}.id`, message: `id ${item.id} is given twice` });
      ids.add(item.id);
    }
  });
  if (errors.length > 0) throw validationError(errors);
}

/** The answer to deleting a lookup that events need: 400 with how many use it. */
function inUse(what: string, id: string, outcome: DeleteOutcome): void {
  if (outcome.kind === 'missing') throw notFound(`There is no ${what} ${id}`);
  if (outcome.kind === 'in-use') {
    throw badRequest(
      `The ${what} is used by ${outcome.events} event${outcome.events === 1 ? '' : 's'}; give them another ${what} (or delete them) first`,
      { events: outcome.events },
    );
  }
}

/** A channel's or xflow's body as stored: URLs naming this service without its host (http/service-url.ts). */
function stored<B extends { configurationJson: string }>(body: B, ctx: RequestContext): B {
  return { ...body, configurationJson: storedText(body.configurationJson, ctx.ownUrls) };
}

export const lookupRoutes: Implementation[] = [
  implement(endpoints.channel.list, async (_input, ctx) => ({
    status: 200,
    body: (await listChannels(ctx.db, ctx.client.clientId)).map((r) => toChannel(r, ctx.serviceUrl)),
  })),
  implement(endpoints.channel.get, async ({ params }, ctx) => {
    const row = await getChannel(ctx.db, ctx.client.clientId, params.id);
    return found(row && toChannel(row, ctx.serviceUrl));
  }),
  implement(endpoints.channel.events, async ({ params, query }, ctx) => ({
    status: 200,
    body: await eventCollection(ctx.db, ctx.client.clientId, { channelId: params.id }, query),
  })),

  implement(endpoints.room.list, async (_input, ctx) => ({ status: 200, body: (await listRooms(ctx.db, ctx.client.clientId)).map(toRoom) })),
  implement(endpoints.room.get, async ({ params }, ctx) => {
    const row = await getRoom(ctx.db, ctx.client.clientId, params.id);
    return found(row && toRoom(row));
  }),
  implement(endpoints.room.getByReference, async ({ query }, ctx) => {
    const row = await getRoomByReference(ctx.db, ctx.client.clientId, query.id);
    return found(row && toRoom(row));
  }),
  implement(endpoints.room.events, async ({ params, query }, ctx) => ({
    status: 200,
    body: await eventCollection(ctx.db, ctx.client.clientId, { roomId: params.id }, query),
  })),

  implement(endpoints.category.list, async (_input, ctx) => ({
    status: 200,
    body: (await listCategories(ctx.db, ctx.client.clientId)).map(toCategory),
  })),
  implement(endpoints.category.get, async ({ params }, ctx) => {
    const row = await getCategory(ctx.db, ctx.client.clientId, params.id);
    return found(row && toCategory(row));
  }),
  implement(endpoints.category.events, async ({ params, query }, ctx) => ({
    status: 200,
    body: await eventCollection(ctx.db, ctx.client.clientId, { categoryId: params.id }, query),
  })),

  implement(endpoints.tag.list, async (_input, ctx) => ({ status: 200, body: (await listTags(ctx.db, ctx.client.clientId)).map(toTag) })),
  implement(endpoints.tag.get, async ({ params }, ctx) => {
    const row = await getTag(ctx.db, ctx.client.clientId, params.id);
    return found(row && toTag(row));
  }),
  implement(endpoints.tag.exists, async ({ params }, ctx) => ({
    status: 200,
    body: { exists: (await findTagNamed(ctx.db, ctx.client.clientId, params.text.trim())) !== undefined },
  })),
  implement(endpoints.tag.listForEvent, async ({ params }, ctx) => {
    const rows = await listEventTags(ctx.db, ctx.client.clientId, params.id);
    if (!rows) throw notFound(`There is no event ${params.id}`);
    return { status: 200, body: rows.map(toTag) };
  }),
  implement(endpoints.tag.events, async ({ params, query }, ctx) => ({
    status: 200,
    body: await eventCollection(ctx.db, ctx.client.clientId, { tagId: params.id }, query),
  })),

  implement(endpoints.xflow.list, async (_input, ctx) => ({ status: 200, body: (await listXflows(ctx.db, ctx.client.clientId)).map((r) => toXflow(r, ctx.serviceUrl)) })),
  implement(endpoints.xflow.get, async ({ params }, ctx) => {
    const row = await getXflow(ctx.db, ctx.client.clientId, params.id);
    return found(row && toXflow(row, ctx.serviceUrl));
  }),

  implement(endpoints.infrastructureProfile.list, async (_input, ctx) => ({
    status: 200,
    body: (await listInfrastructureProfiles(ctx.db, ctx.client.clientId)).map(toInfrastructureProfile),
  })),
  implement(endpoints.infrastructureProfile.get, async ({ params }, ctx) => {
    const row = await getInfrastructureProfile(ctx.db, ctx.client.clientId, params.id);
    return found(row && toInfrastructureProfile(row));
  }),

  implement(endpoints.propertyConfiguration.list, async (_input, ctx) => ({
    status: 200,
    body: (await listPropertyConfigurations(ctx.db, ctx.client.clientId)).map(toPropertyConfiguration),
  })),
  implement(endpoints.propertyConfiguration.get, async ({ params }, ctx) => {
    const row = await getPropertyConfiguration(ctx.db, ctx.client.clientId, params.id);
    return found(row && toPropertyConfiguration(row));
  }),
  implement(endpoints.propertyConfiguration.getByReference, async ({ query }, ctx) => {
    const row = await getPropertyConfigurationByReference(ctx.db, ctx.client.clientId, query.id);
    return found(row && toPropertyConfiguration(row));
  }),

  // ---- Writes -----------------------------------------------------------------------------------

  implement(endpoints.category.create, async ({ body }, ctx) => {
    checkCategoryProperties(body.customProperties);
    if (await findCategoryLabelled(ctx.db, ctx.client.clientId, body.label)) throw labelTaken(body.label);
    const row = await createCategory(ctx.db, ctx.client.clientId, body, ctx.clock.now()).catch(orClash(() => labelTaken(body.label)));
    return { status: 200, body: toCategory(row) };
  }),
  implement(endpoints.category.update, async ({ params, body }, ctx) => {
    const current = await getCategory(ctx.db, ctx.client.clientId, params.id);
    if (!current) throw notFound(`There is no category ${params.id}`);
    checkCategoryProperties(body.customProperties);
    if (await findCategoryLabelled(ctx.db, ctx.client.clientId, body.label, params.id)) throw labelTaken(body.label);
    const row = await updateCategory(ctx.db, ctx.client.clientId, current, body, ctx.clock.now()).catch(orClash(() => labelTaken(body.label)));
    return { status: 200, body: toCategory(row) };
  }),
  implement(endpoints.category.delete, async ({ params }, ctx) => {
    if (!(await deleteCategory(ctx.db, ctx.clock, ctx.client.clientId, params.id))) throw notFound(`There is no category ${params.id}`);
    return { status: 200 };
  }),

  implement(endpoints.room.create, async ({ body }, ctx) => ({
    status: 201,
    body: toRoom(await createRoom(ctx.db, ctx.client.clientId, body, ctx.clock.now())),
  })),
  implement(endpoints.room.update, async ({ params, body }, ctx) => {
    const row = await updateRoom(ctx.db, ctx.client.clientId, params.id, body, ctx.clock.now());
    if (!row) throw notFound(`There is no room ${params.id}`);
    return { status: 200, body: toRoom(row) };
  }),
  implement(endpoints.room.delete, async ({ params }, ctx) => {
    if (!(await deleteRoom(ctx.db, ctx.clock, ctx.client.clientId, params.id))) throw notFound(`There is no room ${params.id}`);
    return { status: 410 };
  }),

  implement(endpoints.tag.create, async ({ body }, ctx) => {
    if (await findTagNamedOther(ctx.db, ctx.client.clientId, body.name)) throw tagTaken(body.name);
    const row = await createTag(ctx.db, ctx.client.clientId, body.name, ctx.clock.now()).catch(orClash(() => tagTaken(body.name)));
    return { status: 201, body: toTag(row) };
  }),
  implement(endpoints.tag.update, async ({ body }, ctx) => {
    if (!(await getTag(ctx.db, ctx.client.clientId, body.id))) throw notFound(`There is no tag ${body.id}`);
    if (await findTagNamedOther(ctx.db, ctx.client.clientId, body.name, body.id)) throw tagTaken(body.name);
    const row = await renameTag(ctx.db, ctx.client.clientId, body.id, body.name).catch(orClash(() => tagTaken(body.name)));
    return { status: 200, body: toTag(row!) };
  }),
  implement(endpoints.tag.setForEvent, async ({ params, body }, ctx) => {
    if (!(await setEventTags(ctx.db, ctx.clock, ctx.client.clientId, params.id, body))) throw notFound(`There is no event ${params.id}`);
    const rows = await listEventTags(ctx.db, ctx.client.clientId, params.id);
    return { status: 200, body: (rows ?? []).map(toTag) };
  }),
  implement(endpoints.tag.delete, async ({ params }, ctx) => {
    if (!(await deleteTag(ctx.db, ctx.clock, ctx.client.clientId, params.id))) throw notFound(`There is no tag ${params.id}`);
    return { status: 410 };
  }),

  /** POST /channel/ adds, or updates the channel `id` when given (404 when the client has no such channel). */
  implement(endpoints.channel.upsert, async ({ body }, ctx) => {
    if (body.id) {
      const row = await updateChannel(ctx.db, ctx.client.clientId, body.id, stored(body, ctx), ctx.clock.now());
      if (!row) throw notFound(`There is no channel ${body.id} to update; leave id out to add a channel`);
      return { status: 200, body: toChannel(row, ctx.serviceUrl) };
    }
    return { status: 200, body: toChannel(await createChannel(ctx.db, ctx.client.clientId, stored(body, ctx), ctx.clock.now()), ctx.serviceUrl) };
  }),
  implement(endpoints.channel.delete, async ({ params }, ctx) => {
    inUse('channel', params.id, await deleteChannel(ctx.db, ctx.clock, ctx.client.clientId, params.id));
    return { status: 200 };
  }),

  implement(endpoints.xflow.create, async ({ body }, ctx) => ({
    status: 200,
    body: toXflow(await createXflow(ctx.db, ctx.client.clientId, stored(body, ctx), ctx.clock.now()), ctx.serviceUrl),
  })),
  implement(endpoints.xflow.update, async ({ params, body }, ctx) => {
    const row = await updateXflow(ctx.db, ctx.client.clientId, params.id, stored(body, ctx), ctx.clock.now());
    if (!row) throw notFound(`There is no xflow ${params.id}`);
    return { status: 200, body: toXflow(row, ctx.serviceUrl) };
  }),
  implement(endpoints.xflow.delete, async ({ params }, ctx) => {
    inUse('xflow', params.id, await deleteXflow(ctx.db, ctx.clock, ctx.client.clientId, params.id));
    return { status: 200 };
  }),

  implement(endpoints.infrastructureProfile.create, async ({ body }, ctx) => ({
    status: 200,
    body: toInfrastructureProfile(await createInfrastructureProfile(ctx.db, ctx.client.clientId, body, ctx.clock.now())),
  })),
  implement(endpoints.infrastructureProfile.update, async ({ params, body }, ctx) => {
    const row = await updateInfrastructureProfile(ctx.db, ctx.client.clientId, params.id, body, ctx.clock.now());
    if (!row) throw notFound(`There is no infrastructure profile ${params.id}`);
    return { status: 200, body: toInfrastructureProfile(row) };
  }),
  implement(endpoints.infrastructureProfile.delete, async ({ params }, ctx) => {
    inUse('infrastructure profile', params.id, await deleteInfrastructureProfile(ctx.db, ctx.clock, ctx.client.clientId, params.id));
    return { status: 200 };
  }),

  implement(endpoints.propertyConfiguration.create, async ({ body }, ctx) => ({
    status: 200,
    body: toPropertyConfiguration(await createPropertyConfiguration(ctx.db, ctx.client.clientId, body, ctx.clock.now())),
  })),
  implement(endpoints.propertyConfiguration.update, async ({ params, body }, ctx) => {
    const row = await updatePropertyConfiguration(ctx.db, ctx.client.clientId, params.id, body, ctx.clock.now());
    if (!row) throw notFound(`There is no property configuration ${params.id}`);
    return { status: 200, body: toPropertyConfiguration(row) };
  }),
  implement(endpoints.propertyConfiguration.delete, async ({ params }, ctx) => {
    if (!(await deletePropertyConfiguration(ctx.db, ctx.clock, ctx.client.clientId, params.id))) {
      throw notFound(`There is no property configuration ${params.id}`);
    }
    return { status: 200 };
  }),
];
