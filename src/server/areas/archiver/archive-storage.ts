/**
 * The archive storage adapter (AppServices.archiveStorage): where the recorder puts what it
 * records. Archiving a segment is an attempt that the storage finishes in its own time and that
 * may fail; a stream made of a capture's content is uploaded to it a moment after it is made.
 * The recorder (recorder.ts) asks and the storage answers; how long it takes and what fails are
 * the storage's (sim/archive-storage.ts: a simulated storage), never the area's. The recorder
 * decides what a failure means: a retry after `retryDelayMs`, up to `maxAttempts` (settings.ts).
 */

/** One attempt to archive one recorded segment of a capture. */
export interface ArchiveAttempt {
  captureId: string;
  /** The segment's start (with the capture, it names the segment). */
  startTime: Date;
  /** 1 for the first attempt. */
  attempt: number;
}

export interface ArchiveStorage {
  /** When attempts begun at `now` have their outcome. */
  attemptsDoneAt(now: Date): Date;
  /** Whether an attempt succeeded, asked once it is done. */
  archived(attempt: ArchiveAttempt): Promise<boolean>;
  /** At `now`, the streams made at or before this moment are uploaded. */
  uploadedBy(now: Date): Date;
}
