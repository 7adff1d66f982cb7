/**
 * Rows written straight into a test database by table name, for tests about the database itself
 * (tenancy, migrations): `insertRow` fills every required column the test does not care about
 * with some value of its type, so a test names only the columns it is about.
 *
 * @example
 * await insertRow(database, 'events', { id: eventId, client_id: clientId, channel_id: channelId });
 */
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/database.ts';

export async function selectRows<T>(database: Database, query: SQL): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Inserts a row, filling the other required columns (not null, no default) with a value of their type. */
export async function insertRow(database: Database, table: string, values: Record<string, unknown>): Promise<void> {
  const columns = await selectRows<{ name: string; type: string; nullable: string; hasDefault: boolean; generated: string }>(
    database,
    sql`select column_name::text as name, udt_name::text as type, is_nullable::text as nullable, column_default is not null as "hasDefault", is_generated::text as generated
        from information_schema.columns where table_schema = 'public' and table_name = ${table}`,
  );
  const filler: Record<string, () => unknown> = {
    text: () => 'x',
    int4: () => 0,
    int8: () => 0,
    float8: () => 0,
    bool: () => false,
    timestamptz: () => new Date().toISOString(),
    jsonb: () => '{}',
    uuid: () => randomUUID(),
    _uuid: () => '{}',
  };
  const row: Record<string, unknown> = {};
  for (const c of columns) {
    if (c.name in values) row[c.name] = values[c.name];
    else if (c.nullable === 'NO' && !c.hasDefault && c.generated !== 'ALWAYS') {
      const fill = filler[c.type];
      if (!fill) throw new Error(`insertRow: no value for ${table}.${c.name} (${c.type})`);
      row[c.name] = fill();
    }
  }
  const names = Object.keys(row);
  await database.db.execute(
    sql`insert into ${sql.identifier(table)} (${sql.join(
      names.map((n) => sql.identifier(n)),
      sql`, `,
    )}) values (${sql.join(
      names.map((n) => sql`${row[n]}`),
      sql`, `,
    )})`,
  );
}

export async function countRows(database: Database, table: string, where: SQL = sql`true`): Promise<number> {
  const [row] = await selectRows<{ n: number }>(database, sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`);
  return Number(row!.n);
}
