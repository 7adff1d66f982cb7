/**
 * A throwaway database for one test file: in-memory PGlite, or — when DATABASE_URL is set — a
 * fresh database on that PostgreSQL server, dropped on close. Test files run in parallel, so
 * they must not share tables.
 *
 * A new database costs initdb plus every migration (seconds of CPU on PGlite, most of a small
 * test file's time). So the test run migrates one template first (`prepareTestTemplate`, Vitest's
 * global setup) and every test database starts as a copy of it: a PGlite dump loaded from a file,
 * or `CREATE DATABASE … TEMPLATE` on PostgreSQL. The migrations still run on the copy and find
 * nothing to do, so a template that is missing or stale is only slower, never wrong.
 */
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Logger } from 'drizzle-orm';
import { openDatabase, pgliteHostOf, type Database } from './database.ts';

/** Where the global setup leaves the template for the test processes. */
const PGLITE_TEMPLATE_ENV = 'CONTROL_ROOM_TEST_PGLITE_TEMPLATE';
const POSTGRES_TEMPLATE_ENV = 'CONTROL_ROOM_TEST_POSTGRES_TEMPLATE';

let pgliteTemplate: Promise<Blob> | undefined;

function loadPgliteTemplate(): Promise<Blob> | undefined {
  const file = process.env[PGLITE_TEMPLATE_ENV];
  if (!file) return undefined;
  pgliteTemplate ??= readFile(file).then((bytes) => new Blob([bytes]));
  return pgliteTemplate;
}

/** A test database; `url` is its address on PostgreSQL (for a second connection: two processes on one database). */
export type TestDatabase = Database & { url?: string };

export async function openTestDatabase(databaseUrl = process.env.DATABASE_URL, options: { logger?: Logger; migrationsFolder?: string } = {}): Promise<TestDatabase> {
  // Migrated from another folder: from scratch, not from the template of the service's migrations.
  const fromScratch = options.migrationsFolder !== undefined;
  if (!databaseUrl) {
    const loadDataDir = fromScratch ? undefined : await loadPgliteTemplate();
    return openDatabase({ dataDir: 'memory://', ...options, ...(loadDataDir ? { loadDataDir } : {}) });
  }
  const name = `cr_test_${randomBytes(6).toString('hex')}`;
  // The template lives on the server of DATABASE_URL; another server (faults.test.ts) migrates from scratch.
  const template = databaseUrl === process.env.DATABASE_URL && !fromScratch ? process.env[POSTGRES_TEMPLATE_ENV] : undefined;
  await adminQuery(databaseUrl, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = withDatabase(databaseUrl, name);
  const database = await openDatabase({ databaseUrl: url, poolSize: 5, ...options });
  return {
    ...database,
    url,
    async close() {
      await database.close();
      await adminQuery(databaseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * Migrates the template every test database of this run copies, and says where it is through the
 * environment (the test processes inherit it). Answers the clean-up.
 */
export async function prepareTestTemplate(databaseUrl = process.env.DATABASE_URL): Promise<() => Promise<void>> {
  // Each Vitest project runs the global setup, in one process: the first template serves them all.
  if (process.env[databaseUrl ? POSTGRES_TEMPLATE_ENV : PGLITE_TEMPLATE_ENV]) return async () => undefined;
  if (!databaseUrl) {
    const migrated = await openDatabase({ dataDir: 'memory://' });
    const dump = await pgliteHostOf(migrated.db)!.dump();
    await migrated.close();
    const file = join(tmpdir(), `control-room-test-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    process.env[PGLITE_TEMPLATE_ENV] = file;
    return async () => {
      delete process.env[PGLITE_TEMPLATE_ENV];
      await rm(file, { force: true });
    };
  }
  const name = `cr_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(databaseUrl, `CREATE DATABASE ${name}`);
  // Migrated, then closed: PostgreSQL copies a template only while nobody is connected to it.
  await (await openDatabase({ databaseUrl: withDatabase(databaseUrl, name), poolSize: 1 })).close();
  process.env[POSTGRES_TEMPLATE_ENV] = name;
  return async () => {
    delete process.env[POSTGRES_TEMPLATE_ENV];
    await adminQuery(databaseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
}

function withDatabase(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(databaseUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A folder of the service's migrations up to and with `tag` (its journal cut there), to migrate a
 * database as it was then (`openTestDatabase(undefined, { migrationsFolder })`) and test a later
 * migration on its rows. The caller removes the folder.
 */
export async function migrationsUpTo(tag: string): Promise<string> {
  const migrations = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
  const folder = await mkdtemp(join(tmpdir(), 'control-room-migrations-'));
  await mkdir(join(folder, 'meta'));
  const journal = JSON.parse(await readFile(join(migrations, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const upTo = journal.entries.findIndex((e) => e.tag === tag);
  if (upTo < 0) throw new Error(`No migration ${tag} in the journal`);
  journal.entries = journal.entries.slice(0, upTo + 1);
  await writeFile(join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const file of await readdir(migrations)) {
    if (journal.entries.some((e) => `${e.tag}.sql` === file)) await copyFile(join(migrations, file), join(folder, file));
  }
  return folder;
}
