/**
 * Tenancy by construction: PostgreSQL row-level security, bound to the request's client.
 *
 * Every client-owned table has the policy `client_isolation` (migration 0019,
 * `control_protect_table`): for the role `control_tenant`, a row is visible and writable only when
 * its `client_id` is the session's `control.client_id`. A request's handler gets
 * `tenantDb(database, clientId)` as `ctx.db`: each of its statements carries the client, and the
 * connection that runs it is switched first to that role and client (one `set_config` statement,
 * sent only when the connection's client differs, so a run of one client's requests costs nothing
 * extra). A query that forgets its `client_id` filter then still sees and changes only the caller's
 * rows, and a row written for another client is refused.
 *
 * The service's own work (jobs, the dispatcher, the demo seed, migrations) runs on the service's
 * handle, as the role that owns the tables, which the policies do not bind: a policy would also
 * keep PostgreSQL from using an index for an operator that is not leakproof (full-text `@@`,
 * trigram `ILIKE`), which it evaluates only after the policy, row by row.
 *
 * The settings are per connection (session), not per transaction, so they are tracked per client
 * object; a switch made inside a transaction is undone by its rollback, so after a rollback the
 * tracked value is forgotten and set again.
 */
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { getTableName, sql, type Logger } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { PreparingClient } from './prepared-statements.ts';
import * as tables from './tables/index.ts';
import type { Db, DbOrTx } from './database.ts';

/** The role a client's statements run as; the policies bind it (migration 0019). */
export const TENANT_ROLE = 'control_tenant';

/** The session setting the policies read (a custom setting: the dot makes it one). */
const CLIENT_SETTING = 'control.client_id';

/** The service's own work: the session's own role (`none`), and no client. */
const SERVICE = '';

const CLIENT_OF_QUERY = Symbol('control.client_id');

interface ScopedConfig {
  text?: unknown;
  [CLIENT_OF_QUERY]?: string;
}

const SWITCH = `select set_config('role', $1, false), set_config('${CLIENT_SETTING}', $2, false)`;

/**
 * Whether a pool's connections can take the tenant role: decided once at start
 * (`checkTenantRole`); until then, and on PostgreSQL where the role is missing, a client's
 * statements run as the session's own role, bound by their filters only.
 */
export interface Tenancy {
  role: typeof TENANT_ROLE | 'none';
}

/** What the pools give their connections (pg-pool passes its options to each new client). */
export interface ServicePoolOptions {
  tenancy: Tenancy;
}

/**
 * The connections of both pools: names parameterised statements (prepared-statements.ts) and runs
 * each statement as the client it was issued for (a request's client, or the service).
 */
export class ServiceClient extends PreparingClient {
  private readonly tenancy: Tenancy;
  /** The client this connection's session is set to; undefined when not known (a new session, after a rollback). */
  private sessionClient: string | undefined;
  private inTransaction = false;
  private setInTransaction = false;

  constructor(options: pg.ClientConfig & Partial<ServicePoolOptions> = {}) {
    super(options);
    this.tenancy = options.tenancy ?? { role: 'none' };
  }

  override query(...args: unknown[]): never {
    const [config] = args;
    const text = typeof config === 'string' ? config : typeof config === 'object' && config ? (config as ScopedConfig).text : undefined;
    const client = (typeof config === 'object' && config ? (config as ScopedConfig)[CLIENT_OF_QUERY] : undefined) ?? SERVICE;
    const run = () => {
      if (typeof text === 'string') this.followTransaction(text);
      return (super.query as (...a: unknown[]) => never)(...args);
    };
    if (client === this.sessionClient) return run();
    this.sessionClient = client;
    if (this.inTransaction) this.setInTransaction = true;
    // The statement waits for the switch; if the switch fails (a broken connection, an aborted
    // transaction) the statement fails with its error rather than running as another client.
    const values = client === SERVICE ? ['none', SERVICE] : [this.tenancy.role, client];
    const switched = (super.query as (...a: unknown[]) => Promise<unknown>)({ text: SWITCH, values });
    const forget = (error: unknown) => {
      this.sessionClient = undefined;
      throw error;
    };
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      // pg-pool's `pool.query` passes a callback and expects no promise.
      switched.then(run, forget).catch((error: unknown) => (callback as (e: unknown) => void)(error));
      return undefined as never;
    }
    return switched.then(run, forget) as never;
  }

  /** Tracks BEGIN/COMMIT/ROLLBACK (Drizzle sends them as text) so a setting undone by a rollback is set again. */
  private followTransaction(text: string): void {
    const statement = text.trimStart().slice(0, 12).toLowerCase();
    if (statement.startsWith('begin')) {
      this.inTransaction = true;
      this.setInTransaction = false;
    } else if (statement.startsWith('commit') || statement.startsWith('rollback')) {
      // A failed COMMIT rolls back; `rollback to savepoint` undoes what was set after the savepoint.
      if (this.setInTransaction) this.sessionClient = undefined;
      if (!statement.startsWith('rollback to')) this.inTransaction = false;
    }
  }
}

/** Sends statements through `target` (a pool or a checked-out connection) marked with one client, for ServiceClient to switch to. */
class ClientBound<T extends pg.Pool | pg.PoolClient> {
  constructor(
    protected readonly target: T,
    protected readonly clientId: string,
  ) {}

