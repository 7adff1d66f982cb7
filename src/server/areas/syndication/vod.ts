/**
 * VOD publications (service-interface.md "VOD Publication states"): only for an event whose MP4 is
 * available. Processing (0: the MP4 uploaded to the target, with progress) -> Scheduled (1:
 * uploaded, publishAt in the future) -> Completed (3), or FailedDestination (4: the destination is
 * not active or its authorisation refused), FailedMediaAsset (5: the upload failed),
 * FailedPublication (6: the item is missing on the target or isUnavailable).
 *
 * The work is the `syndication.vodStep` job: the first step begins the upload on the target, each
 * next one asks the target how far it got, writes the progress it reports and comes back when the
 * target says to (how long an upload takes, and what breaks it, are the platform's); once the
 * platform has processed it, the video is published, or kept private until publishAt
 * (`syndication.vodPublish`). `syndication.vodVerify` looks at the item once after completion (a
 * platform may take it down). Each step asks the target outside any transaction, then writes what
 * it answered if the publication is still as it was read (core.ts `apply`).
 */
import { randomUUID } from 'node:crypto';
import { Mp4State } from '#schema';
import type { DbOrTx } from '../../db/database.ts';
import { badField } from '../../http/errors.ts';
import type { Clock } from '../../jobs/clock.ts';
import { jobKind } from '../../jobs/define.ts';
import type { JobContext, JobHandler } from '../../jobs/queue.ts';
import type { AppServices } from '../../services.ts';
import { adapterFor, apply, asTargetDestination, failedOnTarget, parseConfig, plan, PublicationJobPayload, recordCreated, recordPublicationChange, targetEnv, transition, VOD, type Planned, type PublicationJob, type PublicationRow, type Step } from './core.ts';
import { checkPublications, eventOr400, storedDetails, type CheckedPublication } from './input.ts';
import type { TargetContext } from './live.ts';
import { eventMp4 } from './media-source.ts';
import { insertPublication, publicationById, replaceCallbacks } from './repo.ts';
import { findDestination } from './destination-repo.ts';
import type { UploadStatus } from './target.ts';

export const VOD_STEP_JOB = 'syndication.vodStep';
export const VOD_PUBLISH_JOB = 'syndication.vodPublish';
export const VOD_VERIFY_JOB = 'syndication.vodVerify';
/** The steps of a VOD publication (jobs.ts gives them their handlers, below). */
export const vodStepKind = jobKind(VOD_STEP_JOB, PublicationJobPayload);
export const vodPublishKind = jobKind(VOD_PUBLISH_JOB, PublicationJobPayload);
export const vodVerifyKind = jobKind(VOD_VERIFY_JOB, PublicationJobPayload);
const VERIFY_AFTER_MS = 10_000;
/** How often a publication waiting for its event's MP4 to be made looks again. */
const MP4_WAIT_MS = 5_000;

interface CreateBody {
  eventId: string;
  publications: { destinationId: string; publicationJson: string }[];
}

