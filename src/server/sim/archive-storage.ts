/**
 * The simulated archive storage (the archiver area's adapter, areas/archiver/archive-storage.ts):
 * an attempt takes `archiveDelayMs` of clock time, a share of them fail (`faultRate`, decided by a
 * hash of the capture, the segment's start and the attempt, so a run is reproducible; or `fault`,
 * as a test says), and a stream is uploaded `uploadDelayMs` after it is made. main.ts sets the
 * share from ARCHIVER_FAULT_RATE.
 */
import type { ArchiveAttempt, ArchiveStorage } from '../areas/archiver/index.ts';

export interface SimulatedArchiveStorageOptions {
  /** Clock time an archiving attempt takes. Default 1 s. */
  archiveDelayMs?: number;
  /** Share of attempts that fail (0..1). Default 0.05. Ignored when `fault` is given. */
  faultRate?: number;
  /** Whether this attempt fails (tests). */
  fault?: (attempt: ArchiveAttempt) => boolean;
  /** Clock time from a stream's making to its upload. Default 2 s. */
  uploadDelayMs?: number;
}

/** FNV-1a of a string, as a number in [0, 1). */
function unitHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h / 0x1_0000_0000;
}

export class SimulatedArchiveStorage implements ArchiveStorage {
  private readonly archiveDelayMs: number;
  private readonly uploadDelayMs: number;
  private readonly fails: (attempt: ArchiveAttempt) => boolean;

  constructor(options: SimulatedArchiveStorageOptions = {}) {
    this.archiveDelayMs = options.archiveDelayMs ?? 1_000;
    this.uploadDelayMs = options.uploadDelayMs ?? 2_000;
    const rate = Math.min(1, Math.max(0, options.faultRate ?? 0.05));
    this.fails = options.fault ?? ((a) => unitHash(`${a.captureId}|${a.startTime.toISOString()}|${a.attempt}`) < rate);
  }

  attemptsDoneAt(now: Date): Date {
    return new Date(now.getTime() + this.archiveDelayMs);
  }

  async archived(attempt: ArchiveAttempt): Promise<boolean> {
    return !this.fails(attempt);
  }

  uploadedBy(now: Date): Date {
    return new Date(now.getTime() - this.uploadDelayMs);
  }
}
