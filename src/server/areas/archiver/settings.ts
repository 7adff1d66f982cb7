/**
 * Settings of the simulated archiver, passed as `services.archiver` (all optional; services.ts
 * resolves them once). main.ts sets
 * `segmentMs` from ARCHIVER_SEGMENT_SECONDS and `faultRate` from ARCHIVER_FAULT_RATE; tests pass
 * their own (a fault function, a short segment).
 */
export interface ArchiverSettings {
  /** Length of a captured segment (snapped to whole segments of the source stream). Default 4 s. */
  segmentMs?: number;
  /** How often the recorder looks at the captures. Default half a segment, at most 2 s. */
  tickMs?: number;
  /** Clock time an archiving attempt takes. Default 1 s. */
  archiveDelayMs?: number;
  /** Clock time before a failed attempt is retried. Default 2 s. */
  retryDelayMs?: number;
  /** Attempts per segment before it fails for good. Default 3. */
  maxAttempts?: number;
  /**
   * Share of archiving attempts that fail (0..1), decided by a hash of the capture, the segment's
   * start and the attempt, so a run is reproducible. Default 0.05. Ignored when `fault` is given.
   */
  faultRate?: number;
  /** Whether this archiving attempt fails (tests). */
  fault?: (attempt: { captureId: string; startTime: Date; attempt: number }) => boolean;
  /** Segments one capture records per tick at most (catching up after a restart); the rest next tick. Default 300. */
  maxSegmentsPerTick?: number;
  /** Captures one tick visits at most; the rest in the next one. Default 200. */
  maxCapturesPerTick?: number;
  /** Expired segments one capture deletes per tick at most. Default 2000. */
  maxExpiredPerTick?: number;
  /** Clock time from a stream's creation to `uploaded`. Default 2 s. */
  uploadDelayMs?: number;
}

export type ResolvedArchiverSettings = Required<Omit<ArchiverSettings, 'fault'>> & { fault: NonNullable<ArchiverSettings['fault']> };

export const DEFAULT_SEGMENT_MS = 4_000;

/** FNV-1a of a string, as a number in [0, 1). */
function unitHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h / 0x1_0000_0000;
}

export function resolveArchiverSettings(settings: ArchiverSettings | undefined): ResolvedArchiverSettings {
  const segmentMs = Math.max(500, settings?.segmentMs ?? DEFAULT_SEGMENT_MS);
  const faultRate = Math.min(1, Math.max(0, settings?.faultRate ?? 0.05));
  return {
    segmentMs,
    tickMs: settings?.tickMs ?? Math.min(2_000, Math.max(250, Math.floor(segmentMs / 2))),
    archiveDelayMs: settings?.archiveDelayMs ?? 1_000,
    retryDelayMs: settings?.retryDelayMs ?? 2_000,
    maxAttempts: Math.max(1, settings?.maxAttempts ?? 3),
    faultRate,
    fault: settings?.fault ?? ((a) => unitHash(`${a.captureId}|${a.startTime.toISOString()}|${a.attempt}`) < faultRate),
    maxSegmentsPerTick: settings?.maxSegmentsPerTick ?? 300,
    maxCapturesPerTick: settings?.maxCapturesPerTick ?? 200,
    maxExpiredPerTick: settings?.maxExpiredPerTick ?? 2_000,
    uploadDelayMs: settings?.uploadDelayMs ?? 2_000,
  };
}
