/**
 * The event's MP4 (its "VOD file"): one SYSTEM asset of role `mp4` at `<event id>/vod/<content
 * id>.mp4`, whose state the event's mp4State mirrors (public-facts.md: 0 NONE, 1 AVAILABLE,
 * 2 GENERATING, 4 FAILED; FAILED behaves like NONE for a new request):
 *
 *   NONE | FAILED --request--> GENERATING --made--> AVAILABLE (with a thumbnail and a sprite, each
 *                                         --failed-> FAILED     when it could be made)
 *
 * mp4State is the interface's word; what is there is said beside it (beyond the interface):
 * `fileExists` (an event may be marked AVAILABLE without a file: rows written directly, a file
 * removed by hand), `making` (a request is under way, also while AVAILABLE is being made), and
 * whether the thumbnail and the sprite are there (each may fail or time out alone).
 *
 * - requested by POST /event/{id}/mp4 (asset.generateVodFile, beyond the interface) and the
 *   dashboard; made in the media lane (make.ts) in priority order, its progress on the asset;
 * - POST /event/xflow/add/ with Mp4State sets it as the interface says (the event area writes the
 *   state; followMp4State makes the files follow in a job): AVAILABLE makes the file exist (made
 *   at once, priority 1, while the state already says AVAILABLE), NONE removes it, FAILED marks
 *   it failed, GENERATING requests it;
 * - each change of mp4State records Mp4StateChanged (webhooks, change feed).
 *
 * For other areas (syndication gates VOD publications on it, downloads may use it):
 *
 * @example
 * const mp4 = await eventMp4(db, clientId, eventId, services);
 * if (mp4?.mp4State === Mp4State.values.AVAILABLE && mp4.file) upload(mp4.file, mp4.bytes, mp4.durationMs);
 *
 * What it answers is the rows' (the asset records its file's size once made); PUT
 * /asset/sync/{event-id} reconciles them with the storage when files are changed by hand.
 */
import { AssetState, AssetType, Mp4State, type EventMp4 } from '#schema';
import type { Db, DbOrTx } from '../../db/database.ts';
import type { Clock } from '../../jobs/clock.ts';
import { backgroundServiceUrl } from '../../http/service-url.ts';
import type { AppServices } from '../../services.ts';
import { setMp4State } from '../event/index.ts';
import { eventMediaOf, mediaProgress } from '../media/index.ts';
import { scheduleMake } from './make.ts';
import { recordAssetChange } from './record.ts';
import { completedCompanionsOf, deleteSystemAssets, eventOf, insertAsset, storageUrlsOf, updateAsset, vodAssetOf } from './repo.ts';

export interface EventMp4File extends EventMp4 {
  /** The file on this machine when AVAILABLE and made, else null. */
  file: string | null;
}

/** The folder synchronised by PUT /asset/sync/{event-id}, and where SYSTEM files go. */
export const vodFolderOf = (eventId: string): string => `${eventId}/vod/`;
export const vodFilePath = (eventId: string, contentId: string | null): string => `${vodFolderOf(eventId)}${(contentId ?? eventId).replace(/[^\w.-]/g, '_')}.mp4`;

/**
 * The MP4 of the client's event (null for an unknown, foreign or deleted event). `serviceUrl`: the
 * service's URL for the request (its storage URL is answered with it); else the background one.
 */
export async function eventMp4(
  db: DbOrTx,
  clientId: string,
  eventId: string,
  services: Pick<AppServices, 'media' | 'urls'>,
  options: { serviceUrl?: string } = {},
): Promise<EventMp4File | null> {
  const event = await eventOf(db, clientId, eventId);
  if (!event) return null;
  const storage = services.media.storage;
  const asset = await vodAssetOf(db, clientId, eventId);
  const stored = asset ? await storage.stat(asset.path) : null;
  const urls = await storageUrlsOf(db, clientId, [eventId], options.serviceUrl ?? backgroundServiceUrl(services.urls));
  const available = event.mp4State === Mp4State.values.AVAILABLE && asset?.state === AssetState.values.COMPLETED && stored !== null;
  // The thumbnail and the sprite say they exist only with their files, and only beside a file.
  const parts = available ? await partsOf(db, clientId, eventId, services) : { thumbnail: false, sprite: false };
  const base = urls.get(eventId);
  return {
    eventId,
    mp4State: event.mp4State,
    mp4StateString: Mp4State.nameOf(event.mp4State) ?? String(event.mp4State),
    assetId: asset?.id ?? null,
    path: asset?.path ?? null,
    url: asset && base ? `${base.replace(/\/?$/, '/')}${asset.path.split('/').map(encodeURIComponent).join('/')}` : null,
    bytes: available ? (asset.bytes ?? null) : null,
    durationMs: available ? (asset.durationMs ?? null) : null,
    error: event.mp4State === Mp4State.values.FAILED ? (asset?.error ?? 'the MP4 could not be made') : null,
    dateModified: (asset?.dateModified ?? event.dateModified).toISOString(),
    fileExists: stored !== null,
    making: event.mp4State === Mp4State.values.GENERATING || asset?.state === AssetState.values.GENERATING,
    thumbnail: parts.thumbnail,
    sprite: parts.sprite,
    progress: mediaProgress(event.mp4State === Mp4State.values.GENERATING && asset?.state === AssetState.values.GENERATING, asset?.progress ?? null, asset?.etaSeconds ?? null),
    file: available ? storage.pathOf(asset.path) : null,
  };
}

