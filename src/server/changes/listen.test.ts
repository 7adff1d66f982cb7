/**
 * `sync` of the PostgreSQL listener: what the response cache waits for before a hit
 * (response-cache.ts `lookup`), so a write another process finished is never answered stale.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openTestDatabase, type TestDatabase } from '../db/test-database.ts';
import { listenForChanges, type ChangeListener } from './listen.ts';

const CHANNEL = 'control_room_listen_test';

describe.skipIf(!process.env.DATABASE_URL)('sync on a PostgreSQL listener', () => {
  let database: TestDatabase;
  let listener: ChangeListener;
  let other: pg.Client;
  const heard: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    listener = listenForChanges(database.db, { channel: CHANNEL, onNotify: (payload) => heard.push(payload) })!;
    expect(await listener.ready).toBe(true);
    other = new pg.Client({ connectionString: (database as { url?: string }).url! });
    await other.connect();
  });

  afterAll(async () => {
    await other?.end();
    await listener?.close();
    await database?.close();
  });

  it('has heard, when it settles, every notification committed before it was called', async () => {
    for (let i = 0; i < 20; i++) {
      await other.query(`select pg_notify('${CHANNEL}', '${i}')`);
      await listener.sync!();
      expect(heard).toContain(String(i));
    }
  });

  it('sends one round trip for the calls of one turn of the event loop', async () => {
    const before = listener.syncRoundTrips!;
    await Promise.all(Array.from({ length: 10 }, () => listener.sync!()));
    expect(listener.syncRoundTrips! - before).toBe(1);
  });

  it('never lets a call join a round trip already sent', async () => {
    const before = listener.syncRoundTrips!;
    const first = listener.sync!();
    // The first round trip goes at the end of this turn; a call after that needs the next one.
    await new Promise((resolve) => setImmediate(resolve));
    expect(listener.syncRoundTrips! - before).toBe(1);
    const second = listener.sync!();
    await Promise.all([first, second]);
    expect(listener.syncRoundTrips! - before).toBe(2);
  });
});
