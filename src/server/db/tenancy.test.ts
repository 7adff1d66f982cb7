/**
 * Tenancy by construction (docs/README.md "Tenancy"), held by the database itself:
 * - every table but the tenants (`clients`) and the job queue carries a non-null `client_id`;
 * - a table with an `id` has the key `(client_id, id)`;
 * - every foreign key between client-owned tables is `(client_id, x_id) -> parent(client_id, id)`,
 *   and one that sets null on delete clears the reference only, never client_id;
 * so a row cannot point at another client's row. Checked on the Drizzle definitions and on the
 * catalog of a database migrated from the schema before the tenancy migration with rows in it
 * (which the migration keeps, clearing only a cross-client reference that could not be kept).
 * Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { countRows, insertRow, selectRows } from '#testing/rows.ts';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, type Database } from './database.ts';
import { migrationsUpTo, openTestDatabase } from './test-database.ts';
import * as tables from './tables/index.ts';

/** The tenants themselves, and the job queue (which also runs work of no client). */
const NOT_CLIENT_OWNED = new Set(['clients', 'jobs']);
/** The last migration before the tenancy one: the populated database starts there. */
const BEFORE_TENANCY = '0014_syndication';


interface Constraint {
  name: string;
  type: 'p' | 'u' | 'f';
  table: string;
  ref: string | null;
  cols: string[];
  refCols: string[];
  onDelete: string;
  setNullCols: string[];
}

async function catalog(database: Database) {
  const columns = await selectRows<{ table: string; column: string; notNull: boolean }>(
    database,
    sql`select c.relname::text as "table", a.attname::text as "column", a.attnotnull as "notNull"
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        where n.nspname = 'public' and c.relkind = 'r'`,
  );
  const constraints = await selectRows<Constraint>(
    database,
    sql`select con.conname::text as name, con.contype::text as type, c.relname::text as "table", f.relname::text as ref,
          array(select a.attname::text from unnest(con.conkey) with ordinality k(n, o) join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.o) as cols,
          array(select a.attname::text from unnest(coalesce(con.confkey, '{}'::int2[])) with ordinality k(n, o) join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n order by k.o) as "refCols",
          con.confdeltype::text as "onDelete",
          array(select a.attname::text from unnest(coalesce(con.confdelsetcols, '{}'::int2[])) k(n) join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n) as "setNullCols"
        from pg_constraint con join pg_class c on c.oid = con.conrelid left join pg_class f on f.oid = con.confrelid
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and con.contype in ('p', 'u', 'f')`,
  );
  const byTable = new Map<string, { columns: Map<string, boolean>; constraints: Constraint[] }>();
  for (const c of columns) {
    const entry = byTable.get(c.table) ?? { columns: new Map(), constraints: [] };
    entry.columns.set(c.column, c.notNull);
    byTable.set(c.table, entry);
  }
  for (const c of constraints) byTable.get(c.table)?.constraints.push(c);
  return byTable;
}

/** What is wrong with a table's tenancy, in words; empty when nothing. */
function problemsOf(table: string, columns: Map<string, boolean>, constraints: readonly Constraint[]): string[] {
  if (NOT_CLIENT_OWNED.has(table)) return [];
  const problems: string[] = [];
  if (columns.get('client_id') !== true) problems.push(`${table}: no non-null client_id`);
  if (columns.has('id') && !constraints.some((c) => (c.type === 'p' || c.type === 'u') && [...c.cols].sort().join() === 'client_id,id')) {
    problems.push(`${table}: no unique (client_id, id)`);
  }
  for (const fk of constraints.filter((c) => c.type === 'f')) {
    if (fk.ref === 'clients') {
      if (fk.cols.join() !== 'client_id') problems.push(`${table}.${fk.name}: references clients by ${fk.cols.join(', ')}`);
      continue;
    }
    const at = fk.cols.indexOf('client_id');
    if (at < 0 || fk.refCols[at] !== 'client_id') problems.push(`${table}.${fk.name}: references ${fk.ref} without client_id`);
    if (fk.onDelete === 'n' && (fk.setNullCols.length === 0 || fk.setNullCols.includes('client_id'))) {
      problems.push(`${table}.${fk.name}: ON DELETE SET NULL must name the reference column only`);
    }
  }
  return problems;
}

