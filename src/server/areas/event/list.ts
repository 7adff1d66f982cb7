/**
 * A page of GET /event/ (and of the `/{resource}/{id}/events/` lists), with its total, in one
 * statement:
 *
 *   with page as (the ids of the page, in order: the filter, the order, limit, offset)
 *   select <total>, <the events of the page with their names and lists> from page join events ...
 *
 * - The page is chosen on `events` alone, so skipping to a deep page reads the order's index
 *   entries it skips, not the names and lists of every event before it (page 50 built the
 *   records of 1,000 events to send 20). In display order the skipped entries are read from the
 *   index alone (it includes the key's columns, migration 0021).
 * - The total: a page 1 that is not full counts itself; a filter by state only (or none) sums
 *   the list's statistics (list-stats.ts), whatever the number of events; any other filter counts
 *   the matching events through its index.
 * - A range of scheduled starts, in the default order (display start), also bounds the order's
 *   key by the client's largest display lead and lag, so the page is read from the order's index
 *   where the range begins, not from the client's first event.
 * - A `search` runs on the service's handle: the policy would keep its trigram index unused
 *   (db/tenant-scope.ts `asService`); every condition names the client.
 * - The statement is built once per shape of filter and page, with placeholders, and then only
 *   executed with the request's values (prepared.ts).
 */
import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { EventOrderColumn } from '#schema';
import type { DbOrTx } from '../../db/database.ts';
import { asService } from '../../db/tenant-scope.ts';
import { channels, events, eventTypes, rooms, xflows } from '../../db/tables/index.ts';
import { conditions, statesOnly, type EventFilter } from './filter.ts';
import { countByState, displayBound } from './list-stats.ts';
import { prepared } from './prepared.ts';
import { recordFields, toRecord, type RecordRow } from './record-select.ts';
import type { EventRecord } from './serialize.ts';

export interface EventPage {
  pageSize: number;
  pageNumber: number;
  order: 'ASC' | 'DESC';
  /** DisplayLiveStart when not given. */
  orderColumn?: EventOrderColumn;
}

/** Text sorts are case-insensitive in code-point order, identical on every server locale. */
const textKey = (column: AnyColumn): SQL => sql`lower(${column}) collate "C"`;

/** The lookup whose name a sort needs beside `events`. */
const SORTED_BY_NAME: Partial<Record<EventOrderColumn, { table: typeof channels | typeof rooms | typeof eventTypes | typeof xflows; key: AnyColumn }>> = {
  EventType: { table: eventTypes, key: events.eventTypeId },
  Room: { table: rooms, key: events.roomId },
  Channel: { table: channels, key: events.channelId },
  Xflow: { table: xflows, key: events.xflowId },
};

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

/** A scheduled-start range, in display-start order: the display starts it may hold (see the top). */
function displayRange(f: EventFilter): SQL[] {
  const key = sortKey('DisplayLiveStart');
  const out: SQL[] = [];
  if (f.from) out.push(sql`${key} >= ${sql.placeholder('from')}::timestamptz - ${displayBound('lead')}`);
  if (f.to) out.push(sql`${key} <= ${sql.placeholder('to')}::timestamptz + ${displayBound('lag')}`);
  return out;
}

/**
 * The page's LIMIT, written into the statement rather than sent as a parameter: for a LIMIT it
 * cannot see, PostgreSQL's generic plan assumes a tenth of the client's events (980 rows at
 * 10 000) and costs their names and lists, so it never takes the generic plan and plans every
 * list afresh. A few sizes keep the statements few; the page takes `pageSize` of them.
 */
const LIMITS = [1, 10, 20, 50, 100, 200, 500, 1000];
const limitFor = (pageSize: number): number => LIMITS.find((n) => n >= pageSize) ?? pageSize;

/** How many events match: see the top. `where` is the filter's conditions. */
function totalOf(f: EventFilter, where: SQL): SQL<number> {
  if (statesOnly(f)) return countByState(f);
  return sql<number>`(select count(*)::int from ${events} where ${where})`;
}

const client = sql.placeholder('client');

