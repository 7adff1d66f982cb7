/**
 * Full-text search over events (the generated, GIN-indexed events.search_vector), clips, and
 * chapter points with their custom properties. Every query is scoped to one client and leaves
 * deleted events (and their chapter points) out.
 */
import { and, asc, eq, gte, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { asService } from '../../db/tenant-scope.ts';
import { chapterPointCustomProperties, chapterPoints, customProperties, events } from '../../db/tables/index.ts';
import { countLiveEvents } from '../event/index.ts';
import type { KeywordQuery } from './keywords.ts';

/**
 * Where the clipping tool's user of a clip is kept: a custom property of the clip event
 * (`clipping` / `user`, value the user id). The interface has no such field on Event, and a
 * custom property is something every integrator can already set and read
 * (POST /customproperty/), so GET /search/clips needs nothing new on the event.
 */
export const CLIPPING_CATEGORY = 'clipping';
export const CLIPPING_USER_KEY = 'user';

export interface Page {
  pageSize: number;
  pageNumber: number;
}

export interface EventSearch {
  keywords: KeywordQuery;
  /** On the scheduled start, as the from/to of GET /event/. */
  from?: Date | undefined;
  to?: Date | undefined;
  modifiedFrom?: Date | undefined;
  modifiedTo?: Date | undefined;
  /** Only clips made by this clipping tool user (GET /search/clips). */
  clippingUser?: string | undefined;
}

/** Events sort by their displayed start as in GET /event/: the display start, else the scheduled start. */
const startKey = sql`coalesce(${events.displayStart}, ${events.scheduledStart})`;

function eventConditions(clientId: string, s: EventSearch, tsquery: SQL | undefined): SQL[] {
  const where: SQL[] = [eq(events.clientId, clientId), isNull(events.dateDeleted)];
  if (tsquery) where.push(sql`${events.searchVector} @@ ${tsquery}`);
  if (s.from) where.push(gte(events.scheduledStart, s.from));
  if (s.to) where.push(lte(events.scheduledStart, s.to));
  if (s.modifiedFrom) where.push(gte(events.dateModified, s.modifiedFrom));
  if (s.modifiedTo) where.push(lte(events.dateModified, s.modifiedTo));
  if (s.clippingUser !== undefined) {
    where.push(eq(events.isClip, true));
    where.push(
      sql`exists (select 1 from ${customProperties} where ${customProperties.eventId} = ${events.id}
        and ${customProperties.clientId} = ${clientId} and ${customProperties.category} = ${CLIPPING_CATEGORY}
        and ${customProperties.key} = ${CLIPPING_USER_KEY} and ${customProperties.value} = ${s.clippingUser})`,
    );
  }
  return where;
}

/**
 * One page of matching event ids, best first: relevance (ts_rank_cd, where the title weighs most,
 * then reference and external ids, then the description), then the start, then the id so that
 * pages never overlap. With keywords the total comes with the page (a window count over the same
 * matches), so the matches are read once: ranking reads every match anyway (at 100 000 events
 * "needle" matched 8 000, which the count and then the page each read: 29 + 45 ms on PGlite).
 */
export async function searchEventIds(db: DbOrTx, clientId: string, s: EventSearch, page: Page): Promise<{ totalCount: number; ids: string[] }> {
  if (s.keywords.kind === 'none') return { totalCount: 0, ids: [] };
  const tsquery = s.keywords.kind === 'match' ? s.keywords.tsquery : undefined;
  const where = and(...eventConditions(clientId, s, tsquery));
  // The GIN index on search_vector serves `@@` only outside the policy; `where` names the client.
  const reader = asService(db);
  const offset = (page.pageNumber - 1) * page.pageSize;
  const order: SQL[] = [
    ...(tsquery ? [sql`ts_rank_cd(${events.searchVector}, ${tsquery}) desc`] : []),
    sql`${startKey} asc nulls last`,
    asc(events.id),
  ];
  const count = async () => (await reader.select({ count: sql<number>`count(*)::int` }).from(events).where(where))[0]?.count ?? 0;
  if (!tsquery) {
    // In start order the page is a walk of an index, and the count an index-only scan: a window
    // count would read every event of the client before the page. With no condition but the
    // client, the list's statistics have the count without reading the events.
    const unfiltered = !s.from && !s.to && !s.modifiedFrom && !s.modifiedTo && s.clippingUser === undefined;
    const totalCount = unfiltered ? await countLiveEvents(reader, clientId) : await count();
    if (offset >= totalCount) return { totalCount, ids: [] };
    const rows = await reader.select({ id: events.id }).from(events).where(where).orderBy(...order).limit(page.pageSize).offset(offset);
    return { totalCount, ids: rows.map((r) => r.id) };
  }
  const rows = await reader
    .select({ id: events.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(events)
    .where(where)
    .orderBy(...order)
    .limit(page.pageSize)
    .offset(offset);
  // Past the last page no row carries the total.
  if (rows.length > 0) return { totalCount: rows[0]!.total, ids: rows.map((r) => r.id) };
  return { totalCount: offset === 0 ? 0 : await count(), ids: [] };
}

/** Whether the client has this event, deleted or not (its search document exists either way). */
export async function eventOfClient(db: DbOrTx, clientId: string, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.clientId, clientId), eq(events.id, id)));
  return rows.length > 0;
}

