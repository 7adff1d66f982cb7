/**
 * Cuts a download's clips from their events' media and stitches them, in order, into one MP4,
 * with the media encoder (sim/media-encoder.ts, real ffmpeg): each clip is the segment files of its
 * range (areas/media/event-media.ts mediaInputOf). Without frameAccurate the packets are copied
 * and each clip widens to the key frames around it (every 2 s in the test media); with it, each
 * clip is re-encoded to its exact frames. A track filter keeps video or audio only.
 *
 * The file is written into the file storage (sim/storage.ts, as the assets' files are) at the key
 * given; the encoder moves it into place only once it is whole.
 */
import { stat } from 'node:fs/promises';
import { mediaInputOf, type EventMedia } from '../media/index.ts';
import { MediaEncoder, MediaEncoderError } from '../../sim/media-encoder.ts';
import { mediaOf, type MediaServices } from '../media/index.ts';
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

let fallback: MediaEncoder | undefined;
/** The app's media encoder (services.media: MEDIA_CONCURRENCY, FFMPEG_PATH), shared with assets. */
function encoderOf(services: { media?: MediaServices }): MediaEncoder {
  return services.media?.encoder ?? (fallback ??= new MediaEncoder({ concurrency: 2 }));
}

export async function stitchDownload(
  row: Pick<DownloadRow, 'id' | 'clips' | 'frameAccurate'>,
  media: readonly EventMedia[],
  /** Storage key to write the MP4 at. */
  key: string,
  options: { onProgress: (fraction: number) => Promise<void>; services: { media?: MediaServices } },
): Promise<StitchResult> {
  const encoder = encoderOf(options.services);
  const filtered = tracksOf(row.clips[0]?.filter);
  const tracks = 'tracks' in filtered ? filtered.tracks : 'audio+video';
  const inputs = row.clips.map((clip, i) => mediaInputOf(media[i]!, clip.fromMs, clip.toMs));
  await options.onProgress(0.05);
  const out = mediaOf(options.services).storage.pathOf(key);
  // ffmpeg's own progress fills 5..85 %; the reports are written one after another, in order.
  let reported: Promise<void> = Promise.resolve();
  const onProgress = (fraction: number) => {
    reported = reported.then(() => options.onProgress(0.05 + 0.8 * fraction)).catch(() => undefined);
  };
  try {
    await encoder.mp4(inputs, out, { frameAccurate: row.frameAccurate, video: tracks !== 'audio', audio: tracks !== 'video', onProgress });
    await reported;
  } catch (error) {
    // A failed start (no ffmpeg) or a time-out may pass; bad input will not.
    if (error instanceof MediaEncoderError) throw new StitchError(error.message, error.kind === 'input');
    throw error;
  }
  await options.onProgress(0.85);
  const info = await encoder.probe(out);
  const { size } = await stat(out);
  await options.onProgress(0.95);
  const wanted = row.clips.reduce((sum, c) => sum + (c.toMs - c.fromMs), 0);
  return { bytes: size, durationMs: info.durationMs ?? wanted };
}