/** A column's name in the database: the service's Drizzle runs with `casing: 'snake_case'`. */
const dbName = (column: { name: string }) => column.name.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`);

describe('the Drizzle definitions', () => {
  it('give every client-owned table client_id, and every reference between them client_id', () => {
    const problems: string[] = [];
    for (const value of Object.values(tables)) {
      if (!(value instanceof PgTable)) continue;
      const config = getTableConfig(value);
      const columns = new Map(config.columns.map((c) => [dbName(c), c.notNull]));
      const constraints: Constraint[] = [
        ...config.primaryKeys.map((k) => ({ name: k.getName(), type: 'p' as const, cols: k.columns.map(dbName) })),
        ...config.columns.filter((c) => c.primary).map((c) => ({ name: `${config.name}_pkey`, type: 'p' as const, cols: [dbName(c)] })),
        ...config.uniqueConstraints.map((u) => ({ name: u.name ?? '', type: 'u' as const, cols: u.columns.map(dbName) })),
      ].map((c) => ({ ...c, table: config.name, ref: null, refCols: [], onDelete: '', setNullCols: [] }));
      for (const fk of config.foreignKeys) {
        const ref = fk.reference();
        constraints.push({
          name: fk.getName(),
          type: 'f',
          table: config.name,
          ref: getTableConfig(ref.foreignTable).name,
          cols: ref.columns.map(dbName),
          refCols: ref.foreignColumns.map(dbName),
          onDelete: '',
          setNullCols: [],
        });
      }
      problems.push(...problemsOf(config.name, columns, constraints));
    }
    expect(problems).toEqual([]);
  });
});

describe('a database migrated with rows in it', () => {
  let database: Database;
  let folder: string;
  const a = randomUUID();
  const b = randomUUID();
  const ids = { channel: randomUUID(), eventA: randomUUID(), eventB: randomUUID(), playlist: randomUUID(), webhook: randomUUID(), delivery: randomUUID(), point: randomUUID(), child: randomUUID() };
  const before = new Map<string, number>();

  beforeAll(async () => {
    // The migrations up to the one before tenancy, as drizzle-kit left them then.
    folder = await migrationsUpTo(BEFORE_TENANCY);
    database = await openTestDatabase(undefined, { migrationsFolder: folder });

    await insertRow(database, 'clients', { id: a, name: `a-${a}` });
    await insertRow(database, 'clients', { id: b, name: `b-${b}` });
    await insertRow(database, 'channels', { id: ids.channel, client_id: a });
    await insertRow(database, 'events', { id: ids.eventA, client_id: a, channel_id: ids.channel });
    // Possible under single-column keys: B's event naming A's channel.
    await insertRow(database, 'events', { id: ids.eventB, client_id: b, channel_id: ids.channel });
    await insertRow(database, 'chapter_points', { id: ids.point, client_id: a, event_id: ids.eventA });
    await insertRow(database, 'chapter_points', { id: ids.child, client_id: a, event_id: ids.eventA, parent_id: ids.point });
    await insertRow(database, 'chapter_point_custom_properties', { client_id: a, chapter_point_id: ids.point });
    await insertRow(database, 'custom_properties', { client_id: a, event_id: ids.eventA });
    await insertRow(database, 'compose_playlists', { id: ids.playlist, client_id: a, event_id: ids.eventA });
    await insertRow(database, 'compose_items', { id: randomUUID(), client_id: a, playlist_id: ids.playlist });
    await insertRow(database, 'webhooks', { id: ids.webhook, client_id: a, event_id: ids.eventA });
    await insertRow(database, 'webhook_deliveries', { id: ids.delivery, client_id: a, webhook_id: ids.webhook });
    await insertRow(database, 'webhook_attempts', { client_id: a, delivery_id: ids.delivery });
    await insertRow(database, 'assets', { client_id: a, event_id: ids.eventA });
    await insertRow(database, 'vod_downloads', { client_id: a, event_id: ids.eventA });
    for (const table of ['events', 'chapter_points', 'chapter_point_custom_properties', 'custom_properties', 'compose_playlists', 'compose_items', 'webhooks', 'webhook_deliveries', 'webhook_attempts', 'assets', 'vod_downloads']) {
      before.set(table, await countRows(database, table));
    }

    await migrateDatabase(database);
  });
  afterAll(async () => {
    await database?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('keeps every row, and clears only the reference that crossed clients', async () => {
    for (const [table, n] of before) expect([table, await countRows(database, table)]).toEqual([table, n]);
    expect(await countRows(database, 'events', sql`id = ${ids.eventA} and channel_id = ${ids.channel}`)).toBe(1);
    expect(await countRows(database, 'events', sql`id = ${ids.eventB} and channel_id is null`)).toBe(1);
  });

  it('holds every table to the convention in the catalog', async () => {
    const problems: string[] = [];
    for (const [table, { columns, constraints }] of await catalog(database)) problems.push(...problemsOf(table, columns, constraints));
    expect(problems).toEqual([]);
  });

  it('refuses a reference to another client’s row', async () => {
    await expect(insertRow(database, 'chapter_points', { client_id: b, event_id: ids.eventA })).rejects.toThrow();
    await expect(insertRow(database, 'webhooks', { client_id: b, event_id: ids.eventA })).rejects.toThrow();
    await expect(database.db.execute(sql`update events set channel_id = ${ids.channel} where id = ${ids.eventB}`)).rejects.toThrow();
  });

  it('clears the reference only when a lookup is deleted, and cascades within the client', async () => {
    await database.db.execute(sql`delete from channels where id = ${ids.channel}`);
    expect(await countRows(database, 'events', sql`id = ${ids.eventA} and channel_id is null and client_id = ${a}`)).toBe(1);
    await database.db.execute(sql`delete from events where id = ${ids.eventA}`);
    for (const table of ['chapter_points', 'chapter_point_custom_properties', 'custom_properties', 'compose_playlists', 'compose_items', 'webhooks', 'webhook_deliveries', 'webhook_attempts', 'assets']) {
      expect([table, await countRows(database, table, sql`client_id = ${a}`)]).toEqual([table, 0]);
    }
  });
});
