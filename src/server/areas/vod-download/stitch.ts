/**
 * Cuts a download's clips from their events' media and stitches them, in order, into one MP4,
 * through the media encoder (sim/). Progress is reported as a fraction from 0 to 1.
 */
import type { DownloadRow } from './repo.ts';

export class StitchError extends Error {
  override readonly name = 'StitchError';
  constructor(
    message: string,
    /** Trying again will not help (the media is gone, the clips cannot be joined). */
    readonly permanent = false,
  ) {
    super(message);
  }
}

export interface StitchResult {
  bytes: Buffer;
  durationMs: number;
}

export async function stitchDownload(_row: DownloadRow, _options: { onProgress: (fraction: number) => Promise<void> }): Promise<StitchResult> {
  throw new StitchError('the media encoder is not available yet');
}
