/**
 * The event's MP4 (its "VOD file"): one SYSTEM asset of role `mp4` at `<event id>/vod/<content
 * id>.mp4`, whose state the event's mp4State mirrors (public-facts.md: 0 NONE, 1 AVAILABLE,
 * 2 GENERATING, 4 FAILED; FAILED behaves like NONE for a new request):
 *
 *   NONE | FAILED --request--> GENERATING --made--> AVAILABLE (with a thumbnail and a sprite)
 *                                         --failed-> FAILED (the asset says why)
 *
 * - requested by POST /event/{id}/mp4 (asset.generateVodFile, beyond the interface) and the
 *   dashboard; made by the media dispatcher (dispatcher.ts) in priority order;
 * - POST /event/xflow/add/ with Mp4State sets it as the interface says (setVodFileState):
 *   AVAILABLE makes the file exist (made at once, priority 1, while the state already says
 *   AVAILABLE), NONE removes it, FAILED marks it failed, GENERATING requests it;
 * - each change of mp4State records Mp4StateChanged (webhooks, change feed).
 *
 * For other areas (syndication gates VOD publications on it, downloads may use it):
 *
 * @example
 * const mp4 = await eventMp4(db, clientId, eventId, services);
 * if (mp4?.mp4State === Mp4State.values.AVAILABLE && mp4.file) upload(mp4.file, mp4.bytes, mp4.durationMs);
 * // or, where the file must be there now (a job, not a request):
 * const ready = await eventMp4(db, clientId, eventId, services, { ensure: true });
 */
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { AssetState, AssetType, Mp4State, type EventMp4 } from '#schema';
import type { Db, DbOrTx } from '../../db/database.ts';
import { assets, events } from '../../db/tables/index.ts';
import type { Clock } from '../../jobs/clock.ts';
import type { AppServices } from '../../services.ts';
import { eventMediaOf, mediaInputOf } from '../media/index.ts';
import { mediaOf } from '../media/index.ts';
import { recordAssetChange, scheduleDispatch } from './dispatcher.ts';
import { storageUrlsOf, workProgressOf, type AssetRow } from './serialize.ts';

export interface EventMp4File extends EventMp4 {
  /** The file on this machine when AVAILABLE and stored, else null. */
  file: string | null;
}

/** The folder synchronised by PUT /asset/sync/{event-id}, and where SYSTEM files go. */
export const vodFolderOf = (eventId: string): string => `${eventId}/vod/`;
export const vodFilePath = (eventId: string, contentId: string | null): string => `${vodFolderOf(eventId)}${(contentId ?? eventId).replace(/[^\w.-]/g, '_')}.mp4`;

async function eventRowOf(db: DbOrTx, clientId: string, eventId: string) {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(eventId)) return undefined;
  const [row] = await db
    .select({ id: events.id, mp4State: events.mp4State, contentId: events.contentId, dateModified: events.dateModified })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.clientId, clientId), isNull(events.dateDeleted)));
  return row;
}

async function vodAssetOf(db: DbOrTx, clientId: string, eventId: string): Promise<AssetRow | undefined> {
  const [row] = await db
    .select()
    .from(assets)
    .where(and(eq(assets.clientId, clientId), eq(assets.eventId, eventId), eq(assets.role, 'mp4')));
  return row;
}

/**
 * The MP4 of the client's event (null for an unknown, foreign or deleted event). With `ensure`,
 * an AVAILABLE MP4 whose file is missing is made now, before answering (for jobs that need it).
 */
