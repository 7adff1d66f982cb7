/**
 * The simulated encoders' telemetry: what a streaming event's encoder reports about itself (ingest
 * bitrate, frame rate, dropped frames, each publishing point), behind the interface a real
 * encoder's statistics API would implement (`EncoderTelemetry`). The state it needs lives in the
 * database (the samples and the switched faults, db/tables/operations.ts), so a restart or a
 * second process continues the same story; this module only turns (event, time, fault) into a
 * reading, the same one every time it is asked, so a reading is reproducible.
 *
 * Faults (EncoderFault): `bitrateDrop` (the ingest falls to a sixth), `frameDrops` (frames dropped
 * by the dozen, the frame rate down a fifth), `pointDown` (the last publishing point stops taking
 * the stream), `ingestLost` (nothing comes in; every point down). Tests and demos switch them
 * (PUT /event/{id}/health/fault); `faultRate` (ENCODER_FAULT_RATE) lets the simulation start one
 * by itself now and then, for demos.
 */
import type { ChannelConfiguration, EncoderFault } from '#schema';
import type { StoredPointHealth } from '../db/tables/operations.ts';

export interface HealthReading {
  ingestKbps: number;
  frameRate: number;
  droppedFrames: number;
  points: StoredPointHealth[];
}

export interface TelemetryInput {
  eventId: string;
  /** The event's channel, for its publishing points; null without one. */
  channel: ChannelConfiguration | null;
  at: Date;
  fault: EncoderFault | null;
}

export interface EncoderTelemetry {
  /** What the event's encoder reports at `at`. */
  read(input: TelemetryInput): HealthReading;
  /** What a healthy encoder takes in. */
  readonly expected: { kbps: number; frameRate: number };
  /** A fault the encoder falls into by itself at `at` (the demo's chance), or null. */
  spontaneousFault(eventId: string, at: Date): EncoderFault | null;
}

export interface SimulatedTelemetryOptions {
  /** The ladder's top: what a healthy encoder takes in. Default 6,000 kbit/s. */
  nominalKbps?: number;
  frameRate?: number;
  /** ENCODER_FAULT_RATE: the chance, per sample, that a healthy encoder falls into a fault. Default 0. */
  faultRate?: number;
}

/** FNV-1a of a string, as a number in [0, 1): the same noise for the same event and moment. */
function unit(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h / 0x1_0000_0000;
}

/** "Encoder 1, primary" for each publishing point of the channel; one made-up point without a channel. */
function pointsOf(channel: ChannelConfiguration | null): { name: string; url: string }[] {
  if (!channel) return [{ name: 'Publishing point', url: 'rtmp://ingest.invalid/live' }];
  return channel.encoders.flatMap((encoder, i) => {
    const label = encoder.name || `Encoder ${i + 1}`;
    const server = encoder.streamingServer;
    return [
      { name: `${label}, primary`, url: server.primaryPublishingPoint },
      ...(server.secondaryPublishingPoint ? [{ name: `${label}, secondary`, url: server.secondaryPublishingPoint }] : []),
    ];
  });
}

const FAULTS: readonly EncoderFault[] = ['bitrateDrop', 'frameDrops', 'pointDown', 'ingestLost'];

export class SimulatedEncoderTelemetry implements EncoderTelemetry {
  readonly expected: { kbps: number; frameRate: number };
  private readonly faultRate: number;

  constructor(options: SimulatedTelemetryOptions = {}) {
    this.expected = { kbps: options.nominalKbps ?? 6_000, frameRate: options.frameRate ?? 50 };
    this.faultRate = options.faultRate ?? 0;
  }

  read({ eventId, channel, at, fault }: TelemetryInput): HealthReading {
    const second = Math.floor(at.getTime() / 1000);
    const noise = unit(`${eventId}:${second}`);
    // A slow swell (scene complexity) and a little jitter, between 88 % and 102 % of the ladder's top.
    const swell = Math.sin((second / 240) * Math.PI * 2 + unit(eventId) * 6) * 0.05;
    let kbps = Math.round(this.expected.kbps * (0.95 + swell + (noise - 0.5) * 0.04));
    let frameRate = this.expected.frameRate;
    let dropped = noise > 0.97 ? 1 : 0;
    const points = pointsOf(channel).map((p) => ({ ...p, healthy: true, kbps }));
    switch (fault) {
      case 'bitrateDrop':
        kbps = Math.round(kbps / 6);
        for (const p of points) p.kbps = kbps;
        break;
      case 'frameDrops':
        dropped = 40 + Math.round(noise * 80);
        frameRate = Number((this.expected.frameRate * (0.78 + noise * 0.04)).toFixed(2));
        break;
      case 'pointDown': {
        const last = points.at(-1)!;
        last.healthy = false;
        last.kbps = 0;
        break;
      }
      case 'ingestLost':
        kbps = 0;
        frameRate = 0;
        for (const p of points) Object.assign(p, { healthy: false, kbps: 0 });
        break;
      case null:
        break;
    }
    return { ingestKbps: kbps, frameRate, droppedFrames: dropped, points };
  }

  spontaneousFault(eventId: string, at: Date): EncoderFault | null {
    if (this.faultRate <= 0) return null;
    const draw = unit(`fault:${eventId}:${Math.floor(at.getTime() / 1000)}`);
    return draw < this.faultRate ? FAULTS[Math.floor(unit(`kind:${eventId}:${at.getTime()}`) * FAULTS.length)]! : null;
  }
}
