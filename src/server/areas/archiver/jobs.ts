/**
 * Background work of the archiver: `archiver.tick` (recorder.ts), one per time bucket while any
 * capture needs work.
 */
import { defineJob } from '../../jobs/define.ts';
import { tickJob, tickKind } from './recorder.ts';

export const archiverJobs = [defineJob(tickKind, async (_payload, ctx) => tickJob(ctx.db, ctx.clock, { settings: ctx.services.archiver, storage: ctx.services.archiveStorage }, ctx.log))];
