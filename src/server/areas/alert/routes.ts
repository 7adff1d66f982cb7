/**
 * The alert centre's operations (beyond the interface): the alerts, computed from the data with
 * their acknowledgements, and acknowledging them.
 *
 * An acknowledgement is in the activity trail as every successful write is (http/trust.ts: the
 * record's `resource`, one entry per alert).
 */
import { endpoints, type Alert } from '#schema';
import { implement, type Implementation } from '../../http/implement.ts';
import { ensureSampling } from '../encoder-health/index.ts';
import { acknowledge, acknowledgementsOf } from './repo.ts';
import { findAlerts } from './sources.ts';

export const alertRoutes: Implementation[] = [
  implement(
    endpoints.alert.list,
    async ({ query }, ctx) => {
      const clientId = ctx.client.clientId;
      const now = ctx.clock.now();
      const found = await findAlerts(ctx.db, clientId, now);
      const acks = await acknowledgementsOf(ctx.db, clientId, found.map((a) => a.id));
      const alerts: Alert[] = found.map((a) => {
        const acknowledgedAt = acks.get(a.id);
        // Acknowledged before it happened (again): open.
        return { ...a, acknowledgedAt: acknowledgedAt && acknowledgedAt.getTime() >= Date.parse(a.at) ? acknowledgedAt.toISOString() : null };
      });
      const open = alerts.filter((a) => a.acknowledgedAt === null);
      // The top bar asks this of every open dashboard: the encoders' sampling keeps going while anything streams.
      await ensureSampling(ctx.db, ctx.clock, ctx.encoderHealth);
      return {
        status: 200,
        body: { alerts: query.includeAcknowledged ? alerts : open, open: open.length, acknowledged: alerts.length - open.length },
      };
    },
    // A read that may start the sampling (a job row).
    { transaction: true },
  ),

  implement(endpoints.alert.acknowledge, async ({ body }, ctx) => {
    const acknowledged = await acknowledge(ctx.db, ctx.client.clientId, body.ids, ctx.clock.now());
    return { status: 200, body: { acknowledged } };
  }),
];
