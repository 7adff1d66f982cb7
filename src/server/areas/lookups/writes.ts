/**
 * Writes of the lookups (public-facts.md §4). Every statement is scoped to one client, and runs
 * in the request's transaction (implement.ts), so a rule that fails half-way leaves nothing.
 *
 * What a deletion does to the events that use the lookup, per resource:
 * - category, tag, room, property configuration: the lookup goes and each event simply loses it
 *   (link removed or reference cleared). These are labels and templates: an event is complete
 *   without them. Each such event counts as modified (dateModified) and gets a change recorded
 *   (Updated, metadataChanged), so webhooks and GET /event/?fromModified= see it.
 * - channel, xflow (also as remixflow), infrastructure profile: refused with 400 and the number of
 *   events while any event that is not deleted uses it. These carry how an event streams, is
 *   processed or provisioned; silently removing them would break events, live ones included.
 *   Deleted events do not hold a deletion back: their reference is cleared and recorded as above.
 * Renaming a lookup (or changing its configuration) writes nothing to events: they show lookups'
 * names through joins when read, and no webhook is sent, since no event row changed.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  CategoryBody,
  ChannelBody,
  InfrastructureProfileBody,
  PropertyConfigurationBody,
  RoomBody,
  XflowBody,
} from '#schema';
import type { DbOrTx } from '../../db/database.ts';
import {
  categories,
  channels,
  eventCategories,
  events,
  eventTags,
  infrastructureProfiles,
  propertyConfigurations,
  rooms,
  tags,
  xflows,
  type CategoryCustomPropertyRow,
} from '../../db/tables/index.ts';
import type { Clock } from '../../jobs/clock.ts';
import { EventChanges } from '../custom-property/index.ts';
import type { CategoryRow, ChannelRow, InfrastructureProfileRow, PropertyConfigurationRow, RoomRow, TagRow, XflowRow } from './repo.ts';

type Out<S extends z.ZodType> = z.output<S>;

/** Records one metadata change per event (and touches its dateModified). */
async function recordMetadataChanges(db: DbOrTx, clock: Clock, clientId: string, eventIds: Iterable<string>): Promise<void> {
  const changes = new EventChanges();
  for (const id of eventIds) changes.add(id, { metadataChanged: true });
  await changes.record(db, clock, clientId);
}

/** Ids of the client's events matching a condition (deleted ones included). */
async function eventIdsWhere(db: DbOrTx, clientId: string, condition: SQL): Promise<{ id: string; deleted: boolean }[]> {
  return db
    .select({ id: events.id, deleted: sql<boolean>`${events.dateDeleted} is not null` })
    .from(events)
    .where(and(eq(events.clientId, clientId), condition));
}

/** The outcome of deleting a lookup: gone, absent, or held back by events that use it. */
export type DeleteOutcome = { kind: 'deleted' } | { kind: 'missing' } | { kind: 'in-use'; events: number };

/**
 * Deletes a lookup that events must not lose while they are live data (channel, xflow,
 * infrastructure profile): refused while events that are not deleted use it.
 */
async function deleteGuarded(
  db: DbOrTx,
  clock: Clock,
  clientId: string,
  uses: SQL,
  remove: () => Promise<unknown[]>,
): Promise<DeleteOutcome> {
  const using = await eventIdsWhere(db, clientId, uses);
  const live = using.filter((e) => !e.deleted).length;
  if (live > 0) return { kind: 'in-use', events: live };
  // The foreign keys clear the references of deleted events (ON DELETE SET NULL).
  if ((await remove()).length === 0) return { kind: 'missing' };
  await recordMetadataChanges(db, clock, clientId, using.map((e) => e.id));
  return { kind: 'deleted' };
}

// ---- Categories -------------------------------------------------------------------------------

/** The category with this label (any case), other than `exceptId`. */
export async function findCategoryLabelled(db: DbOrTx, clientId: string, label: string, exceptId?: string): Promise<CategoryRow | undefined> {
  const rows = await db
    .select()
    .from(categories)
    .where(and(eq(categories.clientId, clientId), sql`lower(${categories.label}) = lower(${label})`));
  return rows.find((r) => r.id !== exceptId);
}

/**
 * A category's custom properties as stored: a property keeps its id when re-sent without one
 * (matched by category and key), as custom properties of events do.
 */
function categoryProperties(items: Out<typeof CategoryBody>['customProperties'], existing: CategoryCustomPropertyRow[] = []): CategoryCustomPropertyRow[] {
  return (items ?? []).map((p) => ({
    id: p.id ?? existing.find((e) => e.category === p.category && e.key === p.key)?.id ?? randomUUID(),
    category: p.category,
    key: p.key,
    value: p.value,
  }));
}

