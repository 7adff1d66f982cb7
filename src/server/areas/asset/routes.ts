/**
 * Assets (service-interface.md "Assets"): all 9 operations, and the event's MP4 (beyond the
 * interface: GET and POST /event/{id}/mp4).
 *
 * - POST /asset/image/, /asset/gif/, /asset/video/: checked against the event's media
 *   (areas/media/event-media.ts; rules.ts for the limits), answered at once as GENERATING; the
 *   media lane makes the file (make.ts), its progress on the asset, and the asset turns
 *   COMPLETED or FAILED.
 * - Files live in the simulated storage at `<event id>/assets/<asset id>/<filename>.<ext>`; the
 *   SYSTEM files of the MP4 in the event's VOD folder `<event id>/vod/`.
 * - GET /asset/: newest first, 100 a page from pageIndex 0; the filters as the interface lists
 *   them (eventId, contentId, jobId exact; name a case-insensitive part of the name; states and
 *   types by name or number; extensions any ending of the path).
 * - Deletes never remove SYSTEM assets (409 for one, counted as kept for many).
 * - Deletes remove the rows; their files go after, in a job (files.ts).
 * - PUT /asset/sync/{event-id}: reconciles the rows with the storage (README "Assets", sync.ts).
 * An unknown event, and another client's, is the same 400 on requests and 404 on the rest.
 */
import { randomUUID } from 'node:crypto';
import { AssetState, AssetType, endpoints, type FieldError } from '#schema';
import type { Db } from '../../db/database.ts';
import type { AssetWork } from '../../db/tables/index.ts';
import { badField, conflict, notFound, validationError } from '../../http/errors.ts';
import { implement, type Implementation, type RequestContext } from '../../http/implement.ts';
import { eventMediaOf, type EventMedia } from '../media/index.ts';
import { removeFilesLater } from './files.ts';
import { scheduleMake } from './make.ts';
import { recordAssetChange } from './record.ts';
import { assetsMatching, deleteAssets, eventOf, findAsset, insertAsset, listAssets, storageUrlsOf, updateAsset, type AssetRow } from './repo.ts';
import { checkName, clipOf, gifWork, LIMITS, pointOf, safeFilename, videoWork } from './rules.ts';
import { toAsset, toAssets } from './serialize.ts';
import { readStorage, syncAssets, type StorageView } from './sync.ts';
import { eventMp4, requestVodFile } from './vod-file.ts';

/** The event's media for a request, or a 400 on the event id field. */
async function mediaFor(ctx: RequestContext, eventId: string, field: string): Promise<{ media: EventMedia; contentId: string | null }> {
  const found = await eventMediaOf(ctx.db as Db, ctx.client.clientId, eventId, ctx.clock.now());
  if (!found.media) throw badField(field, found.problem);
  return { media: found.media, contentId: (await eventOf(ctx.db, ctx.client.clientId, eventId))?.contentId ?? null };
}

/** An asset as answered, with its event's storage URL. */
async function answer(ctx: RequestContext, row: AssetRow) {
  const urls = await storageUrlsOf(ctx.db, ctx.client.clientId, [row.eventId], ctx.serviceUrl);
  return toAsset(row, urls.get(row.eventId) ?? null);
}

async function assetOr404(ctx: RequestContext, id: string): Promise<AssetRow> {
  const row = await findAsset(ctx.db, ctx.client.clientId, id);
  if (!row) throw notFound(`There is no asset ${id}`);
  return row;
}

const EXTENSION: Record<AssetWork['kind'], string> = { image: 'jpg', gif: 'gif', video: 'mp4', mp4: 'mp4' };
const TYPE: Record<AssetWork['kind'], number> = { image: AssetType.values.IMAGE, gif: AssetType.values.GIF, video: AssetType.values.VIDEO, mp4: AssetType.values.SYSTEM };

