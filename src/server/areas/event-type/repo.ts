/**
 * Event types of a client. Names are unique per client, case-insensitively (the `eventType` filter
 * of GET /event/ names a type). Deleting a type in use clears it from its events: they stay, without a type.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { EventType, EventTypeBody } from '#schema';
import type { DbOrTx } from '../../db/database.ts';
import { events, eventTypes } from '../../db/tables/index.ts';
import { clearEventType, writeEvents } from '../event/index.ts';

type EventTypeRow = typeof eventTypes.$inferSelect;

export function toEventType(row: EventTypeRow): EventType {
  return { id: row.id, name: row.name, referenceId: row.referenceId, colour: row.colour, version: row.version };
}

export async function listEventTypes(db: DbOrTx, clientId: string): Promise<EventTypeRow[]> {
  return db
    .select()
    .from(eventTypes)
    .where(eq(eventTypes.clientId, clientId))
    .orderBy(sql`lower(${eventTypes.name}) collate "C"`, eventTypes.id);
}

export async function getEventType(db: DbOrTx, clientId: string, id: string): Promise<EventTypeRow | undefined> {
  const rows = await db
    .select()
    .from(eventTypes)
    .where(and(eq(eventTypes.clientId, clientId), eq(eventTypes.id, id)));
  return rows[0];
}

/** Reference ids are not unique; the first by name wins when several types share one. */
export async function getEventTypeByReference(db: DbOrTx, clientId: string, referenceId: string): Promise<EventTypeRow | undefined> {
  const rows = await db
    .select()
    .from(eventTypes)
    .where(and(eq(eventTypes.clientId, clientId), eq(eventTypes.referenceId, referenceId)))
    .orderBy(sql`lower(${eventTypes.name}) collate "C"`, eventTypes.id)
    .limit(1);
  return rows[0];
}

/** The type of this name (any case), other than `exceptId`: a clash for create and update. */
export async function findEventTypeNamed(db: DbOrTx, clientId: string, name: string, exceptId?: string): Promise<EventTypeRow | undefined> {
  const rows = await db
    .select()
    .from(eventTypes)
    .where(and(eq(eventTypes.clientId, clientId), sql`lower(${eventTypes.name}) = lower(${name})`));
  return rows.find((r) => r.id !== exceptId);
}

/** Whether a database error is a unique violation (a name taken by a concurrent request). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

function values(body: EventTypeBody) {
  return { name: body.name, referenceId: body.referenceId ?? null, colour: body.colour.toLowerCase() };
}

export async function createEventType(db: DbOrTx, clientId: string, body: EventTypeBody, now: Date): Promise<EventTypeRow> {
  const [row] = await db
    .insert(eventTypes)
    .values({ clientId, ...values(body), dateCreated: now, dateModified: now })
    .returning();
  return row!;
}

export async function updateEventType(
  db: DbOrTx,
  clientId: string,
  id: string,
  body: EventTypeBody,
  now: Date,
): Promise<EventTypeRow | undefined> {
  const [row] = await db
    .update(eventTypes)
    .set({ ...values(body), dateModified: now })
    .where(and(eq(eventTypes.clientId, clientId), eq(eventTypes.id, id)))
    .returning();
  return row;
}

/**
 * Sets (or, with null, clears) the type of an event. 'missing' when the client has no such
 * event, 'unchanged' when it already had that type (nothing is written then).
 */
export async function setEventTypeOfEvent(
  db: DbOrTx,
  clientId: string,
  eventId: string,
  eventTypeId: string | null,
  now: Date,
): Promise<'changed' | 'unchanged' | 'missing'> {
  const [current] = await db
    .select({ eventTypeId: events.eventTypeId })
    .from(events)
    .where(and(eq(events.clientId, clientId), eq(events.id, eventId), sql`${events.dateDeleted} is null`));
  if (!current) return 'missing';
  if (current.eventTypeId === eventTypeId) return 'unchanged';
  await writeEvents(db, clientId, eventId, { eventTypeId, dateModified: now });
  return 'changed';
}

/**
 * Deletes a type; its events lose their type (and count as modified, so that clients syncing
 * with fromModified see the change). Returns the ids of the events cleared, or undefined when
 * the client has no such type.
 */
export async function deleteEventType(db: DbOrTx, clientId: string, id: string, now: Date): Promise<string[] | undefined> {
  // Cleared before the type goes: its foreign key would clear them silently (ON DELETE SET NULL).
  const cleared = await clearEventType(db, clientId, id, now);
  const deleted = await db
    .delete(eventTypes)
    .where(and(eq(eventTypes.clientId, clientId), eq(eventTypes.id, id)))
    .returning({ id: eventTypes.id });
  return deleted.length > 0 ? cleared : undefined;
}