export async function eventMp4(db: DbOrTx, clientId: string, eventId: string, services: AppServices, options: { ensure?: boolean; now?: Date } = {}): Promise<EventMp4File | null> {
  const event = await eventRowOf(db, clientId, eventId);
  if (!event) return null;
  const media = mediaOf(services);
  let asset = await vodAssetOf(db, clientId, eventId);
  let stored = asset ? await media.storage.stat(asset.path) : null;
  if (options.ensure && event.mp4State === Mp4State.values.AVAILABLE && !stored) {
    const found = await eventMediaOf(db, clientId, eventId, options.now ?? new Date(), { fallbackToTestProgramme: true });
    if (found.media) {
      const path = asset?.path ?? vodFilePath(eventId, event.contentId);
      await media.encoder.mp4([mediaInputOf(found.media, 0, found.media.durationMs)], media.storage.pathOf(path));
      stored = await media.storage.stat(path);
      const probe = await media.encoder.probe(media.storage.pathOf(path)).catch(() => null);
      const now = options.now ?? new Date();
      const values = {
        state: AssetState.values.COMPLETED,
        bytes: stored?.bytes ?? null,
        durationMs: probe?.durationMs ?? found.media.durationMs,
        width: probe?.width ?? null,
        height: probe?.height ?? null,
        error: null,
        leaseUntil: null,
        completedAt: now,
        dateModified: now,
      };
      if (asset) [asset] = await db.update(assets).set(values).where(eq(assets.id, asset.id)).returning();
      else [asset] = await db.insert(assets).values({ ...systemMp4Values(clientId, eventId, event.contentId, 1, now), ...values, work: { kind: 'mp4' } }).returning();
    }
  }
  const urls = await storageUrlsOf(db, clientId, [eventId]);
  const available = event.mp4State === Mp4State.values.AVAILABLE && stored !== null;
  return {
    eventId,
    mp4State: event.mp4State,
    mp4StateString: Mp4State.nameOf(event.mp4State) ?? String(event.mp4State),
    assetId: asset?.id ?? null,
    path: asset?.path ?? null,
    url: asset ? (urls.get(eventId) ? `${urls.get(eventId)!.replace(/\/?$/, '/')}${asset.path.split('/').map(encodeURIComponent).join('/')}` : null) : null,
    bytes: available ? stored!.bytes : null,
    durationMs: available ? (asset?.durationMs ?? null) : null,
    error: event.mp4State === Mp4State.values.FAILED ? (asset?.error ?? 'the MP4 could not be made') : null,
    dateModified: (asset?.dateModified ?? event.dateModified).toISOString(),
    progress: event.mp4State === Mp4State.values.GENERATING && asset ? workProgressOf(asset, options.now) : null,
    file: available && asset ? media.storage.pathOf(asset.path) : null,
  };
}

function systemMp4Values(clientId: string, eventId: string, contentId: string | null, priority: number, now: Date) {
  return {
    clientId,
    eventId,
    name: 'MP4',
    path: vodFilePath(eventId, contentId),
    extension: 'mp4',
    state: AssetState.values.GENERATING,
    type: AssetType.values.SYSTEM,
    role: 'mp4' as const,
    contentId,
    priority,
    dateCreated: now,
    dateModified: now,
  };
}

export type RequestOutcome = { ok: true } | { ok: false; reason: 'not-found' | 'no-media'; problem: string };

/**
 * Requests the event's MP4 (in the caller's transaction): GENERATING with a job, unless it is
 * GENERATING already, or AVAILABLE and `regenerate` is not set. Records Mp4StateChanged.
 */