export async function createCategory(db: DbOrTx, clientId: string, body: Out<typeof CategoryBody>, now: Date): Promise<CategoryRow> {
  const [row] = await db
    .insert(categories)
    .values({
      clientId,
      name: body.name,
      label: body.label,
      description: body.description ?? null,
      customProperties: categoryProperties(body.customProperties),
      dateCreated: now,
      dateModified: now,
    })
    .returning();
  return row!;
}

export async function updateCategory(
  db: DbOrTx,
  clientId: string,
  current: CategoryRow,
  body: Out<typeof CategoryBody>,
  now: Date,
): Promise<CategoryRow> {
  const [row] = await db
    .update(categories)
    .set({
      name: body.name,
      label: body.label,
      description: body.description ?? null,
      customProperties: categoryProperties(body.customProperties, current.customProperties),
      dateModified: now,
    })
    .where(and(eq(categories.clientId, clientId), eq(categories.id, current.id)))
    .returning();
  return row!;
}

/** Deletes a category; its events lose it. False when the client has no such category. */
export async function deleteCategory(db: DbOrTx, clock: Clock, clientId: string, id: string): Promise<boolean> {
  const linked = await db
    .select({ eventId: eventCategories.eventId })
    .from(eventCategories)
    .where(and(eq(eventCategories.clientId, clientId), eq(eventCategories.categoryId, id)));
  const deleted = await db
    .delete(categories)
    .where(and(eq(categories.clientId, clientId), eq(categories.id, id)))
    .returning({ id: categories.id });
  if (deleted.length === 0) return false;
  await recordMetadataChanges(db, clock, clientId, linked.map((l) => l.eventId));
  return true;
}

// ---- Rooms ------------------------------------------------------------------------------------

export async function createRoom(db: DbOrTx, clientId: string, body: Out<typeof RoomBody>, now: Date): Promise<RoomRow> {
  const [row] = await db
    .insert(rooms)
    .values({ clientId, name: body.name, referenceId: body.referenceId ?? null, dateCreated: now, dateModified: now })
    .returning();
  return row!;
}

export async function updateRoom(db: DbOrTx, clientId: string, id: string, body: Out<typeof RoomBody>, now: Date): Promise<RoomRow | undefined> {
  const [row] = await db
    .update(rooms)
    .set({ name: body.name, referenceId: body.referenceId ?? null, dateModified: now })
    .where(and(eq(rooms.clientId, clientId), eq(rooms.id, id)))
    .returning();
  return row;
}

/** Deletes a room; its events are left without a room. False when the client has no such room. */
export async function deleteRoom(db: DbOrTx, clock: Clock, clientId: string, id: string): Promise<boolean> {
  const using = await eventIdsWhere(db, clientId, eq(events.roomId, id));
  const deleted = await db
    .delete(rooms)
    .where(and(eq(rooms.clientId, clientId), eq(rooms.id, id)))
    .returning({ id: rooms.id });
  if (deleted.length === 0) return false;
  await recordMetadataChanges(db, clock, clientId, using.map((e) => e.id));
  return true;
}

// ---- Tags -------------------------------------------------------------------------------------

/** The tag with this name (any case), other than `exceptId`. */
export async function findTagNamedOther(db: DbOrTx, clientId: string, name: string, exceptId?: string): Promise<TagRow | undefined> {
  const rows = await db
    .select()
    .from(tags)
    .where(and(eq(tags.clientId, clientId), sql`lower(${tags.name}) = lower(${name})`));
  return rows.find((r) => r.id !== exceptId);
}

export async function createTag(db: DbOrTx, clientId: string, name: string, now: Date): Promise<TagRow> {
  const [row] = await db.insert(tags).values({ clientId, name, dateCreated: now }).returning();
  return row!;
}

export async function renameTag(db: DbOrTx, clientId: string, id: string, name: string): Promise<TagRow | undefined> {
  const [row] = await db
    .update(tags)
    .set({ name })
    .where(and(eq(tags.clientId, clientId), eq(tags.id, id)))
    .returning();
  return row;
}

/**
 * Replaces the tags of an event with `wanted`: an item names a tag by id when the client has that
 * tag, else by name (any case), and a name no tag has yet adds a tag. Writes (and records a
 * change) only when the set differs. False when the client has no such event (deleted counts as none).
 */