/** The statement of a page: built once per shape of filter and page (prepared.ts). */
function pageStatement(reader: DbOrTx, filter: EventFilter, where: SQL, page: EventPage, limit: number, first: boolean) {
  const column = page.orderColumn ?? 'DisplayLiveStart';
  const descending = page.order === 'DESC';
  const bounds = column === 'DisplayLiveStart' ? displayRange(filter) : [];
  const named = SORTED_BY_NAME[column];
  // Events without a value sort last in either direction; the id keeps equal keys in one order.
  const direction = descending ? sql`desc` : sql`asc`;
  let chosen = reader
    .select({ id: events.id, key: sql`${sortKey(column)}`.as('key') })
    .from(events)
    .$dynamic();
  if (named) chosen = chosen.leftJoin(named.table, sql`${named.table.clientId} = ${client} and ${named.table.id} = ${named.key}`);
  chosen = chosen
    .where(sql.join([where, ...bounds], sql` and `))
    .orderBy(sql`${sortKey(column)} ${direction} nulls last`, descending ? desc(events.id) : asc(events.id))
    // A statement's own text (see LIMITS): Drizzle writes an SQL chunk as it is.
    .limit(sql.raw(String(limit)) as unknown as number);
  if (!first) chosen = chosen.offset(sql.placeholder('offset'));
  const pageIds = reader.$with('page').as(chosen);
  const pageTable = sql.identifier('page');
  const total = first
    ? sql<number>`(case when (select count(*) from ${pageTable}) < ${sql.placeholder('pageSize')}
        then (select count(*)::int from ${pageTable}) else ${totalOf(filter, where)} end)`
    : totalOf(filter, where);
  return reader
    .with(pageIds)
    .select({ total, ...recordFields(client) })
    .from(pageIds)
    .innerJoin(events, sql`${events.clientId} = ${client} and ${events.id} = ${pageIds.id}`)
    .orderBy(sql`${pageIds.key} ${direction} nulls last`, descending ? desc(pageIds.id) : asc(pageIds.id))
    .limit(sql.placeholder('pageSize'));
}

export async function listEvents(
  db: DbOrTx,
  clientId: string,
  filter: EventFilter,
  page: EventPage,
): Promise<{ totalCount: number; records: EventRecord[] }> {
  const reader = filter.search ? asService(db) : db;
  const bound = conditions(filter);
  const where = sql.join(bound.where, sql` and `);
  const offset = (page.pageNumber - 1) * page.pageSize;
  const limit = limitFor(page.pageSize);
  const first = offset === 0;
  const shape = `list ${bound.shape} by ${page.orderColumn ?? 'DisplayLiveStart'} ${page.order} limit ${limit}${first ? '' : ' offset'}`;
  const statement = prepared(reader, shape, () => pageStatement(reader, filter, where, page, limit, first));
  const values = { ...bound.values, client: clientId, pageSize: page.pageSize, ...(first ? {} : { offset }) };
  const rows = (await statement.execute(values)) as (RecordRow & { total: number })[];
  // Past the last page there is no row to carry the total.
  const totalCount = rows[0]?.total ?? (first ? 0 : await countOnly(reader, filter, where, `count ${bound.shape}`, { ...bound.values, client: clientId }));
  return { totalCount, records: rows.map(toRecord) };
}

async function countOnly(db: DbOrTx, filter: EventFilter, where: SQL, shape: string, values: Record<string, unknown>): Promise<number> {
  const statement = prepared(db, shape, () => db.select({ count: totalOf(filter, where) }).from(sql`(select 1) as one`));
  const [row] = (await statement.execute(values)) as { count: number }[];
  return row?.count ?? 0;
}

/**
 * Every event of a filter in the list's order, page after page (the CSV export, export.ts). Pages
 * of the list itself: walking to a deep page reads the display-order index only (migration 0025),
 * so page 100 of a 100 000-event export costs little more than page 1. An event written while the
 * export runs may be missed or listed twice, as it would be when paging the list by hand.
 */
export async function* eachEventRecord(db: DbOrTx, clientId: string, filter: EventFilter, column: EventOrderColumn, order: 'ASC' | 'DESC', pageSize = 1000): AsyncGenerator<EventRecord> {
  for (let pageNumber = 1; ; pageNumber++) {
    const { records } = await listEvents(db, clientId, filter, { pageSize, pageNumber, order, orderColumn: column });
    yield* records;
    if (records.length < pageSize) return;
  }
}
