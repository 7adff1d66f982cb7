/**
 * Background work of compositions: the two steps of a standard composition's generation
 * (standard.ts). Each checks the playlist's revision and the event's state when it runs, so a job
 * that is late, repeated (at-least-once delivery) or made stale by an edit does nothing. A job
 * that keeps failing unexpectedly leaves the event in COMPOSE_ERROR with the reason on its last try.
 */
import { defineJob } from '../../jobs/define.ts';
import type { JobContext, JobHandler } from '../../jobs/queue.ts';
import { abandonGeneration, finishGeneration, finishKind, generateKind, startGeneration, type GenerationPayload, type JobDeps } from './standard.ts';

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

export const composeJobs = [defineJob(generateKind, guarded(startGeneration)), defineJob(finishKind, guarded(finishGeneration))];
