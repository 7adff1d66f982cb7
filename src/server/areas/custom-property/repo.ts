/**
 * Custom properties of events. Every query is scoped to the client, and properties of deleted
 * events are left out like their events.
 */
import { and, asc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { CustomProperty } from '#schema';
import type { DbOrTx } from '../../db/database.ts';
import { customProperties, events } from '../../db/tables/index.ts';
import { validationError } from '../../http/errors.ts';
import { foreignIds, planPropertyWrites, type PlanOptions, type PropertyItem, type StoredProperty } from './plan.ts';

/**
 * Which of these ids are rows of the client's own (in any owner): never another client's, so that
 * an id nobody uses and one of another client read alike (plan.ts).
 */
export async function ownIdsAmong(db: DbOrTx, clientId: string, table: PgTable & { id: PgColumn; clientId: PgColumn }, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.clientId, clientId), inArray(table.id, [...ids])));
  return new Set(rows.map((r) => String(r.id)));
}

export interface PropertyFilter {
  eventId?: string;
  category?: string;
  key?: string;
  value?: string;
}

export type EventPropertyRow = StoredProperty & { eventId: string };

export const toCustomProperty = (p: StoredProperty): CustomProperty => ({ id: p.id, key: p.key, category: p.category, value: p.value, version: p.version });

const columns = {
  id: customProperties.id,
  eventId: customProperties.eventId,
  category: customProperties.category,
  key: customProperties.key,
  value: customProperties.value,
  version: customProperties.version,
};

function conditions(clientId: string, filter: PropertyFilter): SQL[] {
  const where: SQL[] = [eq(customProperties.clientId, clientId), isNull(events.dateDeleted)];
  if (filter.eventId !== undefined) where.push(eq(customProperties.eventId, filter.eventId));
  if (filter.category !== undefined) where.push(eq(customProperties.category, filter.category));
  if (filter.key !== undefined) where.push(eq(customProperties.key, filter.key));
  if (filter.value !== undefined) where.push(eq(customProperties.value, filter.value));
  return where;
}

/** Filters combine with AND and match exactly (case included); ordered by event, category, key. */
export function listProperties(db: DbOrTx, clientId: string, filter: PropertyFilter): Promise<EventPropertyRow[]> {
  return db
    .select(columns)
    .from(customProperties)
    .innerJoin(events, and(eq(events.id, customProperties.eventId), eq(events.clientId, clientId)))
    .where(and(...conditions(clientId, filter)))
    .orderBy(asc(customProperties.eventId), asc(customProperties.category), asc(customProperties.key), asc(customProperties.id));
}

export async function getProperty(db: DbOrTx, clientId: string, id: string): Promise<EventPropertyRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(customProperties)
    .innerJoin(events, and(eq(events.id, customProperties.eventId), eq(events.clientId, clientId)))
    .where(and(...conditions(clientId, {}), eq(customProperties.id, id)));
  return row;
}

/** Every property of one event, by category and key. */
export function eventProperties(db: DbOrTx, clientId: string, eventId: string): Promise<EventPropertyRow[]> {
  return listProperties(db, clientId, { eventId });
}

/**
 * A statement carries at most 65,535 parameters; a bulk request (a big paste) may hold more
 * properties than one insert of six columns, or one IN list, can take. Writes go in slices.
 */
export const SLICE = 5_000;

export function slices<T>(items: readonly T[], size = SLICE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export interface WriteResult {
  /** The property each item ended as, in request order. */
  written: StoredProperty[];
  /** Whether anything was added or changed. */
  changed: boolean;
}

/**
 * Adds or updates properties of an event (plan.ts has the rules). Any bad item is a 400 naming
 * its fields and nothing is written.
 */
export async function writeEventProperties(
  db: DbOrTx,
  clientId: string,
  eventId: string,
  items: readonly PropertyItem[],
  field: PlanOptions['field'],
): Promise<WriteResult> {
  const existing = await eventProperties(db, clientId, eventId);
  const elsewhere = await ownIdsAmong(db, clientId, customProperties, foreignIds(existing, items));
  const plan = planPropertyWrites(existing, items, { field, elsewhere });
  if (plan.errors.length > 0) throw validationError(plan.errors, 'The custom properties are not valid');
  for (const p of plan.updates) {
    await db
      .update(customProperties)
      .set({ category: p.category, key: p.key, value: p.value })
      .where(and(eq(customProperties.clientId, clientId), eq(customProperties.id, p.id)));
  }
  for (const slice of slices(plan.inserts)) {
    await db.insert(customProperties).values(slice.map((p) => ({ ...p, clientId, eventId })));
  }
  return { written: plan.written, changed: plan.updates.length + plan.inserts.length > 0 };
}

/** Deletes one property; answers the event it belonged to, or undefined when the client has no such property. */
export async function deleteProperty(db: DbOrTx, clientId: string, id: string): Promise<string | undefined> {
  const row = await getProperty(db, clientId, id);
  if (!row) return undefined;
  await db.delete(customProperties).where(and(eq(customProperties.clientId, clientId), eq(customProperties.id, id)));
  return row.eventId;
}

/** Deletes the properties matching the filter; answers the events that lost some. */
export async function deleteProperties(db: DbOrTx, clientId: string, filter: PropertyFilter): Promise<Set<string>> {
  const where: SQL[] = [
    eq(customProperties.clientId, clientId),
    inArray(
      customProperties.eventId,
      db
        .select({ id: events.id })
        .from(events)
        .where(and(eq(events.clientId, clientId), isNull(events.dateDeleted))),
    ),
  ];
  if (filter.eventId !== undefined) where.push(eq(customProperties.eventId, filter.eventId));
  if (filter.category !== undefined) where.push(eq(customProperties.category, filter.category));
  if (filter.key !== undefined) where.push(eq(customProperties.key, filter.key));
  if (filter.value !== undefined) where.push(eq(customProperties.value, filter.value));
  const deleted = await db
    .delete(customProperties)
    .where(and(...where))
    .returning({ eventId: customProperties.eventId });
  return new Set(deleted.map((r) => r.eventId));
}

/** Deletes the event's properties with these (category, key) pairs; answers how many went. */
export async function deletePairs(
  db: DbOrTx,
  clientId: string,
  eventId: string,
  pairs: readonly { category: string; key: string }[],
): Promise<number> {
  if (pairs.length === 0) return 0;
  const deleted = await db
    .delete(customProperties)
    .where(
      and(
        eq(customProperties.clientId, clientId),
        eq(customProperties.eventId, eventId),
        or(...pairs.map((p) => and(eq(customProperties.category, p.category), eq(customProperties.key, p.key)))),
      ),
    )
    .returning({ id: customProperties.id });
  return deleted.length;
}
