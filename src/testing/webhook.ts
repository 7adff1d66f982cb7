/** Events, changes and a way to run webhook delivery to the end, for the webhook and change feed tests. */
import { and, asc, eq, inArray, min } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import type { ManualClock } from '#server/jobs/clock.ts';
import { recordEventChange, type ChangeAction, type ChangeFlags } from '#server/changes/record.ts';
import { jobs } from '#server/db/tables/jobs.ts';
import { webhookDeliveries } from '#server/db/tables/webhooks.ts';
import { dispatcherFor } from '#server/areas/webhook/dispatcher.ts';

/** What these helpers need of a test app (src/testing/app.ts TestApp), which server code may not import. */
interface TestApp {
  database: { db: Db };
  clock: ManualClock;
  clientId: string;
  runJobs(): Promise<number>;
}

/** Records a change of an event as a write path would: in its own transaction. */
export async function recordChange(
  t: TestApp,
  eventId: string,
  options: { action?: ChangeAction; state?: number; flags?: ChangeFlags; clientId?: string; refId?: string } = {},
): Promise<number> {
  // Outside a request's write the change is sent at once, so its seq is known.
  return t.database.db.transaction(async (tx) =>
    (await recordEventChange(tx, t.clock, {
      clientId: options.clientId ?? t.clientId,
      eventId,
      action: options.action ?? 'Updated',
      event: { refId: options.refId ?? 'ref', externalId: null, state: options.state ?? 0, mp4State: 0, provisionState: null },
      flags: options.flags ?? { metadataChanged: true },
    }))!,
  );
}

/**
 * What the running service does at once after a write: runs the jobs due and wakes the dispatcher
 * (as the writer's NOTIFY does once the worker runs, extension.ts); with `wait`, until the
 * deliveries it started are settled. The clock does not move.
 */
export async function deliverDue(t: TestApp, { wait = true } = {}): Promise<void> {
  await t.runJobs();
  const dispatcher = dispatcherFor(t.database.db);
  await dispatcher.pump();
  if (wait) await dispatcher.idle();
}

/**
 * Runs jobs and deliveries until nothing is left to do, moving the clock to each next wake-up
 * (retries): what the worker does over an hour, in a moment. Answers how far the clock moved.
 * New deliveries wake the dispatcher by NOTIFY only once the worker runs (extension.ts); here
 * each round pumps it instead.
 */
export async function settle(t: TestApp, maxRounds = 10_000): Promise<number> {
  const started = t.clock.now().getTime();
  const dispatcher = dispatcherFor(t.database.db);
  for (let round = 0; round < maxRounds; round++) {
    const ran = await t.runJobs();
    const claimed = dispatcher.claimed;
    await dispatcher.pump();
    await dispatcher.idle();
    if (ran > 0 || dispatcher.claimed > claimed) continue;
    const open = await t.database.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(inArray(webhookDeliveries.status, ['pending', 'sending']))
      .limit(1);
    if (open.length === 0) return t.clock.now().getTime() - started;
    const [next] = await t.database.db.select({ at: min(jobs.runAt) }).from(jobs).where(eq(jobs.status, 'pending'));
    if (!next?.at) throw new Error('deliveries are open but no job will wake them');
    if (next.at > t.clock.now()) t.clock.set(next.at);
  }
  throw new Error('settle: too many rounds');
}

/** The deliveries of a webhook, oldest change first. */
export async function deliveriesOf(t: TestApp, webhookId: string) {
  return t.database.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.webhookId, webhookId)))
    .orderBy(asc(webhookDeliveries.seq), asc(webhookDeliveries.createdAt));
}
