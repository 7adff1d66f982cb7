/**
 * A throwaway database for one test file: in-memory PGlite, or — when DATABASE_URL is set — a
 * fresh database on that PostgreSQL server, dropped on close. Test files run in parallel, so
 * they must not share tables.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Logger } from 'drizzle-orm';
import { openDatabase, type Database } from './database.ts';

export async function openTestDatabase(databaseUrl = process.env.DATABASE_URL, options: { logger?: Logger } = {}): Promise<Database> {
  if (!databaseUrl) return openDatabase({ dataDir: 'memory://', ...options });
  const name = `cr_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 5, ...options });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: databaseUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
