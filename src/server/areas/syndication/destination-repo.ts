/**
 * The queries of destinations and their properties. Each names the client, except the
 * authorisation page's lookup of its destination by its secret token.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { syndicationDestinationProperties, syndicationDestinations, type ActivationData } from '../../db/tables/syndication.ts';
import type { Api } from './repo.ts';

export type DestinationRow = typeof syndicationDestinations.$inferSelect;
export type PropertyRow = typeof syndicationDestinationProperties.$inferSelect;

// ---- Destinations -------------------------------------------------------------------------------

/** A destination of the client: of one api (/media/destination/ or /destination/), or of either (`any`). */
export async function findDestination(db: DbOrTx, clientId: string, id: string, api: Api | 'any' = 'media'): Promise<DestinationRow | undefined> {
  const [row] = await db
    .select()
    .from(syndicationDestinations)
    .where(and(eq(syndicationDestinations.clientId, clientId), eq(syndicationDestinations.id, id), ...(api === 'any' ? [] : [eq(syndicationDestinations.api, api)])));
  return row;
}

export async function listDestinations(db: DbOrTx, clientId: string, filter: { api: Api; target?: number | undefined; onlyActive?: boolean | undefined }): Promise<DestinationRow[]> {
  return db
    .select()
    .from(syndicationDestinations)
    .where(
      and(
        eq(syndicationDestinations.clientId, clientId),
        eq(syndicationDestinations.api, filter.api),
        ...(filter.target !== undefined ? [eq(syndicationDestinations.target, filter.target)] : []),
        ...(filter.onlyActive ? [eq(syndicationDestinations.active, true)] : []),
      ),
    )
    .orderBy(asc(syndicationDestinations.name), asc(syndicationDestinations.id));
}

/** The client's destinations of these ids (of one api, or any), for checks and answers. */
export async function destinationsByIds(db: DbOrTx, clientId: string, ids: readonly string[], api: Api | 'any' = 'any'): Promise<DestinationRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(syndicationDestinations)
    .where(and(eq(syndicationDestinations.clientId, clientId), inArray(syndicationDestinations.id, [...new Set(ids)]), ...(api === 'any' ? [] : [eq(syndicationDestinations.api, api)])));
}

export async function insertDestination(db: DbOrTx, values: typeof syndicationDestinations.$inferInsert): Promise<DestinationRow> {
  const [row] = await db.insert(syndicationDestinations).values(values).returning();
  return row!;
}

/** Writes a destination's columns (the only way a destination changes); undefined when it is gone. */
export async function updateDestination(db: DbOrTx, clientId: string, id: string, values: Partial<typeof syndicationDestinations.$inferInsert>): Promise<DestinationRow | undefined> {
  const [row] = await db
    .update(syndicationDestinations)
    .set(values)
    .where(and(eq(syndicationDestinations.clientId, clientId), eq(syndicationDestinations.id, id)))
    .returning();
  return row;
}

/** Deletes a destination; its publications, properties and target items go with it (ON DELETE CASCADE). */
export async function deleteDestination(db: DbOrTx, clientId: string, id: string): Promise<void> {
  await db.delete(syndicationDestinations).where(and(eq(syndicationDestinations.clientId, clientId), eq(syndicationDestinations.id, id)));
}

/** The destination whose authorisation page has this token (pending): the token is the secret, so it is looked up for no client. */
export async function destinationByActivationToken(db: DbOrTx, token: string): Promise<DestinationRow | undefined> {
  const [row] = await db
    .select()
    .from(syndicationDestinations)
    .where(sql`${syndicationDestinations.activation}->>'token' = ${token} and ${syndicationDestinations.activation}->>'status' = 'pending'`);
  return row;
}

export async function setActivation(db: DbOrTx, clientId: string, id: string, values: { active: boolean; activation: ActivationData; dateModified?: Date }): Promise<DestinationRow | undefined> {
  return updateDestination(db, clientId, id, values);
}

// ---- Destination properties ---------------------------------------------------------------------

export interface PropertyFilter {
  category?: string | undefined;
  key?: string | undefined;
  value?: string | undefined;
}

const propertyFilters = (q: PropertyFilter): SQL[] => [
  ...(q.category !== undefined ? [eq(syndicationDestinationProperties.category, q.category)] : []),
  ...(q.key !== undefined ? [eq(syndicationDestinationProperties.key, q.key)] : []),
  ...(q.value !== undefined ? [eq(syndicationDestinationProperties.value, q.value)] : []),
];

const ofDestination = (clientId: string, destinationId: string) =>
  and(eq(syndicationDestinationProperties.clientId, clientId), eq(syndicationDestinationProperties.destinationId, destinationId));

/** The properties of destinations, by category and key. */
export async function propertiesOf(db: DbOrTx, clientId: string, destinationIds: readonly string[], filter: PropertyFilter = {}): Promise<PropertyRow[]> {
  if (destinationIds.length === 0) return [];
  return db
    .select()
    .from(syndicationDestinationProperties)
    .where(and(eq(syndicationDestinationProperties.clientId, clientId), inArray(syndicationDestinationProperties.destinationId, [...destinationIds]), ...propertyFilters(filter)))
    .orderBy(asc(syndicationDestinationProperties.category), asc(syndicationDestinationProperties.key));
}

export async function findProperty(db: DbOrTx, clientId: string, id: string): Promise<PropertyRow | undefined> {
  const [row] = await db
    .select()
    .from(syndicationDestinationProperties)
    .where(and(eq(syndicationDestinationProperties.clientId, clientId), eq(syndicationDestinationProperties.id, id)));
  return row;
}

export async function findPropertyByKey(db: DbOrTx, clientId: string, destinationId: string, category: string, key: string): Promise<PropertyRow | undefined> {
  const [row] = await db
    .select()
    .from(syndicationDestinationProperties)
    .where(and(ofDestination(clientId, destinationId), eq(syndicationDestinationProperties.category, category), eq(syndicationDestinationProperties.key, key)));
  return row;
}

/** Writes a property: the given one (id), else a new one. */
export async function saveProperty(db: DbOrTx, clientId: string, id: string | undefined, values: { destinationId: string; category: string; key: string; value: string }): Promise<PropertyRow> {
  if (id) {
    const [row] = await db
      .update(syndicationDestinationProperties)
      .set({ category: values.category, key: values.key, value: values.value })
      .where(and(eq(syndicationDestinationProperties.clientId, clientId), eq(syndicationDestinationProperties.id, id)))
      .returning();
    return row!;
  }
  const [row] = await db.insert(syndicationDestinationProperties).values({ clientId, ...values }).returning();
  return row!;
}

/** Deletes properties (one by id, or a destination's matching a filter); answers how many went. */
export async function deleteProperties(db: DbOrTx, clientId: string, which: { id: string } | ({ destinationId: string } & PropertyFilter)): Promise<number> {
  const where =
    'id' in which
      ? and(eq(syndicationDestinationProperties.clientId, clientId), eq(syndicationDestinationProperties.id, which.id))
      : and(ofDestination(clientId, which.destinationId), ...propertyFilters(which));
  const rows = await db.delete(syndicationDestinationProperties).where(where).returning({ id: syndicationDestinationProperties.id });
  return rows.length;
}
