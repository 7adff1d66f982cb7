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
 * Where the module that queues a kind is one the area's jobs.ts imports (its handler lives there
 * too), the kind is declared there, name and payload, and jobs.ts gives it its handler: no import
 * cycle, and the enqueue is typed all the same.
 *
 *   // src/server/areas/thing/refresh.ts
 *   export const refreshKind = jobKind('thing.refresh', z.object({ thingId: z.guid() }));
 *   await refreshKind.enqueue(tx, clock, { thingId }, { runAt });
 *   // src/server/areas/thing/jobs.ts
 *   export const thingJobs = [defineJob(refreshKind, async ({ thingId }, ctx) => refresh(ctx.db, thingId))];
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

/** A kind with its handler: `defineJob(name, payloadSchema, handler)`, or `defineJob(kind, handler)` for a kind declared where it is queued. */
export function defineJob<P>(kind: JobKind<P>, handler: (payload: P, context: JobContext) => Promise<void>, options?: JobOptions): JobDefinition<P>;
export function defineJob<S extends z.ZodType>(
  name: string,
  payloadSchema: S,
  handler: (payload: z.output<S>, context: JobContext) => Promise<void>,
  options?: JobOptions,
): JobDefinition<z.output<S>>;
export function defineJob(
  nameOrKind: string | JobKind,
  schemaOrHandler: z.ZodType | ((payload: unknown, context: JobContext) => Promise<void>),
  handlerOrOptions?: ((payload: unknown, context: JobContext) => Promise<void>) | JobOptions,
  maybeOptions?: JobOptions,
): JobDefinition {
  const byKind = typeof nameOrKind !== 'string';
  const kind = byKind ? nameOrKind : jobKind(nameOrKind, schemaOrHandler as z.ZodType);
  const handler = (byKind ? schemaOrHandler : handlerOrOptions) as (payload: unknown, context: JobContext) => Promise<void>;
  const options = (byKind ? handlerOrOptions : maybeOptions) as JobOptions | undefined;
  return { ...kind, handler, options: { concurrency: Math.max(1, options?.concurrency ?? 1) } };
}

/** Any definition, whatever its payload (the worker's list). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list holds definitions of every payload type
export type AnyJobDefinition = JobDefinition<any>;
