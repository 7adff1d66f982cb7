/**
 * Background work of VOD downloads (kinds.ts), each a durable job, so a restart in the middle
 * picks it up again:
 * - `vodDownload.process`, in the media lane: cuts the clips from their events' media and
 *   stitches them into one MP4 (stitch.ts), writing how far it got on the download as it goes,
 *   keeps the file, marks the download ready and queues the mail. Run again after a crash it
 *   starts over (the file is written once, at the end). A retry of the download bumps its
 *   generation, which makes an older job a no-op.
 * - `vodDownload.mail`: sends the mail with the link. A failed send is recorded on the download
 *   (retrying, with the error and the next try) and retried with the worker's backoff until
 *   `mailAttempts`, then given up (failed); a permanent refusal (5xx) is given up at once.
 * - `vodDownload.expire`: at the expiry, removes the stored file.
 * - `vodDownload.removeFiles`: the files a deletion or a retry let go.
 */
import { randomBytes } from 'node:crypto';
import { defineJob } from '../../jobs/define.ts';
import { backgroundServiceUrl } from '../../http/service-url.ts';
import type { DbOrTx } from '../../db/database.ts';
import { fieldChanges, recordSystemActivity } from '../../activity/record.ts';
import { exponentialBackoff, type JobContext, type JobHandler } from '../../jobs/queue.ts';
import { progressWriter } from '../media/index.ts';
import { expireKind, mailKind, processKind, removeFilesKind, type RunPayload } from './kinds.ts';
import { MailError } from './mailer.ts';
import { resolveEventMedia, type EventMedia } from './media.ts';
import { deleteFiles, downloadUrlOf, EXPIRE_JOB_KEY, fileKeyOf, getDownload, updateDownload, type DownloadRow } from './repo.ts';
import { DAY_MS } from './settings.ts';
import { stitchDownload, StitchError } from './stitch.ts';
import { renderReadyMail } from './templates.ts';

/** The download of the job, if the job is still its current run. */
async function current(ctx: JobContext, p: RunPayload): Promise<DownloadRow | undefined> {
  const row = await getDownload(ctx.db, p.clientId, p.downloadId);
  return row && row.generation === p.generation ? row : undefined;
}

/** Writes the run's download while it is processing. */
const whileProcessing = (ctx: JobContext, p: RunPayload, values: Parameters<typeof updateDownload>[4]) =>
  updateDownload(ctx.db, ctx.clock, p.clientId, p.downloadId, values, { generation: p.generation, status: 'processing' });

/** What the downloads' background work changed, in the activity trail. */
function recordDownload(db: DbOrTx, ctx: JobContext, p: RunPayload, operation: string, before: object, after: object): Promise<void> {
  return recordSystemActivity(db, ctx.clock.now(), { clientId: p.clientId, system: 'downloads', operation: `downloads.${operation}`, entity: 'vodDownload', entityId: p.downloadId, changes: fieldChanges(before, after) });
}

async function fail(ctx: JobContext, p: RunPayload, reason: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const failed = await updateDownload(tx, ctx.clock, p.clientId, p.downloadId, { status: 'failed', failureDate: ctx.clock.now(), failureReason: reason, progress: 0, etaSeconds: null }, { generation: p.generation, status: 'processing' });
    if (failed) await recordDownload(tx, ctx, p, 'failed', { status: 'processing' }, { status: 'failed', failureReason: reason });
  });
  ctx.log.warn({ downloadId: p.downloadId, reason }, 'VOD download failed');
}

/** An error as a short line of text: a failed query's message carries its parameters (the file's bytes). */
function readable(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // eslint-disable-next-line no-control-regex -- control characters are what it removes
  const line = (message.split('\nparams:')[0] ?? message).replace(/[\u0000-\u0008\u000e-\u001f]/g, '');
  return line.length > 500 ? `${line.slice(0, 500)}…` : line;
}

