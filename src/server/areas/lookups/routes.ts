/**
 * Read routes of the lookups (public-facts.md §4): channels, rooms, categories, tags, xflows,
 * infrastructure profiles and property configurations, each with its list of events where the
 * schema has one. A missing (or another client's) resource is a 204 where the record declares one.
 */
import { endpoints } from '#schema';
import { notFound } from '../../http/errors.ts';
import { implement, type Implementation } from '../../http/implement.ts';
import { eventCollection } from '../event/collection.ts';
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

/** 200 with the body, or 204 when there is nothing. */
const found = <T>(row: T | undefined) => (row === undefined ? ({ status: 204 } as const) : ({ status: 200, body: row } as const));

export const lookupRoutes: Implementation[] = [
  implement(endpoints.channel.list, async (_input, ctx) => ({
    status: 200,
    body: (await listChannels(ctx.db, ctx.client.clientId)).map(toChannel),
  })),
  implement(endpoints.channel.get, async ({ params }, ctx) => {
    const row = await getChannel(ctx.db, ctx.client.clientId, params.id);
    return found(row && toChannel(row));
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

  implement(endpoints.xflow.list, async (_input, ctx) => ({ status: 200, body: (await listXflows(ctx.db, ctx.client.clientId)).map(toXflow) })),
  implement(endpoints.xflow.get, async ({ params }, ctx) => {
    const row = await getXflow(ctx.db, ctx.client.clientId, params.id);
    return found(row && toXflow(row));
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
];
