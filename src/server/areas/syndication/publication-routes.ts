/**
 * The live and VOD publication operations (service-interface.md "Media syndication: live
 * publications" and "VOD publications") and the publication monitor (extension operations).
 *
 * Lists: targetFilter (name or value), contentIdFilter (substring, case-insensitive), orderBy
 * Created (default), Started or Completed, newest first with empty dates last; from/to bound the
 * ordering date; pageNumber/pageSize. noCache is accepted; every read is fresh.
 */
import { and, asc, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import {
  DestinationTarget,
  endpoints,
  FAILED_PUBLICATION_STATES,
  publicationStateName,
  type MonitorRow,
  type PublicationKind,
} from '#schema';
import type { DbOrTx } from '../../db/database.ts';
import { asService } from '../../db/tenant-scope.ts';
import { events } from '../../db/tables/events.ts';
import { publicationHistory, publications, syndicationDestinations } from '../../db/tables/syndication.ts';
import { badField, notFound, validationError } from '../../http/errors.ts';
import { csvAnswer, mapRows, pages, type CsvValue } from '../../http/csv.ts';
import { implement, type Implementation, type RequestContext } from '../../http/implement.ts';
import { recordPublicationChange, serializePublications, type PublicationRow } from './core.ts';
import { targetOf } from './destination-routes.ts';
import {
  createLivePublications,
  deleteLive,
  liveStatistics,
  livePublicationOr404,
  parseCreate,
  recreateLive,
  setLiveVisibility,
  startLive,
  stopLive,
} from './live.ts';
import { createVodPublications, deleteVod } from './vod.ts';

const env = (ctx: RequestContext) => ({ db: ctx.db, clock: ctx.clock, services: ctx });

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export type Api = 'media' | 'direct';

export function base(clientId: string, kind: PublicationKind, api: Api = 'media'): SQL[] {
  return [eq(publications.clientId, clientId), eq(publications.kind, kind), eq(publications.api, api)];
}

export function targetFilter(text: string | undefined, field = 'query.targetFilter'): SQL[] {
  if (text === undefined || text.trim() === '') return [];
  const target = targetOf(text);
  if (target === undefined) throw badField(field, `not a target: expected one of ${DestinationTarget.names.join(', ')}`);
  return [eq(publications.target, target)];
}

export function contentFilter(text: string | undefined): SQL[] {
  return text ? [ilike(publications.contentId, `%${escapeLike(text)}%`)] : [];
}

/**
 * The handle a publication read runs on: with a content filter, outside the row-level policy, so
 * that its trigram index serves the `ILIKE` (the filters always name the client, `base`).
 */
function byContent<T extends DbOrTx>(db: T, contentIdFilter: string | undefined) {
  return contentIdFilter ? asService(db) : db;
}

interface ListQuery {
  targetFilter?: string | undefined;
  contentIdFilter?: string | undefined;
  queryTarget: boolean;
  orderBy?: 'Created' | 'Started' | 'Completed' | undefined;
  from?: string | undefined;
  to?: string | undefined;
  pageNumber: number;
  pageSize: number;
}

/** The list's rows (a page), and the filters they were chosen by and the handle to count them on. */
export async function listRows(ctx: RequestContext, kind: PublicationKind, query: ListQuery, api: Api = 'media') {
  const column = query.orderBy === 'Started' ? publications.dateStarted : query.orderBy === 'Completed' ? publications.dateCompleted : publications.dateCreated;
  if (query.from && query.to && new Date(query.from) > new Date(query.to)) throw badField('query.to', 'must not be before from');
  const filters = [
    ...base(ctx.client.clientId, kind, api),
    ...targetFilter(query.targetFilter),
    ...contentFilter(query.contentIdFilter),
    ...(query.from ? [gte(column, new Date(query.from))] : []),
    ...(query.to ? [lt(column, new Date(query.to))] : []),
  ];
  const reader = byContent(ctx.db, query.contentIdFilter);
  const rows = await reader
    .select()
    .from(publications)
    .where(and(...filters))
    .orderBy(sql`${column} desc nulls last`, desc(publications.id))
    .limit(query.pageSize)
    .offset((query.pageNumber - 1) * query.pageSize);
  return { rows, where: and(...filters), reader };
}

async function list(ctx: RequestContext, kind: PublicationKind, query: ListQuery) {
  const { rows } = await listRows(ctx, kind, query);
  return serializePublications(rows, { db: ctx.db, clock: ctx.clock, services: ctx, queryTarget: query.queryTarget });
}

async function byTransaction(ctx: RequestContext, kind: PublicationKind, transactionId: string, query: { contentIdFilter?: string | undefined; queryTarget: boolean }) {
  const rows = await byContent(ctx.db, query.contentIdFilter)
    .select()
    .from(publications)
    .where(and(...base(ctx.client.clientId, kind), eq(publications.transactionId, transactionId), ...contentFilter(query.contentIdFilter)))
    .orderBy(asc(publications.dateCreated), asc(publications.id));
  return serializePublications(rows, { db: ctx.db, clock: ctx.clock, services: ctx, queryTarget: query.queryTarget });
}

export async function one(ctx: RequestContext, kind: PublicationKind, where: SQL[], what: string, queryTarget: boolean, api: Api = 'media') {
  const [row] = await ctx.db
    .select()
    .from(publications)
    .where(and(...base(ctx.client.clientId, kind, api), ...where))
    .orderBy(desc(publications.dateCreated))
    .limit(1);
  if (!row) throw notFound(what);
  const [publication] = await serializePublications([row], { db: ctx.db, clock: ctx.clock, services: ctx, queryTarget });
  return publication!;
}

export async function serializeOne(ctx: RequestContext, row: PublicationRow) {
  const [publication] = await serializePublications([row], { db: ctx.db, clock: ctx.clock, services: ctx });
  return publication!;
}

// ---- The monitor ----------------------------------------------------------------------------------

/** The state groups of the monitor as SQL on (kind, state). */
const GROUPS: Record<string, SQL> = {
  Failed: sql`${publications.state} >= 4`,
  Processing: sql`(${publications.kind} = 'vod' and ${publications.state} = 0)`,
  Scheduled: sql`${publications.state} = 1`,
  InProgress: sql`(${publications.kind} = 'live' and ${publications.state} = 2)`,
  Completed: sql`${publications.state} = 3`,
};

function groupOf(kind: string, state: number): string {
  if (FAILED_PUBLICATION_STATES.includes(state)) return 'Failed';
  if (state === 0 && kind === 'vod') return 'Processing';
  if (state === 1) return 'Scheduled';
  if (state === 2 && kind === 'live') return 'InProgress';
  return 'Completed';
}

const monitorColumns = {
  row: publications,
  destinationName: syndicationDestinations.name,
  eventTitle: events.title,
};

function toMonitorRow(r: { row: PublicationRow; destinationName: string | null; eventTitle: string | null }): MonitorRow {
  const p = r.row;
  const details = p.details ?? {};
  return {
    id: p.id,
    kind: p.kind,
    api: p.api,
    target: p.target,
    destinationId: p.destinationId,
    destinationName: r.destinationName,
    eventId: p.eventId,
    eventTitle: r.eventTitle,
    audioInputId: p.audioInputId,
    transactionId: p.transactionId,
    contentId: p.contentId,
    publicationState: p.state,
    publicationStateString: publicationStateName(p.kind, p.state),
    reason: p.reason,
    progress: p.progress,
    startRequested: p.startRequested,
    visibility: typeof details.visibility === 'string' ? details.visibility : null,
    dateCreated: p.dateCreated.toISOString(),
    dateStarted: p.dateStarted?.toISOString() ?? null,
    dateCompleted: p.dateCompleted?.toISOString() ?? null,
    dateModified: p.dateModified.toISOString(),
  };
}

export const MONITOR_CSV_HEADER = ['Id', 'Kind', 'Api', 'Target', 'Destination', 'Event id', 'Event title', 'Content id', 'State', 'Reason', 'Progress', 'Created', 'Started', 'Completed'];

function monitorCsvRow(r: MonitorRow): CsvValue[] {
  return [r.id, r.kind, r.api, DestinationTarget.nameOf(r.target) ?? String(r.target), r.destinationName, r.eventId, r.eventTitle, r.contentId, r.publicationStateString, r.reason, r.progress, r.dateCreated, r.dateStarted, r.dateCompleted];
}

export async function monitorPage(db: DbOrTx, clientId: string, query: {
  kind?: PublicationKind | undefined;
  states?: string | undefined;
  targetFilter?: string | undefined;
  destinationId?: string | undefined;
  eventId?: string | undefined;
  contentIdFilter?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  failedFirst: boolean;
  pageNumber: number;
  pageSize: number;
}, options: { counts?: boolean } = {}) {
  // Every api: direct VOD publications join the monitor when they exist.
  const common: SQL[] = [
    eq(publications.clientId, clientId),
    ...(query.kind ? [eq(publications.kind, query.kind)] : []),
    ...targetFilter(query.targetFilter),
    ...(query.destinationId ? [eq(publications.destinationId, query.destinationId)] : []),
    ...(query.eventId ? [eq(publications.eventId, query.eventId)] : []),
    ...contentFilter(query.contentIdFilter),
    ...(query.from ? [gte(publications.dateCreated, new Date(query.from))] : []),
    ...(query.to ? [lt(publications.dateCreated, new Date(query.to))] : []),
  ];
  const groups = query.states ? [...new Set(query.states.split(',').map((s) => s.trim()))] : [];
  const stateFilter = groups.length > 0 ? [sql`(${sql.join(groups.map((g) => GROUPS[g]!), sql` or `)})`] : [];
  const where = and(...common, ...stateFilter);
  const order = query.failedFirst
    ? [sql`(${publications.state} >= 4) desc`, desc(publications.dateCreated), desc(publications.id)]
    : [desc(publications.dateCreated), desc(publications.id)];
  const reader = byContent(db, query.contentIdFilter);
  const [rows, totals] = await Promise.all([
    reader
      .select(monitorColumns)
      .from(publications)
      .leftJoin(syndicationDestinations, eq(syndicationDestinations.id, publications.destinationId))
      .leftJoin(events, eq(events.id, publications.eventId))
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.pageNumber - 1) * query.pageSize),
    // A reader of every page (the CSV export) needs no counts.
    options.counts === false
      ? []
      : reader
          .select({ kind: publications.kind, state: publications.state, n: sql<number>`count(*)::int` })
          .from(publications)
          .where(and(...common))
          .groupBy(publications.kind, publications.state),
  ]);
  const counts: Record<string, number> = { Failed: 0, Processing: 0, Scheduled: 0, InProgress: 0, Completed: 0 };
  for (const t of totals) counts[groupOf(t.kind, t.state)]! += Number(t.n);
  const totalCount = groups.length > 0 ? groups.reduce((sum, g) => sum + (counts[g] ?? 0), 0) : Object.values(counts).reduce((a, b) => a + b, 0);
  return { pageNumber: query.pageNumber, pageSize: query.pageSize, totalCount, counts, results: rows.map(toMonitorRow) };
}

