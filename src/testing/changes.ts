/** The change records (outboxes) of events and of the other records, for tests of what a write notifies. */
import { and, asc, eq, gt, max } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/database.ts';
import { entityChanges, eventChanges } from '#server/db/tables/index.ts';

export type ChangeRow = typeof eventChanges.$inferSelect;

/** The change records of one event, oldest first. */
export function changesOf(db: DbOrTx, eventId: string): Promise<ChangeRow[]> {
  return db.select().from(eventChanges).where(eq(eventChanges.eventId, eventId)).orderBy(asc(eventChanges.seq));
}

/** The notification flags of a change record, only those set, for compact assertions. */
export function flagsOf(change: ChangeRow): string[] {
  const names = [
    'stateChanged',
    'metadataChanged',
    'thumbnailChanged',
    'isForced',
    'audioChanged',
    'mp4StateChanged',
    'chapterPointsChanged',
    'assetsChanged',
    'provisionStateChanged',
    'capturingLive2VodFlagChanged',
  ] as const;
  return names.filter((n) => change[n]);
}

export type EntityChangeRow = typeof entityChanges.$inferSelect;

/**
 * The changes of records other than events (entity_changes) of a kind, oldest first, as
 * `kind id action` lines (with ` @percent%` when they carry progress), for compact assertions.
 */
export async function entityChangesOf(db: DbOrTx, kind: EntityChangeRow['kind'], after = 0): Promise<string[]> {
  const rows = await db
    .select()
    .from(entityChanges)
    .where(and(eq(entityChanges.kind, kind), gt(entityChanges.seq, after)))
    .orderBy(asc(entityChanges.seq));
  return rows.map((r) => `${r.kind} ${r.subjectId} ${r.action}${r.progress ? ` @${r.progress.percent}%` : ''}`);
}

/** The newest seq of the change logs (a test's starting point for entityChangesOf). */
export async function newestChangeSeq(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ seq: max(entityChanges.seq) }).from(entityChanges);
  return Number(row?.seq ?? 0);
}
