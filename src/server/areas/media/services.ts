/**
 * The media side of the simulated world as a service (`services.media`, src/server/services.ts):
 * the encoder (real ffmpeg, sim/media-encoder.ts), the storage of asset files (sim/storage.ts)
 * and the faults tests and demos switch on. buildApp always wires one: main.ts from the settings
 * (STORAGE_DIR, MEDIA_CONCURRENCY, FFMPEG_PATH, MEDIA_FAULT_RATE), tests and e2e a temporary
 * folder that goes with the app.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MediaEncoder } from '../../sim/media-encoder.ts';
import { DirectoryStorage, type FileStorage } from '../../sim/storage.ts';

export interface MediaFaultContext {
  /** `image`, `gif`, `video` or `mp4`. */
  kind: string;
  assetId: string;
  eventId: string;
}

export interface MediaServices {
  encoder: MediaEncoder;
  storage: FileStorage;
  /**
   * A fault to inject: the message a piece of media work fails with (as the storage or the
   * encoder would report it), or null to go ahead. Default: none.
   */
  fault?: (work: MediaFaultContext) => string | null;
  /** How long a claim on a piece of work lasts before another worker may take it. Default: the encoder's time limit + 30 s. */
  leaseMs?: number;
  /** Called when the app closes (a temporary storage folder removes itself). */
  close?: () => void;
}

export interface MediaSettings {
  /** STORAGE_DIR; unset: a temporary folder removed when the app closes. */
  storageDir?: string;
  /** MEDIA_CONCURRENCY: ffmpeg runs at once. Default 2. */
  concurrency?: number;
  /** FFMPEG_PATH: another ffmpeg than the one the package ships. */
  ffmpegPath?: string;
  /** MEDIA_FAULT_RATE: the share of media work (0..1) that fails with a simulated storage error. */
  faultRate?: number;
  /** Time limit of one ffmpeg run. Default 120 s. */
  timeoutMs?: number;
}

export const DEFAULT_MEDIA_TIMEOUT_MS = 120_000;

export function createMediaServices(settings: MediaSettings = {}): MediaServices {
  const temporary = settings.storageDir === undefined;
  const root = settings.storageDir ?? mkdtempSync(join(tmpdir(), 'control-room-storage-'));
  const timeoutMs = settings.timeoutMs ?? DEFAULT_MEDIA_TIMEOUT_MS;
  const rate = settings.faultRate ?? 0;
  return {
    encoder: new MediaEncoder({
      concurrency: settings.concurrency ?? 2,
      timeoutMs,
      ...(settings.ffmpegPath ? { ffmpegPath: settings.ffmpegPath } : {}),
    }),
    storage: new DirectoryStorage(root),
    leaseMs: timeoutMs * 2 + 30_000,
    ...(rate > 0 ? { fault: () => (Math.random() < rate ? 'the storage did not accept the file (simulated fault: MEDIA_FAULT_RATE)' : null) } : {}),
    ...(temporary ? { close: () => rmSync(root, { recursive: true, force: true }) } : {}),
  };
}