/** Inserts a GENERATING asset with its work, records AssetsChanged and queues its making. */
async function requestAsset(
  ctx: RequestContext,
  input: { eventId: string; contentId: string | null; name: string; filename?: string | null | undefined; priority: number; work: AssetWork },
) {
  const id = randomUUID();
  const now = ctx.clock.now();
  const extension = EXTENSION[input.work.kind];
  const row = await insertAsset(ctx.db, {
    id,
    clientId: ctx.client.clientId,
    eventId: input.eventId,
    name: input.name,
    path: `${input.eventId}/assets/${id}/${safeFilename(input.filename || input.name)}.${extension}`,
    extension,
    state: AssetState.values.GENERATING,
    type: TYPE[input.work.kind],
    jobId: randomUUID(),
    contentId: input.contentId,
    priority: input.priority,
    work: input.work,
    dateCreated: now,
    dateModified: now,
  });
  await recordAssetChange(ctx.db, ctx.clock, ctx.client.clientId, input.eventId);
  await scheduleMake(ctx.db, ctx.clock, row);
  return answer(ctx, row);
}

function fail(errors: FieldError[]): void {
  if (errors.length > 0) throw validationError(errors);
}

function checkFilename(filename: string | null | undefined, errors: FieldError[]): void {
  if (filename && filename.length > LIMITS.nameLength) errors.push({ field: 'body.filename', message: `is longer than ${LIMITS.nameLength} characters` });
}

/** Deletes rows (their files go after, in a job) and records the change of each event. */
async function deleteRows(ctx: RequestContext, rows: readonly AssetRow[]): Promise<void> {
  if (rows.length === 0) return;
  const paths = await deleteAssets(ctx.db, ctx.client.clientId, rows.map((r) => r.id));
  await removeFilesLater(ctx.db, ctx.clock, ctx.client.clientId, paths);
  for (const eventId of new Set(rows.map((r) => r.eventId))) await recordAssetChange(ctx.db, ctx.clock, ctx.client.clientId, eventId);
}

/** The answer of an event's MP4, without the file's place on this machine. */
async function mp4Answer(ctx: RequestContext, eventId: string) {
  const mp4 = await eventMp4(ctx.db, ctx.client.clientId, eventId, ctx, { serviceUrl: ctx.serviceUrl });
  if (!mp4) throw notFound(`There is no event ${eventId}`);
  const { file: _file, ...body } = mp4;
  return body;
}

