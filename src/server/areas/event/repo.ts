/**
 * Reading events: the list of GET /event/ (filters, sorting, server-side paging) and single events.
 * Every query is scoped to one client; rows of another client are never joined or returned.
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { EventState, Mp4State, ProvisionState, type EventOrderColumn, type FieldError } from '#schema';
import type { EventListQuery } from '#schema/endpoints/event.ts';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/database.ts';
import {
  archiverflows,
  categories,
  channels,
  customProperties,
  eventCategories,
  events,
  eventTags,
  eventTypes,
  infrastructureProfiles,
  rooms,
  tags,
  xflows,
} from '../../db/tables/index.ts';
import type { EventCategoryRecord, EventRecord, EventRow } from './serialize.ts';

/** The parsed query of GET /event/ (GET /event/deleted/ has the same, without noCache). */
type ParsedListQuery = Omit<z.output<typeof EventListQuery>, 'noCache'>;

/** What GET /event/ (and the `/{resource}/{id}/events/` lists) filter on, once parsed. */
export interface EventFilter {
  from?: Date;
  to?: Date;
  fromModified?: Date;
  toModified?: Date;
  states?: number[];
  provisionStates?: number[];
  mp4States?: number[];
  room?: string;
  eventType?: string;
  channel?: string;
  tags?: string[];
  categories?: string[];
  search?: string;
  noScheduledEnd?: boolean;
  clipsOnly?: boolean;
  containsXflow?: boolean;
  skipEvents?: string[];
  /** By id, for the lists of one resource's events (GET /eventtype/{id}/events/...). */
  eventTypeId?: string;
  roomId?: string;
  channelId?: string;
  categoryId?: string;
  tagId?: string;
  /** Deleted events instead of live ones (GET /event/deleted/). */
  deleted?: boolean;
}

