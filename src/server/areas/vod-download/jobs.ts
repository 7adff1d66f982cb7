/**
 * Background work of VOD downloads, each a durable job (jobs/queue.ts), so a restart in the
 * middle picks it up again:
 * - `vodDownload.process` {clientId, downloadId, generation}: cuts the clips from their events'
 *   media and stitches them into one MP4 (stitch.ts), keeps the file, marks the download ready and
 *   queues the mail. Run again after a crash it starts over (the file is written once, at the end).
 *   A retry of the download bumps its generation, which makes an older job a no-op.
 * - `vodDownload.mail` {clientId, downloadId, generation}: sends the mail with the link. A failed
 *   send is recorded on the download (retrying, with the error and the next try) and retried with
 *   the worker's backoff until `mailAttempts`, then given up (failed); a permanent refusal (5xx)
 *   is given up at once.
 * - `vodDownload.expire` {clientId, downloadId, generation}: at the expiry, removes the stored file.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { vodDownloads } from '../../db/tables/downloads.ts';
import type { DbOrTx } from '../../db/database.ts';
import { fieldChanges, recordSystemActivity } from '../../activity/record.ts';
import { defineJob, jobKind } from '../../jobs/define.ts';
import { mediaOf } from '../media/index.ts';
import { exponentialBackoff, type JobContext, type JobHandler } from '../../jobs/queue.ts';
import { MailError } from '../../sim/mail.ts';
import { DAY_MS, mailerOf, resolveDownloadSettings } from './settings.ts';
import { deleteFiles, downloadUrlOf, EXPIRE_JOB_KEY, fileKeyOf, type DownloadRow } from './repo.ts';
import { renderReadyMail } from './templates.ts';
import { resolveEventMedia, type EventMedia } from './media.ts';
import { stitchDownload, StitchError } from './stitch.ts';

export const PROCESS_JOB = 'vodDownload.process';
export const MAIL_JOB = 'vodDownload.mail';
export const EXPIRE_JOB = 'vodDownload.expire';
/** Tries of the processing before the download is marked failed. */
export const PROCESS_ATTEMPTS = 3;

const Payload = z.object({ clientId: z.guid(), downloadId: z.guid(), generation: z.number().int() });
type Payload = z.infer<typeof Payload>;

async function current(ctx: JobContext, p: Payload): Promise<DownloadRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(vodDownloads)
    .where(and(eq(vodDownloads.clientId, p.clientId), eq(vodDownloads.id, p.downloadId)));
  return row && row.generation === p.generation ? row : undefined;
}

const sameRun = (p: Payload) => and(eq(vodDownloads.clientId, p.clientId), eq(vodDownloads.id, p.downloadId), eq(vodDownloads.generation, p.generation));

/** What the downloads' background work changed, in the activity trail. */
function recordDownload(db: DbOrTx, ctx: JobContext, p: Payload, operation: string, before: object, after: object): Promise<void> {
  return recordSystemActivity(db, ctx.clock.now(), { clientId: p.clientId, system: 'downloads', operation: `downloads.${operation}`, entity: 'vodDownload', entityId: p.downloadId, changes: fieldChanges(before, after) });
}

