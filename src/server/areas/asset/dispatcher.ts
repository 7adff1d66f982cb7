/**
 * Media work: GENERATING assets are made by real ffmpeg runs beside the job worker, a bounded
 * number at once, in priority order (1 first, then the oldest request). The assets table is the
 * durable queue (db/tables/assets.ts), as the deliveries table is for webhooks.
 *
 * Why not one job per asset: the job worker runs the jobs it claims one after the other, so a
 * 30 s video cut would hold every other job (webhooks, encoders, automation) for its duration.
 * Here the `asset.dispatch` job only *starts* work and returns; the ffmpeg runs go on beside the
 * worker, at most the encoder's concurrency (MEDIA_CONCURRENCY) at once, and each that ends
 * starts the next.
 *
 * Guarantees:
 * - Priority: a claim takes the GENERATING assets with the lowest priority number, then the
 *   oldest; work already running is not interrupted by a later, higher-priority request.
 * - Never GENERATING for ever: a claim carries a lease (the encoder's time limit and a margin) and
 *   schedules an `asset.dispatch` job for when it runs out. If the process dies mid-job, the
 *   asset is claimed again after the lease; after MAX_ATTEMPTS claims it is FAILED with the
 *   reason. A failing ffmpeg run, a missing event or media, a fault: FAILED with the reason at once.
 * - Each state change records AssetsChanged for the event (webhooks and the change feed); the
 *   event's MP4 (role `mp4`) also sets the event's mp4State, recording Mp4StateChanged.
 * - A row deleted while its file was being made: the file is removed when the work ends.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AssetState, Mp4State } from '#schema';
import type { Db, DbOrTx } from '../../db/database.ts';
import { assets, events, type AssetWork } from '../../db/tables/index.ts';
import { recordEventChange, type ChangeFlags } from '../../changes/record.ts';
import type { Clock } from '../../jobs/clock.ts';
import { z } from 'zod';
import { jobKind } from '../../jobs/define.ts';
import type { JobLogger } from '../../jobs/queue.ts';
import type { AppServices } from '../../services.ts';
import { MediaEncoderError } from '../../sim/media-encoder.ts';
import { eventMediaOf, mediaInputOf, type EventMedia } from '../media/index.ts';
import { mediaOf, type MediaServices } from '../media/index.ts';
import type { AssetRow } from './serialize.ts';

export const MEDIA_DISPATCH_JOB = 'asset.dispatch';
/** Starts the media work due; jobs.ts gives it its handler. */
export const mediaDispatchKind = jobKind(MEDIA_DISPATCH_JOB, z.null());

/**
 * The still beside a GIF or video asset's file (`<folder>/poster.jpg`), which the dashboard's
 * gallery shows until the GIF is hovered or the video played: the asset's url with its last
 * segment replaced. Not an asset of its own; it goes with the asset's folder.
 */
export const posterPath = (path: string): string => `${path.slice(0, path.lastIndexOf('/') + 1)}poster.jpg`;
/** Claims of one asset before it is given up (a process that died mid-job counts as one). */
export const MAX_ATTEMPTS = 3;
const WAKE_BUCKET_MS = 5_000;

export interface DispatchEnv {
  db: Db;
  clock: Clock;
  services: AppServices;
  log: JobLogger;
}

interface Hub {
  running: number;
  inFlight: Set<Promise<void>>;
  closing: boolean;
}
const hubs = new WeakMap<Db, Hub>();
function hubOf(db: Db): Hub {
  let hub = hubs.get(db);
  if (!hub) {
    hub = { running: 0, inFlight: new Set(), closing: false };
    hubs.set(db, hub);
  }
  return hub;
}

/** Schedules an `asset.dispatch` job now (one pending at a time), or at a later time (5 s buckets). */
export async function scheduleDispatch(db: DbOrTx, clock: Clock, at?: Date): Promise<void> {
  if (!at) {
    await mediaDispatchKind.enqueue(db, clock, null, { dedupeKey: `${MEDIA_DISPATCH_JOB}@now`, maxAttempts: 3 });
    return;
  }
  const bucket = Math.ceil((at.getTime() + 1) / WAKE_BUCKET_MS) * WAKE_BUCKET_MS;
  await mediaDispatchKind.enqueue(db, clock, null, { runAt: new Date(bucket), dedupeKey: `${MEDIA_DISPATCH_JOB}@${bucket}`, maxAttempts: 3 });
}

