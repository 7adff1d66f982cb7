/**
 * Reading events: single events by id, reference or external id, a channel's events, and the
 * events of a list of ids. The list of GET /event/ is list.ts, its filters filter.ts.
 * Every query is scoped to one client; rows of another client are never joined or returned.
 */
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { isGuid } from '#schema';
import type { DbOrTx } from '../../db/database.ts';
import { events } from '../../db/tables/index.ts';
import { prepared } from './prepared.ts';
import { recordFields, toRecord, type RecordRow } from './record-select.ts';
import type { EventRecord, EventRow } from './serialize.ts';

export { instant, parseEventFilter, type EventFilter } from './filter.ts';
export { eachEventRecord, listEvents, type EventPage } from './list.ts';

function selectEvents(db: DbOrTx, clientId: string) {
  return db.select(recordFields(clientId)).from(events);
}

const record = (row: unknown): EventRecord => toRecord(row as RecordRow);

const byId = { client: sql.placeholder('client'), id: sql.placeholder('id') };

/** One event of the client; deleted events only when asked for (restore, /event/deleted/). */
export async function getEvent(
  db: DbOrTx,
  clientId: string,
  id: string,
  options: { includeDeleted?: boolean; lock?: boolean } = {},
): Promise<EventRecord | undefined> {
  if (!isGuid(id)) return undefined;
  const { includeDeleted = false, lock = false } = options;
  const shape = `event by id${includeDeleted ? ' or deleted' : ''}${lock ? ' locked' : ''}`;
  const statement = prepared(db, shape, () => {
    const where = [sql`${events.clientId} = ${byId.client}`, sql`${events.id} = ${byId.id}`];
    if (!includeDeleted) where.push(isNull(events.dateDeleted));
    const query = db
      .select(recordFields(byId.client))
      .from(events)
      .where(and(...where))
      .limit(1)
      .$dynamic();
    return lock ? query.for('update', { of: events }) : query;
  });
  const [row] = await statement.execute({ client: clientId, id });
  return row && record(row);
}

/**
 * Events the trail read for a write (`readEventForWrite`), by transaction and id, until the
 * write's handler takes them: one read of the row serves both.
 */
const heldForWrite = new WeakMap<object, Map<string, EventRecord>>();

/**
 * The event a write names, deleted or not, its row locked for the rest of the transaction: read by
 * the trail (http/resources.ts) before the handler runs, for the record's version and its answer
 * before the write. The handler's first `getEventForWrite` of it in the same transaction takes
 * this read instead of reading the row again.
 */
export async function readEventForWrite(tx: DbOrTx, clientId: string, id: string): Promise<EventRecord | undefined> {
  const record = await getEvent(tx, clientId, id, { includeDeleted: true, lock: true });
  if (record && record.event.dateDeleted === null) {
    const held = heldForWrite.get(tx) ?? new Map<string, EventRecord>();
    held.set(id, record);
    heldForWrite.set(tx, held);
  }
  return record;
}

/**
 * The (not deleted) event a write is about to change, its row locked for the rest of the
 * caller's transaction (concurrent writes of one event queue up). Taken from the trail's read
 * when it made one in this transaction (once: after that the handler may have written the row).
 */
export async function getEventForWrite(tx: DbOrTx, clientId: string, id: string): Promise<EventRecord | undefined> {
  const held = heldForWrite.get(tx);
  const record = held?.get(id);
  if (record && record.event.clientId === clientId) {
    held!.delete(id);
    return record;
  }
  return getEvent(tx, clientId, id, { lock: true });
}

/**
 * The (not deleted) event with this reference or external id. Nothing stops two events from
 * sharing one; the most recently modified wins.
 */
export async function findEventBy(
  db: DbOrTx,
  clientId: string,
  by: 'refId' | 'externalId',
  value: string,
): Promise<EventRecord | undefined> {
  const column = by === 'refId' ? events.refId : events.externalId;
  const rows = await selectEvents(db, clientId)
    .where(and(eq(events.clientId, clientId), eq(column, value), isNull(events.dateDeleted)))
    .orderBy(desc(events.dateModified), desc(events.id))
    .limit(1);
  return rows[0] && record(rows[0]);
}

/** Every (not deleted) event of a channel, by scheduled start: GET /event/channel/{id}, unpaged. */
export async function listChannelEvents(db: DbOrTx, clientId: string, channelId: string): Promise<EventRecord[]> {
  const rows = await selectEvents(db, clientId)
    .where(and(eq(events.clientId, clientId), eq(events.channelId, channelId), isNull(events.dateDeleted)))
    .orderBy(sql`${events.scheduledStart} asc nulls last`, asc(events.id));
  return rows.map(record);
}

/** Whether the client has this (not deleted) event. */
export async function eventExists(db: DbOrTx, clientId: string, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.clientId, clientId), eq(events.id, id), isNull(events.dateDeleted)));
  return rows.length > 0;
}

export type { EventRow };

/**
 * The client's events with these ids, in the order of `ids` (ids it does not have are left out),
 * in one query: for readers that choose and order the ids themselves (search ranks them).
 * Deleted events are included; the caller decides which ids it asks for.
 */
export async function getEvents(db: DbOrTx, clientId: string, ids: string[]): Promise<EventRecord[]> {
  if (ids.length === 0) return [];
  const rows = await selectEvents(db, clientId).where(and(eq(events.clientId, clientId), inArray(events.id, ids)));
  const byId = new Map(rows.map((row) => [row.event.id, record(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The client's (not deleted) event, locked until the end of the transaction. */
export async function lockEventRow(tx: DbOrTx, clientId: string, eventId: string): Promise<EventRow | undefined> {
  const [row] = await tx
    .select()
    .from(events)
    .where(and(eq(events.clientId, clientId), eq(events.id, eventId), isNull(events.dateDeleted)))
    .for('update');
  return row;
}
