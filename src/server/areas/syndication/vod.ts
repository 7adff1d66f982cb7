/**
 * VOD publications (service-interface.md "VOD Publication states"): only for an event whose MP4 is
 * available. Processing (0: the MP4 downloaded, then uploaded to the target, with progress) ->
 * Scheduled (1: uploaded, publishAt in the future) -> Completed (3), or FailedDestination (4: the
 * destination is not active or its authorisation refused), FailedMediaAsset (5: download or
 * upload failed), FailedPublication (6: the item is missing on the target or isUnavailable).
 *
 * The work is the `syndication.vodStep` job, one step a second or so (the platform's pace):
 * progress 0 check and download, 15 downloaded, 30..90 upload, 100 processing on the platform,
 * then published or scheduled. `syndication.vodPublish` publishes a scheduled one at publishAt,
 * and `syndication.vodVerify` looks at the item once after completion (a platform may take it
 * down: the itemRemoved fault).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { publicationCallbacks, publications, syndicationDestinations } from '../../db/tables/syndication.ts';
import { badField } from '../../http/errors.ts';
import { jobKind } from '../../jobs/define.ts';
import type { JobContext, JobHandler } from '../../jobs/queue.ts';
import { slowFactor } from '../../sim/targets.ts';
import { adapterFor, asTargetDestination, failIfRemoved, parseConfig, PublicationJobPayload, recordCreated, recordPublication, type PublicationJob, recordPublicationChange, transition, VOD, type PublicationRow } from './core.ts';
import { checkPublications, eventOr400, storedDetails, type CheckedPublication } from './input.ts';
import type { LiveEnv } from './live.ts';
import { eventMp4 } from './media-source.ts';

export const VOD_STEP_JOB = 'syndication.vodStep';
export const VOD_PUBLISH_JOB = 'syndication.vodPublish';
export const VOD_VERIFY_JOB = 'syndication.vodVerify';
/** The steps of a VOD publication (jobs.ts gives them their handlers, below). */
export const vodStepKind = jobKind(VOD_STEP_JOB, PublicationJobPayload);
export const vodPublishKind = jobKind(VOD_PUBLISH_JOB, PublicationJobPayload);
export const vodVerifyKind = jobKind(VOD_VERIFY_JOB, PublicationJobPayload);
const VERIFY_AFTER_MS = 10_000;

interface CreateBody {
  eventId: string;
  publications: { destinationId: string; publicationJson: string }[];
}

export async function createVodPublications(env: LiveEnv, clientId: string, body: CreateBody): Promise<PublicationRow[]> {
  const { db, clock, services } = env;
  const event = await eventOr400(db, clientId, body.eventId);
  const mp4 = await eventMp4(db, services, clientId, event.id);
  if (!mp4?.available) throw badField('body.eventId', 'the event has no available MP4 (mp4State must be AVAILABLE): generate it first');
  const checked = await checkPublications(db, services, clientId, 'vod', event, body.publications);
  const rows = await insertVodPublications(
    env,
    clientId,
    'media',
    checked.map((c, i) => ({ checked: c, eventId: event.id, contentId: mp4.contentId, publicationJson: body.publications[i]!.publicationJson })),
  );
  await recordPublicationChange(db, clock, { clientId, eventId: event.id });
  return rows;
}

export interface NewVodPublication {
  checked: CheckedPublication;
  eventId: string;
  contentId: string;
  publicationJson: string;
}

/** Writes checked VOD publications of one request (one transactionId) in Processing and schedules their first step. */
export async function insertVodPublications(env: LiveEnv, clientId: string, api: 'media' | 'direct', items: readonly NewVodPublication[]): Promise<PublicationRow[]> {
  const { db, clock } = env;
  const transactionId = randomUUID();
  const now = clock.now();
  const rows: PublicationRow[] = [];
  for (const [i, { checked: c, eventId, contentId, publicationJson }] of items.entries()) {
    const [row] = await db
      .insert(publications)
      .values({
        clientId,
        api,
        kind: 'vod',
        eventId,
        destinationId: c.destination.id,
        target: c.destination.target,
        transactionId,
        contentId,
        publicationJson,
        state: VOD.Processing,
        reason: 'Waiting to download the MP4',
        progress: 0,
        publishAt: c.publishAt,
        details: storedDetails(c.fields),
        // A millisecond apart, so the publications of one request keep their order.
        dateCreated: new Date(now.getTime() + i),
        dateModified: now,
      })
      .returning();
    if (c.callbackUrls.length > 0) await db.insert(publicationCallbacks).values(c.callbackUrls.map((url) => ({ clientId, publicationId: row!.id, url })));
    await recordCreated(db, clock, row!);
    await scheduleStep(db, env, row!, c.destination);
    rows.push(row!);
  }
  return rows;
}

