/**
 * Background work of the archiver: `archiver.tick` (recorder.ts), one per time bucket while any
 * capture needs work.
 */
import type { JobHandler } from '../../jobs/queue.ts';
import { TICK_JOB, tickJob } from './recorder.ts';

export const archiverJobs: Record<string, JobHandler> = {
  [TICK_JOB]: async (_payload, ctx) => tickJob(ctx.db, ctx.clock, ctx.services.archiver, ctx.log),
};