export async function setEventTags(
  db: DbOrTx,
  clock: Clock,
  clientId: string,
  eventId: string,
  wanted: { id?: string | undefined; name: string }[],
): Promise<boolean> {
  const [event] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.clientId, clientId), eq(events.id, eventId), isNull(events.dateDeleted)));
  if (!event) return false;

  const byId = new Map<string, TagRow>();
  const byName = new Map<string, TagRow>();
  const wantedIds = wanted.flatMap((w) => (w.id ? [w.id] : []));
  const wantedNames = wanted.map((w) => w.name.toLowerCase());
  const known = await db
    .select()
    .from(tags)
    .where(
      and(
        eq(tags.clientId, clientId),
        or(
          ...(wantedIds.length > 0 ? [inArray(tags.id, wantedIds)] : []),
          ...(wantedNames.length > 0 ? [inArray(sql`lower(${tags.name})`, wantedNames)] : []),
          sql`false`,
        ),
      ),
    );
  for (const tag of known) {
    byId.set(tag.id, tag);
    byName.set(tag.name.toLowerCase(), tag);
  }
  const chosen = new Set<string>();
  for (const item of wanted) {
    let tag = (item.id && byId.get(item.id)) || byName.get(item.name.toLowerCase());
    if (!tag) {
      tag = await createTag(db, clientId, item.name, clock.now());
      byName.set(tag.name.toLowerCase(), tag);
    }
    chosen.add(tag.id);
  }

  const current = await db
    .select({ tagId: eventTags.tagId })
    .from(eventTags)
    .where(and(eq(eventTags.clientId, clientId), eq(eventTags.eventId, eventId)));
  const before = new Set(current.map((c) => c.tagId));
  if (before.size === chosen.size && [...chosen].every((id) => before.has(id))) return true;

  await db.delete(eventTags).where(and(eq(eventTags.clientId, clientId), eq(eventTags.eventId, eventId)));
  if (chosen.size > 0) await db.insert(eventTags).values([...chosen].map((tagId) => ({ clientId, eventId, tagId })));
  await recordMetadataChanges(db, clock, clientId, [eventId]);
  return true;
}

/** Deletes a tag; it leaves every event that had it. False when the client has no such tag. */
export async function deleteTag(db: DbOrTx, clock: Clock, clientId: string, id: string): Promise<boolean> {
  const linked = await db
    .select({ eventId: eventTags.eventId })
    .from(eventTags)
    .where(and(eq(eventTags.clientId, clientId), eq(eventTags.tagId, id)));
  const deleted = await db
    .delete(tags)
    .where(and(eq(tags.clientId, clientId), eq(tags.id, id)))
    .returning({ id: tags.id });
  if (deleted.length === 0) return false;
  await recordMetadataChanges(db, clock, clientId, linked.map((l) => l.eventId));
  return true;
}

// ---- Configured lookups ------------------------------------------------------------------------

/**
 * Channels, xflows, infrastructure profiles and property configurations are each a name, a
 * reference id and a configuration (JSON text their body schema has already checked), in tables
 * of one shape; one writer serves the four. Xflow bodies carry no reference id: a write without
 * one leaves the column as it is.
 */
type ConfiguredTable = typeof channels | typeof xflows | typeof infrastructureProfiles | typeof propertyConfigurations;

interface ConfiguredValues {
  name: string;
  referenceId?: string | null | undefined;
  configurationJson: string;
}

function configuredColumns(values: ConfiguredValues) {
  return {
    name: values.name,
    configurationJson: values.configurationJson,
    ...('referenceId' in values ? { referenceId: values.referenceId ?? null } : {}),
  };
}

async function createConfigured<T extends ConfiguredTable>(db: DbOrTx, table: T, clientId: string, values: ConfiguredValues, now: Date): Promise<T['$inferSelect']> {
  // The four tables share their columns, so the union's insert is sound; drizzle cannot type a union of tables.
  const [row] = await db
    .insert(table as typeof channels)
    .values({ clientId, ...configuredColumns(values), dateCreated: now, dateModified: now })
    .returning();
  return row!;
}

async function updateConfigured<T extends ConfiguredTable>(
  db: DbOrTx,
  table: T,
  clientId: string,
  id: string,
  values: ConfiguredValues,
  now: Date,
): Promise<T['$inferSelect'] | undefined> {
  const t = table as typeof channels;
  const [row] = await db
    .update(t)
    .set({ ...configuredColumns(values), dateModified: now })
    .where(and(eq(t.clientId, clientId), eq(t.id, id)))
    .returning();
  return row;
}

