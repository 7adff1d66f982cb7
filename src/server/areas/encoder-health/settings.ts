/**
 * Settings of the encoders' health sampling, passed as `services.encoderHealth` (all optional).
 * main.ts sets `sampleMs` from ENCODER_HEALTH_SECONDS and `faultRate` from ENCODER_FAULT_RATE;
 * tests pass their own telemetry or a shorter interval.
 */
import { SimulatedEncoderTelemetry, type EncoderTelemetry } from '../../sim/encoder-health.ts';

export interface EncoderHealthSettings {
  /** How often a streaming event's encoder is sampled. Default 10 s. */
  sampleMs?: number;
  /** The chance per sample that a healthy simulated encoder falls into a fault (demos). Default 0. */
  faultRate?: number;
  /** The encoders' telemetry; default the simulated one. */
  telemetry?: EncoderTelemetry;
}

declare module '../../services.ts' {
  interface AppServices {
    /** The encoders' health sampling (areas/encoder-health/settings.ts). */
    encoderHealth?: EncoderHealthSettings;
  }
}

export const DEFAULT_SAMPLE_MS = 10_000;
/** Samples older than this are pruned. */
export const KEEP_MS = 2 * 3_600_000;

export interface ResolvedHealthSettings {
  sampleMs: number;
  telemetry: EncoderTelemetry;
}

const telemetries = new WeakMap<EncoderHealthSettings, EncoderTelemetry>();

export function resolveHealthSettings(settings: EncoderHealthSettings | undefined): ResolvedHealthSettings {
  const given = settings ?? {};
  let telemetry = given.telemetry ?? telemetries.get(given);
  if (!telemetry) {
    telemetry = new SimulatedEncoderTelemetry({ faultRate: given.faultRate ?? 0 });
    telemetries.set(given, telemetry);
  }
  return { sampleMs: given.sampleMs ?? DEFAULT_SAMPLE_MS, telemetry };
}