export async function createVodPublications(db: DbOrTx, clock: Clock, clientId: string, body: CreateBody, refusals: readonly { field: string; message: string }[]): Promise<PublicationRow[]> {
  const event = await eventOr400(db, clientId, body.eventId);
  if (event.mp4State !== Mp4State.values.AVAILABLE) throw badField('body.eventId', 'the event has no available MP4 (mp4State must be AVAILABLE): generate it first');
  const checked = await checkPublications(db, clientId, 'vod', event, body.publications, 'media', refusals);
  const rows = await insertVodPublications(
    db,
    clock,
    clientId,
    'media',
    checked.map((c, i) => ({ checked: c, eventId: event.id, contentId: event.contentId ?? event.id, publicationJson: body.publications[i]!.publicationJson })),
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

/** Writes checked VOD publications of one request (one transactionId) in Processing and queues their first step. */
export async function insertVodPublications(db: DbOrTx, clock: Clock, clientId: string, api: 'media' | 'direct', items: readonly NewVodPublication[]): Promise<PublicationRow[]> {
  const transactionId = randomUUID();
  const now = clock.now();
  const rows: PublicationRow[] = [];
  for (const [i, { checked: c, eventId, contentId, publicationJson }] of items.entries()) {
    const row = await insertPublication(db, {
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
      reason: 'Waiting to upload the MP4',
      progress: 0,
      publishAt: c.publishAt,
      details: storedDetails(c.fields),
      // A millisecond apart, so the publications of one request keep their order.
      dateCreated: new Date(now.getTime() + i),
      dateModified: now,
    });
    await replaceCallbacks(db, clientId, row.id, c.callbackUrls);
    await recordCreated(db, clock, row);
    await scheduleStep(db, clock, row, now);
    rows.push(row);
  }
  return rows;
}

/** Starts a VOD publication's processing again from the upload (a failed one updated). */
export async function restartVod(db: DbOrTx, clock: Clock, row: PublicationRow, reason: string): Promise<PublicationRow> {
  const fresh = await transition(db, clock, row, VOD.Processing, { reason, cause: 'request', set: { progress: 0, targetItemId: null, dateStarted: null, dateCompleted: null } });
  await scheduleStep(db, clock, fresh, clock.now());
  return fresh;
}

async function scheduleStep(db: DbOrTx, clock: Clock, row: Pick<PublicationRow, 'id' | 'clientId'>, at: Date): Promise<void> {
  await vodStepKind.enqueue(db, clock, { publicationId: row.id }, { clientId: row.clientId, runAt: at });
}

const uploadReason = (status: UploadStatus, destination: string) => (status.phase === 'uploading' ? `Uploading to ${destination}` : `Processing on ${destination}`);

/** One step of a VOD publication in processing: what the target did, as the steps to write and when to look again. */
async function step(env: TargetContext & { services: Pick<AppServices, 'targets' | 'media' | 'urls'> }, row: PublicationRow): Promise<{ steps: Step[]; next?: Date; published?: 'scheduled' | 'completed' }> {
  const destination = await findDestination(env.db, row.clientId, row.destinationId, 'any');
  if (!destination) return { steps: [] };
  const adapter = adapterFor(env.services, row.target);
  const target = asTargetDestination(destination);
  const tenv = targetEnv(env.db, env.clock);
  const fail = (to: number, reason: string): { steps: Step[] } => ({ steps: [{ to, options: { reason, cause: 'target', set: { progress: null } } }] });

  if (!row.targetItemId) {
    if (!destination.active) return fail(VOD.FailedDestination, `The destination "${destination.name}" is not active: activate it, then publish again.`);
    const mp4 = row.eventId ? await eventMp4(env.db, env.services, row.clientId, row.eventId) : undefined;
    // Set AVAILABLE a moment ago (POST /event/xflow/add/): the file is on its way.
    if (mp4?.file === 'making') return { steps: [], next: new Date(env.clock.now().getTime() + MP4_WAIT_MS) };
    if (mp4?.file !== 'ready') {
      return fail(VOD.FailedMediaAsset, `Upload failed: ${mp4?.file === 'missing' ? 'the event’s MP4 file is missing; generate it, then retry' : 'the event no longer has an available MP4'}.`);
    }
    const begun = await adapter.beginUpload(tenv, target, row.id, parseConfig(row.publicationJson), mp4);
    if (!begun.ok) return fail(begun.failure === 'destination' ? VOD.FailedDestination : VOD.FailedMediaAsset, begun.reason);
    return {
      steps: [{ to: VOD.Processing, options: { cause: 'service', reason: uploadReason(begun.status, destination.name), set: { progress: begun.status.percent, targetItemId: begun.itemId, dateStarted: env.clock.now() } } }],
      next: begun.status.checkAgainAt ?? env.clock.now(),
    };
  }
  const reported = await adapter.uploadStatus(tenv, target, row.targetItemId);
  if (!reported.ok) return fail(reported.failure === 'destination' ? VOD.FailedDestination : VOD.FailedMediaAsset, reported.reason);
  const { status } = reported;
  if (status.phase !== 'ready') {
    return { steps: [{ to: VOD.Processing, options: { cause: 'service', reason: uploadReason(status, destination.name), set: { progress: status.percent } } }], next: status.checkAgainAt ?? env.clock.now() };
  }
  // Uploaded and processed: public now, or private until publishAt (or for good, when asked).
  const later = row.publishAt && row.publishAt.getTime() > env.clock.now().getTime();
  const fields = parseConfig(row.publicationJson);
  const wantsPrivate = [fields.vs_privacyStatus, fields.mp_privacyStatus].some((v) => v === 'private' || v === 'unlisted');
  const finished = await adapter.finishUpload(tenv, target, row.targetItemId, later || wantsPrivate ? 'private' : 'public');
  if (!finished.ok) return fail(finished.failure === 'destination' ? VOD.FailedDestination : VOD.FailedPublication, finished.reason);
  if (later) return { steps: [{ to: VOD.Scheduled, options: { cause: 'target', reason: `Uploaded; publishes at ${row.publishAt!.toISOString()}`, set: { progress: null } } }], published: 'scheduled' };
  return { steps: [{ to: VOD.Completed, options: { cause: 'target', reason: null, set: { progress: null, dateCompleted: env.clock.now() } } }], published: 'completed' };
}

const jobEnv = (ctx: JobContext): TargetContext & { services: AppServices } => ({ db: ctx.db, clock: ctx.clock, services: ctx.services });

/** The job's publication, read outside any transaction (the client is the job's). */
async function rowOf(ctx: JobContext, { publicationId }: PublicationJob): Promise<PublicationRow | undefined> {
  return ctx.job.clientId ? publicationById(ctx.db, ctx.job.clientId, publicationId) : undefined;
}

/** Writes a plan in its own transaction, with the jobs that follow from it (unless the publication changed meanwhile). */
async function write(ctx: JobContext, p: Planned, then: (tx: DbOrTx, row: PublicationRow) => Promise<void> = async () => {}): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const written = await apply(tx, ctx.clock, p);
    if (written?.applied) await then(tx, written.row);
  });
}

