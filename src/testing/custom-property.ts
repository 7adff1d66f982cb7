/**
 * Helpers the metadata areas' tests share: events straight into the database, the change log,
 * failures. Not a test itself, so it names the test app and the client's error structurally
 * (server code may not import #testing or #client).
 */
import type { FieldError } from '#schema';
import type { DbOrTx } from '#server/db/database.ts';
import { events } from '#server/db/tables/index.ts';
import type { Clock } from '#server/jobs/clock.ts';

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