/** Starts a VOD publication's processing again from the download (a failed one updated). */
export async function restartVod(env: LiveEnv, row: PublicationRow, reason: string): Promise<PublicationRow> {
  const [destination] = await env.db.select().from(syndicationDestinations).where(eq(syndicationDestinations.id, row.destinationId));
  const fresh = await transition(env.db, env.clock, row, VOD.Processing, {
    reason,
    cause: 'request',
    set: { progress: 0, targetItemId: null, dateStarted: null, dateCompleted: null },
  });
  await scheduleStep(env.db, env, fresh, destination!);
  return fresh;
}

async function scheduleStep(db: DbOrTx, env: Pick<LiveEnv, 'clock' | 'services'>, row: PublicationRow, destination: typeof syndicationDestinations.$inferSelect, extra = 0): Promise<void> {
  const adapter = adapterFor(env.services, row.target);
  const faults = await adapter.faults({ db, clock: env.clock }, asTargetDestination(destination));
  const delay = (adapter.delays.vodStep + extra) * slowFactor(faults);
  await vodStepKind.enqueue(db, env.clock, { publicationId: row.id }, { clientId: row.clientId, runAt: new Date(env.clock.now().getTime() + delay) });
}

function mb(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

const UPLOAD_STEPS = [30, 50, 70, 90, 100];

/** One step of a VOD publication in processing. */
async function step(env: LiveEnv, row: PublicationRow): Promise<void> {
  const { db, clock, services } = env;
  const [destination] = await db.select().from(syndicationDestinations).where(eq(syndicationDestinations.id, row.destinationId));
  if (!destination) return;
  const adapter = adapterFor(services, row.target);
  const target = asTargetDestination(destination);
  const tenv = { db, clock };
  const progress = row.progress ?? 0;
  const fail = (to: number, reason: string) => transition(db, clock, row, to, { reason, cause: 'target', set: { progress: null } });

  if (progress === 0) {
    if (!destination.active) return void (await fail(VOD.FailedDestination, `The destination "${destination.name}" is not active: activate it, then publish again.`));
    const mp4 = row.eventId ? await eventMp4(db, services, row.clientId, row.eventId) : undefined;
    if (!mp4?.available) return void (await fail(VOD.FailedMediaAsset, 'Download failed: the event no longer has an available MP4.'));
    await transition(db, clock, row, VOD.Processing, { cause: 'service', reason: `Downloading the MP4 (${mb(mp4.sizeBytes)})`, set: { progress: 15, dateStarted: clock.now() } });
    return scheduleStep(db, env, row, destination);
  }
  if (progress === 15) {
    const mp4 = row.eventId ? await eventMp4(db, services, row.clientId, row.eventId) : undefined;
    if (!mp4?.available) return void (await fail(VOD.FailedMediaAsset, 'Download failed: the event no longer has an available MP4.'));
    const begun = await adapter.beginUpload(tenv, target, row.id, parseConfig(row.publicationJson), mp4);
    if (!begun.ok) return void (await fail(begun.failure === 'destination' ? VOD.FailedDestination : VOD.FailedMediaAsset, begun.reason));
    await transition(db, clock, row, VOD.Processing, { cause: 'service', reason: `Uploading to ${destination.name}`, set: { progress: 30, targetItemId: begun.item.id } });
    return scheduleStep(db, env, row, destination);
  }
  if (progress < 100) {
    const next = UPLOAD_STEPS.find((p) => p > progress) ?? 100;
    const result = await adapter.uploadProgress(tenv, target, row.targetItemId!, next);
    if (!result.ok) return void (await fail(VOD.FailedMediaAsset, result.reason));
    await transition(db, clock, row, VOD.Processing, {
      cause: 'service',
      reason: next === 100 ? `Processing on ${destination.name}` : `Uploading to ${destination.name}`,
      set: { progress: next },
    });
    return scheduleStep(db, env, row, destination, next === 100 ? adapter.delays.vodProcessing - adapter.delays.vodStep : 0);
  }
  // Uploaded and processed: public now, or private until publishAt.
  const later = row.publishAt && row.publishAt.getTime() > clock.now().getTime();
  const fields = parseConfig(row.publicationJson);
  const wantsPrivate = [fields.vs_privacyStatus, fields.mp_privacyStatus].some((v) => v === 'private' || v === 'unlisted');
  const finished = await adapter.finishUpload(tenv, target, row.targetItemId!, later || wantsPrivate ? 'private' : 'public');
  if (!finished.ok) return void (await fail(finished.failure === 'destination' ? VOD.FailedDestination : VOD.FailedPublication, finished.reason));
  if (later) {
    await transition(db, clock, row, VOD.Scheduled, { cause: 'target', reason: `Uploaded; publishes at ${row.publishAt!.toISOString()}`, set: { progress: null } });
    await vodPublishKind.enqueue(db, clock, { publicationId: row.id }, { clientId: row.clientId, runAt: row.publishAt! });
    return;
  }
  await transition(db, clock, row, VOD.Completed, { cause: 'target', reason: null, set: { progress: null, dateCompleted: clock.now() } });
  await vodVerifyKind.enqueue(db, clock, { publicationId: row.id }, { clientId: row.clientId, runAt: new Date(clock.now().getTime() + VERIFY_AFTER_MS) });
}

async function withRow(ctx: JobContext, { publicationId }: PublicationJob, run: (env: LiveEnv, row: PublicationRow) => Promise<void>): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(publications).where(eq(publications.id, publicationId)).for('update');
    if (row) await run({ db: tx, clock: ctx.clock, services: ctx.services }, row);
  });
}