const processJob: JobHandler<RunPayload> = async (p, ctx) => {
  const row = await current(ctx, p);
  if (!row || row.status !== 'processing') return;
  try {
    // The events may have changed (deleted, their media gone) since the download was requested.
    const media: EventMedia[] = [];
    for (const clip of row.clips) {
      const resolved = await resolveEventMedia(ctx.db, p.clientId, clip.eventId, ctx.clock.now());
      if (resolved.kind === 'missing') throw new StitchError(`the event ${clip.eventId} ("${clip.title}") no longer exists`, true);
      if (resolved.kind === 'no-media') throw new StitchError(resolved.reason, true);
      if (clip.toMs > resolved.media.durationMs) throw new StitchError(`the media of "${clip.title}" is shorter than it was when the download was requested`, true);
      media.push(resolved.media);
    }
    const fileKey = fileKeyOf(row.id, row.generation);
    await whileProcessing(ctx, p, { progress: 0, etaSeconds: null });
    const progress = progressWriter((at) => whileProcessing(ctx, p, { progress: at.percent, etaSeconds: at.etaSeconds }));
    const result = await stitchDownload(row, media, fileKey, { media: ctx.services.media, onProgress: progress.report, signal: ctx.signal });
    await progress.flush();
    const settings = ctx.services.downloads;
    const now = ctx.clock.now();
    const expiresAt = new Date(now.getTime() + settings.expiryDays * DAY_MS);
    await ctx.db.transaction(async (tx) => {
      const ready = await updateDownload(
        tx,
        ctx.clock,
        p.clientId,
        p.downloadId,
        {
          status: 'ready',
          progress: 100,
          etaSeconds: null,
          completionDate: now,
          expiresAt,
          fileToken: randomBytes(24).toString('base64url'),
          fileBytes: result.bytes,
          fileKey,
          durationMs: result.durationMs,
          mailStatus: 'pending',
          mailAttempts: 0,
          mailError: null,
          mailNextAttemptAt: now,
        },
        { generation: p.generation, status: 'processing' },
      );
      if (!ready) return;
      await recordDownload(tx, ctx, p, 'ready', { status: 'processing' }, { status: 'ready' });
      await mailKind.enqueue(tx, ctx.clock, p, { clientId: p.clientId, maxAttempts: settings.mailAttempts });
      await expireKind.enqueue(tx, ctx.clock, p, { clientId: p.clientId, runAt: expiresAt, dedupeKey: EXPIRE_JOB_KEY(row.id) });
    });
    ctx.log.info({ downloadId: row.id, bytes: result.bytes, durationMs: result.durationMs }, 'VOD download ready');
  } catch (error) {
    // Stopped because the service closes: the lane gives the job back, the download stays processing.
    if (ctx.signal.aborted) throw error;
    const message = readable(error);
    if ((error instanceof StitchError && error.permanent) || ctx.job.attempts >= ctx.job.maxAttempts) {
      await fail(ctx, p, message);
      return;
    }
    await whileProcessing(ctx, p, { progress: 0, etaSeconds: null });
    throw new Error(message);
  }
};

const mailBackoff = exponentialBackoff();

const mailJob: JobHandler<RunPayload> = async (p, ctx) => {
  const row = await current(ctx, p);
  if (!row || row.status !== 'ready' || row.mailStatus === 'sent' || !row.expiresAt) return;
  const settings = ctx.services.downloads;
  const url = downloadUrlOf(row, backgroundServiceUrl(ctx.services.urls))!;
  const rendered = renderReadyMail(row.emailLanguage, {
    fileName: row.mp4Filename,
    url,
    contentId: row.contentId,
    expiresAt: row.expiresAt,
    durationMs: row.durationMs,
    clipCount: row.clips.length,
  });
  const attempt = row.mailAttempts + 1;
  const ofRun = { generation: p.generation };
  try {
    // Not inside a transaction: an SMTP conversation may take seconds, and the embedded database
    // has one connection. A crash between the send and the update sends the mail again (at least once).
    await ctx.services.mailer.send(ctx.db, {
      clientId: row.clientId,
      downloadId: row.id,
      from: settings.mailFrom,
      to: row.emailAddress,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      language: rendered.language,
    });
    await updateDownload(ctx.db, ctx.clock, p.clientId, p.downloadId, { mailStatus: 'sent', mailAttempts: attempt, mailError: null, mailSentAt: ctx.clock.now(), mailNextAttemptAt: null }, ofRun);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const giveUp = (error instanceof MailError && error.permanent) || ctx.job.attempts >= ctx.job.maxAttempts;
    const next = giveUp ? null : new Date(ctx.clock.now().getTime() + mailBackoff.delayMs(ctx.job.attempts));
    await updateDownload(ctx.db, ctx.clock, p.clientId, p.downloadId, { mailStatus: giveUp ? 'failed' : 'retrying', mailAttempts: attempt, mailError: message, mailNextAttemptAt: next }, ofRun);
    ctx.log.warn({ downloadId: row.id, attempt, err: message, giveUp }, giveUp ? 'download mail given up' : 'download mail failed, will retry');
    if (!giveUp) throw error;
  }
};

const expireJob: JobHandler<RunPayload> = async (p, ctx) => {
  const row = await current(ctx, p);
  if (!row || row.status !== 'ready' || !row.expiresAt || row.expiresAt > ctx.clock.now() || !row.fileKey) return;
  await deleteFiles(ctx.services.media.storage, [row.fileKey]);
};

export const processDownload = defineJob(processKind, processJob, { lane: 'media' });
export const vodDownloadJobs = [
  processDownload,
  defineJob(mailKind, mailJob),
  defineJob(expireKind, expireJob),
  defineJob(removeFilesKind, async ({ keys }, ctx) => deleteFiles(ctx.services.media.storage, keys)),
];
