/** Statistics (service-interface.md "Statistics"): billing, computed as billing.ts describes. */
import { endpoints } from '#schema';
import { badField } from '../../http/errors.ts';
import { implement, type Implementation } from '../../http/implement.ts';
import { instant } from '../event/index.ts';
import { billingPeriod, computeBilling } from './billing.ts';
import { assetEventsIn, liveEventsIn, syndicationUsedIn } from './repo.ts';

export const statsRoutes: Implementation[] = [
  implement(endpoints.stats.billing, async ({ query }, ctx) => {
    const now = ctx.clock.now();
    const period = billingPeriod(instant(query.startPeriod), instant(query.endPeriod), now);
    if (period.end <= period.start) throw badField('query.endPeriod', 'must be after startPeriod');
    const [live, assets, syndication] = [
      await liveEventsIn(ctx.db, ctx.client.clientId, period, now),
      await assetEventsIn(ctx.db, ctx.client.clientId, period),
      await syndicationUsedIn(ctx.db, ctx.client.clientId, period, now),
    ];
    return { status: 200, body: computeBilling(period, now, query.resolution, live, assets, syndication) };
  }),
];
