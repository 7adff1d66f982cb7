/**
 * The one event factory of the tests: an event of the test app's client written straight into
 * the database (no route, no change recorded), with the columns a test names and the rest
 * defaulted. Used by server tests and page tests alike.
 *
 * @example
 * const eventId = await insertEvent(t, { title: 'Match', state: EventState.values.LIVE_PUBLISHED });
 * const theirs = await insertEvent(t, { clientId: stranger.tenant.clientId });
 */
import type { DbOrTx } from '#server/db/database.ts';
import { events } from '#server/db/tables/index.ts';

/** What the factory needs of a test app (`#testing/app.ts` TestApp, or any database, clock and client). */
export interface EventFactoryContext {
  database: { db: DbOrTx };
  clock: { now(): Date };
  clientId: string;
}

export type EventValues = Partial<typeof events.$inferInsert>;

/** Inserts an event (of `t.clientId`, titled 'Test event', scheduled to start now, unless told otherwise); answers its id. */
export async function insertEvent(t: EventFactoryContext, values: EventValues = {}): Promise<string> {
  const now = t.clock.now();
  const [row] = await t.database.db
    .insert(events)
    .values({ clientId: t.clientId, title: 'Test event', scheduledStart: now, dateCreated: now, dateModified: now, ...values })
    .returning({ id: events.id });
  return row!.id;
}
