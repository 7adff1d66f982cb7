/**
 * VOD downloads (service-interface.md "VOD downloads"): all 11 operations, and the extension
 * operations (the downloads' details, the mailbox).
 *
 * - POST /voddownload/ checks the clips against their events' media (rules.ts), stores the
 *   download and queues its processing (jobs.ts); 201 with the download, processing.
 * - Reads answer 204 when nothing matches. A foreign client's download is as unknown as a missing one.
 * - GET /voddownload/retry/... makes a failed or expired download again (a new processing run,
 *   a new link and a new mail): 200 with the download, processing. 404 for an unknown download;
 *   400 naming the id while it is still processing or ready.
 * - The four deletions answer 410 Gone, also when there was nothing to delete (a foreign id must
 *   answer as an unknown one does). The purge deletes the downloads expired for longer than
 *   `Buffer` days (ready ones whose link expired, failed ones older than the expiry period).
 *   A deleted download's file goes with it; the mails about it stay in the mailbox.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { endpoints, type FieldError, type VodDownloadBody } from '#schema';
import type { DbOrTx } from '../../db/database.ts';
import { vodDownloads } from '../../db/tables/downloads.ts';
import { badField, notFound, validationError } from '../../http/errors.ts';
import { implement, type Implementation, type RequestContext } from '../../http/implement.ts';
import { cancelByKey } from '../../jobs/queue.ts';
import { mediaOf } from '../media/index.ts';
import { PROCESS_ATTEMPTS, processDownload } from './jobs.ts';
import {
  contentIdTaken,
  deleteDownloads,
  deleteFiles,
  EXPIRE_JOB_KEY,
  getDownload,
  getDownloadByContent,
  getMail,
  idsExpiredBefore,
  idsForEvent,
  listDownloads,
  listMails,
  serializeDetails,
  serializeDownload,
  serializeMail,
  stateOf,
  type DownloadRow,
} from './repo.ts';
import { fileNameFor, planDownload } from './rules.ts';
import { DAY_MS, mailerOf, resolveDownloadSettings } from './settings.ts';
import { recordChange } from '../../changes/record-entity.ts';

const publicUrlOf = (ctx: RequestContext) => ctx.live?.publicUrl;

/** What creating a download needs of a request's context. */
export type DownloadContext = Pick<RequestContext, 'db' | 'clock' | 'client'>;

function taskOf(ctx: DownloadContext, values: { id: string; contentId: string; frameAccurate: boolean; clips: DownloadRow['clips'] }, jobId: string): Record<string, unknown> {
  return {
    parameters: {
      content_id: values.contentId,
      output_folder: `downloads/${ctx.client.clientName}/${encodeURIComponent(values.contentId)}/`,
      clips: values.clips.map((clip) => ({
        event_id: clip.eventId,
        start: clip.start,
        end: clip.end,
        start_ms: clip.fromMs,
        end_ms: clip.toMs,
        filter: clip.filter,
        is_master_clip: clip.isMasterClip,
      })),
      rest_endpoints: [
        { name: 'status', method: 'GET', url: `/api/voddownload/${values.id}` },
        { name: 'retry', method: 'GET', url: `/api/voddownload/retry/${values.id}` },
      ],
      encrypted: false,
      frame_accurate: values.frameAccurate,
      create_mp4: true,
      // Cutting on key frames copies the streams and keeps their timestamps; frame-accurate cuts re-encode.
      copy_ts: !values.frameAccurate,
      create_via_ffmpeg: true,
    },
    client: ctx.client.clientName,
    job: jobId,
  };
}

async function queueProcessing(db: DbOrTx, ctx: Pick<RequestContext, 'clock'>, row: Pick<DownloadRow, 'id' | 'clientId' | 'generation'>): Promise<string> {
  return processDownload.enqueue(db, ctx.clock, { clientId: row.clientId, downloadId: row.id, generation: row.generation }, { clientId: row.clientId, maxAttempts: PROCESS_ATTEMPTS });
}

