/**
 * Asking for a download (POST /voddownload/, and the demo seed) and for it again (retry): the
 * row, in processing, with its `vodDownload.process` job in the media lane (jobs.ts). The files a
 * retry lets go are removed after it, in a job (`removeFilesKind`).
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { FieldError, VodDownloadBody } from '#schema';
import type { DbOrTx } from '../../db/database.ts';
import { badField, notFound, validationError } from '../../http/errors.ts';
import type { RequestContext } from '../../http/implement.ts';
import { cancelByKey } from '../../jobs/queue.ts';
import { PROCESS_ATTEMPTS, processKind, removeFilesKind } from './kinds.ts';
import { contentIdTaken, EXPIRE_JOB_KEY, insertDownload, stateOf, updateDownload, type DownloadRow } from './repo.ts';
import { fileNameFor, planDownload } from './rules.ts';

/** What asking for a download needs of a request's context. */
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
  return processKind.enqueue(db, ctx.clock, { clientId: row.clientId, downloadId: row.id, generation: row.generation }, { clientId: row.clientId, maxAttempts: PROCESS_ATTEMPTS });
}

/**
 * Checks a request against the events' media and stores the download with its processing job
 * (in the caller's transaction).
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
  return insertDownload(db, clock, {
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
  });
}

/** Makes a failed or expired download again: a new generation, its file (if any) removed after. */
export async function retryDownload(ctx: DownloadContext, row: DownloadRow | undefined, field: string): Promise<DownloadRow> {
  if (!row) throw notFound('There is no such download');
  const state = stateOf(row, ctx.clock.now());
  if (state === 'processing') throw badField(field, 'the download is still processing: wait for it to be ready or to fail');
  if (state === 'ready') throw badField(field, 'the download is ready and its link works: only a failed or expired download is made again');
  const generation = row.generation + 1;
  const jobId = await queueProcessing(ctx.db, ctx, { ...row, generation });
  if (row.fileKey) await removeFilesKind.enqueue(ctx.db, ctx.clock, { keys: [row.fileKey] }, { clientId: row.clientId });
  await cancelByKey(ctx.db, EXPIRE_JOB_KEY(row.id));
  const updated = await updateDownload(ctx.db, ctx.clock, row.clientId, row.id, {
    generation,
    status: 'processing',
    progress: 0,
    etaSeconds: null,
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
  });
  return updated!;
}
