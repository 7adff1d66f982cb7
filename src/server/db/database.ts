/**
 * The database: PGlite (PostgreSQL compiled to WebAssembly) persisted under DATA_DIR by default,
 * or a PostgreSQL server when DATABASE_URL is set. Both are driven through Drizzle's PostgreSQL
 * dialect with the same tables and migrations, so repositories are written once.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations, Logger } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as tables from './tables/index.ts';

export type Tables = typeof tables;
/** The type repositories are written against: either driver. */
export type Db = PgDatabase<PgQueryResultHKT, Tables>;
export type Tx = PgTransaction<PgQueryResultHKT, Tables, ExtractTablesWithRelations<Tables>>;
/** A database handle or an open transaction: repositories accept either. */
export type DbOrTx = Db | Tx;

export interface Database {
  readonly db: Db;
  readonly driver: 'pglite' | 'postgres';
  /** Where the data lives, for the start-up log (a directory, `memory://`, or the server without password). */
  readonly location: string;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PGlite data directory; `memory://` for a throwaway database. Ignored when databaseUrl is set. */
  dataDir?: string;
  /** postgres://user:pass@host:port/db — use a PostgreSQL server instead of PGlite. */
  databaseUrl?: string;
  /** Connections in the pool (PostgreSQL only). */
  poolSize?: number;
  /** Sees every query with its parameters (the bench captures SQL with it to EXPLAIN it). */
  logger?: Logger;
  /**
   * PGlite only: start from this dump (`dumpDataDir`) of a database instead of an empty one. Tests
   * start from a migrated template, which skips initdb and the migrations (see test-database.ts).
   */
  loadDataDir?: Blob;
  /** Told when an idle or busy connection of the pool fails (PostgreSQL); the pool replaces it. */
  log?: { warn(obj: object, msg?: string): void };
  /** Another folder of migrations (a test migrates to an earlier schema with it); default the service's. */
  migrationsFolder?: string;
}

// Not `new URL('./migrations', import.meta.url)`: jsdom (component tests) replaces the global URL.
const MIGRATIONS_FOLDER = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Any advisory-lock key will do as long as every process uses the same one. */
const MIGRATION_LOCK = 7_316_502_118;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const migrationsFolder = options.migrationsFolder ?? MIGRATIONS_FOLDER;
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10, options.logger, options.log, migrationsFolder);
  return openPglite(options.dataDir ?? 'memory://', options.logger, options.loadDataDir, migrationsFolder);
}

async function openPglite(dataDir: string, logger: Logger | undefined, loadDataDir: Blob | undefined, migrationsFolder: string): Promise<Database> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  // pg_trgm: the trigram index of publications' contentIdFilter (migration 0017); PostgreSQL ships it in its contrib modules.
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
  const db = drizzlePglite(client, { schema: tables, casing: 'snake_case', logger });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    location: dataDir,
    close: () => client.close(),
  };
}

/**
 * A PostgreSQL pool that survives its server: a connection terminated (pg_terminate_backend, a
 * restart, the network) raises an 'error' event, which without a listener ends the process. The
 * pool's listener covers idle connections, the one added on 'connect' the ones checked out;
 * both only report, the pool drops the broken connection and opens new ones as needed. Requests
 * meanwhile fail with the driver's error, answered as 503 with Retry-After (http/errors.ts).
 */
async function openPostgres(
  databaseUrl: string,
  poolSize: number,
  logger: Logger | undefined,
  log: DatabaseOptions['log'],
  migrationsFolder: string,
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: poolSize,
    // While the server is unreachable a request waits this long for a connection, then fails (503).
    connectionTimeoutMillis: 5_000,
  });
  let lastReport = 0;
  const report = (error: Error) => {
    // One line per few seconds: a restart fails every connection at once.
    const now = Date.now();
    if (now - lastReport < 5_000) return;
    lastReport = now;
    log?.warn({ err: { message: error.message, code: (error as { code?: string }).code } }, 'database: a connection failed; the pool replaces it');
  };
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
  const db = drizzlePg(pool, { schema: tables, casing: 'snake_case', logger });
  // Several service processes may start at once against one database: one migrates, the others wait.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(lockClient), { migrationsFolder });
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    lockClient.release();
  }
  const url = new URL(databaseUrl);
  url.password = '';
  return {
    db: db as unknown as Db,
    driver: 'postgres',
    location: url.toString(),
    close: () => pool.end(),
  };
}

/**
 * Runs the migrations of a folder (default the service's) on an open database; openDatabase
 * already did it for the service's folder. A test migrates an earlier schema forward with it.
 */
export async function migrateDatabase(database: Database, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  if (database.driver === 'pglite') await migratePglite(database.db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder });
  else await migratePg(database.db as unknown as Parameters<typeof migratePg>[0], { migrationsFolder });
}

/** True when the database answers; for the health check. */
export async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
