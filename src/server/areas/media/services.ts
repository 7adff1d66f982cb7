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
import { DirectoryStorage } from '../../sim/storage.ts';

/** The storage of media files (assets, MP4s, downloads): sim/storage.ts keeps them in a folder (STORAGE_DIR). */
export interface StoredFile {
  key: string;
  bytes: number;
  modifiedAt: Date;
}

export interface FileStorage {
  /** The folder files live in (for the logs). */
  readonly root: string;
  /** The file a key names, to write or read it; throws for a key that is not valid. */
  pathOf(key: string): string;
  /** Size and time of a stored file, or null when there is none. */
  stat(key: string): Promise<StoredFile | null>;
  /** Removes a file (nothing when there is none); empty folders above it go too. */
  delete(key: string): Promise<void>;
  /** Removes every file under a prefix ending in `/`. */
  deleteFolder(prefix: string): Promise<void>;
  /** Files under a prefix ending in `/`, at any depth, in key order. */
  list(prefix: string): Promise<StoredFile[]>;
}

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
  /** Called when the app closes (a temporary storage folder removes itself). */
  close?: () => void;
}

export interface MediaSettings {
  /** STORAGE_DIR; unset: a temporary folder removed when the app closes. */
  storageDir?: string;
  /** MEDIA_CONCURRENCY: media lane jobs (and ffmpeg runs) at once in the process. Default 2. */
  concurrency?: number;
  /** FFMPEG_PATH: another ffmpeg than the one the package ships. */
  ffmpegPath?: string;
  /** MEDIA_FAULT_RATE: the share of media work (0..1) that fails with a simulated storage error. */
  faultRate?: number;
  /** Time limit of one ffmpeg run (of one without progress, for a run that reports it). Default 120 s. */
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
    ...(rate > 0 ? { fault: () => (Math.random() < rate ? 'the storage did not accept the file (simulated fault: MEDIA_FAULT_RATE)' : null) } : {}),
    ...(temporary ? { close: () => rmSync(root, { recursive: true, force: true }) } : {}),
  };
}