  query(config: unknown, ...rest: unknown[]): unknown {
    const marked = typeof config === 'string' ? { text: config } : (config as object);
    return (this.target.query as (...a: unknown[]) => unknown).call(this.target, { ...marked, [CLIENT_OF_QUERY]: this.clientId }, ...rest);
  }
}

/** A checked-out connection whose statements run as one client (a request's transaction). */
class TenantConnection extends ClientBound<pg.PoolClient> {
  release(error?: Error | boolean): void {
    this.target.release(error);
  }
}

/**
 * The pool as one client sees it. Drizzle takes it for a pool (its name says so) and opens
 * transactions on `connect()`.
 */
class TenantPool extends ClientBound<pg.Pool> {
  async connect(): Promise<TenantConnection> {
    return new TenantConnection(await this.target.connect(), this.clientId);
  }
}

/** The options of every Drizzle handle on a pool: its tables, snake_case columns, and the logger it was opened with. */
const loggers = new WeakMap<object, Logger>();

function handleOn(client: unknown, logger: Logger | undefined): Db {
  return drizzle(client as pg.Pool, { schema: tables, casing: 'snake_case', ...(logger ? { logger } : {}) }) as unknown as Db;
}

/** The service's handle on a pool (database.ts): its statements run for every client. */
export function serviceDb(pool: pg.Pool, logger?: Logger): Db {
  if (logger) loggers.set(pool, logger);
  return handleOn(pool, logger);
}

/** The pool behind a handle of this service. */
export function poolOf(db: Db): pg.Pool {
  return (db as unknown as { $client: pg.Pool }).$client;
}

/**
 * Whether this database has the tenant role and the session's role may take it: true on PGlite
 * (the migration makes it), and on PostgreSQL when the migration could make it (CREATEROLE or a
 * superuser) or an administrator did (README "PostgreSQL").
 */
export async function checkTenantRole(pool: pg.Pool, tenancy: Tenancy): Promise<boolean> {
  const { rows } = await pool.query<{ usable: boolean }>(
    `select exists (select from pg_roles where rolname = $1) and pg_has_role(current_user, (select oid from pg_roles where rolname = $1), 'MEMBER') as usable`,
    [TENANT_ROLE],
  );
  tenancy.role = rows[0]?.usable ? TENANT_ROLE : 'none';
  return tenancy.role === TENANT_ROLE;
}

/** Handles kept per client (a Drizzle handle costs its relational schema), up to a bound. */
const MAX_CLIENT_HANDLES = 1_000;
const handles = new WeakMap<pg.Pool, Map<string, Db>>();

/**
 * The database as one client sees it: every statement, in and out of transactions, is bound to
 * `clientId` by row-level security. What a request's handler gets as `ctx.db`.
 */
export function tenantDb(db: Db, clientId: string): Db {
  const pool = poolOf(db);
  if (!(pool instanceof pg.Pool)) throw new Error("tenantDb takes the service's handle, not a client's");
  let byClient = handles.get(pool);
  if (!byClient) handles.set(pool, (byClient = new Map()));
  const known = byClient.get(clientId);
  if (known) return known;
  if (byClient.size >= MAX_CLIENT_HANDLES) byClient.delete(byClient.keys().next().value!);
  const scoped = handleOn(new TenantPool(pool, clientId), loggers.get(pool));
  byClient.set(clientId, scoped);
  serviceHandles.set(scoped, db);
  return scoped;
}

const serviceHandles = new WeakMap<object, Db>();

/**
 * A client's handle whose transactions run inside `around` (the binder's write step, http/trust.ts,
 * for a handler that opens its own transaction). Everything else is the handle's own, `asService`
 * included.
 */
export function withTransactionHook(db: Db, around: <T>(tx: Parameters<Parameters<Db['transaction']>[0]>[0], run: () => Promise<T>) => Promise<T>): Db {
  const hooked = Object.create(db) as Db;
  hooked.transaction = ((fn: (tx: never) => Promise<unknown>, config?: never) =>
    db.transaction((tx) => around(tx as never, () => fn(tx as never)), config)) as Db['transaction'];
  const service = serviceHandles.get(db);
  if (service) serviceHandles.set(hooked, service);
  return hooked;
}

/**
 * The service's handle behind a client's (any other handle, a transaction included, is returned
 * as it is). For two things only, each use listed in row-security.test.ts:
 * - a read whose index the policy would disable: PostgreSQL evaluates an operator that is not
 *   leakproof (full-text `@@`, trigram `ILIKE`) only after the policy, row by row, so a GIN index
 *   on it goes unused (a search of 10 000 events 5 -> 38 ms). The read names the client itself.
 * - the service's own work started by a request (the webhook dispatcher a redelivery wakes): it
 *   is the app's one dispatcher, working for every client, as it does when a job wakes it.
 */
export function asService<T extends object>(db: T): T | Db {
  return serviceHandles.get(db) ?? db;
}

/**
 * Which of these ids a row of `table` has, whichever client it belongs to: ids are keys of the
 * whole table, so a write that names an id tells "the id of another …" (a 400 naming the field)
 * from a new one. The database answers only the ids (`control_ids_in_use`, migration 0019), past
 * the policy that hides the other clients' rows.
 */
export async function idsInUse(db: DbOrTx, table: PgTable, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const result = (await db.execute(
    sql`select id::text as id from control_ids_in_use(${getTableName(table)}::regclass, ${sql.param([...ids])}::uuid[]) as id`,
  )) as unknown as { rows: { id: string }[] };
  return new Set(result.rows.map((r) => r.id));
}
