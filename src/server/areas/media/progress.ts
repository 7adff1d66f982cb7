/**
 * How long media work reports its progress on its row (an asset's, a VOD download's): the media
 * encoder tells the share done (ffmpeg's `-progress`, sim/media-encoder.ts), this turns it into a
 * percentage and the time left, estimated from the pace so far, and writes it at most once a
 * second and only when the percentage moved (pages read it through the change feed and polls).
 *
 * @example
 * const progress = progressWriter((p) => updateAsset(db, clientId, id, { progress: p.percent, etaSeconds: p.etaSeconds }));
 * await encoder.mp4([input], file, { onProgress: progress.report, signal });
 * await progress.flush();
 */
import type { MediaProgress } from '#schema';

export interface ProgressWriter {
  /** The share done, 0..1 (the encoder's onProgress). */
  report(fraction: number): void;
  /** Waits for the writes in hand. */
  flush(): Promise<void>;
}

/** The progress as answered: from a row's percentage and time left, while the work is under way (null otherwise). */
export function mediaProgress(underWay: boolean, percent: number | null, etaSeconds: number | null): MediaProgress | null {
  return underWay ? { percent: Math.max(0, Math.min(100, percent ?? 0)), etaSeconds } : null;
}

export function progressWriter(write: (progress: MediaProgress) => Promise<unknown>, options: { now?: () => number; everyMs?: number } = {}): ProgressWriter {
  const now = options.now ?? Date.now;
  const everyMs = options.everyMs ?? 1_000;
  const started = now();
  let lastPercent = -1;
  let lastAt = 0;
  let chain: Promise<unknown> = Promise.resolve();
  return {
    report(fraction) {
      const percent = Math.max(0, Math.min(99, Math.floor(fraction * 100)));
      const at = now();
      if (percent <= lastPercent || at - lastAt < everyMs) return;
      lastPercent = percent;
      lastAt = at;
      const elapsed = at - started;
      // A pace to go by: a second of work and a percent of it at least.
      const etaSeconds = fraction >= 0.01 && elapsed >= 1_000 ? Math.round((elapsed * (1 - fraction)) / fraction / 1000) : null;
      chain = chain.then(() => write({ percent, etaSeconds })).catch(() => undefined);
    },
    flush: () => chain.then(() => undefined),
  };
}
