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
import { jobs } from '../db/tables/jobs.ts';
import { changeFanouts } from '../db/tables/webhooks.ts';
import type { Clock } from '../jobs/clock.ts';
import { JOBS_CHANNEL } from '../jobs/queue.ts';
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

/** The flag columns of `event_changes`, by flag. */
const FLAG_COLUMNS: Record<keyof ChangeFlags, string> = {
  stateChanged: eventChanges.stateChanged.name,
  metadataChanged: eventChanges.metadataChanged.name,
  thumbnailChanged: eventChanges.thumbnailChanged.name,
  isForced: eventChanges.isForced.name,
  audioChanged: eventChanges.audioChanged.name,
  mp4StateChanged: eventChanges.mp4StateChanged.name,
  chapterPointsChanged: eventChanges.chapterPointsChanged.name,
  assetsChanged: eventChanges.assetsChanged.name,
  provisionStateChanged: eventChanges.provisionStateChanged.name,
  capturingLive2VodFlagChanged: eventChanges.capturingLive2VodFlagChanged.name,
};

/**
 * One statement, so one round trip inside the writer's transaction: the change row, its queue
 * entry for the fan-out, the fan-out job (jobs/queue.ts: the same row `enqueue` writes), and the
 * two NOTIFYs (change feed, job worker), both delivered at commit.
 */
export async function recordEventChange(db: DbOrTx, clock: Clock, change: EventChange): Promise<number> {
  const now = clock.now();
  const flags = Object.entries(change.flags ?? {}).filter(([name, value]) => name in FLAG_COLUMNS && typeof value === 'boolean') as [keyof ChangeFlags, boolean][];
  const flagColumns = flags.map(([name]) => sql`, ${sql.identifier(FLAG_COLUMNS[name])}`);
  const flagValues = flags.map(([, value]) => sql`, ${value}`);
  const result = await db.execute(sql`
    with change as (
      insert into ${eventChanges} (client_id, event_id, action, reference_id, external_id, state, mp4_state, provision_state, created_at${sql.join(flagColumns)})
      values (${change.clientId}, ${change.eventId}, ${change.action}, ${change.event.refId}, ${change.event.externalId}, ${change.event.state},
        ${change.event.mp4State}, ${change.event.provisionState}, ${now}${sql.join(flagValues)})
      returning seq, client_id, event_id
    ), queued as (
      insert into ${changeFanouts} (seq, client_id, event_id) select seq, client_id, event_id from change
    ), job as (
      insert into ${jobs} (type, payload, client_id, run_at, max_attempts, created_at)
      select ${FANOUT_JOB}, jsonb_build_object('seq', seq), client_id, ${now}, 5, ${now} from change
    )
    select seq, pg_notify(${CHANGES_CHANNEL}, seq::text), pg_notify(${JOBS_CHANNEL}, ${FANOUT_JOB}) from change`);
  return Number((result as unknown as { rows: { seq: string | number }[] }).rows[0]!.seq);
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
