/**
 * Settings of the encoders' health sampling, given to buildApp as `services.encoderHealth` (all
 * optional) and kept resolved in AppServices.
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

export const DEFAULT_SAMPLE_MS = 10_000;
/** Samples older than this are pruned. */
export const KEEP_MS = 2 * 3_600_000;

export interface ResolvedHealthSettings {
  sampleMs: number;
  telemetry: EncoderTelemetry;
}

/** The settings as services.ts keeps them: the defaults filled in, the telemetry made once. */
export function resolveHealthSettings(settings: EncoderHealthSettings = {}): ResolvedHealthSettings {
  return { sampleMs: settings.sampleMs ?? DEFAULT_SAMPLE_MS, telemetry: settings.telemetry ?? new SimulatedEncoderTelemetry({ faultRate: settings.faultRate ?? 0 }) };
}
