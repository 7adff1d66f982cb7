/**
 * Reads of the resources events refer to (public-facts.md §4): channels, rooms, categories, tags,
 * xflows, infrastructure profiles and property configurations. Every query is scoped to one
 * client; lists are ordered by name (case-insensitive, code-point order), then id.
 */
import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import {
  categories,
  channels,
  eventTags,
  events,
  infrastructureProfiles,
  propertyConfigurations,
  rooms,
  tags,
  xflows,
} from '../../db/tables/index.ts';

export type ChannelRow = typeof channels.$inferSelect;
export type RoomRow = typeof rooms.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
export type TagRow = typeof tags.$inferSelect;
export type XflowRow = typeof xflows.$inferSelect;
export type InfrastructureProfileRow = typeof infrastructureProfiles.$inferSelect;
export type PropertyConfigurationRow = typeof propertyConfigurations.$inferSelect;

const byName = (name: AnyColumn, id: AnyColumn): SQL[] => [sql`lower(${name}) collate "C"`, sql`${id}`];

export const listChannels = (db: DbOrTx, clientId: string): Promise<ChannelRow[]> =>
  db.select().from(channels).where(eq(channels.clientId, clientId)).orderBy(...byName(channels.name, channels.id));

export const getChannel = async (db: DbOrTx, clientId: string, id: string): Promise<ChannelRow | undefined> =>
  (await db.select().from(channels).where(and(eq(channels.clientId, clientId), eq(channels.id, id))))[0];

export const listRooms = (db: DbOrTx, clientId: string): Promise<RoomRow[]> =>
  db.select().from(rooms).where(eq(rooms.clientId, clientId)).orderBy(...byName(rooms.name, rooms.id));

export const getRoom = async (db: DbOrTx, clientId: string, id: string): Promise<RoomRow | undefined> =>
  (await db.select().from(rooms).where(and(eq(rooms.clientId, clientId), eq(rooms.id, id))))[0];

/** Reference ids are not unique; the first by name wins. */
export const getRoomByReference = async (db: DbOrTx, clientId: string, referenceId: string): Promise<RoomRow | undefined> =>
  (
    await db
      .select()
      .from(rooms)
      .where(and(eq(rooms.clientId, clientId), eq(rooms.referenceId, referenceId)))
      .orderBy(...byName(rooms.name, rooms.id))
      .limit(1)
  )[0];

/** Categories are listed by label, the name people see. */
export const listCategories = (db: DbOrTx, clientId: string): Promise<CategoryRow[]> =>
  db.select().from(categories).where(eq(categories.clientId, clientId)).orderBy(...byName(categories.label, categories.id));

export const getCategory = async (db: DbOrTx, clientId: string, id: string): Promise<CategoryRow | undefined> =>
  (await db.select().from(categories).where(and(eq(categories.clientId, clientId), eq(categories.id, id))))[0];

export const listTags = (db: DbOrTx, clientId: string): Promise<TagRow[]> =>
  db.select().from(tags).where(eq(tags.clientId, clientId)).orderBy(...byName(tags.name, tags.id));

export const getTag = async (db: DbOrTx, clientId: string, id: string): Promise<TagRow | undefined> =>
  (await db.select().from(tags).where(and(eq(tags.clientId, clientId), eq(tags.id, id))))[0];

/** Tag names are unique per client, case-insensitively. */
export const findTagNamed = async (db: DbOrTx, clientId: string, name: string): Promise<TagRow | undefined> =>
  (await db.select().from(tags).where(and(eq(tags.clientId, clientId), sql`lower(${tags.name}) = lower(${name})`)))[0];

/** The tags of an event, or undefined when the client has no such (not deleted) event. */
export async function listEventTags(db: DbOrTx, clientId: string, eventId: string): Promise<TagRow[] | undefined> {
  const event = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.clientId, clientId), eq(events.id, eventId), sql`${events.dateDeleted} is null`));
  if (event.length === 0) return undefined;
  const rows = await db
    .select({ tag: tags })
    .from(eventTags)
    .innerJoin(tags, and(eq(tags.id, eventTags.tagId), eq(tags.clientId, clientId)))
    .where(and(eq(eventTags.clientId, clientId), eq(eventTags.eventId, eventId)))
    .orderBy(...byName(tags.name, tags.id));
  return rows.map((r) => r.tag);
}

export const listXflows = (db: DbOrTx, clientId: string): Promise<XflowRow[]> =>
  db.select().from(xflows).where(eq(xflows.clientId, clientId)).orderBy(...byName(xflows.name, xflows.id));

export const getXflow = async (db: DbOrTx, clientId: string, id: string): Promise<XflowRow | undefined> =>
  (await db.select().from(xflows).where(and(eq(xflows.clientId, clientId), eq(xflows.id, id))))[0];

export const listInfrastructureProfiles = (db: DbOrTx, clientId: string): Promise<InfrastructureProfileRow[]> =>
  db
    .select()
    .from(infrastructureProfiles)
    .where(eq(infrastructureProfiles.clientId, clientId))
    .orderBy(...byName(infrastructureProfiles.name, infrastructureProfiles.id));

export const getInfrastructureProfile = async (db: DbOrTx, clientId: string, id: string): Promise<InfrastructureProfileRow | undefined> =>
  (
    await db
      .select()
      .from(infrastructureProfiles)
      .where(and(eq(infrastructureProfiles.clientId, clientId), eq(infrastructureProfiles.id, id)))
  )[0];

export const listPropertyConfigurations = (db: DbOrTx, clientId: string): Promise<PropertyConfigurationRow[]> =>
  db
    .select()
    .from(propertyConfigurations)
    .where(eq(propertyConfigurations.clientId, clientId))
    .orderBy(...byName(propertyConfigurations.name, propertyConfigurations.id));

export const getPropertyConfiguration = async (db: DbOrTx, clientId: string, id: string): Promise<PropertyConfigurationRow | undefined> =>
  (
    await db
      .select()
      .from(propertyConfigurations)
      .where(and(eq(propertyConfigurations.clientId, clientId), eq(propertyConfigurations.id, id)))
  )[0];

export const getPropertyConfigurationByReference = async (
  db: DbOrTx,
  clientId: string,
  referenceId: string,
): Promise<PropertyConfigurationRow | undefined> =>
  (
    await db
      .select()
      .from(propertyConfigurations)
      .where(and(eq(propertyConfigurations.clientId, clientId), eq(propertyConfigurations.referenceId, referenceId)))
      .orderBy(...byName(propertyConfigurations.name, propertyConfigurations.id))
      .limit(1)
  )[0];
