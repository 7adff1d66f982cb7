/**
 * Helpers for tests of assets and MP4s: running media work to its end (jobs, then the ffmpeg
 * runs beside the worker), VOD events made through the API, and reading stored files.
 */
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AssetState } from '#schema';
import type { Database } from '#server/db/database.ts';
import { assets, jobs } from '#server/db/tables/index.ts';
import type { ManualClock } from '#server/jobs/clock.ts';
import { requestVodFile } from '#server/areas/asset/vod-file.ts';

interface App {
  app: FastifyInstance;
  database: Database;
  clock: ManualClock;
}

/**
 * Makes the event's MP4 file as the service makes it (from its media, or the test programme for
 * its span: give the event a short one) and waits for it: what an event marked AVAILABLE by a
 * factory lacks. The event ends AVAILABLE with its file, thumbnail and sprite.
 */
export async function makeMp4File(t: App & { clientId: string }, eventId: string): Promise<void> {
  await t.database.db.transaction((tx) => requestVodFile(tx, t.clock, t.clientId, eventId, { regenerate: true, keepState: true, media: 'fallback' }));
  await settleMedia(t);
}

/**
 * Runs jobs, the media lane's to their end, until nothing is GENERATING, or what is left is held
 * by a worker that is gone (a restart: only the lease's end frees it).
 */
export async function settleMedia(t: App, rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i += 1) {
    await t.app.jobs.runDue();
    const generating = await t.database.db.select({ id: assets.id }).from(assets).where(eq(assets.state, AssetState.values.GENERATING));
    if (generating.length === 0) return;
    const held = await t.database.db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.type, 'asset.make'), eq(jobs.status, 'running'), gt(jobs.lockedUntil, t.clock.now())));
    if (held.length > 0) return;
  }
}