// ---- Routes ---------------------------------------------------------------------------------------

export const publicationRoutes: Implementation[] = [
  // Live
  implement(endpoints.livePublication.create, async ({ body }, ctx) => {
    const rows = await createLivePublications(env(ctx), ctx.client.clientId, parseCreate(body));
    return { status: 200, body: await serializePublications(rows, { db: ctx.db, clock: ctx.clock, services: ctx }) };
  }),
  implement(endpoints.livePublication.recreate, async ({ body }, ctx) => {
    const row = await livePublicationOr404(ctx.db, ctx.client.clientId, body);
    return { status: 200, body: await serializeOne(ctx, await recreateLive(env(ctx), ctx.client.clientId, row, body.removeOriginal ?? false)) };
  }),
  implement(endpoints.livePublication.start, async ({ body }, ctx) => {
    const row = await livePublicationOr404(ctx.db, ctx.client.clientId, body);
    return { status: 200, body: await serializeOne(ctx, await startLive(env(ctx), ctx.client.clientId, row)) };
  }),
  implement(endpoints.livePublication.stop, async ({ body }, ctx) => {
    const row = await livePublicationOr404(ctx.db, ctx.client.clientId, body);
    return { status: 200, body: await serializeOne(ctx, await stopLive(env(ctx), row)) };
  }),
  implement(endpoints.livePublication.startAll, async ({ body }, ctx) => batch(ctx, body, 'start')),
  implement(endpoints.livePublication.stopAll, async ({ body }, ctx) => batch(ctx, body, 'stop')),
  implement(endpoints.livePublication.publish, async ({ body }, ctx) => {
    const row = await livePublicationOr404(ctx.db, ctx.client.clientId, body);
    return { status: 200, body: await setLiveVisibility(env(ctx), row, 'public') };
  }),
  implement(endpoints.livePublication.unpublish, async ({ body }, ctx) => {
    const row = await livePublicationOr404(ctx.db, ctx.client.clientId, body);
    return { status: 200, body: await setLiveVisibility(env(ctx), row, 'private') };
  }),
  implement(endpoints.livePublication.list, async ({ query }, ctx) => ({ status: 200, body: await list(ctx, 'live', query) })),
  implement(endpoints.livePublication.listByTransaction, async ({ params, query }, ctx) => ({
    status: 200,
    body: await byTransaction(ctx, 'live', params.transactionId, query),
  })),
  implement(endpoints.livePublication.get, async ({ params, query }, ctx) => ({
    status: 200,
    body: await one(ctx, 'live', [eq(publications.id, params.id), eq(publications.destinationId, query.destinationId)], `No live publication ${params.id} on destination ${query.destinationId}`, query.queryTarget),
  })),
  implement(endpoints.livePublication.getByContent, async ({ params, query }, ctx) => ({
    status: 200,
    body: await one(ctx, 'live', [eq(publications.contentId, params.contentId), eq(publications.destinationId, query.destinationId)], `No live publication of content ${params.contentId} on destination ${query.destinationId}`, query.queryTarget),
  })),
  implement(endpoints.livePublication.statistics, async ({ params, query }, ctx) => {
    const [row] = await ctx.db
      .select()
      .from(publications)
      .where(and(...base(ctx.client.clientId, 'live'), eq(publications.id, params.publicationId), eq(publications.destinationId, query.destinationId)));
    if (!row) throw notFound(`No live publication ${params.publicationId} on destination ${query.destinationId}`);
    return { status: 200, body: await liveStatistics(env(ctx), row) };
  }),
  implement(endpoints.livePublication.delete, async ({ body }, ctx) => {
    const rows: [PublicationRow, boolean][] = [];
    const problems: { field: string; message: string }[] = [];
    for (const [i, p] of body.publications.entries()) {
      try {
        rows.push([await livePublicationOr404(ctx.db, ctx.client.clientId, { eventId: body.eventId, ...p }), p.hardDelete]);
      } catch {
        problems.push({ field: `body.publications.${i}.publicationId`, message: 'no live publication with this id of the event on this destination' });
      }
    }
    if (problems.length > 0) throw validationError(problems, 'Nothing was deleted');
    for (const [row, hard] of rows) await deleteLive(env(ctx), row, hard);
    await recordPublicationChange(ctx.db, ctx.clock, { clientId: ctx.client.clientId, eventId: body.eventId });
    return { status: 200 };
  }),

  // VOD
  implement(endpoints.vodPublication.create, async ({ body }, ctx) => {
    const rows = await createVodPublications(env(ctx), ctx.client.clientId, body);
    return { status: 200, body: await serializePublications(rows, { db: ctx.db, clock: ctx.clock, services: ctx }) };
  }),
  implement(endpoints.vodPublication.list, async ({ query }, ctx) => ({ status: 200, body: await list(ctx, 'vod', query) })),
  implement(endpoints.vodPublication.listByTransaction, async ({ params, query }, ctx) => ({
    status: 200,
    body: await byTransaction(ctx, 'vod', params.transactionId, query),
  })),
  implement(endpoints.vodPublication.get, async ({ params, query }, ctx) => ({
    status: 200,
    body: await one(ctx, 'vod', [eq(publications.id, params.id), eq(publications.destinationId, query.destinationId)], `No VOD publication ${params.id} on destination ${query.destinationId}`, query.queryTarget),
  })),
  implement(endpoints.vodPublication.getByContent, async ({ params, query }, ctx) => ({
    status: 200,
    body: await one(ctx, 'vod', [eq(publications.contentId, params.contentId), eq(publications.destinationId, query.destinationId)], `No VOD publication of content ${params.contentId} on destination ${query.destinationId}`, query.queryTarget),
  })),
  implement(endpoints.vodPublication.delete, async ({ params, query }, ctx) => {
    const [row] = await ctx.db
      .select()
      .from(publications)
      .where(and(...base(ctx.client.clientId, 'vod'), eq(publications.id, params.id)))
      .for('update');
    if (!row) throw notFound(`No VOD publication ${params.id}`);
    await deleteVod(env(ctx), row, query.hardDelete);
    return { status: 200 };
  }),

  // Monitor (extension)
  implement(endpoints.publicationMonitor.list, async ({ query }, ctx) => {
    if (query.from && query.to && new Date(query.from) > new Date(query.to)) throw badField('query.to', 'must not be before from');
    return { status: 200, body: await monitorPage(ctx.db, ctx.client.clientId, query) };
  }),
  implement(endpoints.publicationMonitor.exportCsv, async ({ query }, ctx) => {
    if (query.from && query.to && new Date(query.from) > new Date(query.to)) throw badField('query.to', 'must not be before from');
    const rows = pages(async (offset, limit) => (await monitorPage(ctx.db, ctx.client.clientId, { ...query, pageNumber: offset / limit + 1, pageSize: limit }, { counts: false })).results);
    return { status: 200, body: await csvAnswer(`publications-${ctx.clock.now().toISOString().slice(0, 10)}.csv`, MONITOR_CSV_HEADER, mapRows(rows, monitorCsvRow)) };
  }),
  implement(endpoints.publicationMonitor.get, async ({ params }, ctx) => {
    const [row] = await ctx.db
      .select(monitorColumns)
      .from(publications)
      .leftJoin(syndicationDestinations, eq(syndicationDestinations.id, publications.destinationId))
      .leftJoin(events, eq(events.id, publications.eventId))
      .where(and(eq(publications.id, params.id), eq(publications.clientId, ctx.client.clientId)));
    if (!row) throw notFound(`No publication ${params.id}`);
    return { status: 200, body: toMonitorRow(row) };
  }),
  implement(endpoints.publicationMonitor.history, async ({ params }, ctx) => {
    const [row] = await ctx.db
      .select({ kind: publications.kind })
      .from(publications)
      .where(and(eq(publications.id, params.id), eq(publications.clientId, ctx.client.clientId)));
    if (!row) throw notFound(`No publication ${params.id}`);
    const entries = await ctx.db
      .select()
      .from(publicationHistory)
      .where(eq(publicationHistory.publicationId, params.id))
      .orderBy(asc(publicationHistory.seq));
    return {
      status: 200,
      body: entries.map((e) => ({
        at: e.at.toISOString(),
        fromState: e.fromState,
        fromStateString: e.fromState === null ? null : publicationStateName(row.kind, e.fromState),
        toState: e.toState,
        toStateString: publicationStateName(row.kind, e.toState),
        reason: e.reason,
        cause: e.cause,
      })),
    };
  }),
];

