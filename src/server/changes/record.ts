/**
 * Recording a change of an event: every write path calls `recordEventChange` with the same
 * transaction it writes the event with. What happens next (webhook fan-out, the change feed) is
 * driven from the `event_changes` row by a job, so it survives a restart and never runs for a
 * change that was rolled back.
 *
 * - Webhooks: the row is queued in `change_fanouts` and a FANOUT_JOB is enqueued; its handler
 *   (areas/webhook/jobs.ts) creates one delivery per matching webhook, in seq order per event.
 * - Change feed (changes/feed.ts): reads `event_changes` by seq. It is woken when the change
 *   commits by a `NOTIFY` sent here in the writer's transaction (listen.ts: every process sharing
 *   a PostgreSQL database hears it; none does for a rollback), and in this process also by
 *   `notifyChangeListeners`, which the fan-out job calls; it polls as well, in case both are lost.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/database.ts';
import { archiverChanges, eventChanges } from '../db/tables/changes.ts';
import { changeFanouts } from '../db/tables/webhooks.ts';
import type { Clock } from '../jobs/clock.ts';
import { enqueue } from '../jobs/queue.ts';
import { CHANGES_CHANNEL } from './listen.ts';

/** The flags of the interface's notification payload ("Notification payload"). */
export interface ChangeFlags {
  stateChanged?: boolean;
  metadataChanged?: boolean;
  thumbnailChanged?: boolean;
  isForced?: boolean;
  audioChanged?: boolean;
  mp4StateChanged?: boolean;
  chapterPointsChanged?: boolean;
  assetsChanged?: boolean;
  provisionStateChanged?: boolean;
  capturingLive2VodFlagChanged?: boolean;
}

export type ChangeAction = 'Added' | 'Updated' | 'Deleted' | 'Restored';

export interface EventChange {
  clientId: string;
  eventId: string;
  action: ChangeAction;
  /** The event as it is after the change. */
  event: { refId: string | null; externalId: string | null; state: number; mp4State: number; provisionState: number | null };
  flags?: ChangeFlags;
}

/** The job type that fans a recorded change out to webhooks (registered by the webhooks area). */
export const FANOUT_JOB = 'changes.fanout';

/**
 * Listeners in this process told after a change has committed (the change feed uses it to wake
 * up). A listener must not throw or block: it only schedules work.
 */
type Listener = (clientId: string, seq: number) => void;
const listeners = new Set<Listener>();
export function onChangeRecorded(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export function notifyChangeListeners(clientId: string, seq: number): void {
  for (const listener of listeners) {
    try {
      listener(clientId, seq);
    } catch {
      // A listener's failure is its own; the others are still told.
    }
  }
}

export async function recordEventChange(db: DbOrTx, clock: Clock, change: EventChange): Promise<number> {
  const [row] = await db
    .insert(eventChanges)
    .values({
      clientId: change.clientId,
      eventId: change.eventId,
      action: change.action,
      referenceId: change.event.refId,
      externalId: change.event.externalId,
      state: change.event.state,
      mp4State: change.event.mp4State,
      provisionState: change.event.provisionState,
      ...change.flags,
      createdAt: clock.now(),
    })
    .returning({ seq: eventChanges.seq });
  await db.insert(changeFanouts).values({ seq: row!.seq, clientId: change.clientId, eventId: change.eventId });
  await enqueue(db, clock, { type: FANOUT_JOB, clientId: change.clientId, payload: { seq: row!.seq } });
  // Delivered at commit (at once outside a transaction), to every listening change-feed hub.
  await db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${String(row!.seq)})`);
  return row!.seq;
}

/**
 * Records changes of the archiver (archiver_changes) in the writer's transaction and wakes the
 * change feed at commit. Several at once share one NOTIFY.
 */
export async function recordArchiverChanges(
  db: DbOrTx,
  clock: Clock,
  clientId: string,
  changes: readonly { kind: (typeof archiverChanges.$inferInsert)['kind']; id: string; action: (typeof archiverChanges.$inferInsert)['action'] }[],
): Promise<void> {
  if (changes.length === 0) return;
  const createdAt = clock.now();
  const rows = await db
    .insert(archiverChanges)
    .values(changes.map((c) => ({ clientId, kind: c.kind, subjectId: c.id, action: c.action, createdAt })))
    .returning({ seq: archiverChanges.seq });
  await db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${String(rows.at(-1)!.seq)})`);
}
