/**
 * Writing events' rows for the other areas: the event area owns the events table, so every write
 * to it goes through here (or through the event's own writes: write.ts, lifecycle.ts, and the MP4
 * state, mp4-state.ts). The live area sets a state and its time stamps, compose inserts the event
 * of a generated composition, the metadata areas set a template, a profile or a type, the demo
 * seeds. The caller records the change (recordEventChange, recordEventUpdate): its flags say what
 * changed.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { events } from '../../db/tables/index.ts';
import type { EventRow } from './serialize.ts';
import type { EventInsert } from './write.ts';
import { idsInUse } from '../../db/tenant-scope.ts';

export type EventColumns = Partial<Omit<EventInsert, 'id' | 'clientId'>>;

/** Writes columns of the client's events (one id or several); answers the rows as written. */
export async function writeEvents(db: DbOrTx, clientId: string, ids: string | readonly string[], values: EventColumns): Promise<EventRow[]> {
  const list = typeof ids === 'string' ? [ids] : [...ids];
  if (list.length === 0) return [];
  return db
    .update(events)
    .set(values)
    .where(and(eq(events.clientId, clientId), list.length === 1 ? eq(events.id, list[0]!) : inArray(events.id, list)))
    .returning();
}

/** Inserts events' rows as they are (a generated composition's event, the demo's catalogue), in batches. */
export async function insertEventRows(db: DbOrTx, rows: readonly EventInsert[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 250) await db.insert(events).values(rows.slice(i, i + 250));
}

/** Clears a type from the client's events (the type is being deleted); answers the ids of the events cleared. */
export async function clearEventType(db: DbOrTx, clientId: string, eventTypeId: string, now: Date): Promise<string[]> {
  const cleared = await db
    .update(events)
    .set({ eventTypeId: null, dateModified: now })
    .where(and(eq(events.clientId, clientId), eq(events.eventTypeId, eventTypeId)))
    .returning({ id: events.id });
  return cleared.map((e) => e.id);
}

/** Whether some client has an event of this id (an id asked for a new event is refused then). */
export async function eventIdInUse(db: DbOrTx, id: string): Promise<boolean> {
  return (await idsInUse(db, events, [id])).size > 0;
}
