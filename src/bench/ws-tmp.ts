import { buildApp } from '../server/app.ts';
import { createKey } from '../server/db/keys.ts';
import { openTestDatabase } from '../server/db/test-database.ts';
import { ManualClock } from '../server/jobs/clock.ts';
const database = await openTestDatabase(process.env.STATEMENTS_DATABASE_URL!, {});
const app = await buildApp({ database, clock: new ManualClock(new Date('2026-06-01T09:00:00Z')) });
const { key } = await createKey(database.db, 'statements', 'statements');
const post = async (body: object) => {
  const response = await app.inject({ method: 'POST', url: '/api/event/', headers: { 'API-KEY': key, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  return (response.json() as { id: string }).id;
};
const id = await post({ Title: 'Warm up' });
for (let i = 0; i < 40; i++) await post({ Id: id, Title: `T${i}` });
const t = performance.now();
for (let i = 0; i < 1000; i++) await post({ Id: id, Title: `U${i}` });
console.log('per update ms', (performance.now() - t) / 1000);
await app.close(); await database.close();