async function fail(ctx: JobContext, p: Payload, reason: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const failed = await tx
      .update(vodDownloads)
      .set({ status: 'failed', failureDate: ctx.clock.now(), failureReason: reason, progress: 0 })
      .where(and(sameRun(p), eq(vodDownloads.status, 'processing')))
      .returning({ id: vodDownloads.id });
    if (failed.length > 0) await recordDownload(tx, ctx, p, 'failed', { status: 'processing' }, { status: 'failed', failureReason: reason });
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

const processJob: JobHandler<Payload> = async (p, ctx) => {
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
    let lastWritten = -1;
    const fileKey = fileKeyOf(row.id, row.generation);
    const result = await stitchDownload(row, media, fileKey, {
      services: ctx.services,
      onProgress: async (fraction) => {
        const progress = Math.max(1, Math.min(99, Math.floor(fraction * 100)));
        if (progress < lastWritten + 5) return;
        lastWritten = progress;
        await ctx.db.update(vodDownloads).set({ progress }).where(and(sameRun(p), eq(vodDownloads.status, 'processing')));
      },
    });
    const settings = resolveDownloadSettings(ctx.services.downloads);
    const now = ctx.clock.now();
    const expiresAt = new Date(now.getTime() + settings.expiryDays * DAY_MS);
    await ctx.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(vodDownloads).where(sameRun(p)).for('update');
      if (!locked || locked.status !== 'processing') return;
      await tx
        .update(vodDownloads)
        .set({
          status: 'ready',
          progress: 100,
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
        })
        .where(sameRun(p));
      await mailDownload.enqueue(tx, ctx.clock, p, { clientId: p.clientId, maxAttempts: settings.mailAttempts });
      await recordDownload(tx, ctx, p, 'ready', { status: 'processing' }, { status: 'ready' });
      await expireDownload.enqueue(tx, ctx.clock, p, { clientId: p.clientId, runAt: expiresAt, dedupeKey: EXPIRE_JOB_KEY(row.id) });
    });
    ctx.log.info({ downloadId: row.id, bytes: result.bytes, durationMs: result.durationMs }, 'VOD download ready');
  } catch (error) {
    const message = readable(error);
    if ((error instanceof StitchError && error.permanent) || ctx.job.attempts >= ctx.job.maxAttempts) {
      await fail(ctx, p, message);
      return;
    }
    await ctx.db.update(vodDownloads).set({ progress: 0 }).where(and(sameRun(p), eq(vodDownloads.status, 'processing')));
    throw new Error(message);
  }
};

const mailBackoff = exponentialBackoff();

const mailJob: JobHandler<Payload> = async (p, ctx) => {
  const row = await current(ctx, p);
  if (!row || row.status !== 'ready' || row.mailStatus === 'sent' || !row.expiresAt) return;
  const settings = resolveDownloadSettings(ctx.services.downloads);
  const url = downloadUrlOf(row, ctx.services.live?.publicUrl)!;
  const rendered = renderReadyMail(row.emailLanguage, {
    fileName: row.mp4Filename,
    url,
    contentId: row.contentId,
    expiresAt: row.expiresAt,
    durationMs: row.durationMs,
    clipCount: row.clips.length,
  });
  const attempt = row.mailAttempts + 1;
  try {
    // Not inside a transaction: an SMTP conversation may take seconds, and the embedded database
    // has one connection. A crash between the send and the update sends the mail again (at least once).
    await mailerOf(ctx.services, ctx.clock).send(ctx.db, {
      clientId: row.clientId,
      downloadId: row.id,
      from: settings.mailFrom,
      to: row.emailAddress,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      language: rendered.language,
    });
    await ctx.db
      .update(vodDownloads)
      .set({ mailStatus: 'sent', mailAttempts: attempt, mailError: null, mailSentAt: ctx.clock.now(), mailNextAttemptAt: null })
      .where(sameRun(p));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const giveUp = (error instanceof MailError && error.permanent) || ctx.job.attempts >= ctx.job.maxAttempts;
    const next = giveUp ? null : new Date(ctx.clock.now().getTime() + mailBackoff.delayMs(ctx.job.attempts));
    await ctx.db
      .update(vodDownloads)
      .set({ mailStatus: giveUp ? 'failed' : 'retrying', mailAttempts: attempt, mailError: message, mailNextAttemptAt: next })
      .where(sameRun(p));
    ctx.log.warn({ downloadId: row.id, attempt, err: message, giveUp }, giveUp ? 'download mail given up' : 'download mail failed, will retry');
    if (!giveUp) throw error;
  }
};

const expireJob: JobHandler<Payload> = async (p, ctx) => {
  const row = await current(ctx, p);
  if (!row || row.status !== 'ready' || !row.expiresAt || row.expiresAt > ctx.clock.now()) return;
  await deleteFiles(mediaOf(ctx.services).storage, [row]);
};

export const processDownload = defineJob(jobKind(PROCESS_JOB, Payload), processJob);
const mailDownload = defineJob(jobKind(MAIL_JOB, Payload), mailJob);
const expireDownload = defineJob(jobKind(EXPIRE_JOB, Payload), expireJob);
export const vodDownloadJobs = [processDownload, mailDownload, expireDownload];
