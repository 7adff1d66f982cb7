/** The query of the publication monitor: a page of every api and kind, and the count of each state group. */
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { PublicationKind } from '#schema';
import type { DbOrTx } from '../../db/database.ts';
import { events } from '../../db/tables/events.ts';
import { publications, syndicationDestinations } from '../../db/tables/syndication.ts';
import { contentFilter, readerFor, targetIs, type PublicationRow } from './repo.ts';

// ---- The monitor --------------------------------------------------------------------------------

/** The state groups of the monitor as SQL on (kind, state). */
export const MONITOR_GROUPS: Record<string, SQL> = {
  Failed: sql`${publications.state} >= 4`,
  Processing: sql`(${publications.kind} = 'vod' and ${publications.state} = 0)`,
  Scheduled: sql`${publications.state} = 1`,
  InProgress: sql`(${publications.kind} = 'live' and ${publications.state} = 2)`,
  Completed: sql`${publications.state} = 3`,
};

const monitorColumns = { row: publications, destinationName: syndicationDestinations.name, eventTitle: events.title };
export type MonitorSource = { row: PublicationRow; destinationName: string | null; eventTitle: string | null };

export interface MonitorQuery {
  kind?: PublicationKind | undefined;
  groups: readonly string[];
  target?: number | undefined;
  destinationId?: string | undefined;
  eventId?: string | undefined;
  contentIdFilter?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  failedFirst: boolean;
  pageNumber: number;
  pageSize: number;
}

/** A page of the monitor (every api and kind), with the count of each (kind, state) under the same filters but the states. */
export async function monitorRows(db: DbOrTx, clientId: string, query: MonitorQuery): Promise<{ rows: MonitorSource[]; totals: { kind: string; state: number; n: number }[] }> {
  const common: SQL[] = [
    eq(publications.clientId, clientId),
    ...(query.kind ? [eq(publications.kind, query.kind)] : []),
    ...targetIs(query.target),
    ...(query.destinationId ? [eq(publications.destinationId, query.destinationId)] : []),
    ...(query.eventId ? [eq(publications.eventId, query.eventId)] : []),
    ...contentFilter(query.contentIdFilter),
    ...(query.from ? [gte(publications.dateCreated, new Date(query.from))] : []),
    ...(query.to ? [lt(publications.dateCreated, new Date(query.to))] : []),
  ];
  const stateFilter = query.groups.length > 0 ? [sql`(${sql.join(query.groups.map((g) => MONITOR_GROUPS[g]!), sql` or `)})`] : [];
  const order = query.failedFirst
    ? [sql`(${publications.state} >= 4) desc`, desc(publications.dateCreated), desc(publications.id)]
    : [desc(publications.dateCreated), desc(publications.id)];
  const reader = readerFor(db, query.contentIdFilter);
  const [rows, totals] = await Promise.all([
    reader
      .select(monitorColumns)
      .from(publications)
      .leftJoin(syndicationDestinations, and(eq(syndicationDestinations.clientId, publications.clientId), eq(syndicationDestinations.id, publications.destinationId)))
      .leftJoin(events, and(eq(events.clientId, publications.clientId), eq(events.id, publications.eventId)))
      .where(and(...common, ...stateFilter))
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.pageNumber - 1) * query.pageSize),
    reader
      .select({ kind: publications.kind, state: publications.state, n: sql<number>`count(*)::int` })
      .from(publications)
      .where(and(...common))
      .groupBy(publications.kind, publications.state),
  ]);
  return { rows, totals };
}

/** One publication as the monitor lists it. */
export async function monitorRow(db: DbOrTx, clientId: string, id: string): Promise<MonitorSource | undefined> {
  const [row] = await db
    .select(monitorColumns)
    .from(publications)
    .leftJoin(syndicationDestinations, and(eq(syndicationDestinations.clientId, publications.clientId), eq(syndicationDestinations.id, publications.destinationId)))
    .leftJoin(events, and(eq(events.clientId, publications.clientId), eq(events.id, publications.eventId)))
    .where(and(eq(publications.clientId, clientId), eq(publications.id, id)));
  return row;
}
