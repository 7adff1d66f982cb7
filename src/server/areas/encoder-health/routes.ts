/** The encoder health's operations (beyond the interface): an event's health, the live events' health, the simulated fault switch. */
import { endpoints, type EventHealth } from '#schema';
import { notFound } from '../../http/errors.ts';
import { implement, type Implementation, type RequestContext } from '../../http/implement.ts';
import { eventHealth, isStreaming, statusOf } from './health.ts';
import { clientStreamingEvents, eventState, faultOf, faultsOf, latestSamples, samplesSince, setFault } from './repo.ts';
import { ensureSampling } from './sampling.ts';

async function healthOf(ctx: RequestContext, eventId: string, minutes: number): Promise<EventHealth> {
  const clientId = ctx.client.clientId;
  const state = await eventState(ctx.db, clientId, eventId);
  if (state === undefined) throw notFound(`There is no event ${eventId}`);
  const settings = ctx.encoderHealth;
  // A streaming event is sampled: the chain of ticks may have stopped while nothing streamed.
  if (isStreaming(state)) await ensureSampling(ctx.db, ctx.clock, ctx.encoderHealth);
  const since = new Date(ctx.clock.now().getTime() - minutes * 60_000);
  // One statement after the other: in a transaction they share one connection, which runs one at a time
  // (pg deprecates queueing a statement behind a running one).
  const samples = await samplesSince(ctx.db, clientId, eventId, since);
  const fault = await faultOf(ctx.db, clientId, eventId);
  return eventHealth({ eventId, state, fault, samples, expected: settings.telemetry.expected, sampleMs: settings.sampleMs });
}

export const encoderHealthRoutes: Implementation[] = [
  // Reads that may start the sampling (a job row): in a transaction.
  implement(endpoints.encoderHealth.get, async ({ params, query }, ctx) => ({ status: 200, body: await healthOf(ctx, params.id, query.minutes) }), { transaction: true }),

  implement(
    endpoints.encoderHealth.live,
    async (_input, ctx) => {
      const clientId = ctx.client.clientId;
      const live = await clientStreamingEvents(ctx.db, clientId);
      if (live.length > 0) await ensureSampling(ctx.db, ctx.clock, ctx.encoderHealth);
      const ids = live.map((e) => e.id);
      const latest = await latestSamples(ctx.db, clientId, ids);
      const faults = await faultsOf(ctx.db, clientId, ids);
      return {
        status: 200,
        body: live.map((e) => {
          const sample = latest.get(e.id);
          const fault = faults.get(e.id) ?? null;
          return { eventId: e.id, status: statusOf(true, fault, sample), fault, ingestKbps: sample?.ingestKbps ?? null, at: sample?.at.toISOString() ?? null };
        }),
      };
    },
    { transaction: true },
  ),

  implement(endpoints.encoderHealth.setFault, async ({ params, body }, ctx) => {
    if ((await eventState(ctx.db, ctx.client.clientId, params.id)) === undefined) throw notFound(`There is no event ${params.id}`);
    await setFault(ctx.db, ctx.client.clientId, params.id, body.fault, ctx.clock.now());
    return { status: 200, body: await healthOf(ctx, params.id, 30) };
  }),
];
