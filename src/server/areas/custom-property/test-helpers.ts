/**
 * Helpers the metadata areas' tests share: events straight into the database, the change log,
 * failures. Not a test itself, so it names the test app and the client's error structurally
 * (server code may not import #testing or #client).
 */
import { asc, eq } from 'drizzle-orm';
import type { FieldError } from '#schema';
import type { DbOrTx } from '../../db/database.ts';
import { eventChanges, events } from '../../db/tables/index.ts';
import type { Clock } from '../../jobs/clock.ts';

/** What these helpers need of a TestApp (#testing/app.ts). */
interface TestApp {
  database: { db: DbOrTx };
  clock: Clock;
  clientId: string;
}

/** What the tests read of an ApiError (#client). */
export interface CallFailure extends Error {
  status: number;
  fieldErrors: FieldError[];
  body: { data: unknown } | undefined;
}

export async function insertEvent(t: TestApp, title: string, options: { clientId?: string; deleted?: boolean } = {}): Promise<string> {
  const now = t.clock.now();
  const [row] = await t.database.db
    .insert(events)
    .values({
      clientId: options.clientId ?? t.clientId,
      title,
      refId: `REF-${title}`,
      scheduledStart: now,
      dateCreated: now,
      dateModified: now,
      dateDeleted: options.deleted ? now : null,
    })
    .returning({ id: events.id });
  return row!.id;
}

export type ChangeRow = typeof eventChanges.$inferSelect;

/** The changes recorded for an event, oldest first. */
export function changesOf(t: TestApp, eventId: string): Promise<ChangeRow[]> {
  return t.database.db.select().from(eventChanges).where(eq(eventChanges.eventId, eventId)).orderBy(asc(eventChanges.seq));
}

/** The flags of a change that are set, for compact assertions. */
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

export async function failure(promise: Promise<unknown>): Promise<CallFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Error && typeof (error as Partial<CallFailure>).status === 'number') return error as CallFailure;
    throw error;
  }
  throw new Error('expected the call to fail');
}

export const MISSING = '00000000-0000-4000-8000-000000000000';
