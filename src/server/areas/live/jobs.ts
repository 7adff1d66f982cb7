/**
 * Background work of live events: the encoder check that finishes a start, stop or restart, and
 * the three automation jobs (armed by the event area, areas/event/automation.ts). Each handler checks the event again when it runs,
 * so a job that is late, repeated (at-least-once delivery) or no longer wanted does nothing.
 */
import { HttpError } from '../../http/errors.ts';
import { defineJob } from '../../jobs/define.ts';
import type { JobContext } from '../../jobs/queue.ts';
import { AUTO_END_JOB, AUTO_PUBLISH_JOB, AUTO_START_JOB, automationKinds, lockEventRow, type AutomationPayload } from '../event/index.ts';
import { advanceOperation, encoderCheckKind, requestState, scheduleCheck, type LiveDeps } from './operations.ts';
import { S } from './state-machine.ts';


function depsOf(context: JobContext): LiveDeps {
  return { clock: context.clock, encoder: context.services.encoder, log: context.log };
}

/** Re-schedules itself until the operation is done (or replaced). */
const encoderCheck = defineJob(encoderCheckKind, async ({ clientId, eventId, runId }, context) => {
  const result = await advanceOperation(context.db, depsOf(context), clientId, eventId, runId);
  if (result.status === 'pending') await scheduleCheck(context.db, context.clock, clientId, eventId, runId, result.nextCheckAt);
});

/**
 * Asks for a state as the automation; a refusal (the event cannot start: no channel...) is logged
 * rather than retried, since retrying cannot make it succeed.
 */
async function automate(
  context: JobContext,
  payload: AutomationPayload,
  decide: (event: { state: number; autoStart: boolean; autoPublish: boolean; autoEnd: boolean; scheduledStart: Date | null }) => number | null,
): Promise<void> {
  const { clientId, eventId } = payload;
  const deps = { ...depsOf(context), system: 'automation' };
  await context.db.transaction(async (tx) => {
    const row = await lockEventRow(tx, clientId, eventId);
    if (!row) return;
    const target = decide(row);
    if (target === null) return;
    try {
      await requestState(tx, deps, clientId, eventId, target);
    } catch (error) {
      if (error instanceof HttpError && error.status < 500) {
        context.log.warn({ eventId, type: context.job.type, err: error.message }, 'automation skipped');
        return;
      }
      throw error;
    }
  });
}

const autoStart = defineJob(automationKinds[AUTO_START_JOB], (payload, context) =>
  automate(context, payload, (e) => {
    if (!e.autoStart || e.state !== S.PRE_LIVE) return null;
    const publishNow = e.autoPublish && e.scheduledStart !== null && e.scheduledStart.getTime() <= context.clock.now().getTime();
    return publishNow ? S.LIVE_PUBLISHED : S.LIVE_UNPUBLISHED;
  }));

const autoPublish = defineJob(automationKinds[AUTO_PUBLISH_JOB], (payload, context) =>
  automate(context, payload, (e) => {
    if (!e.autoPublish) return null;
    if (e.state === S.LIVE_UNPUBLISHED || e.state === S.LIVE_STARTING) return S.LIVE_PUBLISHED;
    if (e.state === S.PRE_LIVE && e.autoStart) return S.LIVE_PUBLISHED;
    return null;
  }));

const autoEnd = defineJob(automationKinds[AUTO_END_JOB], (payload, context) =>
  automate(context, payload, (e) => {
    if (!e.autoEnd) return null;
    const live: readonly number[] = [S.LIVE_STARTING, S.LIVE_UNPUBLISHED, S.LIVE_PUBLISHED, S.SUSPENDED];
    return live.includes(e.state) ? S.STOPPED : null;
  }));

export const liveJobs = [encoderCheck, autoStart, autoPublish, autoEnd];
