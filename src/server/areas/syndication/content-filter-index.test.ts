/** contentIdFilter (a case-insensitive substring) is answered from the trigram index, on PGlite and PostgreSQL. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, sql } from 'drizzle-orm';
import { openTestDatabase, type TestDatabase } from '../../db/test-database.ts';
import { publications } from '../../db/tables/index.ts';
import { contentFilter } from './repo.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

describe('the contentIdFilter of the publication lists', () => {
  it('can use publications_content_id_trgm_idx for a substring anywhere in the content id', async () => {
    const query = database.db
      .select({ id: publications.id })
      .from(publications)
      .where(and(...contentFilter('Match_12')))
      .toSQL();
    // An empty table is read sequentially whatever its indexes: take that choice away to see
    // whether an index can answer the filter at all (the lists add client and kind, which the
    // planner combines with it once the table is large).
    const plan = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(sql.raw(`explain ${query.sql.replace(/\$(\d+)/g, (_, n: string) => literal(query.params[Number(n) - 1]))}`));
      return (result as unknown as { rows: Record<string, string>[] }).rows.map((row) => Object.values(row)[0]).join('\n');
    });
    expect(plan).toContain('publications_content_id_trgm_idx');
  });
});

function literal(value: unknown): string {
  return `'${String(value).replace(/'/g, "''")}'`;
}
