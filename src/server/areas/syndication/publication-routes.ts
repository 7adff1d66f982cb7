/**
 * The live and VOD publication operations (service-interface.md "Media syndication: live
 * publications" and "VOD publications") and the publication monitor (extension operations).
 *
 * An operation that talks to a target (start, stop, recreate, publish, delete with hardDelete)
 * does so in its prepare step, outside the transaction (live.ts decides what to write from the
 * target's answers); the write then applies it, unless the publication changed meanwhile. The
 * callback URLs' hosts are resolved in the prepare step of the creates.
 */
import { endpoints, publicationStateName, type FieldError } from '#schema';
import { notFound, validationError } from '../../http/errors.ts';
import { csvAnswer, mapRows, pages } from '../../http/csv.ts';
import { implement, type Implementation, type RequestContext } from '../../http/implement.ts';
import { apply, plan, recordPublication, recordPublicationChange, serializePublications, type PublicationRow } from './core.ts';
import { callbackRefusals } from './input.ts';
import { applyLive, createLivePublications, leaveTarget, liveStatistics, parseCreate, planRecreate, planStart, planStop, planVisibility, type LivePlan, type TargetContext } from './live.ts';
import { BATCH_CONCURRENCY, byTransaction, listPage, mapBounded, MONITOR_CSV_HEADER, monitorCsvRow, monitorPage, one, serializeOne, toMonitorRow } from './reads.ts';
import { deletePublication, findPublication, historyOf } from './repo.ts';
import { monitorRow } from './monitor-repo.ts';
import { createVodPublications, removeVodOnTarget } from './vod.ts';
import { missingMp4Refusals } from './media-source.ts';
import { applyRetry, planRetry, type RetryPlan } from './retry.ts';

const env = (ctx: RequestContext): TargetContext => ({ db: ctx.db, clock: ctx.clock, services: ctx });

interface LiveBody {
  eventId: string;
  publicationId: string;
  destinationId: string;
}

/** The live publication of an action body: of the client, of that event, on that destination. */
async function livePublicationOr404(ctx: RequestContext, body: LiveBody): Promise<PublicationRow> {
  const row = await findPublication(ctx.db, ctx.client.clientId, 'live', 'media', { id: body.publicationId, eventId: body.eventId, destinationId: body.destinationId });
  if (!row) throw notFound(`No live publication ${body.publicationId} of event ${body.eventId} on destination ${body.destinationId}`);
  return row;
}

/** The live publications an action body names, or a 400 naming each unknown one. */
async function livePublicationsOr400(ctx: RequestContext, body: { eventId: string; publications: { publicationId: string; destinationId: string }[] }, nothing: string): Promise<PublicationRow[]> {
  const rows: PublicationRow[] = [];
  const problems: FieldError[] = [];
  for (const [i, p] of body.publications.entries()) {
    const row = await findPublication(ctx.db, ctx.client.clientId, 'live', 'media', { id: p.publicationId, eventId: body.eventId, destinationId: p.destinationId });
    if (row) rows.push(row);
    else problems.push({ field: `body.publications.${i}.publicationId`, message: 'no live publication with this id of the event on this destination' });
  }
  if (problems.length > 0) throw validationError(problems, nothing);
  return rows;
}

/** One live action: decided and done on the target in prepare, written by the handler. */
function liveAction(endpoint: typeof endpoints.livePublication.start | typeof endpoints.livePublication.stop | typeof endpoints.livePublication.recreate, decide: (ctx: RequestContext, row: PublicationRow, body: LiveBody & { removeOriginal?: boolean | undefined }) => Promise<LivePlan>): Implementation {
  return implement(
    endpoint,
    async (_input, ctx, planned: LivePlan) => ({ status: 200, body: await serializeOne(ctx, await applyLive(ctx.db, ctx.clock, planned)) }),
    { prepare: async ({ body }, ctx) => decide(ctx, await livePublicationOr404(ctx, body), body) },
  );
}

function visibility(endpoint: typeof endpoints.livePublication.publish | typeof endpoints.livePublication.unpublish, to: 'public' | 'private'): Implementation {
  return implement(
    endpoint,
    async (_input, ctx, decided: Awaited<ReturnType<typeof planVisibility>>) => {
      await apply(ctx.db, ctx.clock, decided.plan);
      return { status: 200, body: decided.answer };
    },
    { prepare: async ({ body }, ctx) => planVisibility(env(ctx), await livePublicationOr404(ctx, body), to) },
  );
}

