/**
 * Background work of the archiver: `archiver.tick` (recorder.ts), one per time bucket while any
 * capture needs work.
 */
import { defineJob } from '../../jobs/define.ts';
import { tickJob, tickKind } from './recorder.ts';

// A tick writes segments, streams' ranges and capture progress, which no cached GET reads; it runs
// every few seconds for every client, and dropped the whole response cache each time.
export const archiverJobs = [
  defineJob(tickKind, async (_payload, ctx) => tickJob(ctx.db, ctx.clock, { settings: ctx.services.archiver, storage: ctx.services.archiveStorage }, ctx.log), { changesAnswers: false }),
];
