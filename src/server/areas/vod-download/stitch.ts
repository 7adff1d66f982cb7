/**
 * Cuts a download's clips from their events' media and stitches them, in order, into one MP4,
 * with the media encoder (sim/media-encoder.ts, real ffmpeg): each clip is the segment files of its
 * range (areas/media/event-media.ts mediaInputOf). Without frameAccurate the packets are copied
 * and each clip widens to the key frames around it (every 2 s in the test media); with it, each
 * clip is re-encoded to its exact frames. A track filter keeps video or audio only.
 *
 * The file is written into the file storage (sim/storage.ts, as the assets' files are) at the key
 * given; the encoder moves it into place only once it is whole. The encoder reports how far it
 * got (`onProgress`); `signal` stops it (the service closing).
 */
import { stat } from 'node:fs/promises';
import { MediaEncoderError } from '../../sim/media-encoder.ts';
import { mediaInputOf, type EventMedia, type MediaServices } from '../media/index.ts';
import type { DownloadRow } from './repo.ts';
import { tracksOf } from './rules.ts';

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
  /** Size of the stored file. */
  bytes: number;
  durationMs: number;
}

export async function stitchDownload(
  row: Pick<DownloadRow, 'id' | 'clips' | 'frameAccurate'>,
  media: readonly EventMedia[],
  /** Storage key to write the MP4 at. */
  key: string,
  options: { media: MediaServices; onProgress: (fraction: number) => void; signal: AbortSignal },
): Promise<StitchResult> {
  const { encoder, storage } = options.media;
  const filtered = tracksOf(row.clips[0]?.filter);
  const tracks = 'tracks' in filtered ? filtered.tracks : 'audio+video';
  const inputs = row.clips.map((clip, i) => mediaInputOf(media[i]!, clip.fromMs, clip.toMs));
  const out = storage.pathOf(key);
  try {
    await encoder.mp4(inputs, out, { frameAccurate: row.frameAccurate, video: tracks !== 'audio', audio: tracks !== 'video', onProgress: options.onProgress, signal: options.signal });
  } catch (error) {
    if (options.signal.aborted) throw error;
    // A failed start (no ffmpeg) or a time-out may pass; bad input will not.
    if (error instanceof MediaEncoderError) throw new StitchError(error.message, error.kind === 'input');
    throw error;
  }
  const info = await encoder.probe(out);
  const { size } = await stat(out);
  const wanted = row.clips.reduce((sum, c) => sum + (c.toMs - c.fromMs), 0);
  return { bytes: size, durationMs: info.durationMs ?? wanted };
}
