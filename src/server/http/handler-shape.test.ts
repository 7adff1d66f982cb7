/**
 * The one handler shape (implement.ts): an operation's `prepare` runs before the write's
 * transaction opens, its answer reaches the handler, and the handler runs in one transaction that
 * a failure rolls back whole. On PGlite and PostgreSQL alike.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '#schema';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { selectRows } from '#testing/rows.ts';
import type { Db } from '../db/database.ts';
import { webhooks } from '../db/tables/webhooks.ts';
import { badField } from './errors.ts';
import { implement } from './implement.ts';

/** Whether `db` is inside a transaction block: SAVEPOINT is refused outside one. */
async function inTransaction(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`savepoint shape_probe`);
    await db.execute(sql`release savepoint shape_probe`);
    return true;
  } catch {
    return false;
  }
}

const URL_PREFIX = 'https://hooks.example.com/shape/';

let t: TestApp;
beforeAll(async () => {
  const shaped = implement(
    endpoints.webhook.update,
    async ({ params, body }, ctx, prepared: { inTransaction: boolean; url: string }) => {
      await ctx.db.insert(webhooks).values({ id: params.id, clientId: ctx.client.clientId, webhookUrl: prepared.url, useHttpBasicAuthentication: false, useJsonBody: true, createdAt: ctx.clock.now(), updatedAt: ctx.clock.now() });
      // A failure after the insert: the insert must not stay.
      if (body.username === 'fail after writing') throw badField('body.username', 'fails after the write');
      return { status: 200, body: { prepared: prepared.inTransaction, handler: await inTransaction(ctx.db) } as never };
    },
    {
      prepare: async ({ body }, ctx) => {
        if (body.username === 'refuse') throw badField('body.username', 'refused while preparing');
        return { inTransaction: await inTransaction(ctx.db), url: `${URL_PREFIX}${randomUUID()}` };
      },
    },
  );
  t = await createTestApp({ implementations: [shaped], validateResponses: false });
});
afterAll(() => t?.close());

const put = (username: string) =>
  t.app.inject({ method: 'PUT', url: `/api/webhook/${randomUUID()}`, headers: t.headers(), payload: { webhookUrl: 'https://hooks.example.com/', useHttpBasicAuthentication: false, useJsonBody: true, username } });
const written = async () => (await selectRows<{ n: number }>(t.database, sql`select count(*)::int as n from webhooks where webhook_url like ${`${URL_PREFIX}%`}`))[0]!.n;

describe('the handler shape: prepare, then the write in one transaction', () => {
  it('runs prepare outside the transaction and the handler inside it, with what prepare answered', async () => {
    const answer = await put('ok');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ prepared: false, handler: true });
    expect(await written()).toBe(1);
  });

  it('answers 400 from prepare without running the write', async () => {
    const answer = await put('refuse');
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('refused while preparing');
    expect(await written()).toBe(1);
  });

  it('rolls back every row of a write that fails after writing', async () => {
    const answer = await put('fail after writing');
    expect(answer.statusCode).toBe(400);
    expect(await written()).toBe(1);
  });
});