/** Deletes a configured lookup that events must keep while they use it (see deleteGuarded). */
function deleteConfigured(db: DbOrTx, clock: Clock, table: ConfiguredTable, clientId: string, id: string, uses: SQL): Promise<DeleteOutcome> {
  const t = table as typeof channels;
  return deleteGuarded(db, clock, clientId, uses, () =>
    db
      .delete(t)
      .where(and(eq(t.clientId, clientId), eq(t.id, id)))
      .returning({ id: t.id }),
  );
}

// ---- Channels ---------------------------------------------------------------------------------

export function createChannel(db: DbOrTx, clientId: string, body: Out<typeof ChannelBody>, now: Date): Promise<ChannelRow> {
  return createConfigured(db, channels, clientId, { name: body.name, referenceId: body.referenceId, configurationJson: body.configurationJson }, now);
}

export function updateChannel(db: DbOrTx, clientId: string, id: string, body: Out<typeof ChannelBody>, now: Date): Promise<ChannelRow | undefined> {
  return updateConfigured(db, channels, clientId, id, { name: body.name, referenceId: body.referenceId, configurationJson: body.configurationJson }, now);
}

export function deleteChannel(db: DbOrTx, clock: Clock, clientId: string, id: string): Promise<DeleteOutcome> {
  return deleteConfigured(db, clock, channels, clientId, id, eq(events.channelId, id));
}

// ---- Xflows -----------------------------------------------------------------------------------

export function createXflow(db: DbOrTx, clientId: string, body: Out<typeof XflowBody>, now: Date): Promise<XflowRow> {
  return createConfigured(db, xflows, clientId, body, now);
}

export function updateXflow(db: DbOrTx, clientId: string, id: string, body: Out<typeof XflowBody>, now: Date): Promise<XflowRow | undefined> {
  return updateConfigured(db, xflows, clientId, id, body, now);
}

/** An xflow is in use as an event's xflow or as its remixflow. */
export function deleteXflow(db: DbOrTx, clock: Clock, clientId: string, id: string): Promise<DeleteOutcome> {
  return deleteConfigured(db, clock, xflows, clientId, id, or(eq(events.xflowId, id), eq(events.remixflowId, id))!);
}

// ---- Infrastructure profiles ------------------------------------------------------------------

export function createInfrastructureProfile(
  db: DbOrTx,
  clientId: string,
  body: Out<typeof InfrastructureProfileBody>,
  now: Date,
): Promise<InfrastructureProfileRow> {
  return createConfigured(db, infrastructureProfiles, clientId, body, now);
}

export function updateInfrastructureProfile(
  db: DbOrTx,
  clientId: string,
  id: string,
  body: Out<typeof InfrastructureProfileBody>,
  now: Date,
): Promise<InfrastructureProfileRow | undefined> {
  return updateConfigured(db, infrastructureProfiles, clientId, id, { ...body, referenceId: body.referenceId ?? null }, now);
}

export function deleteInfrastructureProfile(db: DbOrTx, clock: Clock, clientId: string, id: string): Promise<DeleteOutcome> {
  return deleteConfigured(db, clock, infrastructureProfiles, clientId, id, eq(events.infrastructureProfileId, id));
}

// ---- Property configurations ------------------------------------------------------------------

export function createPropertyConfiguration(
  db: DbOrTx,
  clientId: string,
  body: Out<typeof PropertyConfigurationBody>,
  now: Date,
): Promise<PropertyConfigurationRow> {
  return createConfigured(db, propertyConfigurations, clientId, body, now);
}

export function updatePropertyConfiguration(
  db: DbOrTx,
  clientId: string,
  id: string,
  body: Out<typeof PropertyConfigurationBody>,
  now: Date,
): Promise<PropertyConfigurationRow | undefined> {
  return updateConfigured(db, propertyConfigurations, clientId, id, { ...body, referenceId: body.referenceId ?? null }, now);
}

/**
 * Deletes a template; its events keep the custom properties generated from it and lose only the
 * link (GET /clientproperty/{eventId} then answers 204, "no template"). False when missing.
 */
export async function deletePropertyConfiguration(db: DbOrTx, clock: Clock, clientId: string, id: string): Promise<boolean> {
  const using = await eventIdsWhere(db, clientId, eq(events.customPropertyConfigurationId, id));
  const deleted = await db
    .delete(propertyConfigurations)
    .where(and(eq(propertyConfigurations.clientId, clientId), eq(propertyConfigurations.id, id)))
    .returning({ id: propertyConfigurations.id });
  if (deleted.length === 0) return false;
  await recordMetadataChanges(db, clock, clientId, using.map((e) => e.id));
  return true;
}
