/**
 * Typed jobs: an area declares each kind of background work once, with the schema of its payload,
 * and lists its definitions in its `jobs.ts`; src/server/areas/index.ts gathers every area's list
 * for the worker (`areaJobs`).
 *
 *   // src/server/areas/thing/jobs.ts
 *   export const refreshJob = defineJob('thing.refresh', z.object({ clientId: z.guid(), thingId: z.guid() }), async ({ clientId, thingId }, ctx) => {
 *     await refresh(ctx.db, clientId, thingId);
 *   }, { concurrency: 2 });
 *   export const thingJobs = [refreshJob];
 *
 *   // wherever the work arises, in the write's transaction:
 *   await refreshJob.enqueue(tx, clock, { clientId, thingId });
 *
 * The worker parses the stored payload with the schema before calling the handler: a payload that
 * does not match is a failed job at once (no retry can make it match), with the schema's message.
 */
import type { z } from 'zod';
import type { DbOrTx } from '../db/database.ts';
import type { Clock } from './clock.ts';
import { enqueue, type EnqueueOptions, type JobContext } from './queue.ts';

export interface JobOptions {
  /** Jobs of this kind running at once in one process. Default 1: one after the other, in claim order. */
  concurrency?: number;
}

export interface JobDefinition<P = unknown> {
  readonly name: string;
  readonly payload: z.ZodType<P>;
  readonly handler: (payload: P, context: JobContext) => Promise<void>;
  readonly options: Required<JobOptions>;
  /** Queues a job of this kind (in the caller's transaction when given one); the payload is checked first. */
  enqueue(db: DbOrTx, clock: Clock, payload: P, options?: Omit<EnqueueOptions, 'type' | 'payload'>): Promise<string>;
}

export function defineJob<S extends z.ZodType>(
  name: string,
  payloadSchema: S,
  handler: (payload: z.output<S>, context: JobContext) => Promise<void>,
  options: JobOptions = {},
): JobDefinition<z.output<S>> {
  return {
    name,
    payload: payloadSchema as unknown as z.ZodType<z.output<S>>,
    handler,
    options: { concurrency: Math.max(1, options.concurrency ?? 1) },
    enqueue: (db, clock, payload, more = {}) => enqueue(db, clock, { ...more, type: name, payload: payloadSchema.parse(payload) }),
  };
}

/** Any definition, whatever its payload (the worker's list). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list holds definitions of every payload type
export type AnyJobDefinition = JobDefinition<any>;
