/**
 * Row-level security (tenant-scope.ts, migration 0019): every client-owned table is bound to the
 * client a statement runs for, so a query that forgets its `client_id` filter, in a handler or a
 * repository, still reads and changes only its client's rows. Walks every table of the catalog.
 * Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '#schema';
import { createTestApp, type TestApp, type TestTenant } from '#testing/app.ts';
import { insertRow, selectRows } from '#testing/rows.ts';
import { implement } from '../http/implement.ts';
import { seedDemoData } from '../demo/seed.ts';
import { webhooks } from './tables/webhooks.ts';
import { TENANT_ROLE, tenantDb } from './tenant-scope.ts';
import type { Db } from './database.ts';

/** The job queue carries the client of a job when it has one; the service's worker reads it whole. */
const UNBOUND = new Set(['jobs']);

/** The server's files (tests and the definition aside) that call this. */
async function usesOf(call: string): Promise<string[]> {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
  const files = await readdir(join(root, 'src', 'server'), { recursive: true });
  const found: string[] = [];
  for (const file of files.filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).sort()) {
    const path = join('src', 'server', file);
    if (path.endsWith(join('db', 'tenant-scope.ts'))) continue;
    if ((await readFile(join(root, path), 'utf8')).includes(call)) found.push(path.split(sep).join('/'));
  }
  return found;
}

/** What Drizzle throws when the database refuses a row under the policy (the driver's error is its cause). */
const REFUSED = { cause: { message: expect.stringMatching(/row-level security/) } };

let t: TestApp;
let owner: TestTenant;
let protectedTables: { table: string; column: string }[];

