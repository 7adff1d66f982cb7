/** Billing statistics (service-interface.md "Billing statistics"), field for field. */
import { z } from 'zod';

export const BillingResolution = z.enum(['SD', 'HD', 'UHD']);
export type BillingResolution = z.infer<typeof BillingResolution>;

export const BillingUsageSchema = z
  .object({
    /** `All` in `usage`; the requested resolution in `usageForResolution`. */
    resolution: z.string(),
    eventTranscodeMinutes: z.number(),
    twentyFourSevenTranscodeMinutes: z.number(),
    eventMinutes: z.number(),
    twentyFourSevenMinutes: z.number(),
    twentyFourSevenChannelsUsed: z.number(),
    eventsUsed: z.number(),
    eventChannelsUsed: z.number(),
  })
  .meta({ id: 'BillingUsage' });
export type BillingUsage = z.infer<typeof BillingUsageSchema>;

const AssetTotals = z.object({ totalAssets: z.number().int() });

export const BillingStatisticsSchema = z
  .object({
    live: z.object({
      totalEventChannels: z.number().int(),
      totalTwentyFourSevenChannels: z.number().int(),
      maxSimultaneousChannels: z.number().int(),
      live2Vod: z.boolean(),
      mediaSyndication: z.boolean(),
      usage: BillingUsageSchema,
      usageForResolution: BillingUsageSchema,
    }),
    vod: AssetTotals,
    vodCompose: AssetTotals,
    archiver: AssetTotals,
    drm: z.object({ totalDrmLicenses: z.number().int() }),
    storage: z.object({ totalBytes: z.number(), friendlyFormat: z.string() }),
    /** One object despite the plural name: the interface writes it so. */
    cdns: z.object({ name: z.string(), totalBytes: z.number(), friendlyFormat: z.string() }),
  })
  .meta({ id: 'BillingStatistics' });
export type BillingStatistics = z.infer<typeof BillingStatisticsSchema>;
