/** An event's health as the service answers it (GET /event/{id}/health): its samples, its fault, its status. */
import type { EncoderFault, EventHealth, HealthSample, HealthStatus } from '#schema';
import type { SampleRow } from './repo.ts';
import { STREAMING_STATES } from './repo.ts';

export function toSample(row: SampleRow): HealthSample {
  return {
    at: row.at.toISOString(),
    ingestKbps: row.ingestKbps,
    frameRate: Number(row.frameRate.toFixed(2)),
    droppedFrames: row.droppedFrames,
    points: row.points,
    fault: row.fault,
  };
}

export const isStreaming = (state: number) => (STREAMING_STATES as readonly number[]).includes(state);

/** healthy; degraded: a fault, or a point down; down: no ingest; offline: not streaming. */
export function statusOf(streaming: boolean, fault: EncoderFault | null, latest: SampleRow | undefined): HealthStatus {
  if (!streaming) return 'offline';
  if (fault === 'ingestLost' || (latest && latest.ingestKbps === 0)) return 'down';
  if (fault || latest?.points.some((p) => !p.healthy)) return 'degraded';
  return 'healthy';
}

export function eventHealth(input: {
  eventId: string;
  state: number;
  fault: { fault: EncoderFault; since: Date } | undefined;
  samples: SampleRow[];
  expected: { kbps: number; frameRate: number };
  sampleMs: number;
}): EventHealth {
  const streaming = isStreaming(input.state);
  return {
    eventId: input.eventId,
    live: streaming,
    status: statusOf(streaming, input.fault?.fault ?? null, input.samples.at(-1)),
    fault: input.fault?.fault ?? null,
    faultSince: input.fault?.since.toISOString() ?? null,
    expected: input.expected,
    sampleSeconds: Math.round(input.sampleMs / 1000),
    samples: input.samples.map(toSample),
  };
}
