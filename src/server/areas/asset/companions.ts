/** The thumbnail and sprite that come with an event's MP4 (SYSTEM assets); their failure does not fail the MP4, and leaves no part of an earlier one. */
import { AssetState } from '#schema';
import type { JobContext } from '../../jobs/queue.ts';
import { mediaInputOf, type EventMedia } from '../media/index.ts';
import { recordAssetChange } from './record.ts';
import { deleteSystemAssets, insertAsset, type AssetRow } from './repo.ts';

export async function makeCompanions(ctx: Pick<JobContext, 'db' | 'clock' | 'services' | 'log' | 'signal'>, eventMedia: EventMedia, mp4: AssetRow): Promise<void> {
  const media = ctx.services.media;
  const folder = mp4.path.slice(0, mp4.path.lastIndexOf('/') + 1);
  const base = mp4.path.slice(folder.length, mp4.path.lastIndexOf('.'));
  const companions = [
    { role: 'thumbnail' as const, name: 'Thumbnail', path: `${folder}${base}_thumbnail.jpg` },
    { role: 'sprite' as const, name: 'Sprite', path: `${folder}${base}_sprite.jpg` },
  ];
  for (const c of companions) {
    try {
      const file = media.storage.pathOf(c.path);
      if (c.role === 'thumbnail') {
        const at = Math.min(5_200, Math.floor(eventMedia.durationMs / 2));
        await media.encoder.frame(mediaInputOf(eventMedia, at, at + 40), file, { width: 640, signal: ctx.signal });
      } else {
        await media.encoder.sprite(mediaInputOf(eventMedia, 0, eventMedia.durationMs), file, { signal: ctx.signal });
      }
      const stored = await media.storage.stat(c.path);
      if (!stored) continue;
      const probe = await media.encoder.probe(file).catch(() => null);
      const now = ctx.clock.now();
      const replaced = await ctx.db.transaction(async (tx) => {
        // Replaces the companion of an earlier MP4 (its file was overwritten by the same path, or differs).
        const old = await deleteSystemAssets(tx, mp4.clientId, mp4.eventId, c.role);
        await insertAsset(tx, {
          clientId: mp4.clientId,
          eventId: mp4.eventId,
          name: c.name,
          path: c.path,
          extension: 'jpg',
          state: AssetState.values.COMPLETED,
          type: 0,
          role: c.role,
          jobId: mp4.jobId,
          contentId: mp4.contentId,
          priority: mp4.priority,
          bytes: stored.bytes,
          width: probe?.width ?? null,
          height: probe?.height ?? null,
          completedAt: now,
          dateCreated: now,
          dateModified: now,
        });
        await recordAssetChange(tx, ctx.clock, mp4.clientId, mp4.eventId);
        return old.filter((path) => path !== c.path);
      });
      for (const path of replaced) await media.storage.delete(path).catch(() => undefined);
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      ctx.log.warn({ eventId: mp4.eventId, role: c.role, err: error instanceof Error ? error.message : String(error) }, 'MP4 companion not made');
      // The one of an earlier MP4 (or a half-written file) would pass for this MP4's: it goes.
      const stale = await deleteSystemAssets(ctx.db, mp4.clientId, mp4.eventId, c.role);
      await media.storage.delete(c.path).catch(() => undefined);
      for (const path of stale) if (path !== c.path) await media.storage.delete(path).catch(() => undefined);
      if (stale.length > 0) await recordAssetChange(ctx.db, ctx.clock, mp4.clientId, mp4.eventId);
    }
  }
}
