/**
 * Settings of the archiver's recorder, passed as `services.archiver` (all optional; services.ts
 * resolves them once). main.ts sets `segmentMs` from ARCHIVER_SEGMENT_SECONDS; tests pass their
 * own. How long archiving takes and what fails are the archive storage's (archive-storage.ts).
 */
export interface ArchiverSettings {
  /** Length of a captured segment (snapped to whole segments of the source stream). Default 4 s. */
  segmentMs?: number;
  /** How often the recorder looks at the captures. Default half a segment, at most 2 s. */
  tickMs?: number;
  /** Clock time before a failed attempt is retried. Default 2 s. */
  retryDelayMs?: number;
  /** Attempts per segment before it fails for good. Default 3. */
  maxAttempts?: number;
  /** Segments one capture records per tick at most (catching up after a restart); the rest next tick. Default 300. */
  maxSegmentsPerTick?: number;
  /** Captures one tick visits at most; the rest in the next one. Default 200. */
  maxCapturesPerTick?: number;
  /** Expired segments one capture deletes per tick at most. Default 2000. */
  maxExpiredPerTick?: number;
}

export type ResolvedArchiverSettings = Required<ArchiverSettings>;

export const DEFAULT_SEGMENT_MS = 4_000;

export function resolveArchiverSettings(settings: ArchiverSettings | undefined): ResolvedArchiverSettings {
  const segmentMs = Math.max(500, settings?.segmentMs ?? DEFAULT_SEGMENT_MS);
  return {
    segmentMs,
    tickMs: settings?.tickMs ?? Math.min(2_000, Math.max(250, Math.floor(segmentMs / 2))),
    retryDelayMs: settings?.retryDelayMs ?? 2_000,
    maxAttempts: Math.max(1, settings?.maxAttempts ?? 3),
    maxSegmentsPerTick: settings?.maxSegmentsPerTick ?? 300,
    maxCapturesPerTick: settings?.maxCapturesPerTick ?? 200,
    maxExpiredPerTick: settings?.maxExpiredPerTick ?? 2_000,
  };
}
