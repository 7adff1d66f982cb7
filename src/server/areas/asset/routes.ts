/**
 * Assets (service-interface.md "Assets"): all 9 operations, and the event's MP4 (beyond the
 * interface: GET and POST /event/{id}/mp4).
 *
 * - POST /asset/image/, /asset/gif/, /asset/video/: checked against the event's media
 *   (areas/media/event-media.ts; rules.ts for the limits), answered at once as GENERATING; the
 *   media dispatcher makes the file (dispatcher.ts) and the asset turns COMPLETED or FAILED.
 * - Files live in the simulated storage at `<event id>/assets/<asset id>/<filename>.<ext>`; the
 *   SYSTEM files of the MP4 in the event's VOD folder `<event id>/vod/`.
 * - GET /asset/: newest first, 100 a page from pageIndex 0; the filters as the interface lists
 *   them (eventId, contentId, jobId exact; name a case-insensitive part of the name; states and
 *   types by name or number; extensions any ending of the path).
 * - Deletes never remove SYSTEM assets (409 for one, counted as kept for many).
 * - PUT /asset/sync/{event-id}: reconciles the rows with the storage (README "Assets").
 * An unknown event, and another client's, is the same 400 on requests and 404 on the rest.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { AssetState, AssetType, ASSET_PAGE_SIZE, endpoints, Mp4State, type FieldError } from '#schema';
import type { DbOrTx, Db } from '../../db/database.ts';
import { assets, events, type AssetWork } from '../../db/tables/index.ts';
import { badField, badRequest, conflict, notFound, validationError } from '../../http/errors.ts';
import { implement, type Implementation, type RequestContext } from '../../http/implement.ts';
import { eventMediaOf, type EventMedia } from '../media/index.ts';
import { mediaOf } from '../media/index.ts';
import { recordAssetChange, scheduleDispatch } from './dispatcher.ts';
import { checkName, clipOf, gifWork, LIMITS, pointOf, safeFilename, typeOfFile, videoWork } from './rules.ts';
import { toAsset, toAssets, storageUrlsOf, type AssetRow } from './serialize.ts';
import { eventMp4, requestVodFile, vodFilePath, vodFolderOf } from './vod-file.ts';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The event's media for a request, or a 400 on the event id field. */
async function mediaFor(ctx: RequestContext, eventId: string, field: string): Promise<{ media: EventMedia; contentId: string | null }> {
  const found = await eventMediaOf(ctx.db as Db, ctx.client.clientId, eventId, ctx.clock.now());
  if (!found.media) throw badField(field, found.problem);
  const [row] = await ctx.db
    .select({ contentId: events.contentId })
    .from(events)
    .where(and(eq(events.clientId, ctx.client.clientId), eq(events.id, eventId)));
  return { media: found.media, contentId: row?.contentId ?? null };
}

const EXTENSION: Record<AssetWork['kind'], string> = { image: 'jpg', gif: 'gif', video: 'mp4', mp4: 'mp4' };
const TYPE: Record<AssetWork['kind'], number> = { image: AssetType.values.IMAGE, gif: AssetType.values.GIF, video: AssetType.values.VIDEO, mp4: AssetType.values.SYSTEM };

/** Inserts a GENERATING asset with its work, records AssetsChanged and wakes the dispatcher. */
async function requestAsset(
  ctx: RequestContext,
  input: { eventId: string; contentId: string | null; name: string; filename?: string | null | undefined; priority: number; work: AssetWork },
) {
  const id = randomUUID();
  const now = ctx.clock.now();
  const extension = EXTENSION[input.work.kind];
  const path = `${input.eventId}/assets/${id}/${safeFilename(input.filename || input.name)}.${extension}`;
  const [row] = await ctx.db
    .insert(assets)
    .values({
      id,
      clientId: ctx.client.clientId,
      eventId: input.eventId,
      name: input.name,
      path,
      extension,
      state: AssetState.values.GENERATING,
      type: TYPE[input.work.kind],
      jobId: randomUUID(),
      contentId: input.contentId,
      priority: input.priority,
      work: input.work,
      dateCreated: now,
      dateModified: now,
    })
    .returning();
  await recordAssetChange(ctx.db, ctx.clock, ctx.client.clientId, input.eventId);
  await scheduleDispatch(ctx.db, ctx.clock);
  const urls = await storageUrlsOf(ctx.db, ctx.client.clientId, [input.eventId]);
  return toAsset(row!, urls.get(input.eventId) ?? null);
}

function fail(errors: FieldError[]): void {
  if (errors.length > 0) throw validationError(errors);
}

function checkFilename(filename: string | null | undefined, errors: FieldError[]): void {
  if (filename && filename.length > LIMITS.nameLength) errors.push({ field: 'body.filename', message: `is longer than ${LIMITS.nameLength} characters` });
}

