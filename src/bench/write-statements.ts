/**
 * What one write makes the database do (issue 27 "Writes": profile one update): the statements of
 * one `POST /api/event/` title update, of one add and of a single GET, through the real app on PGlite, counted and
 * listed with a Drizzle logger, in order. Statements run on the root handle before the transaction
 * (authentication) are counted too.
 *
 *   npx tsx src/bench/write-statements.ts
 */
import { buildApp } from '../server/app.ts';
import { createKey } from '../server/db/keys.ts';
import { openTestDatabase } from '../server/db/test-database.ts';
import { ManualClock } from '../server/jobs/clock.ts';

const seen: string[] = [];
const database = await openTestDatabase('', { logger: { logQuery: (query) => void seen.push(query.replace(/\s+/g, ' ').slice(0, 140)) } });
const app = await buildApp({ database, clock: new ManualClock(new Date('2026-06-01T09:00:00Z')) });
try {
  const { key } = await createKey(database.db, 'statements', 'statements');
  const post = async (body: object) => {
    const response = await app.inject({ method: 'POST', url: '/api/event/', headers: { 'API-KEY': key, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    if (response.statusCode !== 201) throw new Error(`${response.statusCode} ${response.body}`);
    return (response.json() as { id: string }).id;
  };
  const id = await post({ Title: 'Warm up' });
  await post({ Id: id, Title: 'Warm up again' });
  for (const [label, body] of [
    ['an update of the title', { Id: id, Title: 'Counted' }],
    ['an add', { Title: 'Added' }],
  ] as const) {
    seen.length = 0;
    await post(body);
    console.log(`${label}: ${seen.length} statements`);
    for (const text of seen) console.log(`  ${text}`);
  }
  for (const label of ['a first GET /api/event/{id}', 'a second GET /api/event/{id}']) {
    seen.length = 0;
    const response = await app.inject({ method: 'GET', url: `/api/event/${id}?noCache=true`, headers: { 'API-KEY': key } });
    console.log(`${label}: ${seen.length} statements, ETag ${response.headers.etag}`);
    for (const text of seen) console.log(`  ${text}`);
  }
} finally {
  await app.close();
  await database.close();
}