export interface EventPage {
  pageSize: number;
  pageNumber: number;
  order: 'ASC' | 'DESC';
  /** DisplayLiveStart when not given. */
  orderColumn?: EventOrderColumn;
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function splitList(value: string | undefined): string[] {
  if (value === undefined) return [];
  return value
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

type Enumeration = typeof EventState | typeof Mp4State | typeof ProvisionState;

function parseEnumList(
  field: string,
  value: string | undefined,
  enumeration: Enumeration,
  errors: FieldError[],
): number[] | undefined {
  const items = splitList(value);
  if (items.length === 0) return undefined;
  const out: number[] = [];
  for (const item of items) {
    const parsed = enumeration.input.safeParse(item);
    if (parsed.success) out.push(parsed.data);
    else
      errors.push({
        field: `query.${field}`,
        message: `unknown ${enumeration.name} "${item}": expected one of ${enumeration.names.join(', ')} or ${enumeration.numbers.join(', ')}`,
      });
  }
  return out;
}

/** A date-time of a query; one without an offset is taken as UTC, whatever the server's time zone. */
export function instant(text: string | undefined): Date | undefined {
  if (!text) return undefined;
  return new Date(/(?:[zZ]|[+-]\d{2}(?::?\d{2})?)$/.test(text) ? text : `${text}Z`);
}

/**
 * Turns the parsed query of GET /event/ into a filter. Text lists (states, tags, ids) are checked
 * here; each bad item becomes a field error naming the query parameter.
 */
export function parseEventFilter(query: ParsedListQuery): { filter: EventFilter; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const skip = splitList(query.skipEvents);
  for (const id of skip) {
    if (!GUID.test(id)) errors.push({ field: 'query.skipEvents', message: `"${id}" is not a GUID` });
  }
  const filter: EventFilter = {
    from: instant(query.from),
    to: instant(query.to),
    fromModified: instant(query.fromModified),
    toModified: instant(query.toModified),
    states: parseEnumList('eventState', query.eventState, EventState, errors),
    provisionStates: parseEnumList('provisionState', query.provisionState, ProvisionState, errors),
    mp4States: parseEnumList('mp4State', query.mp4State, Mp4State, errors),
    room: query.room?.trim() || undefined,
    eventType: query.eventType?.trim() || undefined,
    channel: query.channel?.trim() || undefined,
    tags: splitList(query.tags),
    // Repeated, not comma-separated: a category label may contain a comma.
    categories: (query.category ?? []).map((c) => c.trim()).filter((c) => c !== ''),
    search: query.search?.trim() || undefined,
    noScheduledEnd: query.noScheduledEnd,
    clipsOnly: query.clipsOnly,
    containsXflow: query.containsXflow,
    skipEvents: skip,
  };
  return { filter, errors };
}

/** `%`, `_` and `\` are literal in a search text. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function lowerEq(column: AnyColumn, value: string): SQL {
  return sql`lower(${column}) = lower(${value})`;
}

function conditions(clientId: string, f: EventFilter): SQL[] {
  const where: SQL[] = [eq(events.clientId, clientId)];
  where.push(f.deleted ? isNotNull(events.dateDeleted) : isNull(events.dateDeleted));
  if (f.from) where.push(gte(events.scheduledStart, f.from));
  if (f.to) where.push(lte(events.scheduledStart, f.to));
  if (f.fromModified) where.push(gte(events.dateModified, f.fromModified));
  if (f.toModified) where.push(lte(events.dateModified, f.toModified));
  if (f.states?.length) where.push(inArray(events.state, f.states));
  if (f.provisionStates?.length) where.push(inArray(events.provisionState, f.provisionStates));
  if (f.mp4States?.length) where.push(inArray(events.mp4State, f.mp4States));
  // Room, type and channel are named; a name matches case-insensitively.
  if (f.room) {
    where.push(
      sql`${events.roomId} in (select ${rooms.id} from ${rooms} where ${rooms.clientId} = ${clientId} and ${lowerEq(rooms.name, f.room)})`,
    );
  }
  if (f.eventType) {
    where.push(
      sql`${events.eventTypeId} in (select ${eventTypes.id} from ${eventTypes} where ${eventTypes.clientId} = ${clientId} and ${lowerEq(eventTypes.name, f.eventType)})`,
    );
  }
  if (f.channel) {
    where.push(
      sql`${events.channelId} in (select ${channels.id} from ${channels} where ${channels.clientId} = ${clientId} and ${lowerEq(channels.name, f.channel)})`,
    );
  }
  if (f.tags?.length) {
    const names = f.tags.map((t) => t.toLowerCase());
    where.push(
      sql`exists (select 1 from ${eventTags} join ${tags} on ${tags.id} = ${eventTags.tagId}
        where ${eventTags.eventId} = ${events.id} and lower(${tags.name}) in ${names})`,
    );
  }
  if (f.categories?.length) {
    // A category is named by its name or by its (unique) label; any of them matches.
    const names = f.categories.map((c) => c.toLowerCase());
    where.push(
      sql`exists (select 1 from ${eventCategories} join ${categories} on ${categories.id} = ${eventCategories.categoryId}
        where ${eventCategories.eventId} = ${events.id}
        and (lower(${categories.name}) in ${names} or lower(${categories.label}) in ${names}))`,
    );
  }
  if (f.search) {
    const pattern = likePattern(f.search);
    where.push(
      or(
        sql`${events.title} ilike ${pattern}`,
        sql`${events.description} ilike ${pattern}`,
        sql`${events.refId} ilike ${pattern}`,
        sql`${events.externalId} ilike ${pattern}`,
      )!,
    );
  }
  if (f.noScheduledEnd) where.push(isNull(events.scheduledEnd));
  if (f.clipsOnly) where.push(eq(events.isClip, true));
  if (f.containsXflow) where.push(isNotNull(events.xflowId));
  if (f.skipEvents?.length) where.push(sql`${events.id} not in ${f.skipEvents}`);
  if (f.eventTypeId) where.push(eq(events.eventTypeId, f.eventTypeId));
  if (f.roomId) where.push(eq(events.roomId, f.roomId));
  if (f.channelId) where.push(eq(events.channelId, f.channelId));
  if (f.categoryId) {
    where.push(
      sql`exists (select 1 from ${eventCategories} where ${eventCategories.eventId} = ${events.id} and ${eventCategories.categoryId} = ${f.categoryId})`,
    );
  }
  if (f.tagId) {
    where.push(
      sql`exists (select 1 from ${eventTags} where ${eventTags.eventId} = ${events.id} and ${eventTags.tagId} = ${f.tagId})`,
    );
  }
  return where;
}

const remixflows = alias(xflows, 'remixflows');

/** Text sorts are case-insensitive in code-point order, identical on every server locale. */
const textKey = (column: AnyColumn): SQL => sql`lower(${column}) collate "C"`;

function sortKey(column: EventOrderColumn): SQL {
  switch (column) {
    case 'Title':
      return textKey(events.title);
    case 'State':
      return sql`${events.state}`;
    case 'DisplayLiveStart':
      return sql`coalesce(${events.displayStart}, ${events.scheduledStart})`;
    case 'DisplayLiveEnd':
      return sql`coalesce(${events.displayEnd}, ${events.scheduledEnd})`;
    case 'EventType':
      return textKey(eventTypes.name);
    case 'Room':
      return textKey(rooms.name);
    case 'Channel':
      return textKey(channels.name);
    case 'Xflow':
      return textKey(xflows.name);
    case 'RefId':
      return textKey(events.refId);
    case 'ExternalId':
      return textKey(events.externalId);
  }
}

/**
 * ORDER BY for a page: the chosen column, events without a value last in either direction, then
 * the id so that equal keys keep one order and consecutive pages never overlap.
 */
function orderBy(column: EventOrderColumn, order: 'ASC' | 'DESC'): SQL[] {
  const key = sortKey(column);
  const direction = order === 'DESC' ? sql`desc` : sql`asc`;
  return [sql`${key} ${direction} nulls last`, order === 'DESC' ? desc(events.id) : asc(events.id)];
}

/**
 * An event's categories, tags and custom properties as JSON arrays, aggregated inside the event's
 * own query: one round trip for any number of events instead of four (PGlite pays per query).
 */
function aggregates(clientId: string) {
  return {
    categoryList: sql<EventCategoryRecord[]>`(
      select coalesce(json_agg(json_build_object('id', ${categories.id}, 'name', ${categories.name}, 'label', ${categories.label},
        'description', ${categories.description}) order by ${eventCategories.position}), '[]'::json)
      from ${eventCategories} join ${categories} on ${categories.id} = ${eventCategories.categoryId} and ${categories.clientId} = ${clientId}
      where ${eventCategories.clientId} = ${clientId} and ${eventCategories.eventId} = ${events.id})`,
    tagList: sql<{ id: string; name: string }[]>`(
      select coalesce(json_agg(json_build_object('id', ${tags.id}, 'name', ${tags.name}) order by lower(${tags.name}) collate "C"), '[]'::json)
      from ${eventTags} join ${tags} on ${tags.id} = ${eventTags.tagId} and ${tags.clientId} = ${clientId}
      where ${eventTags.clientId} = ${clientId} and ${eventTags.eventId} = ${events.id})`,
    propertyList: sql<EventRecord['customProperties']>`(
      select coalesce(json_agg(json_build_object('id', ${customProperties.id}, 'category', ${customProperties.category}, 'key', ${customProperties.key},
        'value', ${customProperties.value}) order by ${customProperties.category}, ${customProperties.key}), '[]'::json)
      from ${customProperties}
      where ${customProperties.clientId} = ${clientId} and ${customProperties.eventId} = ${events.id})`,
  };
}

function selectEvents(db: DbOrTx, clientId: string, extra: { sortValue?: SQL<string | null> } = {}) {
  return db
    .select({
      ...extra,
      event: events,
      channel: channels.name,
      xflow: xflows.name,
      remixflow: remixflows.name,
      archiverflow: archiverflows.name,
      infrastructureProfile: infrastructureProfiles.name,
      room: rooms.name,
      eventType: eventTypes.name,
      eventTypeColour: eventTypes.colour,
      ...aggregates(clientId),
    })
    .from(events)
    .leftJoin(channels, and(eq(channels.id, events.channelId), eq(channels.clientId, clientId)))
    .leftJoin(xflows, and(eq(xflows.id, events.xflowId), eq(xflows.clientId, clientId)))
    .leftJoin(remixflows, and(eq(remixflows.id, events.remixflowId), eq(remixflows.clientId, clientId)))
    .leftJoin(archiverflows, and(eq(archiverflows.id, events.archiverflowId), eq(archiverflows.clientId, clientId)))
    .leftJoin(
      infrastructureProfiles,
      and(eq(infrastructureProfiles.id, events.infrastructureProfileId), eq(infrastructureProfiles.clientId, clientId)),
    )
    .leftJoin(rooms, and(eq(rooms.id, events.roomId), eq(rooms.clientId, clientId)))
    .leftJoin(eventTypes, and(eq(eventTypes.id, events.eventTypeId), eq(eventTypes.clientId, clientId)));
}

type JoinedRow = Omit<Awaited<ReturnType<ReturnType<typeof selectEvents>['execute']>>[number], 'sortValue'>;

function toRecord(r: JoinedRow): EventRecord {
  return {
    event: r.event,
    channel: r.channel,
    xflow: r.xflow,
    remixflow: r.remixflow,
    archiverflow: r.archiverflow,
    infrastructureProfile: r.infrastructureProfile,
    room: r.room,
    eventType: r.eventType,
    eventTypeColour: r.eventTypeColour,
    categories: r.categoryList,
    tags: r.tagList,
    customProperties: r.propertyList,
  };
}

export async function listEvents(
  db: DbOrTx,
  clientId: string,
  filter: EventFilter,
  page: EventPage,
): Promise<{ totalCount: number; records: EventRecord[] }> {
  const where = and(...conditions(clientId, filter));
  // The total is counted apart, not as a window count beside the page: a window needs every
  // matching row before the LIMIT, so the aggregates were built for all of them (1.1 s instead
  // of tens of ms at 100 000 events). Without it the page stops early on the order's index and
  // the aggregates are evaluated for the page's rows only.
  const rows = await selectEvents(db, clientId)
    .where(where)
    .orderBy(...orderBy(page.orderColumn ?? 'DisplayLiveStart', page.order))
    .limit(page.pageSize)
    .offset((page.pageNumber - 1) * page.pageSize);
  const firstPageIsAll = page.pageNumber === 1 && rows.length < page.pageSize;
  const totalCount = firstPageIsAll ? rows.length : await countEvents(db, where);
  return { totalCount, records: rows.map(toRecord) };
}

async function countEvents(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [counted] = await db.select({ count: sql<number>`count(*)::int` }).from(events).where(where);
  return counted?.count ?? 0;
}

/** One event of the client; deleted events only when asked for (restore, /event/deleted/). */
export async function getEvent(
  db: DbOrTx,
  clientId: string,
  id: string,
  options: { includeDeleted?: boolean; lock?: boolean } = {},
): Promise<EventRecord | undefined> {
  if (!GUID.test(id)) return undefined;
  const where = [eq(events.clientId, clientId), eq(events.id, id)];
  if (!options.includeDeleted) where.push(isNull(events.dateDeleted));
  const query = selectEvents(db, clientId)
    .where(and(...where))
    .limit(1);
  const [row] = options.lock ? await query.for('update', { of: events }) : await query;
  return row && toRecord(row);
}

/**
 * The (not deleted) event a write is about to change, its row locked for the rest of the
 * caller's transaction (concurrent writes of one event queue up). The transaction plans its
 * joins in the order they are written (events first, then each lookup by key): the planner's
 * search of the join orders of this query cost ~30 ms per write on PGlite, against ~1 ms to run it.
 */
export async function getEventForWrite(tx: DbOrTx, clientId: string, id: string): Promise<EventRecord | undefined> {
  await tx.execute(sql`set local join_collapse_limit = 1`);
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
  return rows[0] && toRecord(rows[0]);
}

/** Every (not deleted) event of a channel, by scheduled start: GET /event/channel/{id}, unpaged. */
export async function listChannelEvents(db: DbOrTx, clientId: string, channelId: string): Promise<EventRecord[]> {
  const rows = await selectEvents(db, clientId)
    .where(and(eq(events.clientId, clientId), eq(events.channelId, channelId), isNull(events.dateDeleted)))
    .orderBy(sql`${events.scheduledStart} asc nulls last`, asc(events.id));
  return rows.map(toRecord);
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
  const byId = new Map(rows.map((row) => [row.event.id, toRecord(row)]));
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

/** The type of each sort key, to read a key back from its text (exactly: a timestamp keeps its microseconds). */
const KEY_TYPES: Record<EventOrderColumn, SQL> = {
  Title: sql`text`,
  State: sql`integer`,
  DisplayLiveStart: sql`timestamptz`,
  DisplayLiveEnd: sql`timestamptz`,
  EventType: sql`text`,
  Room: sql`text`,
  Channel: sql`text`,
  Xflow: sql`text`,
  RefId: sql`text`,
  ExternalId: sql`text`,
};

/**
 * Every event of a filter in the list's order (GET /event/'s filters and sort), page after page
 * by keyset rather than offset: each page starts after the last row's (key, id), so page 100 of a
 * 100 000-event export costs what page 1 does. Events with a key come first, then those without
 * (the list's "nulls last"), by id. For the CSV export (export.ts).
 */
export async function* eachEventRecord(db: DbOrTx, clientId: string, filter: EventFilter, column: EventOrderColumn, order: 'ASC' | 'DESC', pageSize = 1000): AsyncGenerator<EventRecord> {
  const key = sortKey(column);
  const beyond = order === 'DESC' ? sql`<` : sql`>`;
  const base = conditions(clientId, filter);
  for (const withoutKey of [false, true]) {
    let last: { value: string | null; id: string } | null = null;
    for (;;) {
      const where = [...base, withoutKey ? sql`${key} is null` : sql`${key} is not null`];
      if (last) {
        where.push(
          withoutKey
            ? sql`${events.id} ${beyond} ${last.id}`
            : sql`(${key}, ${events.id}) ${beyond} (cast(${last.value} as ${KEY_TYPES[column]}), ${last.id}::uuid)`,
        );
      }
      const rows = await selectEvents(db, clientId, { sortValue: sql<string | null>`(${key})::text` })
        .where(and(...where))
        .orderBy(...orderBy(column, order))
        .limit(pageSize);
      for (const row of rows) yield toRecord(row);
      if (rows.length < pageSize) break;
      const tail = rows.at(-1)!;
      last = { value: tail.sortValue ?? null, id: tail.event.id };
    }
  }
}
