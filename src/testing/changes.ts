/** The change records (outbox) of events, for tests of what a write notifies. */
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/database.ts';
import { eventChanges } from '#server/db/tables/index.ts';

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
