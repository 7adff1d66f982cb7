/**
 * Cuts a download's clips from their events' media and stitches them, in order, into one MP4,
 * with the media encoder (sim/media-encoder.ts, real ffmpeg): each clip is the segment files of its
 * range (areas/media/event-media.ts mediaInputOf). Without frameAccurate the packets are copied
 * and each clip widens to the key frames around it (every 2 s in the test media); with it, each
 * clip is re-encoded to its exact frames. A track filter keeps video or audio only.
 *
 * The file is made in a temporary folder and read back whole (downloads are minutes of a
 * 150 kbit/s test stream: a few MB); the caller keeps it in the database.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mediaInputOf, type EventMedia } from '../media/event-media.ts';
import { MediaEncoder, MediaEncoderError } from '../../sim/media-encoder.ts';
import type { MediaServices } from '../media/services.ts';
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
  bytes: Buffer;
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
  options: { onProgress: (fraction: number) => Promise<void>; services: { media?: MediaServices } },
): Promise<StitchResult> {
  const encoder = encoderOf(options.services);
  const filtered = tracksOf(row.clips[0]?.filter);
  const tracks = 'tracks' in filtered ? filtered.tracks : 'audio+video';
  const inputs = row.clips.map((clip, i) => mediaInputOf(media[i]!, clip.fromMs, clip.toMs));
  await options.onProgress(0.05);
  const work = await mkdtemp(join(tmpdir(), 'control-room-download-'));
  try {
    const out = join(work, 'download.mp4');
    try {
      await encoder.mp4(inputs, out, { frameAccurate: row.frameAccurate, video: tracks !== 'audio', audio: tracks !== 'video' });
    } catch (error) {
      // A failed start (no ffmpeg) or a time-out may pass; bad input will not.
      if (error instanceof MediaEncoderError) throw new StitchError(error.message, error.kind === 'input');
      throw error;
    }
    await options.onProgress(0.85);
    const info = await encoder.probe(out);
    const bytes = await readFile(out);
    await options.onProgress(0.95);
    const wanted = row.clips.reduce((sum, c) => sum + (c.toMs - c.fromMs), 0);
    return { bytes, durationMs: info.durationMs ?? wanted };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
