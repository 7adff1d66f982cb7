/**
 * PUT /asset/sync/{event-id} (README "Assets"): reconciles an event's asset rows with the
 * storage. What the storage holds is read first, outside the transaction (`readStorage`: the VOD
 * folder's listing, and which made files are still there); the write then drops the rows whose
 * file is gone, adds rows for files put in the VOD folder by hand, and sets the event's MP4 state
 * to what the folder holds.
 */
import { AssetState, AssetType, Mp4State, type AssetSyncResult } from '#schema';
import type { Db } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { RequestContext } from '../../http/implement.ts';
import { setMp4State } from '../event/index.ts';
import { eventMediaOf, type StoredFile } from '../media/index.ts';
import { recordAssetChange } from './record.ts';
import { assetsOfEvent, deleteAssets, eventOf, insertAsset, updateAsset } from './repo.ts';
import { typeOfFile } from './rules.ts';
import { vodFilePath, vodFolderOf } from './vod-file.ts';

export interface StorageView {
  eventId: string;
  /** The files of the event's VOD folder. */
  inVod: StoredFile[];
  /** Paths of made assets whose file is not in the storage. */
  missing: Set<string>;
}

/** The prepare step: what the storage holds for the event (outside I/O). */
export async function readStorage(ctx: Pick<RequestContext, 'db' | 'client' | 'media'>, eventId: string): Promise<StorageView> {
  const storage = ctx.media.storage;
  const inVod = await storage.list(vodFolderOf(eventId));
  const missing = new Set<string>();
  if (await eventOf(ctx.db, ctx.client.clientId, eventId)) {
    for (const row of await assetsOfEvent(ctx.db, ctx.client.clientId, eventId)) {
      if (row.state === AssetState.values.COMPLETED && !(await storage.stat(row.path))) missing.add(row.path);
    }
  }
  return { eventId, inVod, missing };
}

/** The write: the rows follow what the storage held. */
export async function syncAssets(ctx: RequestContext, view: StorageView): Promise<AssetSyncResult> {
  const { eventId, inVod } = view;
  const clientId = ctx.client.clientId;
  const folder = vodFolderOf(eventId);
  const event = await eventOf(ctx.db, clientId, eventId);
  if (!event) throw notFound(`There is no event ${eventId}`);
  const hasMedia = (await eventMediaOf(ctx.db as Db, clientId, eventId, ctx.clock.now())).media !== undefined;
  if (!hasMedia && inVod.length === 0 && event.mp4State !== Mp4State.values.AVAILABLE) {
    throw badRequest(`The event ${eventId} has no VOD file to synchronise with: it has no media and nothing is in its VOD folder (${folder})`);
  }
  const rows = await assetsOfEvent(ctx.db, clientId, eventId);
  const now = ctx.clock.now();
  // Rows whose file is gone (made files only: GENERATING and FAILED ones have none yet).
  const gone = rows.filter((row) => row.state === AssetState.values.COMPLETED && view.missing.has(row.path));
  // Files of the VOD folder no row names: added by hand (or by another system).
  const known = new Set(rows.map((r) => r.path));
  const added = inVod.filter((f) => !known.has(f.key));
  let hasVodFileChanged = false;
  const mp4Path = vodFilePath(eventId, event.contentId);
  const mp4Row = rows.find((r) => r.role === 'mp4');
  await deleteAssets(ctx.db, clientId, gone.map((r) => r.id));
  for (const file of added) {
    const isVodFile = file.key === mp4Path && !mp4Row;
    const { type, extension } = isVodFile ? { type: AssetType.values.SYSTEM, extension: 'mp4' } : typeOfFile(file.key);
    await insertAsset(ctx.db, {
      clientId,
      eventId,
      name: isVodFile ? 'MP4' : file.key.slice(file.key.lastIndexOf('/') + 1),
      path: file.key,
      extension,
      state: AssetState.values.COMPLETED,
      type,
      role: isVodFile ? 'mp4' : null,
      contentId: event.contentId,
      bytes: file.bytes,
      completedAt: now,
      dateCreated: now,
      dateModified: now,
    });
    if (isVodFile) hasVodFileChanged = true;
  }
  // The VOD file itself: gone, replaced (another size) or newly found.
  const mp4File = inVod.find((f) => f.key === (mp4Row?.path ?? mp4Path));
  if (mp4Row && mp4Row.state === AssetState.values.COMPLETED && mp4File && mp4File.bytes !== mp4Row.bytes) {
    await updateAsset(ctx.db, clientId, mp4Row.id, { bytes: mp4File.bytes, dateModified: now });
    hasVodFileChanged = true;
  }
  if (mp4Row && gone.some((r) => r.id === mp4Row.id)) hasVodFileChanged = true;
  let mp4StateChanged = false;
  const target = mp4File ? Mp4State.values.AVAILABLE : event.mp4State === Mp4State.values.AVAILABLE ? Mp4State.values.NONE : event.mp4State;
  if (event.mp4State !== Mp4State.values.GENERATING && target !== event.mp4State) mp4StateChanged = await setMp4State(ctx.db, clientId, eventId, target, now);
  if (gone.length > 0 || added.length > 0 || hasVodFileChanged || mp4StateChanged) await recordAssetChange(ctx.db, ctx.clock, clientId, eventId, { mp4StateChanged });
  return { hasVodFileChanged, createdAssetsCount: added.length, deletedAssetsCount: gone.length, pathEvaluated: folder };
}