// ---- Chapter points ---------------------------------------------------------------------------

export type ChapterPointRow = typeof chapterPoints.$inferSelect;

export interface ChapterPointSearch {
  /** Matched against the chapter point's title (weighs most), reference id and tag. */
  chapterPoint?: KeywordQuery | undefined;
  /** Matched against the category and key of the chapter point's custom properties. */
  customProperties?: KeywordQuery | undefined;
  /** On the scheduled start of the chapter point's event (a chapter point's own start may be a time into the stream). */
  from?: Date | undefined;
  to?: Date | undefined;
}

/**
 * Chapter point documents are computed as they are searched, not stored: the chapter point
 * tables belong to the metadata area. A GIN index on these same expressions would make them
 * indexed searches (see the search area's report).
 */
const chapterPointDocument = sql`(setweight(to_tsvector('simple', ${chapterPoints.title}), 'A')
  || setweight(to_tsvector('simple', coalesce(${chapterPoints.referenceId}, '') || ' ' || coalesce(${chapterPoints.tag}, '')), 'B'))`;
const propertyDocument = sql`to_tsvector('simple', ${chapterPointCustomProperties.category} || ' ' || ${chapterPointCustomProperties.key})`;

export async function searchChapterPoints(
  db: DbOrTx,
  clientId: string,
  s: ChapterPointSearch,
  page: Page,
): Promise<{ totalResults: number; points: ChapterPointRow[] }> {
  const empty = { totalResults: 0, points: [] };
  if (s.chapterPoint?.kind === 'none' || s.customProperties?.kind === 'none') return empty;
  const own = s.chapterPoint?.kind === 'match' ? s.chapterPoint.tsquery : undefined;
  const props = s.customProperties?.kind === 'match' ? s.customProperties.tsquery : undefined;

  const where: SQL[] = [eq(chapterPoints.clientId, clientId), isNull(events.dateDeleted)];
  if (own) where.push(sql`${chapterPointDocument} @@ ${own}`);
  if (props) {
    where.push(
      sql`exists (select 1 from ${chapterPointCustomProperties} where ${chapterPointCustomProperties.chapterPointId} = ${chapterPoints.id}
        and ${chapterPointCustomProperties.clientId} = ${clientId} and ${propertyDocument} @@ ${props})`,
    );
  }
  if (s.from) where.push(gte(events.scheduledStart, s.from));
  if (s.to) where.push(lte(events.scheduledStart, s.to));
  const condition = and(...where);

  const [counted] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(chapterPoints)
    .innerJoin(events, and(eq(events.id, chapterPoints.eventId), eq(events.clientId, clientId)))
    .where(condition);
  const totalResults = counted?.count ?? 0;
  const offset = (page.pageNumber - 1) * page.pageSize;
  if (offset >= totalResults) return { ...empty, totalResults };

  const order: SQL[] = [
    ...(own ? [sql`ts_rank_cd(${chapterPointDocument}, ${own}) desc`] : []),
    sql`${startKey} asc nulls last`,
    asc(chapterPoints.eventId),
    asc(chapterPoints.startKey),
    asc(chapterPoints.id),
  ];
  const rows = await db
    .select({ point: chapterPoints })
    .from(chapterPoints)
    .innerJoin(events, and(eq(events.id, chapterPoints.eventId), eq(events.clientId, clientId)))
    .where(condition)
    .orderBy(...order)
    .limit(page.pageSize)
    .offset(offset);
  return { totalResults, points: rows.map((r) => r.point) };
}

/** Whether the client has this chapter point. */
export async function chapterPointOfClient(db: DbOrTx, clientId: string, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: chapterPoints.id })
    .from(chapterPoints)
    .where(and(eq(chapterPoints.clientId, clientId), eq(chapterPoints.id, id)));
  return rows.length > 0;
}