/** How many publications of a start/all or stop/all are attempted at once. */
export const BATCH_CONCURRENCY = 4;

/** `fn` over `items`, at most `limit` at a time; the results in the items' order. */
export async function mapBounded<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/**
 * start/all and stop/all: every publication gets its attempt, concurrently, at most
 * BATCH_CONCURRENCY at a time (a slow platform does not hold up the others; the request's
 * transaction is shared, so its database statements still queue on its one connection).
 * Unknown publications are a 400 before any attempt.
 */
async function batch(ctx: RequestContext, body: { eventId: string; publications: { publicationId: string; destinationId: string }[] }, action: 'start' | 'stop') {
  const rows: PublicationRow[] = [];
  const problems: { field: string; message: string }[] = [];
  for (const [i, p] of body.publications.entries()) {
    try {
      rows.push(await livePublicationOr404(ctx.db, ctx.client.clientId, { eventId: body.eventId, ...p }));
    } catch {
      problems.push({ field: `body.publications.${i}.publicationId`, message: 'no live publication with this id of the event on this destination' });
    }
  }
  if (problems.length > 0) throw validationError(problems, 'No publication was ' + (action === 'start' ? 'started' : 'stopped'));
  const out = await mapBounded(rows, BATCH_CONCURRENCY, async (row) => {
    if (action === 'stop') return stopLive(env(ctx), row);
    try {
      return await startLive(env(ctx), ctx.client.clientId, row);
    } catch {
      // A publication that cannot start (failed, completed) keeps its state: its attempt is over.
      return row;
    }
  });
  return { status: 200 as const, body: await serializePublications(out, { db: ctx.db, clock: ctx.clock, services: ctx }) };
}

