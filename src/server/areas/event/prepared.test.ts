/**
 * Statements built once (prepared.ts): one build per shape for every handle, run on the handle
 * that asks (a client's, the service's, a transaction's), with rows mapped as Drizzle maps them.
 * Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFixture, visible, type Fixture } from '#testing/event.ts';
import type { DbOrTx } from '../../db/database.ts';
import { openTestDatabase, type TestDatabase } from '../../db/test-database.ts';
import { events } from '../../db/tables/index.ts';
import { tenantDb } from '../../db/tenant-scope.ts';
import { prepared } from './prepared.ts';
import { recordFields } from './record-select.ts';
import * as repo from './repo.ts';

let database: TestDatabase;
let one: Fixture;
let other: Fixture;
beforeAll(async () => {
  database = await openTestDatabase();
  one = await seedFixture(database.db, 'prepared-one');
  other = await seedFixture(database.db, 'prepared-other');
});
afterAll(() => database.close());

/** Every event's row, however many, in one statement with no client filter: only row-level security keeps a client to its own. */
function allEvents(db: DbOrTx, shape: string, built: { count: number }) {
  return prepared(db, shape, () => {
    built.count++;
    return db.select({ n: count() }).from(events);
  });
}

describe('statements built once', () => {
  it("builds a shape once, and runs it as the client of the handle that asks, in and out of its transactions", async () => {
    const built = { count: 0 };
    const shape = `test: all events ${Math.random()}`;
    const asOne = tenantDb(database.db, one.clientId);
    const asOther = tenantDb(database.db, other.clientId);
    const [ofOne] = await allEvents(asOne, shape, built).execute({});
    const [ofOther] = await allEvents(asOther, shape, built).execute({});
    expect(ofOne).toEqual({ n: one.events.length });
    expect(ofOther).toEqual({ n: other.events.length });
    // In a transaction: on its connection, so it sees what the transaction wrote and has not committed.
    await asOther
      .transaction(async (tx) => {
        await tx.delete(events).where(eq(events.id, other.events[0]!.id!));
        expect(await allEvents(tx, shape, built).execute({})).toEqual([{ n: other.events.length - 1 }]);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.message === 'Rollback')) throw error;
      });
    expect(await allEvents(asOther, shape, built).execute({})).toEqual([{ n: other.events.length }]);
    expect(built.count).toBe(1);
  });

  it("maps rows as Drizzle's own select does: the event's columns, the names, and the aggregated lists", async () => {
    for (const event of visible(one)) {
      const [expected] = await database.db
        .select(recordFields(one.clientId))
        .from(events)
        .where(sql`${events.clientId} = ${one.clientId} and ${events.id} = ${event.id}`);
      const record = await repo.getEvent(tenantDb(database.db, one.clientId), one.clientId, event.id!);
      const read = await prepared(database.db, 'test: the record select', () =>
        database.db
          .select(recordFields(sql.placeholder('client')))
          .from(events)
          .where(sql`${events.clientId} = ${sql.placeholder('client')} and ${events.id} = ${sql.placeholder('id')}`),
      ).execute({ client: one.clientId, id: event.id });
      expect(read).toEqual([expected]);
      expect(record?.event).toEqual(expected!.event);
      expect(expected!.event.dateCreated).toBeInstanceOf(Date);
    }
  });

  it('logs to the logger of the handle that runs the statement', async () => {
    const seen: string[] = [];
    const logged = await openTestDatabase('', { logger: { logQuery: (query) => void seen.push(query) } });
    try {
      const fixture = await seedFixture(logged.db, 'prepared-logged');
      const event = visible(fixture)[0]!;
      // Built on this file's database first: the other database's run still logs to its own logger.
      await repo.getEvent(database.db, one.clientId, visible(one)[0]!.id!);
      seen.length = 0;
      expect((await repo.getEvent(logged.db, fixture.clientId, event.id!))?.event.title).toBe(event.title);
      expect(seen).toHaveLength(1);
      expect(seen[0]).toContain('from "events"');
    } finally {
      await logged.close();
    }
  });
});