export const vodStepJob: JobHandler<PublicationJob> = async (payload, ctx) => {
  const row = await rowOf(ctx, payload);
  if (row?.state !== VOD.Processing) return;
  const result = await step(jobEnv(ctx), row);
  await write(ctx, plan(row, ...result.steps), async (tx, written) => {
    if (written.state !== VOD.Processing && !result.published) return;
    if (result.next) await scheduleStep(tx, ctx.clock, written, result.next);
    if (result.published === 'scheduled') await vodPublishKind.enqueue(tx, ctx.clock, { publicationId: written.id }, { clientId: written.clientId, runAt: written.publishAt! });
    if (result.published === 'completed') await scheduleVerify(tx, ctx.clock, written);
  });
};

async function scheduleVerify(db: DbOrTx, clock: Clock, row: PublicationRow): Promise<void> {
  await vodVerifyKind.enqueue(db, clock, { publicationId: row.id }, { clientId: row.clientId, runAt: new Date(clock.now().getTime() + VERIFY_AFTER_MS) });
}

export const vodPublishJob: JobHandler<PublicationJob> = async (payload, ctx) => {
  const row = await rowOf(ctx, payload);
  if (row?.state !== VOD.Scheduled || !row.targetItemId) return;
  const destination = await findDestination(ctx.db, row.clientId, row.destinationId, 'any');
  if (!destination) return;
  const result = await adapterFor(ctx.services, row.target).setVisibility(targetEnv(ctx.db, ctx.clock), asTargetDestination(destination), row.targetItemId, 'public');
  const steps: Step[] = result.ok
    ? [{ to: VOD.Completed, options: { cause: 'target', reason: null, set: { dateCompleted: ctx.clock.now() } } }]
    : [{ to: result.failure === 'destination' ? VOD.FailedDestination : VOD.FailedPublication, options: { reason: result.reason, cause: 'target' } }];
  await write(ctx, plan(row, ...steps), async (tx, written) => {
    if (written.state === VOD.Completed) await scheduleVerify(tx, ctx.clock, written);
  });
};

export const vodVerifyJob: JobHandler<PublicationJob> = async (payload, ctx) => {
  const row = await rowOf(ctx, payload);
  if (row?.state !== VOD.Completed || !row.targetItemId) return;
  const destination = await findDestination(ctx.db, row.clientId, row.destinationId, 'any');
  if (!destination) return;
  const view = await adapterFor(ctx.services, row.target).view(targetEnv(ctx.db, ctx.clock), asTargetDestination(destination), row.targetItemId);
  const failed = view && failedOnTarget(row, view, ctx.clock.now());
  if (failed) await write(ctx, failed);
};

/** Removes the item of a VOD publication about to be deleted from the platform (hardDelete). */
export async function removeVodOnTarget(env: TargetContext, row: PublicationRow): Promise<void> {
  if (!row.targetItemId) return;
  const destination = await findDestination(env.db, row.clientId, row.destinationId, 'any');
  if (destination) await adapterFor(env.services, row.target).remove(targetEnv(env.db, env.clock), asTargetDestination(destination), row.targetItemId);
}
