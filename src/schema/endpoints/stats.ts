/** Statistics (service-interface.md "Statistics"). */
import { z } from 'zod';
import { defineArea } from '../define.ts';
import { DateTime } from '../common.ts';
import { BillingResolution, BillingStatisticsSchema } from '../models/billing.ts';

export const BillingQuery = z.object({
  startPeriod: DateTime.optional(),
  endPeriod: DateTime.optional(),
  resolution: BillingResolution.optional().describe('The resolution of usageForResolution'),
});

export const stats = defineArea('stats', {
  billing: {
    method: 'GET',
    path: '/stats/billing',
    summary: 'Get billing statistics',
    query: BillingQuery,
    responses: { 200: BillingStatisticsSchema },
  },
});