/** Starts as much GENERATING work as there are free slots; returns how many it started. */
export async function dispatch(env: DispatchEnv): Promise<number> {
  const hub = hubOf(env.db);
  if (hub.closing) return 0;
  const media = mediaOf(env.services);
  const free = media.encoder.concurrency - hub.running;
  if (free <= 0) return 0;
  const now = env.clock.now();
  const leaseMs = media.leaseMs ?? 300_000;
  const leaseUntil = new Date(now.getTime() + leaseMs);
  const result = await env.db.execute(sql`
    update ${assets} set lease_until = ${leaseUntil}, attempts = ${assets.attempts} + 1, started_at = coalesce(${assets.startedAt}, ${now})
    where ${assets.id} in (
      select ${assets.id} from ${assets}
      where ${assets.state} = 0 and (${assets.leaseUntil} is null or ${assets.leaseUntil} < ${now})
      order by ${assets.priority}, ${assets.dateCreated}, ${assets.id}
      limit ${free}
      for update skip locked
    )
    returning id`);
  const ids = (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  if (ids.length === 0) return 0;
  // Should this process stop mid-work, the claims run out and these are taken again.
  await scheduleDispatch(env.db, env.clock, leaseUntil);
  const rows = await env.db.select().from(assets).where(inArray(assets.id, ids));
  rows.sort((a, b) => a.priority - b.priority || a.dateCreated.getTime() - b.dateCreated.getTime());
  for (const row of rows) {
    hub.running += 1;
    const work: Promise<void> = run(env, media, row)
      .catch((error: unknown) => env.log.error({ assetId: row.id, err: error instanceof Error ? error.message : String(error) }, 'media work could not be settled'))
      .finally(() => {
        hub.running -= 1;
        hub.inFlight.delete(work);
        // A slot is free: the next one.
        if (!hub.closing) {
          const next = dispatch(env).catch((error: unknown) => {
            env.log.error({ err: error instanceof Error ? error.message : String(error) }, 'media dispatch failed');
            return 0;
          });
          const tracked = next.then(() => undefined);
          hub.inFlight.add(tracked);
          void tracked.finally(() => hub.inFlight.delete(tracked));
        }
      });
    hub.inFlight.add(work);
  }
  return rows.length;
}

/** Waits until no media work is going on in this process (tests, the bench, shutdown). */
export async function mediaIdle(db: Db): Promise<void> {
  const hub = hubOf(db);
  while (hub.inFlight.size > 0) await Promise.allSettled([...hub.inFlight]);
}

/** Stops starting work and waits for what runs (the app's close). */
export async function closeMediaDispatch(db: Db): Promise<void> {
  const hub = hubOf(db);
  hub.closing = true;
  await mediaIdle(db);
}

class WorkFailure extends Error {}

/** Makes one asset and settles it. */
async function run(env: DispatchEnv, media: MediaServices, row: AssetRow): Promise<void> {
  const { db, clock } = env;
  if (row.attempts > MAX_ATTEMPTS) {
    await settle(env, row, { ok: false, error: `gave up after ${MAX_ATTEMPTS} attempts: the service stopped while making it each time` });
    return;
  }
  const started = Date.now();
  try {
    const work = row.work;
    if (!work) throw new WorkFailure('nothing to make: the request is missing (an asset found in storage has no generation)');
    const fault = media.fault?.({ kind: work.kind, assetId: row.id, eventId: row.eventId });
    if (fault) throw new WorkFailure(fault);
    const found = await eventMediaOf(db, row.clientId, row.eventId, clock.now(), { fallbackToTestProgramme: work.kind === 'mp4' && work.fallback === true });
    if (!found.media) throw new WorkFailure(found.reason === 'not-found' ? 'the event was deleted' : found.problem);
    const file = media.storage.pathOf(row.path);
    const details = await make(media, found.media, work, file, row, progressWriter(env, row));
    const stored = await media.storage.stat(row.path);
    if (!stored) throw new WorkFailure('the file did not arrive in the storage');
    let probe: { durationMs: number | null; width: number | null; height: number | null } = { durationMs: null, width: null, height: null };
    try {
      probe = await media.encoder.probe(file);
    } catch {
      // A file ffmpeg made but cannot describe still counts; its size and duration stay unknown.
    }
    if (work.kind === 'gif' || work.kind === 'video') {
      // A still for galleries (a GIF animates, a video plays, only when asked): posterPath().
      const at = Math.min(work.fromMs + 500, work.toMs - 40);
      await media.encoder.frame(mediaInputOf(found.media, at, at + 40), media.storage.pathOf(posterPath(row.path)), { width: 480 }).catch(() => undefined);
    }
    await settle(env, row, { ok: true, bytes: stored.bytes, durationMs: probe.durationMs ?? details.durationMs ?? null, width: probe.width, height: probe.height });
    if (work.kind === 'mp4') await makeCompanions(env, media, found.media, row);
    env.log.info({ assetId: row.id, kind: work.kind, ms: Date.now() - started, bytes: stored.bytes }, 'media made');
  } catch (error) {
    const message = error instanceof WorkFailure || error instanceof MediaEncoderError ? error.message : `unexpected: ${error instanceof Error ? error.message : String(error)}`;
    env.log.warn({ assetId: row.id, err: message }, 'media work failed');
    await media.storage.delete(row.path).catch(() => undefined);
    await settle(env, row, { ok: false, error: message });
  }
}

/**
 * Writes the asset's progress (whole percent, each 5 points at most, never backwards) as ffmpeg
 * reports it; the pages asking GET /asset/ or the event's MP4 while it is made read it there. The
 * writes go one after another, off ffmpeg's path.
 */
function progressWriter(env: DispatchEnv, row: AssetRow): (fraction: number) => void {
  let written = 0;
  let chain: Promise<unknown> = Promise.resolve();
  return (fraction) => {
    const percent = Math.min(99, Math.floor(fraction * 100));
    if (percent < written + 5) return;
    written = percent;
    chain = chain
      .then(() => env.db.update(assets).set({ progress: percent }).where(and(eq(assets.id, row.id), eq(assets.state, AssetState.values.GENERATING))))
      .catch((error: unknown) => env.log.warn({ assetId: row.id, err: String(error) }, 'progress not written'));
  };
}

async function make(media: MediaServices, eventMedia: EventMedia, work: AssetWork, file: string, row: AssetRow, onProgress: (fraction: number) => void): Promise<{ durationMs?: number }> {
  const { encoder } = media;
  switch (work.kind) {
    case 'image': {
      const at = Math.min(work.atMs, Math.max(0, eventMedia.durationMs - 40));
      await encoder.frame(mediaInputOf(eventMedia, at, at + 40), file);
      return {};
    }
    case 'gif':
      await encoder.gif(mediaInputOf(eventMedia, work.fromMs, work.toMs), file, {
        fps: work.fps,
        speed: work.speed,
        repeats: work.repeats,
        ...(work.width ? { width: work.width } : {}),
        ...(work.height ? { height: work.height } : {}),
      });
      return { durationMs: work.speed > 0 ? Math.round((work.toMs - work.fromMs) / work.speed) : 0 };
    case 'video':
      await encoder.mp4([mediaInputOf(eventMedia, work.fromMs, work.toMs)], file, {
        frameAccurate: work.frameAccurate,
        video: work.video,
        audio: work.audio,
        startTimeMs: work.startTimeMs,
        onProgress,
      });
      return {};
    case 'mp4':
      await encoder.mp4([mediaInputOf(eventMedia, 0, eventMedia.durationMs)], file, { onProgress });
      return { durationMs: eventMedia.durationMs };
    default:
      throw new WorkFailure(`unknown work for asset ${row.id}`);
  }
}

type Outcome = { ok: true; bytes: number; durationMs: number | null; width: number | null; height: number | null } | { ok: false; error: string };

/** The asset's end state, with the event's change (and MP4 state), in one transaction. */
async function settle(env: DispatchEnv, row: AssetRow, outcome: Outcome): Promise<void> {
  const { db, clock } = env;
  const now = clock.now();
  const settled = await db.transaction(async (tx) => {
    const updated = await tx
      .update(assets)
      .set(
        outcome.ok
          ? { state: AssetState.values.COMPLETED, bytes: outcome.bytes, durationMs: outcome.durationMs, width: outcome.width, height: outcome.height, error: null, leaseUntil: null, completedAt: now, dateModified: now }
          : { state: AssetState.values.FAILED, error: outcome.error.slice(0, 2000), leaseUntil: null, completedAt: now, dateModified: now },
      )
      .where(and(eq(assets.id, row.id), eq(assets.state, AssetState.values.GENERATING)))
      .returning({ id: assets.id });
    if (updated.length === 0) return false;
    const flags: ChangeFlags = { assetsChanged: true };
    if (row.role === 'mp4') {
      const target = outcome.ok ? Mp4State.values.AVAILABLE : Mp4State.values.FAILED;
      const changed = await tx
        .update(events)
        .set({ mp4State: target, dateModified: now })
        .where(and(eq(events.id, row.eventId), eq(events.clientId, row.clientId), sql`${events.mp4State} <> ${target}`))
        .returning({ id: events.id });
      if (changed.length > 0) flags.mp4StateChanged = true;
    }
    await recordAssetChange(tx, clock, row.clientId, row.eventId, flags);
    return true;
  });
  // Deleted (or settled elsewhere) while it was being made: the file is nobody's.
  if (!settled && outcome.ok) {
    const [still] = await db.select({ id: assets.id }).from(assets).where(eq(assets.id, row.id));
    if (!still) await mediaOf(env.services).storage.delete(row.path).catch(() => undefined);
  }
}

/** Records a change of an event's assets (AssetsChanged, and whatever else `flags` says). */
export async function recordAssetChange(db: DbOrTx, clock: Clock, clientId: string, eventId: string, flags: ChangeFlags = { assetsChanged: true }): Promise<void> {
  const [event] = await db
    .select({ refId: events.refId, externalId: events.externalId, state: events.state, mp4State: events.mp4State, provisionState: events.provisionState })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.clientId, clientId)));
  if (!event) return;
  await recordEventChange(db, clock, { clientId, eventId, action: 'Updated', event, flags: { assetsChanged: true, ...flags } });
}

