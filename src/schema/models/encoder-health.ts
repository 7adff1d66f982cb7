/**
 * The health of a live event's encoder (beyond the interface): what the (simulated) encoder
 * reports every few seconds while the event streams, kept for two hours, and the fault it has.
 */
import { z } from 'zod';
import { DateTime, Guid } from '../common.ts';

/**
 * Faults the simulated encoder can be switched into (PUT /event/{id}/health/fault, or
 * ENCODER_FAULT_RATE for demos): the ingest falling to a trickle, frames being dropped, a
 * publishing point down, the ingest lost altogether.
 */
export const EncoderFault = z.enum(['bitrateDrop', 'frameDrops', 'pointDown', 'ingestLost']);
export type EncoderFault = z.infer<typeof EncoderFault>;

export const PublishingPointHealthSchema = z
  .object({
    /** "Encoder 1, primary". */
    name: z.string(),
    url: z.string(),
    healthy: z.boolean(),
    /** What the point receives, kbit/s. */
    kbps: z.number().int(),
  })
  .meta({ id: 'PublishingPointHealth' });
export type PublishingPointHealth = z.infer<typeof PublishingPointHealthSchema>;

export const HealthSampleSchema = z
  .object({
    at: DateTime,
    /** What the encoder takes in, kbit/s. */
    ingestKbps: z.number().int(),
    frameRate: z.number(),
    /** Frames dropped since the sample before. */
    droppedFrames: z.number().int(),
    points: z.array(PublishingPointHealthSchema),
    fault: EncoderFault.nullable(),
  })
  .meta({ id: 'HealthSample' });
export type HealthSample = z.infer<typeof HealthSampleSchema>;

export const HealthStatus = z.enum(['healthy', 'degraded', 'down', 'offline']);
export type HealthStatus = z.infer<typeof HealthStatus>;

export const EventHealthSchema = z
  .object({
    eventId: Guid,
    /** The event streams (live, published or not, or suspended): samples keep coming. */
    live: z.boolean(),
    /** healthy; degraded (a fault, some points down); down (no ingest, every point down); offline (not streaming). */
    status: HealthStatus,
    fault: EncoderFault.nullable(),
    faultSince: DateTime.nullable(),
    /** What a healthy encoder of this event takes in. */
    expected: z.object({ kbps: z.number().int(), frameRate: z.number() }),
    /** Every `sampleSeconds`; the last `minutes` asked for, oldest first. */
    sampleSeconds: z.number().int(),
    samples: z.array(HealthSampleSchema),
  })
  .meta({ id: 'EventHealth' });
export type EventHealth = z.infer<typeof EventHealthSchema>;

export const EventHealthQuery = z.object({
  minutes: z.number().int().min(1).max(120).default(30).describe('How far back the samples go'),
});

export const EncoderFaultBody = z
  .object({ fault: EncoderFault.nullable().describe('The fault to switch on, or null to clear it') })
  .meta({ id: 'EncoderFaultBody' });
export type EncoderFaultBody = z.input<typeof EncoderFaultBody>;

/** The health of the live events of the client, for the schedule: one line per live event. */
export const LiveHealthSchema = z
  .object({
    eventId: Guid,
    status: HealthStatus,
    fault: EncoderFault.nullable(),
    ingestKbps: z.number().int().nullable(),
    at: DateTime.nullable(),
  })
  .meta({ id: 'LiveHealth' });
export type LiveHealth = z.infer<typeof LiveHealthSchema>;