/** Which of the MP4's thumbnail and sprite were made and have their files. */
async function partsOf(db: DbOrTx, clientId: string, eventId: string, services: Pick<AppServices, 'media'>): Promise<Record<'thumbnail' | 'sprite', boolean>> {
  const out = { thumbnail: false, sprite: false };
  for (const row of await completedCompanionsOf(db, clientId, eventId)) {
    if ((row.role === 'thumbnail' || row.role === 'sprite') && (await services.media.storage.stat(row.path))) out[row.role] = true;
  }
  return out;
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
 * Requests the event's MP4 (in the caller's transaction): GENERATING with its job in the media
 * lane, unless it is GENERATING already, or AVAILABLE and `regenerate` is not set. Records
 * Mp4StateChanged.
 */
export async function requestVodFile(
  db: DbOrTx,
  clock: Clock,
  clientId: string,
  eventId: string,
  options: { priority?: number; regenerate?: boolean; keepState?: boolean; media?: 'required' | 'fallback' } = {},
): Promise<RequestOutcome> {
  const event = await eventOf(db, clientId, eventId);
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
  const values = {
    ...systemMp4Values(clientId, eventId, event.contentId, priority, now),
    work: { kind: 'mp4' as const, fallback: options.media === 'fallback' },
    jobId: `mp4-${now.getTime().toString(36)}`,
    error: null,
    progress: null,
    etaSeconds: null,
    startedAt: null,
    completedAt: null,
    bytes: null,
    durationMs: null,
  };
  const { dateCreated: _created, ...update } = values;
  const row = asset ? await updateAsset(db, clientId, asset.id, update) : await insertAsset(db, values);
  const mp4StateChanged = !options.keepState && (await setMp4State(db, clientId, eventId, Mp4State.values.GENERATING, now));
  await recordAssetChange(db, clock, clientId, eventId, { mp4StateChanged });
  await scheduleMake(db, clock, row!);
  return { ok: true };
}

/**
 * The event's MP4 was declared `state` (POST /event/xflow/add/ with Mp4State, the event area's
 * `event.mp4StateSet` job): its files follow, in the caller's transaction. AVAILABLE: the file is
 * made at once (priority 1) if it is not there; GENERATING: it is requested as by POST
 * /event/{id}/mp4; NONE: the MP4 and its companions go; FAILED: marked failed. Nothing when the
 * event has moved on since. Answers the storage keys of removed files, to delete once committed.
 */
export async function followMp4State(db: DbOrTx, clock: Clock, clientId: string, eventId: string, state: number): Promise<string[]> {
  const event = await eventOf(db, clientId, eventId);
  if (!event || event.mp4State !== state) return [];
  const asset = await vodAssetOf(db, clientId, eventId);
  if (state === Mp4State.values.AVAILABLE) {
    if (asset?.state !== AssetState.values.COMPLETED && asset?.state !== AssetState.values.GENERATING) {
      await requestVodFile(db, clock, clientId, eventId, { priority: 1, regenerate: true, keepState: true, media: 'fallback' });
    }
    return [];
  }
  if (state === Mp4State.values.GENERATING) {
    if (asset?.state !== AssetState.values.GENERATING) await requestVodFile(db, clock, clientId, eventId, { regenerate: true, keepState: true, media: 'fallback' });
    return [];
  }
  if (state === Mp4State.values.NONE) {
    // The MP4 and its companions (the SYSTEM files an MP4 request makes).
    const gone = await deleteSystemAssets(db, clientId, eventId);
    if (gone.length > 0) await recordAssetChange(db, clock, clientId, eventId);
    return gone;
  }
  if (asset && asset.state !== AssetState.values.FAILED) {
    await updateAsset(db, clientId, asset.id, { state: AssetState.values.FAILED, error: 'set to FAILED through POST /event/xflow/add/', progress: null, etaSeconds: null, dateModified: clock.now() });
    await recordAssetChange(db, clock, clientId, eventId);
  }
  return [];
}