/** Makes a failed or expired download again. */
async function retry(ctx: RequestContext, row: DownloadRow | undefined, field: string): Promise<DownloadRow> {
  if (!row) throw notFound('There is no such download');
  const state = stateOf(row, ctx.clock.now());
  if (state === 'processing') throw badField(field, 'the download is still processing: wait for it to be ready or to fail');
  if (state === 'ready') throw badField(field, 'the download is ready and its link works: only a failed or expired download is made again');
  const generation = row.generation + 1;
  const jobId = await queueProcessing(ctx.db, ctx, { ...row, generation });
  await deleteFiles(mediaOf(ctx).storage, [row]);
  await cancelByKey(ctx.db, EXPIRE_JOB_KEY(row.id));
  const [updated] = await ctx.db
    .update(vodDownloads)
    .set({
      generation,
      status: 'processing',
      progress: 0,
      failureReason: null,
      completionDate: null,
      failureDate: null,
      expiresAt: null,
      fileToken: null,
      fileBytes: null,
      fileKey: null,
      mailStatus: 'none',
      mailAttempts: 0,
      mailError: null,
      mailSentAt: null,
      mailNextAttemptAt: null,
      task: { ...row.task, job: jobId },
    })
    .where(and(eq(vodDownloads.clientId, row.clientId), eq(vodDownloads.id, row.id)))
    .returning();
  await recordChange(ctx.db, ctx.clock, row.clientId, { kind: 'download', id: row.id, eventId: row.eventId, action: 'Updated', progress: { percent: 0, etaSeconds: null } });
  return updated!;
}

/**
 * Checks a request against the events' media and stores the download with its processing job
 * (in the caller's transaction). Also used by the demo seed.
 */
export async function requestDownload(ctx: DownloadContext, body: z.output<typeof VodDownloadBody>): Promise<DownloadRow> {
  const { db, clock } = ctx;
  const clientId = ctx.client.clientId;
  const errors: FieldError[] = [];
  const contentId = body.contentId?.trim() || randomUUID();
  if (body.contentId && (await contentIdTaken(db, clientId, contentId))) {
    errors.push({ field: 'body.contentId', message: `a download with the content id "${contentId}" exists already: choose another, or leave it out to get one` });
  }
  if (contentId.length > 200) errors.push({ field: 'body.contentId', message: 'a content id has 200 characters at most' });
  const planned = await planDownload(db, clientId, body, clock.now());
  if ('errors' in planned) errors.push(...planned.errors);
  if (errors.length > 0 || 'errors' in planned) throw validationError(errors, 'The download cannot be made');
  const { plan } = planned;
  const master = plan.clips[plan.masterIndex]!;
  const id = randomUUID();
  const jobId = await queueProcessing(db, ctx, { id, clientId, generation: 1 });
  const [row] = await db
    .insert(vodDownloads)
    .values({
      id,
      clientId,
      contentId,
      eventId: master.eventId,
      eventIds: [...new Set(plan.clips.map((c) => c.eventId))],
      emailAddress: body.emailAddress,
      emailLanguage: body.emailLanguage ?? null,
      frameAccurate: body.frameAccurate,
      mp4Filename: fileNameFor(body.mp4Filename, master.title, contentId),
      clips: plan.clips,
      task: taskOf(ctx, { id, contentId, frameAccurate: body.frameAccurate, clips: plan.clips }, jobId),
      status: 'processing',
      durationMs: plan.durationMs,
      creationDate: clock.now(),
    })
    .returning();
  await recordChange(db, clock, clientId, { kind: 'download', id, eventId: master.eventId, action: 'Added', progress: { percent: 0, etaSeconds: null } });
  return row!;
}

