/** Health in words: statuses, faults, and the fault episodes of a run of samples. */
import type { EncoderFault, HealthSample, HealthStatus } from '#schema';

export const STATUS_WORDS: Record<HealthStatus, { label: string; colour: 'success' | 'warning' | 'error' | 'default' }> = {
  healthy: { label: 'Healthy', colour: 'success' },
  degraded: { label: 'Degraded', colour: 'warning' },
  down: { label: 'Down', colour: 'error' },
  offline: { label: 'Not streaming', colour: 'default' },
};

export const FAULT_WORDS: Record<EncoderFault, { label: string; means: string }> = {
  bitrateDrop: { label: 'Bitrate drop', means: 'The ingest has fallen to a trickle: viewers get the lowest renditions or buffer.' },
  frameDrops: { label: 'Dropped frames', means: 'The encoder drops frames: motion stutters for viewers.' },
  pointDown: { label: 'Publishing point down', means: 'One publishing point takes no stream: players on it fall back to the others.' },
  ingestLost: { label: 'Ingest lost', means: 'The encoder receives no signal: viewers see nothing.' },
};

export interface FaultEpisode {
  fault: EncoderFault;
  from: string;
  /** The last sample with it; null while it lasts. */
  until: string | null;
}

/** Runs of samples with the same fault, oldest first. */
export function faultEpisodes(samples: readonly HealthSample[]): FaultEpisode[] {
  const episodes: FaultEpisode[] = [];
  let open: FaultEpisode | null = null;
  for (const sample of samples) {
    if (open && open.fault !== sample.fault) {
      open.until = sample.at;
      open = null;
    }
    if (sample.fault && !open) {
      open = { fault: sample.fault, from: sample.at, until: null };
      episodes.push(open);
    }
  }
  return episodes;
}