export const assetRoutes: Implementation[] = [
  implement(endpoints.asset.createImage, async ({ body }, ctx) => {
    const { media, contentId } = await mediaFor(ctx, body.eventId, 'body.eventId');
    const errors: FieldError[] = [];
    checkName(body.name, 'body.name', errors);
    checkFilename(body.filename, errors);
    const atMs = pointOf(media, body.time, 'body.time', errors);
    fail(errors);
    return { status: 200, body: await requestAsset(ctx, { eventId: body.eventId, contentId, name: body.name, filename: body.filename, priority: body.priority, work: { kind: 'image', atMs: atMs! } }) };
  }),

  implement(endpoints.asset.createGif, async ({ body }, ctx) => {
    const { media, contentId } = await mediaFor(ctx, body.clip.eventId, 'body.clip.eventId');
    const errors: FieldError[] = [];
    checkName(body.name, 'body.name', errors);
    checkFilename(body.filename, errors);
    const clip = clipOf(media, body.clip.start, body.clip.end, 'body.clip', LIMITS.gifMaxMs, errors);
    const work = gifWork(clip ?? { fromMs: 0, toMs: 1 }, body, errors);
    fail(errors);
    return { status: 200, body: await requestAsset(ctx, { eventId: body.clip.eventId, contentId, name: body.name, filename: body.filename, priority: body.priority, work }) };
  }),

  implement(endpoints.asset.createVideo, async ({ body }, ctx) => {
    const { media, contentId } = await mediaFor(ctx, body.clip.eventId, 'body.clip.eventId');
    const errors: FieldError[] = [];
    checkName(body.name, 'body.name', errors);
    checkFilename(body.filename, errors);
    const clip = clipOf(media, body.clip.start, body.clip.end, 'body.clip', LIMITS.videoMaxMs, errors);
    const work = videoWork(clip ?? { fromMs: 0, toMs: 1 }, { frameAccurate: body.frameAccurate, copyTs: body.copyTs, filter: body.clip.filter }, errors);
    fail(errors);
    return { status: 200, body: await requestAsset(ctx, { eventId: body.clip.eventId, contentId, name: body.name, filename: body.filename, priority: body.priority, work }) };
  }),

  implement(endpoints.asset.rename, async ({ params, query }, ctx) => {
    const row = await assetOr404(ctx, params.id);
    if (query.Name.length > LIMITS.nameLength) throw badField('query.Name', `is longer than ${LIMITS.nameLength} characters`);
    const updated = await updateAsset(ctx.db, ctx.client.clientId, row.id, { name: query.Name, dateModified: ctx.clock.now() });
    await recordAssetChange(ctx.db, ctx.clock, ctx.client.clientId, row.eventId);
    return { status: 200, body: await answer(ctx, updated!) };
  }),

  implement(endpoints.asset.list, async ({ query }, ctx) => {
    const rows = await listAssets(ctx.db, ctx.client.clientId, query, query.pageIndex);
    return { status: 200, body: toAssets(rows, await storageUrlsOf(ctx.db, ctx.client.clientId, rows.map((r) => r.eventId), ctx.serviceUrl)) };
  }),

  implement(endpoints.asset.get, async ({ params }, ctx) => ({ status: 200, body: await answer(ctx, await assetOr404(ctx, params.id)) })),

  implement(endpoints.asset.deleteMany, async ({ query }, ctx) => {
    const rows = await assetsMatching(ctx.db, ctx.client.clientId, query);
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
    const row = await assetOr404(ctx, params.id);
    if (row.type === AssetType.values.SYSTEM) throw conflict(`The asset ${params.id} is a SYSTEM asset (${row.name}), made by the service: SYSTEM assets are not deletable`);
    await deleteRows(ctx, [row]);
    return { status: 200, body: { deletedAssetsCount: 1, keptSystemAssetsCount: 0, message: '1 asset deleted' } };
  }),

  implement(endpoints.asset.sync, async (_input, ctx, view: StorageView) => ({ status: 200, body: await syncAssets(ctx, view) }), {
    prepare: ({ params }, ctx) => readStorage(ctx, params['event-id']),
  }),

  implement(endpoints.asset.retry, async ({ params }, ctx) => {
    const row = await assetOr404(ctx, params.id);
    if (row.state !== AssetState.values.FAILED) throw conflict(`The asset ${params.id} is ${AssetState.nameOf(row.state)}: only a FAILED asset is retried`);
    if (!row.work) throw conflict(`The asset ${params.id} was found in storage: there is no request to repeat`);
    if (row.role === 'mp4') {
      const outcome = await requestVodFile(ctx.db, ctx.clock, ctx.client.clientId, row.eventId, { priority: row.priority, regenerate: true });
      if (!outcome.ok) throw conflict(outcome.problem);
    } else {
      const again = await updateAsset(ctx.db, ctx.client.clientId, row.id, { state: AssetState.values.GENERATING, error: null, progress: null, etaSeconds: null, startedAt: null, completedAt: null, dateModified: ctx.clock.now() });
      await recordAssetChange(ctx.db, ctx.clock, ctx.client.clientId, row.eventId);
      await scheduleMake(ctx.db, ctx.clock, again!);
    }
    return { status: 200, body: await answer(ctx, (await findAsset(ctx.db, ctx.client.clientId, row.id))!) };
  }),

  implement(endpoints.asset.vodFile, async ({ params }, ctx) => ({ status: 200, body: await mp4Answer(ctx, params.id) })),

  implement(endpoints.asset.generateVodFile, async ({ params, body }, ctx) => {
    const outcome = await requestVodFile(ctx.db, ctx.clock, ctx.client.clientId, params.id, { priority: body.priority, regenerate: body.regenerate });
    if (!outcome.ok) {
      if (outcome.reason === 'not-found') throw notFound(`There is no event ${params.id}`);
      throw badField('params.id', outcome.problem);
    }
    return { status: 200, body: await mp4Answer(ctx, params.id) };
  }),
];
