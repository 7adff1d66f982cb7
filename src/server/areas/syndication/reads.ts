/**
 * Reading publications as the operations answer them, for both apis (media and direct): the
 * lists, one publication, the monitor. With queryTarget=true the targets are asked about the items
 * first (outside I/O, a GET outside any transaction); a published item a target no longer shows
 * fails its publication, written in a short transaction of its own before the answer.
 *
 * Lists: targetFilter (name or value), contentIdFilter (substring, case-insensitive), orderBy
 * Created (default), Started or Completed, newest first with empty dates last; from/to bound the
 * ordering date; pageNumber/pageSize. noCache is accepted; every read is fresh.
 */
import { DestinationTarget, FAILED_PUBLICATION_STATES, publicationStateName, type MonitorRow, type Publication, type PublicationKind } from '#schema';
import type { CsvValue } from '../../http/csv.ts';
import { badField, notFound } from '../../http/errors.ts';
import type { RequestContext } from '../../http/implement.ts';
import { apply, serializePublications, viewItems, type PublicationRow } from './core.ts';
import { targetFilterOf } from './destinations.ts';
import { findPublication, findPublications, listPublications, type Api, type PublicationWhere } from './repo.ts';
import { monitorRows, MONITOR_GROUPS, type MonitorSource } from './monitor-repo.ts';

type Ctx = Pick<RequestContext, 'db' | 'clock' | 'client' | 'targets'>;

/** Publications as answered; with queryTarget, after asking the targets (and failing what they no longer show). */
export async function answer(ctx: Ctx, rows: readonly PublicationRow[], queryTarget = false): Promise<Publication[]> {
  if (!queryTarget) return serializePublications(ctx.db, rows);
  const { views, plans } = await viewItems(ctx.db, ctx.clock, ctx, rows);
  const failed = new Map<string, PublicationRow>();
  if (plans.length > 0) {
    await ctx.db.transaction(async (tx) => {
      for (const p of plans) {
        const written = await apply(tx, ctx.clock, p);
        if (written) failed.set(written.row.id, written.row);
      }
    });
  }
  return serializePublications(ctx.db, rows.map((r) => failed.get(r.id) ?? r), views);
}

export interface ListQuery {
  targetFilter?: string | undefined;
  contentIdFilter?: string | undefined;
  queryTarget: boolean;
  orderBy?: 'Created' | 'Started' | 'Completed' | undefined;
  from?: string | undefined;
  to?: string | undefined;
  pageNumber: number;
  pageSize: number;
}

/** A page of a kind's publications, and how many match (with `count`). */
export async function listPage(ctx: Ctx, kind: PublicationKind, query: ListQuery, api: Api = 'media', options: { count?: boolean } = {}) {
  if (query.from && query.to && new Date(query.from) > new Date(query.to)) throw badField('query.to', 'must not be before from');
  const { rows, total } = await listPublications(ctx.db, ctx.client.clientId, kind, api, { ...query, target: targetFilterOf(query.targetFilter) }, options);
  return { results: await answer(ctx, rows, query.queryTarget), total };
}

/** The publications of one request (its transaction id). */
export async function byTransaction(ctx: Ctx, kind: PublicationKind, transactionId: string, query: { contentIdFilter?: string | undefined; targetFilter?: string | undefined; queryTarget: boolean }, api: Api = 'media') {
  const target = targetFilterOf(query.targetFilter);
  const rows = await findPublications(ctx.db, ctx.client.clientId, kind, api, { transactionId }, { contentIdFilter: query.contentIdFilter, ...(target !== undefined ? { target } : {}) });
  return answer(ctx, rows, query.queryTarget);
}

/** One publication (the newest matching), or a 404 saying what was looked for. */
export async function one(ctx: Ctx, kind: PublicationKind, where: PublicationWhere, what: string, queryTarget: boolean, api: Api = 'media'): Promise<Publication> {
  const row = await findPublication(ctx.db, ctx.client.clientId, kind, api, where);
  if (!row) throw notFound(what);
  return (await answer(ctx, [row], queryTarget))[0]!;
}

export async function serializeOne(ctx: Ctx, row: PublicationRow): Promise<Publication> {
  return (await serializePublications(ctx.db, [row]))[0]!;
}

// ---- The monitor ----------------------------------------------------------------------------------

function groupOf(kind: string, state: number): string {
  if (FAILED_PUBLICATION_STATES.includes(state)) return 'Failed';
  if (state === 0 && kind === 'vod') return 'Processing';
  if (state === 1) return 'Scheduled';
  if (state === 2 && kind === 'live') return 'InProgress';
  return 'Completed';
}

export function toMonitorRow(r: MonitorSource): MonitorRow {
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

export async function monitorPage(
  ctx: Ctx,
  query: {
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
  },
) {
  if (query.from && query.to && new Date(query.from) > new Date(query.to)) throw badField('query.to', 'must not be before from');
  // Every api: direct VOD publications join the monitor when they exist.
  const groups = query.states ? [...new Set(query.states.split(',').map((s) => s.trim()))].filter((g) => g in MONITOR_GROUPS) : [];
  const { rows, totals } = await monitorRows(ctx.db, ctx.client.clientId, { ...query, groups, target: targetFilterOf(query.targetFilter) });
  const counts: Record<string, number> = { Failed: 0, Processing: 0, Scheduled: 0, InProgress: 0, Completed: 0 };
  for (const t of totals) counts[groupOf(t.kind, t.state)]! += Number(t.n);
  const totalCount = groups.length > 0 ? groups.reduce((sum, g) => sum + (counts[g] ?? 0), 0) : Object.values(counts).reduce((a, b) => a + b, 0);
  return { pageNumber: query.pageNumber, pageSize: query.pageSize, totalCount, counts, results: rows.map(toMonitorRow) };
}

/** The publication monitor as CSV (publicationMonitor.exportCsv): one line per row, these columns. */
export const MONITOR_CSV_HEADER = ['Id', 'Kind', 'Api', 'Target', 'Destination', 'Event id', 'Event title', 'Content id', 'State', 'Reason', 'Progress', 'Created', 'Started', 'Completed'];

export function monitorCsvRow(r: MonitorRow): CsvValue[] {
  return [r.id, r.kind, r.api, DestinationTarget.nameOf(r.target) ?? String(r.target), r.destinationName, r.eventId, r.eventTitle, r.contentId, r.publicationStateString, r.reason, r.progress, r.dateCreated, r.dateStarted, r.dateCompleted];
}

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
