/**
 * Background work of compositions: the two steps of a standard composition's generation
 * (standard.ts), and planning it anew when the event is set to COMPOSE_GENERATING or
 * COMPOSE_WAITING (the live area's state change queues `live.compositionRequested`). Each checks the playlist's revision and the event's state when it runs, so a job
 * that is late, repeated (at-least-once delivery) or made stale by an edit does nothing. A job
 * that keeps failing unexpectedly leaves the event in COMPOSE_ERROR with the reason on its last try.
 */
import { defineJob } from '../../jobs/define.ts';
import type { JobContext, JobHandler } from '../../jobs/queue.ts';
import { compositionRequestedKind } from '../live/index.ts';
import { lockEventRow } from '../event/index.ts';
import { abandonGeneration, finishGeneration, finishKind, generateKind, retryGeneration, startGeneration, type GenerationPayload, type JobDeps } from './standard.ts';

function depsOf(context: JobContext): JobDeps {
  return { db: context.db, clock: context.clock, log: context.log };
}

function guarded(run: (deps: JobDeps, payload: GenerationPayload) => Promise<void>): JobHandler<GenerationPayload> {
  return async (payload, context) => {
    try {
      await run(depsOf(context), payload);
    } catch (error) {
      if (context.job.attempts >= context.job.maxAttempts) {
        await abandonGeneration(depsOf(context), payload, error instanceof Error ? error.message : String(error));
      }
      throw error;
    }
  };
}

/** Plans the generation anew, unless the event has moved on since it was set to that state. */
const compositionRequested = defineJob(compositionRequestedKind, async ({ clientId, eventId, state }, context) => {
  await context.db.transaction(async (tx) => {
    const row = await lockEventRow(tx, clientId, eventId);
    if (row?.state === state) await retryGeneration(tx, context.clock, clientId, eventId, state);
  });
});

export const composeJobs = [defineJob(generateKind, guarded(startGeneration)), defineJob(finishKind, guarded(finishGeneration)), compositionRequested];
