/**
 * Typed jobs: an area declares each kind of background work once, its name and the schema of its
 * payload (`jobKind`), beside the code that queues it, and gives the kind its handler in its
 * `jobs.ts` (`defineJob`); src/server/areas/index.ts gathers every area's list for the worker
 * (`areaJobs`). One way for every kind: the kind lives where it is queued, so jobs.ts may import
 * that module for the handler without an import cycle, and the enqueue is typed all the same.
 *
 *   // src/server/areas/thing/refresh.ts (or wherever the work arises)
 *   export const refreshKind = jobKind('thing.refresh', z.object({ clientId: z.guid(), thingId: z.guid() }));
 *   await refreshKind.enqueue(tx, clock, { clientId, thingId }, { runAt }); // in the write's transaction
 *
 *   // src/server/areas/thing/jobs.ts
 *   export const thingJobs = [defineJob(refreshKind, async ({ clientId, thingId }, ctx) => refresh(ctx.db, clientId, thingId), { concurrency: 2 })];
 *
 *   // long media work: in the media lane, by priority (1 first), never holding a round up
 *   await makeKind.enqueue(tx, clock, { clientId, assetId }, { clientId, priority: 3 });
 *   defineJob(makeKind, make, { lane: 'media' });
 *
 * The worker parses the stored payload with the schema before calling the handler: a payload that
 * does not match is a failed job at once (no retry can make it match), with the schema's message.
 */
import type { z } from 'zod';
import type { DbOrTx } from '../db/database.ts';
import type { Clock } from './clock.ts';
import { enqueue, type EnqueueOptions, type JobContext } from './queue.ts';

export interface JobOptions {
  /** Jobs of this kind running at once in one process, in a round. Default 1: one after the other, in claim order. */
  concurrency?: number;
  /**
   * `media`: long media work (ffmpeg), run in the media lane beside the rounds (media-lane.ts), in
   * priority order, at most MEDIA_CONCURRENCY at once, so that a round never waits for it.
   * Default `round`: the job runs in a round of the worker (queue.ts).
   */
  lane?: 'round' | 'media';
  /**
   * Whether what this kind writes may show in an answer of the response cache (a GET that takes
   * `noCache`: lists, lookups, one event...). Default true: a finished job drops its client's
   * answers (all clients' for a job of no client). False for work whose rows no such answer reads
   * (deliveries, the change log, archiver segments), so that it does not empty the cache every
   * few seconds while answers stay the same (http/response-cache.ts).
   */
  changesAnswers?: boolean;
}

/** A kind of job: its name and the schema of its payload, with the typed way to queue one. */
export interface JobKind<P = unknown> {
  readonly name: string;
  readonly payload: z.ZodType<P>;
  /** Queues a job of this kind (in the caller's transaction when given one); the payload is checked first. */
  enqueue(db: DbOrTx, clock: Clock, payload: P, options?: Omit<EnqueueOptions, 'type' | 'payload'>): Promise<string>;
}

export function jobKind<S extends z.ZodType>(name: string, payloadSchema: S): JobKind<z.output<S>> {
  return {
    name,
    payload: payloadSchema as unknown as z.ZodType<z.output<S>>,
    enqueue: (db, clock, payload, more = {}) => enqueue(db, clock, { ...more, type: name, payload: payloadSchema.parse(payload) }),
  };
}

export interface JobDefinition<P = unknown> extends JobKind<P> {
  readonly handler: (payload: P, context: JobContext) => Promise<void>;
  readonly options: Required<JobOptions>;
}

/** A kind (`jobKind`) with its handler and how many of it may run at once in one process. */
export function defineJob<P>(kind: JobKind<P>, handler: (payload: P, context: JobContext) => Promise<void>, options?: JobOptions): JobDefinition<P> {
  return {
    ...kind,
    handler,
    options: { concurrency: Math.max(1, options?.concurrency ?? 1), lane: options?.lane ?? 'round', changesAnswers: options?.changesAnswers ?? true },
  };
}

/** Any definition, whatever its payload (the worker's list). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list holds definitions of every payload type
export type AnyJobDefinition = JobDefinition<any>;
