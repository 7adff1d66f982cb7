/**
 * Live controls of events: PUT /event/state/{id}, PUT /event/forcestop/{id} and
 * PUT /event/forcerestart/{id} (service-interface.md "States and transitions").
 *
 * These handlers run without the request-wide transaction: the change is committed first (so
 * LIVE_STARTING or LIVE_STOPPING is visible and the background job owns the rest), and then,
 * with waitUntilCompleted=true (the default) and for a force restart, the request waits for the
 * encoder outside any transaction (operations.ts `waitForOperation`), so a waiting request holds
 * no lock and never blocks other work on the event, nor the single connection of PGlite.
 * The answer is the event as it is afterwards: the requested state once reached; the
 * transitional state with waitUntilCompleted=false, or when the wait times out (settings.ts);
 * 502 EncoderFailed when the encoder could not start.
 */
import { endpoints, type Event } from '#schema';
import { notFound } from '../../http/errors.ts';
import { implement, type Implementation, type RequestContext } from '../../http/implement.ts';
import { getEvent } from '../event/index.ts';
import { serializeEvent } from '../event/index.ts';
import { eventReadRoutes } from './event-routes.ts';
import { forceRestart, forceStop, requestState, waitForOperation, type LiveDeps, type WaitOptions } from './operations.ts';

function depsOf(ctx: RequestContext): LiveDeps {
  return { clock: ctx.clock, encoder: ctx.encoder, log: ctx.log };
}

function waitOptions(ctx: RequestContext): WaitOptions {
  return {
    timeoutMs: ctx.live.waitTimeoutMs,
    pollMs: ctx.live.waitPollMs,
  };
}

async function currentEvent(ctx: RequestContext, id: string): Promise<Event> {
  const record = await getEvent(ctx.db, ctx.client.clientId, id);
  if (!record) throw notFound(`There is no event ${id}`);
  return serializeEvent(record, { video: null });
}

export const liveRoutes: Implementation[] = [
  ...eventReadRoutes,

  implement(
    endpoints.event.setState,
    async ({ params, body }, ctx) => {
      const deps = depsOf(ctx);
      const clientId = ctx.client.clientId;
      const { runId } = await ctx.db.transaction((tx) => requestState(tx, deps, clientId, params.id, body.state));
      if (runId && body.waitUntilCompleted) await waitForOperation(ctx.db, deps, clientId, params.id, runId, waitOptions(ctx));
      return { status: 200, body: await currentEvent(ctx, params.id) };
    },
    { transaction: false },
  ),

  implement(
    endpoints.event.forceStop,
    async ({ params }, ctx) => {
      await ctx.db.transaction((tx) => forceStop(tx, depsOf(ctx), ctx.client.clientId, params.id));
      return { status: 200, body: await currentEvent(ctx, params.id) };
    },
    { transaction: false },
  ),

  implement(
    endpoints.event.forceRestart,
    async ({ params }, ctx) => {
      const deps = depsOf(ctx);
      const clientId = ctx.client.clientId;
      const { runId } = await ctx.db.transaction((tx) => forceRestart(tx, deps, clientId, params.id));
      if (runId) await waitForOperation(ctx.db, deps, clientId, params.id, runId, waitOptions(ctx));
      return { status: 200, body: await currentEvent(ctx, params.id) };
    },
    { transaction: false },
  ),
];