export const vodDownloadRoutes: Implementation[] = [
  implement(endpoints.vodDownload.create, async ({ body }, ctx) => ({ status: 201, body: serializeDownload(await requestDownload(ctx, body), publicUrlOf(ctx)) })),

  implement(endpoints.vodDownload.get, async ({ params }, ctx) => {
    const row = await getDownload(ctx.db, ctx.client.clientId, params.id);
    return row ? { status: 200, body: serializeDownload(row, publicUrlOf(ctx)) } : { status: 204 };
  }),

  implement(endpoints.vodDownload.getByContent, async ({ query }, ctx) => {
    const row = await getDownloadByContent(ctx.db, ctx.client.clientId, query.id);
    return row ? { status: 200, body: serializeDownload(row, publicUrlOf(ctx)) } : { status: 204 };
  }),

  implement(endpoints.vodDownload.list, async (_input, ctx) => {
    const rows = await listDownloads(ctx.db, ctx.client.clientId);
    return rows.length > 0 ? { status: 200, body: rows.map((r) => serializeDownload(r, publicUrlOf(ctx))) } : { status: 204 };
  }),

  implement(endpoints.vodDownload.listForEvent, async ({ params }, ctx) => {
    const rows = await listDownloads(ctx.db, ctx.client.clientId, params.eventId);
    return rows.length > 0 ? { status: 200, body: rows.map((r) => serializeDownload(r, publicUrlOf(ctx))) } : { status: 204 };
  }),

  implement(
    endpoints.vodDownload.retry,
    async ({ params }, ctx) => {
      const row = await getDownload(ctx.db, ctx.client.clientId, params.id, { lock: true });
      return { status: 200, body: serializeDownload(await retry(ctx, row, 'params.id'), publicUrlOf(ctx)) };
    },
    { transaction: true },
  ),

  implement(
    endpoints.vodDownload.retryByContent,
    async ({ query }, ctx) => {
      const row = await getDownloadByContent(ctx.db, ctx.client.clientId, query.id, { lock: true });
      return { status: 200, body: serializeDownload(await retry(ctx, row, 'query.id'), publicUrlOf(ctx)) };
    },
    { transaction: true },
  ),

  implement(endpoints.vodDownload.purgeExpired, async ({ query }, ctx) => {
    if (query.Buffer < 0) throw badField('query.Buffer', 'Buffer is a number of days added to the expiry period: 0 or more');
    const { expiryDays } = resolveDownloadSettings(ctx.downloads);
    const cutoff = new Date(ctx.clock.now().getTime() - query.Buffer * DAY_MS);
    const ids = await idsExpiredBefore(ctx.db, ctx.client.clientId, cutoff, expiryDays * DAY_MS);
    const deleted = await deleteDownloads(ctx.db, ctx.clock, mediaOf(ctx).storage, ctx.client.clientId, ids);
    ctx.log.info({ deleted, buffer: query.Buffer }, 'purged expired VOD downloads');
    return { status: 410 };
  }),

  implement(endpoints.vodDownload.delete, async ({ params }, ctx) => {
    await deleteDownloads(ctx.db, ctx.clock, mediaOf(ctx).storage, ctx.client.clientId, [params.id].filter((id) => /^[0-9a-f-]{36}$/i.test(id)));
    return { status: 410 };
  }),

  implement(endpoints.vodDownload.deleteByContent, async ({ query }, ctx) => {
    const row = await getDownloadByContent(ctx.db, ctx.client.clientId, query.id);
    if (row) await deleteDownloads(ctx.db, ctx.clock, mediaOf(ctx).storage, ctx.client.clientId, [row.id]);
    return { status: 410 };
  }),

  implement(endpoints.vodDownload.deleteForEvent, async ({ params }, ctx) => {
    await deleteDownloads(ctx.db, ctx.clock, mediaOf(ctx).storage, ctx.client.clientId, await idsForEvent(ctx.db, ctx.client.clientId, params.eventid));
    return { status: 410 };
  }),

  implement(endpoints.vodDownload.details, async ({ query }, ctx) => {
    const rows = await listDownloads(ctx.db, ctx.client.clientId, query.eventId);
    const now = ctx.clock.now();
    return { status: 200, body: rows.map((r) => serializeDetails(r, publicUrlOf(ctx), now)) };
  }),

  implement(endpoints.vodDownload.mailbox, async (_input, ctx) => {
    if (mailerOf(ctx, ctx.clock).kind !== 'mailbox') throw notFound('This service sends its mail through an SMTP server (SMTP_URL) and keeps no mailbox');
    return { status: 200, body: (await listMails(ctx.db, ctx.client.clientId)).map(serializeMail) };
  }),

  implement(endpoints.vodDownload.mail, async ({ params }, ctx) => {
    const row = await getMail(ctx.db, ctx.client.clientId, params.id);
    return row ? { status: 200, body: serializeMail(row) } : { status: 204 };
  }),
];