/** The thumbnail and sprite that come with an event's MP4 (SYSTEM assets); their failure does not fail the MP4. */
async function makeCompanions(env: DispatchEnv, media: MediaServices, eventMedia: EventMedia, mp4: AssetRow): Promise<void> {
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
        await media.encoder.frame(mediaInputOf(eventMedia, at, at + 40), file, { width: 640 });
      } else {
        await media.encoder.sprite(mediaInputOf(eventMedia, 0, eventMedia.durationMs), file);
      }
      const stored = await media.storage.stat(c.path);
      if (!stored) continue;
      const probe = await media.encoder.probe(file).catch(() => null);
      const now = env.clock.now();
      await env.db.transaction(async (tx) => {
        // Replaces the companion of an earlier MP4 (its file was overwritten by the same path, or differs).
        const old = await tx
          .delete(assets)
          .where(and(eq(assets.eventId, mp4.eventId), eq(assets.clientId, mp4.clientId), eq(assets.role, c.role)))
          .returning({ path: assets.path });
        await tx.insert(assets).values({
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
        await recordAssetChange(tx, env.clock, mp4.clientId, mp4.eventId);
        for (const o of old) if (o.path !== c.path) await media.storage.delete(o.path).catch(() => undefined);
      });
    } catch (error) {
      env.log.warn({ eventId: mp4.eventId, role: c.role, err: error instanceof Error ? error.message : String(error) }, 'MP4 companion not made');
    }
  }
}