export async function requestVodFile(
  db: DbOrTx,
  clock: Clock,
  clientId: string,
  eventId: string,
  options: { priority?: number; regenerate?: boolean; keepState?: boolean; media?: 'required' | 'fallback' } = {},
): Promise<RequestOutcome> {
  const event = await eventRowOf(db, clientId, eventId);
  if (!event) return { ok: false, reason: 'not-found', problem: `there is no event ${eventId}` };
  const asset = await vodAssetOf(db, clientId, eventId);
  if (event.mp4State === Mp4State.values.GENERATING && asset?.state === AssetState.values.GENERATING) return { ok: true };
  if (event.mp4State === Mp4State.values.AVAILABLE && !options.regenerate && asset?.state === AssetState.values.COMPLETED) return { ok: true };
  if ((options.media ?? 'required') === 'required') {
    const found = await eventMediaOf(db as Db, clientId, eventId, clock.now());
    if (!found.media) return { ok: false, reason: found.reason, problem: found.problem };
  }
  const now = clock.now();
  const priority = options.priority ?? 5;
  const values = { ...systemMp4Values(clientId, eventId, event.contentId, priority, now), work: { kind: 'mp4' as const, fallback: options.media === 'fallback' }, jobId: `mp4-${now.getTime().toString(36)}`, attempts: 0, progress: 0, error: null, leaseUntil: null, startedAt: null, completedAt: null, bytes: null, durationMs: null };
  if (asset) {
    const { dateCreated: _created, ...update } = values;
    await db.update(assets).set(update).where(eq(assets.id, asset.id));
  } else {
    await db.insert(assets).values(values);
  }
  const flags = { assetsChanged: true, mp4StateChanged: false };
  if (!options.keepState && event.mp4State !== Mp4State.values.GENERATING) {
    await db.update(events).set({ mp4State: Mp4State.values.GENERATING, dateModified: now }).where(and(eq(events.id, eventId), eq(events.clientId, clientId)));
    flags.mp4StateChanged = true;
  }
  await recordAssetChange(db, clock, clientId, eventId, flags);
  await scheduleDispatch(db, clock);
  return { ok: true };
}

/**
 * POST /event/xflow/add/ with Mp4State, on an event just created or an existing one (in the
 * request's transaction; the event row already carries the new state for a created one).
 * AVAILABLE: the file is made at once (priority 1) if it is not there; NONE: the file and its
 * companions go; FAILED: marked failed; GENERATING: requested as by POST /event/{id}/mp4.
 */
export async function setVodFileState(db: DbOrTx, clock: Clock, services: AppServices, clientId: string, eventId: string, state: number): Promise<void> {
  const event = await eventRowOf(db, clientId, eventId);
  if (!event) return;
  const now = clock.now();
  const asset = await vodAssetOf(db, clientId, eventId);
  const changed = event.mp4State !== state;
  if (changed && state !== Mp4State.values.GENERATING) {
    await db.update(events).set({ mp4State: state, dateModified: now }).where(and(eq(events.id, eventId), eq(events.clientId, clientId)));
  }
  if (state === Mp4State.values.AVAILABLE) {
    const stored = asset ? await mediaOf(services).storage.stat(asset.path) : null;
    if (!(asset?.state === AssetState.values.COMPLETED && stored) && asset?.state !== AssetState.values.GENERATING) {
      await requestVodFile(db, clock, clientId, eventId, { priority: 1, regenerate: true, keepState: true, media: 'fallback' });
    }
    if (changed) await recordAssetChange(db, clock, clientId, eventId, { mp4StateChanged: true });
  } else if (state === Mp4State.values.GENERATING) {
    await requestVodFile(db, clock, clientId, eventId, { regenerate: true, media: 'fallback' });
  } else {
    if (state === Mp4State.values.NONE) {
      // The MP4 and its companions (the SYSTEM files an MP4 request makes).
      const gone = await db
        .delete(assets)
        .where(and(eq(assets.clientId, clientId), eq(assets.eventId, eventId), isNotNull(assets.role)))
        .returning({ path: assets.path });
      for (const g of gone) await mediaOf(services).storage.delete(g.path).catch(() => undefined);
    } else if (asset) {
      await db
        .update(assets)
        .set({ state: AssetState.values.FAILED, error: 'set to FAILED through POST /event/xflow/add/', leaseUntil: null, dateModified: now })
        .where(eq(assets.id, asset.id));
    }
    if (changed || asset) await recordAssetChange(db, clock, clientId, eventId, { mp4StateChanged: changed });
  }
}
