/**
 * What one write makes the database do (issue 27 "Writes"), counted with a Drizzle logger: the
 * trail (trust.ts) adds no statement to an event's update. Its lock, the record's version and its
 * answer before the write come from the handler's own read of the event (one `select ... for
 * update`), the record after from the handler's answer, and the activity entry goes in the
 * change's statement (changes/record.ts `sendHeldChanges`).
 * `npx tsx src/bench/write-statements.ts` lists the statements. Runs on PGlite, and on PostgreSQL
 * when DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { buildApp } from '../app.ts';
import { createKey } from '../db/keys.ts';
import { openTestDatabase, type TestDatabase } from '../db/test-database.ts';
import { activity } from '../db/tables/trust.ts';
import { ManualClock } from '../jobs/clock.ts';

const seen: string[] = [];
let database: TestDatabase;
let app: Awaited<ReturnType<typeof buildApp>>;
let key: string;

beforeAll(async () => {
  database = await openTestDatabase(process.env.DATABASE_URL, { logger: { logQuery: (query) => void seen.push(query.replace(/\s+/g, ' ').trim()) } });
  app = await buildApp({ database, clock: new ManualClock(new Date('2026-06-01T09:00:00Z')), config: { validateResponses: true, responseCache: false } });
  await app.ready();
  ({ key } = await createKey(database.db, 'statements', 'statements'));
}, 120_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** The statements one request made in its transaction, by what they do (authentication before it, BEGIN and COMMIT left out; a write alone has no savepoint of group commit, group-commit.ts). */
async function statementsOf(method: 'POST' | 'GET', url: string, body?: object, headers: Record<string, string> = {}) {
  seen.length = 0;
  const response = await app.inject({ method, url, headers: { 'API-KEY': key, 'content-type': 'application/json', ...headers }, ...(body ? { payload: JSON.stringify(body) } : {}) });
  const begin = seen.findIndex((text) => /^begin/i.test(text));
  const statements = seen
    .slice(begin + 1)
    .filter((text) => !/^(begin|commit|rollback)\b/i.test(text))
    .map((text) => {
      if (/^select .* from "events" .*for update of "events"/i.test(text)) return 'read the event, locked';
      if (/^select .* from "events"/i.test(text)) return 'read the event';
      if (/^update "events"/i.test(text)) return 'update the event';
      if (/^insert into "events"/i.test(text)) return 'insert the event';
      if (/^with change as \( insert into "event_changes".* alongside as \(insert into "activity"/i.test(text)) return 'record the change and the activity';
      if (/^with change as \( insert into "event_changes"/i.test(text)) return 'record the change';
      if (/^insert into "activity"/i.test(text)) return 'record the activity';
      return text.slice(0, 120);
    });
  return { response, statements };
}

describe('one write through the API', () => {
  let id: string;

  it('adds an event with its insert, then its change and its activity entry in one statement', async () => {
    const { response, statements } = await statementsOf('POST', '/api/event/', { Title: 'Counted' });
    expect(response.statusCode).toBe(201);
    id = (response.json() as { id: string }).id;
    expect(statements).toEqual(['insert the event', 'record the change and the activity']);
  });

  it('updates one as the handler alone would (a locked read, the update, the change), the activity entry going with the change', async () => {
    const before = (await app.inject({ method: 'GET', url: `/api/event/${id}`, headers: { 'API-KEY': key } })).headers.etag as string;
    const { response, statements } = await statementsOf('POST', '/api/event/', { Id: id, Title: 'Counted again' }, { 'If-Match': before });
    expect(response.statusCode).toBe(201);
    expect(statements).toEqual(['read the event, locked', 'update the event', 'record the change and the activity']);

    // What the trail took from the handler's read and answer is what the GET answers.
    const after = await app.inject({ method: 'GET', url: `/api/event/${id}`, headers: { 'API-KEY': key } });
    expect(after.headers.etag).toBe(response.headers.etag);
    expect(after.headers.etag).not.toBe(before);
    expect((after.json() as { version: number }).version).toBe((response.json() as { version: number }).version);
    const entries = await database.db.select().from(activity).where(and(eq(activity.entity, 'event'), eq(activity.entityId, id))).orderBy(asc(activity.seq));
    expect(entries.map((e) => e.changes)).toEqual([
      expect.arrayContaining([expect.objectContaining({ field: 'title', before: null, after: 'Counted' })]),
      [{ field: 'title', before: 'Counted', after: 'Counted again' }],
    ]);
  });

  it('refuses a stale version after the same one read, writing nothing', async () => {
    const { response, statements } = await statementsOf('POST', '/api/event/', { Id: id, Title: 'Never' }, { 'If-Match': '"1"' });
    expect(response.statusCode).toBe(412);
    expect(statements).toEqual(['read the event, locked']);
    expect((response.json() as { data: { current: { title: string; video: null } } }).data.current).toMatchObject({ title: 'Counted again', video: null });
  });
});