async function count(db: Db, table: string, where = sql`true`): Promise<number> {
  const result = (await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`)) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createTenant();
  await seedDemoData(t.database.db, owner.clientId, t.clock);
  await insertRow(t.database, 'webhooks', { client_id: owner.clientId, webhook_url: 'https://hooks.example.com/b', use_http_basic_authentication: false, use_json_body: true });
  await insertRow(t.database, 'webhooks', { client_id: t.clientId, webhook_url: 'https://hooks.example.com/a', use_http_basic_authentication: false, use_json_body: true });
  protectedTables = await selectRows<{ table: string; column: string }>(
    t.database,
    sql`select c.relname::text as "table", a.attname::text as "column"
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
          and (a.attname = 'client_id' or (c.relname = 'clients' and a.attname = 'id'))
        where n.nspname = 'public' and c.relkind = 'r' order by 1`,
  );
  protectedTables = protectedTables.filter((p) => !UNBOUND.has(p.table));
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('row-level security', () => {
  it('binds every client-owned table with the one policy', async () => {
    const bound = await selectRows<{ table: string; enabled: boolean; policy: string | null; granted: boolean }>(
      t.database,
      sql`select c.relname::text as "table", c.relrowsecurity as enabled,
            (select p.polname::text from pg_policy p where p.polrelid = c.oid and p.polname = 'client_isolation') as policy,
            has_table_privilege(${TENANT_ROLE}, c.oid, 'SELECT, INSERT, UPDATE, DELETE') as granted
          from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r'`,
    );
    const byTable = new Map(bound.map((b) => [b.table, b]));
    expect(protectedTables.length).toBeGreaterThan(30);
    const unprotected = protectedTables
      .map((p) => byTable.get(p.table)!)
      .filter((b) => !b.enabled || b.policy !== 'client_isolation' || !b.granted)
      .map((b) => b.table);
    // A new client-owned table's migration ends with `SELECT control_protect_table('<table>');`.
    expect(unprotected).toEqual([]);
  });

  it("runs a client's statements as the role the policies bind, and the service's as the owner", async () => {
    const roleOf = async (db: Db) => ((await db.execute(sql`select current_user::text as role`)) as unknown as { rows: { role: string }[] }).rows[0]!.role;
    expect(await roleOf(tenantDb(t.database.db, t.clientId))).toBe(TENANT_ROLE);
    expect(await roleOf(t.database.db)).not.toBe(TENANT_ROLE);
    const [tenant] = await selectRows<{ bypass: boolean }>(t.database, sql`select rolsuper or rolbypassrls as bypass from pg_roles where rolname = ${TENANT_ROLE}`);
    expect(tenant!.bypass).toBe(false);
  });

  it('shows each client only its rows of every table, whatever the query forgets to filter', async () => {
    const withRows: string[] = [];
    for (const { table, column } of protectedTables) {
      const mine = sql`${sql.identifier(column)} = ${t.clientId}`;
      const theirs = sql`${sql.identifier(column)} = ${owner.clientId}`;
      const [all, a, b] = [await count(t.database.db, table), await count(t.database.db, table, mine), await count(t.database.db, table, theirs)];
      if (b > 0) withRows.push(table);
      expect.soft(await count(tenantDb(t.database.db, t.clientId), table), `${table} as its client A`).toBe(a);
      expect.soft(await count(tenantDb(t.database.db, owner.clientId), table), `${table} as its client B`).toBe(b);
      expect.soft(all).toBeGreaterThanOrEqual(a + b);
      // An update and a delete with no filter at all touch only the caller's rows.
      const asA = tenantDb(t.database.db, t.clientId);
      const updated = (await asA.execute(sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = ${sql.identifier(column)} where ${theirs}`)) as unknown as { rowCount: number };
      expect.soft(updated.rowCount, `${table}: A updates none of B's rows`).toBe(0);
      const deleted = (await asA.execute(sql`delete from ${sql.identifier(table)} where ${theirs}`)) as unknown as { rowCount: number };
      expect.soft(deleted.rowCount, `${table}: A deletes none of B's rows`).toBe(0);
      expect.soft(await count(t.database.db, table, theirs), `${table}: B's rows are all there`).toBe(b);
    }
    // The demo data reaches most tables; an empty one would prove nothing about it.
    expect(withRows.length).toBeGreaterThan(protectedTables.length / 2);
  });

  it("refuses a row written for another client, in and out of a transaction", async () => {
    const asA = tenantDb(t.database.db, t.clientId);
    const row = { clientId: owner.clientId, webhookUrl: 'https://hooks.example.com/x', useHttpBasicAuthentication: false, useJsonBody: true, createdAt: new Date(), updatedAt: new Date() };
    await expect(asA.insert(webhooks).values(row)).rejects.toMatchObject(REFUSED);
    await expect(asA.transaction((tx) => tx.insert(webhooks).values(row))).rejects.toMatchObject(REFUSED);
    // Moving one's own row to another client is refused as well.
    await expect(asA.update(webhooks).set({ clientId: owner.clientId })).rejects.toMatchObject(REFUSED);
    // After those rollbacks the service's own statements see every client again.
    expect(await count(t.database.db, 'webhooks')).toBeGreaterThanOrEqual(2);
  });

  it('leaves the policy only for reads whose index it would disable and the service work a request starts, each named here', async () => {
    // A new use needs a reason of the same kind: an operator that is not leakproof, on an index.
    const uses = await usesOf('asService(');
    expect(uses).toEqual([
      'src/server/areas/event/list.ts', // the list's `search` ILIKE on events_list_text_trgm_idx
      'src/server/areas/search/repo.ts', // events' full-text `@@` on events_search_idx
      'src/server/areas/syndication/repo.ts', // content id `ILIKE` on publications_content_id_trgm_idx
      'src/server/areas/webhook/routes.ts', // the app's one dispatcher, which a test or a redelivery starts
    ]);
  });

  it("binds a handler's database to the caller: one that forgets its filter lists only the caller's rows", async () => {
    const careless = implement(endpoints.webhook.list, async (_input, ctx) => {
      const rows = await ctx.db.select({ id: webhooks.id, clientId: webhooks.clientId }).from(webhooks);
      return { status: 200, body: rows as never };
    });
    const app = await createTestApp({ implementations: [careless], validateResponses: false });
    try {
      const other = await app.createTenant();
      for (const client of [app.clientId, other.clientId, other.clientId]) {
        await insertRow(app.database, 'webhooks', { id: randomUUID(), client_id: client, webhook_url: 'https://hooks.example.com/', use_http_basic_authentication: false, use_json_body: true });
      }
      const asA = await app.app.inject({ method: 'GET', url: '/api/webhook/', headers: app.headers() });
      expect((asA.json() as { clientId: string }[]).map((r) => r.clientId)).toEqual([app.clientId]);
      const asOther = await app.app.inject({ method: 'GET', url: '/api/webhook/', headers: app.headers(other) });
      expect((asOther.json() as { clientId: string }[]).map((r) => r.clientId)).toEqual([other.clientId, other.clientId]);
    } finally {
      await app.close();
    }
  });
});
