/**
 * The files of deleted assets go after their rows, in a job (`asset.removeFiles`): removing files
 * is outside I/O, never inside the write's transaction, and a write that fails leaves its files.
 * A user asset's folder (its file and its poster) goes whole.
 */
import { z } from 'zod';
import type { DbOrTx } from '../../db/database.ts';
import type { Clock } from '../../jobs/clock.ts';
import { jobKind } from '../../jobs/define.ts';
import type { MediaServices } from '../media/index.ts';

export const removeFilesKind = jobKind('asset.removeFiles', z.object({ paths: z.array(z.string()) }));

/** Queues the removal of files whose rows the caller's transaction deletes. */
export async function removeFilesLater(db: DbOrTx, clock: Clock, clientId: string, paths: readonly string[]): Promise<void> {
  if (paths.length > 0) await removeFilesKind.enqueue(db, clock, { paths: [...paths] }, { clientId });
}

export async function removeFiles(media: Pick<MediaServices, 'storage'>, paths: readonly string[]): Promise<void> {
  for (const path of paths) {
    await media.storage.delete(path).catch(() => undefined);
    // User assets have a folder of their own.
    if (path.includes('/assets/')) await media.storage.deleteFolder(path.slice(0, path.lastIndexOf('/') + 1)).catch(() => undefined);
  }
}
