/** Pruning the change log (prune.ts), with the test clock: old rows go, what is still needed stays. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { recordChange } from '#testing/webhook.ts';
import { insertEvent } from '#testing/event-row.ts';
import { entityChanges, eventChanges } from '../db/tables/changes.ts';
import { jobs } from '../db/tables/jobs.ts';
import { CHANGE_PRUNE_JOB, DEFAULT_RETENTION_MS, pruneChanges } from './prune.ts';

const HOUR = 3_600_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const seqs = async () => (await t.database.db.select({ seq: eventChanges.seq }).from(eventChanges).orderBy(asc(eventChanges.seq))).map((r) => r.seq);

describe('pruneChanges', () => {
  it('deletes the changes older than the retention, and always keeps the newest', async () => {
    const eventId = await insertEvent(t, { title: 'Pruned' });
    const old = [await recordChange(t, eventId), await recordChange(t, eventId)];
    t.clock.advance(DEFAULT_RETENTION_MS - HOUR);
    const recent = await recordChange(t, eventId);
    await t.runJobs();

    // Within the retention: nothing goes.
    expect(await pruneChanges(t.database.db, t.clock)).toBe(0);
    expect(await seqs()).toEqual([...old, recent]);

    // An hour and a minute later the first two are past 72 hours; the recent one is not.
    t.clock.advance(HOUR + 60_000);
    expect(await pruneChanges(t.database.db, t.clock)).toBe(2);
    expect(await seqs()).toEqual([recent]);

    // Far later the newest row still stays: the feed starts from the highest seq in the log.
    t.clock.advance(30 * 24 * HOUR);
    expect(await pruneChanges(t.database.db, t.clock)).toBe(0);
    expect(await seqs()).toEqual([recent]);
  });

  it('keeps everything with retention 0', async () => {
    const eventId = await insertEvent(t, { title: 'Kept' });
    const first = await recordChange(t, eventId);
    const newest = await recordChange(t, eventId);
    t.clock.advance(DEFAULT_RETENTION_MS * 2);
    expect(await pruneChanges(t.database.db, t.clock, 0)).toBe(0);
    expect(await seqs()).toEqual(expect.arrayContaining([first, newest]));
    // A change's webhook deliveries are made with it (changes/fanout.ts): nothing waits on the log.
    await pruneChanges(t.database.db, t.clock, HOUR);
    expect(await seqs()).toEqual([newest]);
  });

  it('deletes a large backlog in batches', async () => {
    const eventId = await insertEvent(t, { title: 'Backlog' });
    const start = t.clock.now();
    await t.database.db.execute(sql`
      insert into event_changes (client_id, event_id, action, state, mp4_state, created_at)
      select ${t.clientId}, ${eventId}, 'Updated', 0, 0, ${start} from generate_series(1, 12000)`);
    const last = await recordChange(t, eventId);
    await t.runJobs();
    t.clock.advance(DEFAULT_RETENTION_MS + HOUR);
    expect(await pruneChanges(t.database.db, t.clock)).toBeGreaterThanOrEqual(12_000);
    expect(await seqs()).toEqual([last]);
  });

  it("prunes the log of the other records by the same retention, keeping its newest row", async () => {
    const entitySeqs = async () => (await t.database.db.select({ seq: entityChanges.seq }).from(entityChanges).orderBy(asc(entityChanges.seq))).map((r) => r.seq);
    const write = async (subjectId: string) => {
      const [row] = await t.database.db
        .insert(entityChanges)
        .values({ clientId: t.clientId, kind: 'capture', subjectId, action: 'Updated', createdAt: t.clock.now() })
        .returning({ seq: entityChanges.seq });
      return row!.seq;
    };
    await write('capture-old-1');
    await write('capture-old-2');
    t.clock.advance(DEFAULT_RETENTION_MS - HOUR);
    const recent = await write('capture-recent');
    t.clock.advance(HOUR + 60_000);
    expect(await pruneChanges(t.database.db, t.clock)).toBeGreaterThanOrEqual(2);
    expect(await entitySeqs()).toEqual([recent]);
    t.clock.advance(30 * 24 * HOUR);
    await pruneChanges(t.database.db, t.clock);
    expect(await entitySeqs()).toEqual([recent]);
  });
});

describe('the periodic pruning of a running service', () => {
  it('prunes as a job every pruneIntervalMs, by the app clock, with the retention setting', async () => {
    const app = await createTestApp({ services: { changeFeed: { retentionMs: 2 * HOUR, pruneIntervalMs: HOUR } } });
    try {
      const eventId = await insertEvent(app, { title: 'Timer' });
      const old = await recordChange(app, eventId);
      await app.runJobs();
      const left = async () => (await app.database.db.select({ seq: eventChanges.seq }).from(eventChanges)).map((r) => r.seq);
      expect(await left()).toContain(old);
      app.clock.advance(3 * HOUR);
      const fresh = await recordChange(app, eventId);
      await app.runJobs();
      expect(await left()).toEqual([fresh]);
      // Each run queues the next, one interval on; nothing is due before it.
      const pending = await app.database.db.select({ runAt: jobs.runAt }).from(jobs).where(and(eq(jobs.type, CHANGE_PRUNE_JOB), eq(jobs.status, 'pending')));
      expect(pending.map((j) => j.runAt.getTime())).toEqual([Math.ceil((app.clock.now().getTime() + HOUR) / HOUR) * HOUR]);
      app.clock.advance(3 * HOUR);
      const newest = await recordChange(app, eventId);
      await app.runJobs();
      expect(await left()).toEqual([newest]);
    } finally {
      await app.close();
    }
  });
});