export const vodStepJob: JobHandler<PublicationJob> = (payload, ctx) =>
  withRow(ctx, payload, async (env, row) => {
    if (row.state === VOD.Processing) await step(env, row);
  });

export const vodPublishJob: JobHandler<PublicationJob> = (payload, ctx) =>
  withRow(ctx, payload, async (env, row) => {
    if (row.state !== VOD.Scheduled || !row.targetItemId) return;
    const [destination] = await env.db.select().from(syndicationDestinations).where(eq(syndicationDestinations.id, row.destinationId));
    if (!destination) return;
    const result = await adapterFor(env.services, row.target).setVisibility({ db: env.db, clock: env.clock }, asTargetDestination(destination), row.targetItemId, 'public');
    if (!result.ok) {
      await transition(env.db, env.clock, row, result.failure === 'destination' ? VOD.FailedDestination : VOD.FailedPublication, { reason: result.reason, cause: 'target' });
      return;
    }
    await transition(env.db, env.clock, row, VOD.Completed, { cause: 'target', reason: null, set: { dateCompleted: env.clock.now() } });
    await vodVerifyKind.enqueue(env.db, env.clock, { publicationId: row.id }, { clientId: row.clientId, runAt: new Date(env.clock.now().getTime() + VERIFY_AFTER_MS) });
  });

export const vodVerifyJob: JobHandler<PublicationJob> = (payload, ctx) =>
  withRow(ctx, payload, async (env, row) => {
    if (row.state !== VOD.Completed || !row.targetItemId) return;
    const [destination] = await env.db.select().from(syndicationDestinations).where(eq(syndicationDestinations.id, row.destinationId));
    if (!destination) return;
    const view = await adapterFor(env.services, row.target).view({ db: env.db, clock: env.clock }, asTargetDestination(destination), row.targetItemId);
    if (view) await failIfRemoved(env.db, env.clock, row, view);
  });

export async function deleteVod(env: LiveEnv, row: PublicationRow, hardDelete: boolean): Promise<void> {
  if (hardDelete && row.targetItemId) {
    const [destination] = await env.db.select().from(syndicationDestinations).where(eq(syndicationDestinations.id, row.destinationId));
    if (destination) await adapterFor(env.services, row.target).remove({ db: env.db, clock: env.clock }, asTargetDestination(destination), row.targetItemId);
  }
  await env.db.delete(publications).where(eq(publications.id, row.id));
  await recordPublication(env.db, env.clock, row, 'Deleted');
  await recordPublicationChange(env.db, env.clock, row);
}
