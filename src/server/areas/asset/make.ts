/**
 * Making an asset: the `asset.make` job, one per GENERATING asset, in the media lane
 * (jobs/media-lane.ts: beside the job rounds, in the asset's priority order, at most
 * MEDIA_CONCURRENCY at once). It runs ffmpeg on the event's media (the media encoder), writes how
 * far it got on the asset as it goes (`progress`, `eta_seconds`), and settles the asset COMPLETED
 * or FAILED with the reason.
 *
 * - Never GENERATING for ever: the job is durable (a restart takes it again once its lease has
 *   passed); after MAX_ATTEMPTS claims it is given up, FAILED with the reason. A failing ffmpeg
 *   run, a missing event or media, a fault: FAILED with the reason at once.
 * - Each state change records AssetsChanged for the event (webhooks and the change feed); the
 *   event's MP4 (role `mp4`) also sets the event's mp4State (through the event area),
 *   recording Mp4StateChanged, and then gets its thumbnail and sprite.
 * - A row deleted while its file was being made: the file is removed when the work ends.
 */
import { z } from 'zod';
import { AssetState, Mp4State } from '#schema';
import type { Db, DbOrTx } from '../../db/database.ts';
import type { AssetWork } from '../../db/tables/index.ts';
import type { Clock } from '../../jobs/clock.ts';
import { jobKind } from '../../jobs/define.ts';
import type { JobContext } from '../../jobs/queue.ts';
import { MediaEncoderError } from '../../sim/media-encoder.ts';
import { setMp4State } from '../event/index.ts';
import { eventMediaOf, mediaInputOf, progressWriter, type EventMedia, type MediaServices } from '../media/index.ts';
import { makeCompanions } from './companions.ts';
import { recordAssetChange } from './record.ts';
import { recordChange } from '../../changes/record-entity.ts';
import { assetById, updateAsset, type AssetRow } from './repo.ts';

/** Claims of one asset before it is given up (a process that died mid-job counts as one). */
export const MAX_ATTEMPTS = 3;

/** Makes one asset; jobs.ts gives it its handler, in the media lane. */
export const makeKind = jobKind('asset.make', z.object({ assetId: z.guid() }));

/** Queues the making of a GENERATING asset (in the caller's transaction), in the asset's priority. */
export async function scheduleMake(db: DbOrTx, clock: Clock, asset: Pick<AssetRow, 'id' | 'clientId' | 'priority'>): Promise<void> {
  await makeKind.enqueue(db, clock, { assetId: asset.id }, { clientId: asset.clientId, priority: asset.priority, maxAttempts: MAX_ATTEMPTS });
}

/**
 * The still beside a GIF or video asset's file (`<folder>/poster.jpg`), which the dashboard's
 * gallery shows until the GIF is hovered or the video played: the asset's url with its last
 * segment replaced. Not an asset of its own; it goes with the asset's folder.
 */
export const posterPath = (path: string): string => `${path.slice(0, path.lastIndexOf('/') + 1)}poster.jpg`;

class WorkFailure extends Error {}

/** The job: makes the asset, unless it is no longer GENERATING (deleted, settled, retried under another job). */
export async function makeAsset({ assetId }: { assetId: string }, ctx: JobContext): Promise<void> {
  const clientId = ctx.job.clientId;
  if (!clientId) return;
  const row = await assetById(ctx.db, clientId, assetId);
  if (!row || row.state !== AssetState.values.GENERATING) return;
  const media = ctx.services.media;
  if (ctx.job.attempts > ctx.job.maxAttempts) {
    await settle(ctx, row, { ok: false, error: `gave up after ${ctx.job.maxAttempts} attempts: the service stopped while making it each time` });
    return;
  }
  const started = Date.now();
  try {
    const work = row.work;
    if (!work) throw new WorkFailure('nothing to make: the request is missing (an asset found in storage has no generation)');
    const fault = media.fault?.({ kind: work.kind, assetId: row.id, eventId: row.eventId });
    if (fault) throw new WorkFailure(fault);
    const found = await eventMediaOf(ctx.db, clientId, row.eventId, ctx.clock.now(), { fallbackToTestProgramme: work.kind === 'mp4' && work.fallback === true });
    if (!found.media) throw new WorkFailure(found.reason === 'not-found' ? 'the event was deleted' : found.problem);
    await updateAsset(ctx.db, clientId, row.id, { startedAt: row.startedAt ?? ctx.clock.now(), progress: 0, etaSeconds: null }, { whileGenerating: true });
    const progress = progressWriter(async (p) => {
      if (await updateAsset(ctx.db, clientId, row.id, { progress: p.percent, etaSeconds: p.etaSeconds }, { whileGenerating: true })) {
        await recordChange(ctx.db, ctx.clock, clientId, { kind: 'asset', id: row.id, eventId: row.eventId, action: 'Updated', progress: p });
      }
    });
    const file = media.storage.pathOf(row.path);
    const details = await make(media, found.media, work, file, { onProgress: progress.report, signal: ctx.signal });
    await progress.flush();
    const stored = await media.storage.stat(row.path);
    if (!stored) throw new WorkFailure('the file did not arrive in the storage');
    const probe = await media.encoder.probe(file).catch(() => null);
    if (work.kind === 'gif' || work.kind === 'video') {
      // A still for galleries (a GIF animates, a video plays, only when asked): posterPath().
      const at = Math.min(work.fromMs + 500, work.toMs - 40);
      await media.encoder.frame(mediaInputOf(found.media, at, at + 40), media.storage.pathOf(posterPath(row.path)), { width: 480, signal: ctx.signal }).catch(() => undefined);
    }
    // A file ffmpeg made but cannot describe still counts; its size and duration stay unknown.
    // An MP4 is AVAILABLE once its thumbnail and sprite were made or failed, so that an MP4 said
    // to be ready says which of them it has (vod-file.ts), never "no sprite" while it is on its way.
    if (work.kind === 'mp4') await makeCompanions(ctx, found.media, row);
    await settle(ctx, row, { ok: true, bytes: stored.bytes, durationMs: probe?.durationMs ?? details.durationMs ?? null, width: probe?.width ?? null, height: probe?.height ?? null });
    ctx.log.info({ assetId: row.id, kind: work.kind, ms: Date.now() - started, bytes: stored.bytes }, 'media made');
  } catch (error) {
    // Stopped because the service closes: the lane gives the job back, the asset stays GENERATING.
    if (ctx.signal.aborted) throw error;
    const message = error instanceof WorkFailure || error instanceof MediaEncoderError ? error.message : `unexpected: ${error instanceof Error ? error.message : String(error)}`;
    ctx.log.warn({ assetId: row.id, err: message }, 'media work failed');
    await media.storage.delete(row.path).catch(() => undefined);
    await settle(ctx, row, { ok: false, error: message });
  }
}

