/**
 * Recording a change of a record other than an event (EntityChange in #schema: a publication, an
 * asset, a download, a capture...): the writer calls `recordChange` (or `recordChanges`) with the
 * transaction it writes the record with, at the one place the record's state changes, so the
 * change commits or rolls back with it. The change feed (feed.ts) reads `entity_changes` beside
 * `event_changes`, in one order, woken by the NOTIFY sent here (delivered at commit).
 *
 * Kept apart from record.ts, which fans event changes out to webhooks: any area may record here
 * without reaching the webhook area.
 */
import { sql } from 'drizzle-orm';
import type { EntityChange } from '#schema';
import type { DbOrTx } from '../db/database.ts';
import { entityChanges } from '../db/tables/changes.ts';
import type { Clock } from '../jobs/clock.ts';
import { changeNotice } from './listen.ts';

/** A change as a writer states it: the record's id may be a number (the archiver's ids), its event and progress null. */
export interface RecordedChange extends Omit<EntityChange, 'id' | 'eventId' | 'progress'> {
  id: string | number;
  eventId?: string | null;
  progress?: EntityChange['progress'] | null;
}

/** Records changes of one client in the writer's transaction; several at once share one statement and one NOTIFY. */
export async function recordChanges(db: DbOrTx, clock: Clock, clientId: string, changes: readonly RecordedChange[]): Promise<void> {
  if (changes.length === 0) return;
  const createdAt = clock.now();
  const rows = changes.map(
    (c) => sql`(${clientId}::uuid, ${c.kind}, ${String(c.id)}, ${c.action}, ${c.eventId ?? null}::uuid, ${c.progress ? JSON.stringify(c.progress) : null}::jsonb, ${createdAt}::timestamptz)`,
  );
  await db.execute(sql`
    with written as (
      insert into ${entityChanges} (client_id, kind, subject_id, action, event_id, progress, created_at)
      values ${sql.join(rows, sql`, `)}
      returning seq
    )
    select ${changeNotice(sql`max(seq)`, sql`${clientId}::uuid`)} from written`);
}

/** Records one change (see recordChanges). */
export function recordChange(db: DbOrTx, clock: Clock, clientId: string, change: RecordedChange): Promise<void> {
  return recordChanges(db, clock, clientId, [change]);
}