/**
 * start/all and stop/all: every publication gets its attempt on its target, concurrently, at most
 * BATCH_CONCURRENCY at a time (a slow platform does not hold up the others), in prepare; the
 * handler writes them all. Unknown publications are a 400 before any attempt.
 */
function batch(endpoint: typeof endpoints.livePublication.startAll | typeof endpoints.livePublication.stopAll, action: 'start' | 'stop'): Implementation {
  return implement(
    endpoint,
    async (_input, ctx, plans: LivePlan[]) => {
      const rows: PublicationRow[] = [];
      for (const p of plans) rows.push(await applyLive(ctx.db, ctx.clock, p));
      return { status: 200, body: await serializePublications(ctx.db, rows) };
    },
    {
      prepare: async ({ body }, ctx) => {
        const rows = await livePublicationsOr400(ctx, body, action === 'start' ? 'No publication was started' : 'No publication was stopped');
        return mapBounded(rows, BATCH_CONCURRENCY, async (row) => {
          if (action === 'stop') return planStop(env(ctx), row);
          // A publication that cannot start (failed, completed) keeps its state: its attempt is over.
          return planStart(env(ctx), row).catch((): LivePlan => ({ plan: plan(row) }));
        });
      },
    },
  );
}

export const publicationRoutes: Implementation[] = [
  // Live
  implement(
    endpoints.livePublication.create,
    async ({ body }, ctx, refusals: FieldError[]) => {
      const rows = await createLivePublications(ctx.db, ctx.clock, ctx.client.clientId, parseCreate(body), refusals);
      return { status: 200, body: await serializePublications(ctx.db, rows) };
    },
    { prepare: ({ body }, ctx) => callbackRefusals(ctx, body.publications) },
  ),
  liveAction(endpoints.livePublication.recreate, (ctx, row, body) => planRecreate(env(ctx), row, body.removeOriginal ?? false)),
  liveAction(endpoints.livePublication.start, (ctx, row) => planStart(env(ctx), row)),
  liveAction(endpoints.livePublication.stop, (ctx, row) => planStop(env(ctx), row)),
  batch(endpoints.livePublication.startAll, 'start'),
  batch(endpoints.livePublication.stopAll, 'stop'),
  visibility(endpoints.livePublication.publish, 'public'),
  visibility(endpoints.livePublication.unpublish, 'private'),
  implement(endpoints.livePublication.list, async ({ query }, ctx) => ({ status: 200, body: (await listPage(ctx, 'live', query)).results })),
  implement(endpoints.livePublication.listByTransaction, async ({ params, query }, ctx) => ({ status: 200, body: await byTransaction(ctx, 'live', params.transactionId, query) })),
  implement(endpoints.livePublication.get, async ({ params, query }, ctx) => ({
    status: 200,
    body: await one(ctx, 'live', { id: params.id, destinationId: query.destinationId }, `No live publication ${params.id} on destination ${query.destinationId}`, query.queryTarget),
  })),
  implement(endpoints.livePublication.getByContent, async ({ params, query }, ctx) => ({
    status: 200,
    body: await one(ctx, 'live', { contentId: params.contentId, destinationId: query.destinationId }, `No live publication of content ${params.contentId} on destination ${query.destinationId}`, query.queryTarget),
  })),
  implement(endpoints.livePublication.statistics, async ({ params, query }, ctx) => {
    const row = await findPublication(ctx.db, ctx.client.clientId, 'live', 'media', { id: params.publicationId, destinationId: query.destinationId });
    if (!row) throw notFound(`No live publication ${params.publicationId} on destination ${query.destinationId}`);
    return { status: 200, body: await liveStatistics(env(ctx), row) };
  }),
  implement(
    endpoints.livePublication.delete,
    async ({ body }, ctx, rows: PublicationRow[]) => {
      for (const row of rows) {
        await deletePublication(ctx.db, ctx.client.clientId, row.id);
        await recordPublication(ctx.db, ctx.clock, row, 'Deleted');
      }
      await recordPublicationChange(ctx.db, ctx.clock, { clientId: ctx.client.clientId, eventId: body.eventId });
      return { status: 200 };
    },
    {
      // Off the target first (the broadcast ended; with hardDelete, removed), then deleted here.
      prepare: async ({ body }, ctx) => {
        const rows = await livePublicationsOr400(ctx, body, 'Nothing was deleted');
        for (const [i, row] of rows.entries()) await leaveTarget(env(ctx), row, body.publications[i]!.hardDelete);
        return rows;
      },
    },
  ),

  // VOD
  implement(
    endpoints.vodPublication.create,
    async ({ body }, ctx, refusals: FieldError[]) => {
      const rows = await createVodPublications(ctx.db, ctx.clock, ctx.client.clientId, body, refusals);
      return { status: 200, body: await serializePublications(ctx.db, rows) };
    },
    {
      prepare: async ({ body }, ctx) => [
        ...(await missingMp4Refusals(ctx.db, ctx, ctx.client.clientId, [{ field: 'body.eventId', eventId: body.eventId }])),
        ...(await callbackRefusals(ctx, body.publications)),
      ],
    },
  ),
  implement(endpoints.vodPublication.list, async ({ query }, ctx) => ({ status: 200, body: (await listPage(ctx, 'vod', query)).results })),
  implement(endpoints.vodPublication.listByTransaction, async ({ params, query }, ctx) => ({ status: 200, body: await byTransaction(ctx, 'vod', params.transactionId, query) })),
  implement(endpoints.vodPublication.get, async ({ params, query }, ctx) => ({
    status: 200,
    body: await one(ctx, 'vod', { id: params.id, destinationId: query.destinationId }, `No VOD publication ${params.id} on destination ${query.destinationId}`, query.queryTarget),
  })),
  implement(endpoints.vodPublication.getByContent, async ({ params, query }, ctx) => ({
    status: 200,
    body: await one(ctx, 'vod', { contentId: params.contentId, destinationId: query.destinationId }, `No VOD publication of content ${params.contentId} on destination ${query.destinationId}`, query.queryTarget),
  })),
  implement(
    endpoints.vodPublication.delete,
    async (_input, ctx, row: PublicationRow) => {
      await deletePublication(ctx.db, ctx.client.clientId, row.id);
      await recordPublication(ctx.db, ctx.clock, row, 'Deleted');
      await recordPublicationChange(ctx.db, ctx.clock, row);
      return { status: 200 };
    },
    {
      prepare: async ({ params, query }, ctx) => {
        const row = await findPublication(ctx.db, ctx.client.clientId, 'vod', 'media', { id: params.id });
        if (!row) throw notFound(`No VOD publication ${params.id}`);
        if (query.hardDelete) await removeVodOnTarget(env(ctx), row);
        return row;
      },
    },
  ),

  // Monitor (extension)
  implement(endpoints.publicationMonitor.list, async ({ query }, ctx) => ({ status: 200, body: await monitorPage(ctx, query) })),
  implement(endpoints.publicationMonitor.exportCsv, async ({ query }, ctx) => {
    const rows = pages(async (offset, limit) => (await monitorPage(ctx, { ...query, pageNumber: offset / limit + 1, pageSize: limit })).results);
    return { status: 200, body: await csvAnswer(`publications-${ctx.clock.now().toISOString().slice(0, 10)}.csv`, MONITOR_CSV_HEADER, mapRows(rows, monitorCsvRow)) };
  }),
  implement(endpoints.publicationMonitor.get, async ({ params }, ctx) => {
    const row = await monitorRow(ctx.db, ctx.client.clientId, params.id);
    if (!row) throw notFound(`No publication ${params.id}`);
    return { status: 200, body: toMonitorRow(row) };
  }),
  implement(
    endpoints.publicationMonitor.retry,
    async ({ params }, ctx, planned: RetryPlan) => {
      await applyRetry(ctx.db, ctx.clock, planned);
      const row = await monitorRow(ctx.db, ctx.client.clientId, params.id);
      return { status: 200, body: toMonitorRow(row!) };
    },
    { prepare: ({ params }, ctx) => planRetry(ctx, params.id) },
  ),
  implement(endpoints.publicationMonitor.history, async ({ params }, ctx) => {
    const row = await monitorRow(ctx.db, ctx.client.clientId, params.id);
    if (!row) throw notFound(`No publication ${params.id}`);
    const kind = row.row.kind;
    return {
      status: 200,
      body: (await historyOf(ctx.db, ctx.client.clientId, params.id)).map((e) => ({
        at: e.at.toISOString(),
        fromState: e.fromState,
        fromStateString: e.fromState === null ? null : publicationStateName(kind, e.fromState),
        toState: e.toState,
        toStateString: publicationStateName(kind, e.toState),
        reason: e.reason,
        cause: e.cause,
      })),
    };
  }),
];