// ---- Filters ---------------------------------------------------------------------------------

function enumList(text: string | undefined, e: typeof AssetState | typeof AssetType): number[] | undefined {
  if (!text) return undefined;
  const values = text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .map((item) => e.input.parse(item) as number);
  return values.length > 0 ? values : undefined;
}

interface Filters {
  eventId?: string | undefined;
  contentId?: string | undefined;
  jobId?: string | undefined;
  name?: string | undefined;
  states?: string | undefined;
  types?: string | undefined;
  extensions?: string | undefined;
}

function whereOf(clientId: string, f: Filters): SQL {
  const where: SQL[] = [eq(assets.clientId, clientId)];
  if (f.eventId) where.push(eq(assets.eventId, f.eventId));
  if (f.contentId) where.push(eq(assets.contentId, f.contentId));
  if (f.jobId) where.push(eq(assets.jobId, f.jobId));
  if (f.name) where.push(ilike(assets.name, `%${f.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  const states = enumList(f.states, AssetState);
  if (states) where.push(inArray(assets.state, states));
  const types = enumList(f.types, AssetType);
  if (types) where.push(inArray(assets.type, types));
  const endings = (f.extensions ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter((e) => e !== '');
  if (endings.length > 0) where.push(or(...endings.map((e) => sql`lower(${assets.path}) like ${`%${e.replace(/[\\%_]/g, (c) => `\\${c}`)}`}`))!);
  // Assets of deleted events are out of sight with their event (restoring it brings them back).
  where.push(sql`exists (select 1 from ${events} where ${events.id} = ${assets.eventId} and ${events.dateDeleted} is null)`);
  return and(...where)!;
}

async function findAsset(db: DbOrTx, clientId: string, id: string): Promise<AssetRow | undefined> {
  if (!GUID.test(id)) return undefined;
  const [row] = await db
    .select({ asset: assets })
    .from(assets)
    .innerJoin(events, eq(events.id, assets.eventId))
    .where(and(eq(assets.clientId, clientId), eq(assets.id, id), isNull(events.dateDeleted)));
  return row?.asset;
}

async function eventExists(db: DbOrTx, clientId: string, eventId: string) {
  if (!GUID.test(eventId)) return undefined;
  const [row] = await db
    .select({ id: events.id, contentId: events.contentId, mp4State: events.mp4State })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.clientId, clientId), isNull(events.dateDeleted)));
  return row;
}

/** Removes rows and their files (after the transaction would be better; a failed commit leaves files gone that rows still name, which sync repairs). */
async function deleteRows(ctx: RequestContext, rows: readonly AssetRow[]): Promise<void> {
  if (rows.length === 0) return;
  await ctx.db.delete(assets).where(inArray(assets.id, rows.map((r) => r.id)));
  const storage = mediaOf(ctx).storage;
  for (const row of rows) {
    await storage.delete(row.path).catch(() => undefined);
    // User assets have a folder of their own.
    if (row.path.includes('/assets/')) await storage.deleteFolder(row.path.slice(0, row.path.lastIndexOf('/') + 1)).catch(() => undefined);
  }
  for (const eventId of new Set(rows.map((r) => r.eventId))) await recordAssetChange(ctx.db, ctx.clock, ctx.client.clientId, eventId);
}

export const assetRoutes: Implementation[] = [
  implement(endpoints.asset.createImage, async ({ body }, ctx) => {
    const { media, contentId } = await mediaFor(ctx, body.eventId, 'body.eventId');
    const errors: FieldError[] = [];
    checkName(body.name, 'body.name', errors);
    checkFilename(body.filename, errors);
    const atMs = pointOf(media, body.time, 'body.time', errors);
    fail(errors);
    const asset = await requestAsset(ctx, { eventId: body.eventId, contentId, name: body.name, filename: body.filename, priority: body.priority, work: { kind: 'image', atMs: atMs! } });
    return { status: 200, body: asset };
  }),

  implement(endpoints.asset.createGif, async ({ body }, ctx) => {
    const { media, contentId } = await mediaFor(ctx, body.clip.eventId, 'body.clip.eventId');
    const errors: FieldError[] = [];
    checkName(body.name, 'body.name', errors);
    checkFilename(body.filename, errors);
    const clip = clipOf(media, body.clip.start, body.clip.end, 'body.clip', LIMITS.gifMaxMs, errors);
    const work = gifWork(clip ?? { fromMs: 0, toMs: 1 }, body, errors);
    fail(errors);
    const asset = await requestAsset(ctx, { eventId: body.clip.eventId, contentId, name: body.name, filename: body.filename, priority: body.priority, work });
    return { status: 200, body: asset };
  }),

  implement(endpoints.asset.createVideo, async ({ body }, ctx) => {
    const { media, contentId } = await mediaFor(ctx, body.clip.eventId, 'body.clip.eventId');
    const errors: FieldError[] = [];
    checkName(body.name, 'body.name', errors);
    checkFilename(body.filename, errors);
    const clip = clipOf(media, body.clip.start, body.clip.end, 'body.clip', LIMITS.videoMaxMs, errors);
    const work = videoWork(clip ?? { fromMs: 0, toMs: 1 }, { frameAccurate: body.frameAccurate, copyTs: body.copyTs, filter: body.clip.filter }, errors);
    fail(errors);
    const asset = await requestAsset(ctx, { eventId: body.clip.eventId, contentId, name: body.name, filename: body.filename, priority: body.priority, work });
    return { status: 200, body: asset };
  }),

  implement(endpoints.asset.rename, async ({ params, query }, ctx) => {
    const row = await findAsset(ctx.db, ctx.client.clientId, params.id);
    if (!row) throw notFound(`There is no asset ${params.id}`);
    if (query.Name.length > LIMITS.nameLength) throw badField('query.Name', `is longer than ${LIMITS.nameLength} characters`);
    const [updated] = await ctx.db.update(assets).set({ name: query.Name, dateModified: ctx.clock.now() }).where(eq(assets.id, row.id)).returning();
    await recordAssetChange(ctx.db, ctx.clock, ctx.client.clientId, row.eventId);
    const urls = await storageUrlsOf(ctx.db, ctx.client.clientId, [row.eventId]);
    return { status: 200, body: toAsset(updated!, urls.get(row.eventId) ?? null) };
  }),

  implement(endpoints.asset.list, async ({ query }, ctx) => {
    const rows = await ctx.db
      .select()
      .from(assets)
      .where(whereOf(ctx.client.clientId, query))
      .orderBy(desc(assets.dateCreated), desc(assets.id))
      .limit(ASSET_PAGE_SIZE)
      .offset(query.pageIndex * ASSET_PAGE_SIZE);
    return { status: 200, body: await toAssets(ctx.db, ctx.client.clientId, rows) };
  }),

  implement(endpoints.asset.get, async ({ params }, ctx) => {
    const row = await findAsset(ctx.db, ctx.client.clientId, params.id);
    if (!row) throw notFound(`There is no asset ${params.id}`);
    const urls = await storageUrlsOf(ctx.db, ctx.client.clientId, [row.eventId]);
    return { status: 200, body: toAsset(row, urls.get(row.eventId) ?? null) };
  }),

  implement(endpoints.asset.deleteMany, async ({ query }, ctx) => {
    const rows = await ctx.db.select().from(assets).where(whereOf(ctx.client.clientId, query));
    const system = rows.filter((r) => r.type === AssetType.values.SYSTEM);
    const doomed = rows.filter((r) => r.type !== AssetType.values.SYSTEM);
    await deleteRows(ctx, doomed);
    const kept = system.length > 0 ? `; ${system.length} SYSTEM asset${system.length === 1 ? '' : 's'} matched and ${system.length === 1 ? 'was' : 'were'} kept (SYSTEM assets are not deleted)` : '';
    return {
      status: 200,
      body: { deletedAssetsCount: doomed.length, keptSystemAssetsCount: system.length, message: `${doomed.length} asset${doomed.length === 1 ? '' : 's'} deleted${kept}` },
    };
  }),

  implement(endpoints.asset.delete, async ({ params }, ctx) => {
    const row = await findAsset(ctx.db, ctx.client.clientId, params.id);
    if (!row) throw notFound(`There is no asset ${params.id}`);
    if (row.type === AssetType.values.SYSTEM) throw conflict(`The asset ${params.id} is a SYSTEM asset (${row.name}), made by the service: SYSTEM assets are not deletable`);
    await deleteRows(ctx, [row]);
    return { status: 200, body: { deletedAssetsCount: 1, keptSystemAssetsCount: 0, message: '1 asset deleted' } };
  }),

  implement(endpoints.asset.sync, async ({ params }, ctx) => {
    const eventId = params['event-id'];
    const clientId = ctx.client.clientId;
    const event = await eventExists(ctx.db, clientId, eventId);
    if (!event) throw notFound(`There is no event ${eventId}`);
    const storage = mediaOf(ctx).storage;
    const folder = vodFolderOf(eventId);
    const inVod = await storage.list(folder);
    const hasMedia = (await eventMediaOf(ctx.db as Db, clientId, eventId, ctx.clock.now())).media !== undefined;
    if (!hasMedia && inVod.length === 0 && event.mp4State !== Mp4State.values.AVAILABLE) {
      throw badRequest(`The event ${eventId} has no VOD file to synchronise with: it has no media and nothing is in its VOD folder (${folder})`);
    }
    const rows = await ctx.db.select().from(assets).where(and(eq(assets.clientId, clientId), eq(assets.eventId, eventId)));
    const now = ctx.clock.now();
    // Rows whose file is gone (made files only: GENERATING and FAILED ones have none yet).
    const gone: AssetRow[] = [];
    for (const row of rows) {
      if (row.state !== AssetState.values.COMPLETED) continue;
      if (!(await storage.stat(row.path))) gone.push(row);
    }
    // Files of the VOD folder no row names: added by hand (or by another system).
    const known = new Set(rows.map((r) => r.path));
    const added = inVod.filter((f) => !known.has(f.key));
    let hasVodFileChanged = false;
    const mp4Path = vodFilePath(eventId, event.contentId);
    const mp4Row = rows.find((r) => r.role === 'mp4');
    if (gone.length > 0) await ctx.db.delete(assets).where(inArray(assets.id, gone.map((r) => r.id)));
    for (const file of added) {
      const isVodFile = file.key === mp4Path && !mp4Row;
      const { type, extension } = isVodFile ? { type: AssetType.values.SYSTEM, extension: 'mp4' } : typeOfFile(file.key);
      const name = file.key.slice(file.key.lastIndexOf('/') + 1);
      await ctx.db.insert(assets).values({
        clientId,
        eventId,
        name: isVodFile ? 'MP4' : name,
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
      await ctx.db.update(assets).set({ bytes: mp4File.bytes, dateModified: now }).where(eq(assets.id, mp4Row.id));
      hasVodFileChanged = true;
    }
    if (mp4Row && gone.some((r) => r.id === mp4Row.id)) hasVodFileChanged = true;
    let mp4StateChanged = false;
    const target = mp4File ? Mp4State.values.AVAILABLE : event.mp4State === Mp4State.values.AVAILABLE ? Mp4State.values.NONE : event.mp4State;
    if (event.mp4State !== Mp4State.values.GENERATING && target !== event.mp4State) {
      await ctx.db.update(events).set({ mp4State: target, dateModified: now }).where(eq(events.id, eventId));
      mp4StateChanged = true;
    }
    if (gone.length > 0 || added.length > 0 || hasVodFileChanged || mp4StateChanged) {
      await recordAssetChange(ctx.db, ctx.clock, clientId, eventId, { mp4StateChanged });
    }
    return { status: 200, body: { hasVodFileChanged, createdAssetsCount: added.length, deletedAssetsCount: gone.length, pathEvaluated: folder } };
  }),

  implement(endpoints.asset.retry, async ({ params }, ctx) => {
    const row = await findAsset(ctx.db, ctx.client.clientId, params.id);
    if (!row) throw notFound(`There is no asset ${params.id}`);
    if (row.state !== AssetState.values.FAILED) throw conflict(`The asset ${params.id} is ${AssetState.nameOf(row.state)}: only a FAILED asset is retried`);
    if (!row.work) throw conflict(`The asset ${params.id} was found in storage: there is no request to repeat`);
    if (row.role === 'mp4') {
      const outcome = await requestVodFile(ctx.db, ctx.clock, ctx.client.clientId, row.eventId, { priority: row.priority, regenerate: true });
      if (!outcome.ok) throw conflict(outcome.problem);
    } else {
      await ctx.db
        .update(assets)
        .set({ state: AssetState.values.GENERATING, error: null, attempts: 0, progress: 0, leaseUntil: null, startedAt: null, completedAt: null, dateModified: ctx.clock.now() })
        .where(eq(assets.id, row.id));
      await recordAssetChange(ctx.db, ctx.clock, ctx.client.clientId, row.eventId);
      await scheduleDispatch(ctx.db, ctx.clock);
    }
    const [updated] = await ctx.db.select().from(assets).where(eq(assets.id, row.id));
    const urls = await storageUrlsOf(ctx.db, ctx.client.clientId, [row.eventId]);
    return { status: 200, body: toAsset(updated!, urls.get(row.eventId) ?? null) };
  }),

  implement(endpoints.asset.vodFile, async ({ params }, ctx) => {
    const mp4 = await eventMp4(ctx.db as Db, ctx.client.clientId, params.id, ctx);
    if (!mp4) throw notFound(`There is no event ${params.id}`);
    const { file: _file, ...body } = mp4;
    return { status: 200, body };
  }),

  implement(endpoints.asset.generateVodFile, async ({ params, body }, ctx) => {
    const outcome = await requestVodFile(ctx.db, ctx.clock, ctx.client.clientId, params.id, { priority: body.priority, regenerate: body.regenerate });
    if (!outcome.ok) {
      if (outcome.reason === 'not-found') throw notFound(`There is no event ${params.id}`);
      throw badField('params.id', outcome.problem);
    }
    const mp4 = await eventMp4(ctx.db as Db, ctx.client.clientId, params.id, ctx);
    const { file: _file, ...answer } = mp4!;
    return { status: 200, body: answer };
  }),
];

