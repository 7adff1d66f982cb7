/**
 * The database: PGlite (PostgreSQL compiled to WebAssembly) persisted under DATA_DIR by default,
 * or a PostgreSQL server when DATABASE_URL is set. Both are driven through one driver, node-postgres
 * (PGlite through its node-postgres connection), and Drizzle's PostgreSQL dialect with the same
 * tables and migrations, so repositories are written once and both databases behave alike: the same
 * result shapes, the same errors, the same named prepared statements (prepared-statements.ts).
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations, Logger } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { pgliteInWorker, type PgliteHost } from './pglite-host.ts';
import { checkTenantRole, poolOf, serviceDb, ServiceClient, TENANT_ROLE, type ServicePoolOptions, type Tenancy } from './tenant-scope.ts';
import type * as tables from './tables/index.ts';

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
  const opened = options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10, options.log)
    : await openPglite(options.dataDir ?? 'memory://', options.loadDataDir);
  const database: Database = { db: serviceDb(opened.pool, options.logger), driver: opened.driver, location: opened.location, close: opened.close };
  try {
    await migrateDatabase(database, migrationsFolder);
    if (!(await checkTenantRole(opened.pool, opened.tenancy))) {
      options.log?.warn(
        { role: TENANT_ROLE },
        `database: the role ${TENANT_ROLE} is missing or not granted to this login, so row-level security does not bind requests to their client (README "PostgreSQL")`,
      );
    }
  } catch (error) {
    await opened.close().catch(() => undefined);
    throw error;
  }
  return database;
}

interface OpenedPool {
  pool: pg.Pool;
  /** Shared by the pool's connections (tenant-scope.ts). */
  tenancy: Tenancy;
  driver: Database['driver'];
  location: string;
  close(): Promise<void>;
}

/**
 * The pool in front of an embedded PGlite: one connection, because PGlite is one PostgreSQL session
 * (queries queue for it as they would for a busy server connection). `host` is where the PGlite
 * runs (pglite-host.ts), for what only it can do: dumps, and the session's notifications
 * (changes/listen.ts).
 */
export class PglitePool extends pg.Pool {
  constructor(
    readonly host: PgliteHost,
    tenancy: Tenancy,
  ) {
    super({
      tenancy,
      connection: host.connection,
      Client: ServiceClient,
      max: 1,
      // The one connection is kept: node-postgres remembers per connection which statements it prepared.
      idleTimeoutMillis: 0,
    } as pg.PoolConfig);
  }
}

/** The embedded PGlite behind a database handle, or undefined on PostgreSQL. */
export function pgliteHostOf(db: Db): PgliteHost | undefined {
  const pool = poolOf(db);
  return pool instanceof PglitePool ? pool.host : undefined;
}

async function openPglite(dataDir: string, loadDataDir: Blob | undefined): Promise<OpenedPool> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const host = await pgliteInWorker({ dataDir, ...(loadDataDir ? { loadDataDir } : {}) });
  const tenancy: Tenancy = { role: 'none' };
  const pool = new PglitePool(host, tenancy);
  const stopMaintenance = maintainPglite(pool);
  return {
    pool,
    tenancy,
    driver: 'pglite',
    location: dataDir,
    close: async () => {
      stopMaintenance();
      await pool.end();
      await host.close();
    },
  };
}

/** When the first maintenance runs after opening (the demo seed and the first requests come first), then how often. */
const FIRST_MAINTENANCE_MS = 15_000;
const MAINTENANCE_INTERVAL_MS = 10 * 60_000;

/**
 * PGlite runs PostgreSQL in single-user mode, which has no autovacuum: without this no table would
 * ever have statistics (the planner would take a table of 100 000 events for a few rows, and keep
 * that plan in its prepared statements) and the queue tables' dead rows would never be reclaimed.
 * `VACUUM (ANALYZE)` visits only pages changed since the last one. A new plan follows on its own:
 * the statistics invalidate the prepared statements' cached plans.
 */
function maintainPglite(pool: pg.Pool): () => void {
  const run = () => void pool.query('VACUUM (ANALYZE)').catch(() => undefined);
  const first = setTimeout(run, FIRST_MAINTENANCE_MS);
  const every = setInterval(run, MAINTENANCE_INTERVAL_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}

/**
 * A PostgreSQL pool that survives its server: a connection terminated (pg_terminate_backend, a
 * restart, the network) raises an 'error' event, which without a listener ends the process. The
 * pool's listener covers idle connections, the one added on 'connect' the ones checked out;
 * both only report, the pool drops the broken connection and opens new ones as needed. Requests
 * meanwhile fail with the driver's error, answered as 503 with Retry-After (http/errors.ts).
 */
function openPostgres(databaseUrl: string, poolSize: number, log: DatabaseOptions['log']): OpenedPool {
  const tenancy: Tenancy = { role: 'none' };
  const config: pg.PoolConfig & ServicePoolOptions = {
    tenancy,
    connectionString: databaseUrl,
    max: poolSize,
    Client: ServiceClient,
    // While the server is unreachable a request waits this long for a connection, then fails (503).
    connectionTimeoutMillis: 5_000,
  };
  const pool = new pg.Pool(config);
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
  const url = new URL(databaseUrl);
  url.password = '';
  return { pool, tenancy, driver: 'postgres', location: url.toString(), close: () => pool.end() };
}

/**
 * Runs the migrations of a folder (default the service's) on an open database; openDatabase
 * already did it for the service's folder. A test migrates an earlier schema forward with it.
 */
export async function migrateDatabase(database: Database, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  const pool = poolOf(database.db);
  // Several service processes may start at once against one database: one migrates, the others wait.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(lockClient), { migrationsFolder });
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    lockClient.release();
  }
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