async function make(media: MediaServices, eventMedia: EventMedia, work: AssetWork, file: string, control: { onProgress: (f: number) => void; signal: AbortSignal }): Promise<{ durationMs?: number }> {
  const { encoder } = media;
  switch (work.kind) {
    case 'image': {
      const at = Math.min(work.atMs, Math.max(0, eventMedia.durationMs - 40));
      await encoder.frame(mediaInputOf(eventMedia, at, at + 40), file, { signal: control.signal });
      return {};
    }
    case 'gif':
      await encoder.gif(mediaInputOf(eventMedia, work.fromMs, work.toMs), file, {
        fps: work.fps,
        speed: work.speed,
        repeats: work.repeats,
        ...(work.width ? { width: work.width } : {}),
        ...(work.height ? { height: work.height } : {}),
        ...control,
      });
      return { durationMs: work.speed > 0 ? Math.round((work.toMs - work.fromMs) / work.speed) : 0 };
    case 'video':
      await encoder.mp4([mediaInputOf(eventMedia, work.fromMs, work.toMs)], file, {
        frameAccurate: work.frameAccurate,
        video: work.video,
        audio: work.audio,
        startTimeMs: work.startTimeMs,
        ...control,
      });
      return {};
    case 'mp4':
      await encoder.mp4([mediaInputOf(eventMedia, 0, eventMedia.durationMs)], file, control);
      return { durationMs: eventMedia.durationMs };
    default:
      throw new WorkFailure('unknown work');
  }
}

type Outcome = { ok: true; bytes: number; durationMs: number | null; width: number | null; height: number | null } | { ok: false; error: string };

/** The asset's end state, with the event's change (and MP4 state), in one transaction. */
async function settle(ctx: Pick<JobContext, 'db' | 'clock' | 'services'>, row: AssetRow, outcome: Outcome): Promise<void> {
  const { db, clock } = ctx;
  const now = clock.now();
  const done = { progress: null, etaSeconds: null, completedAt: now, dateModified: now };
  const settled = await db.transaction(async (tx) => {
    const updated = await updateAsset(
      tx,
      row.clientId,
      row.id,
      outcome.ok
        ? { state: AssetState.values.COMPLETED, bytes: outcome.bytes, durationMs: outcome.durationMs, width: outcome.width, height: outcome.height, error: null, ...done }
        : { state: AssetState.values.FAILED, error: outcome.error.slice(0, 2000), ...done },
      { whileGenerating: true },
    );
    if (!updated) return false;
    const mp4StateChanged = row.role === 'mp4' && (await setMp4State(tx, row.clientId, row.eventId, outcome.ok ? Mp4State.values.AVAILABLE : Mp4State.values.FAILED, now));
    await recordAssetChange(tx, clock, row.clientId, row.eventId, mp4StateChanged ? { mp4StateChanged } : {});
    await recordChange(tx, clock, row.clientId, { kind: 'asset', id: row.id, eventId: row.eventId, action: 'Updated' });
    return true;
  });
  // Deleted (or settled elsewhere) while it was being made: the file is nobody's.
  if (!settled && outcome.ok && !(await assetById(db as Db, row.clientId, row.id))) await ctx.services.media.storage.delete(row.path).catch(() => undefined);
}
