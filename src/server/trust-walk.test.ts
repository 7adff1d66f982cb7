/**
 * Every write operation, walked on a demo tenant with a successful call of each
 * (src/testing/write-walk.ts): DESIGN.md "Trust" holds for all of them.
 * - Roles: a viewer key is refused (403), and an operator key for an admin operation; neither
 *   leaves an activity entry.
 * - Versions: a write of one versioned record sent with a stale If-Match answers 412, leaves the
 *   record's version and the trail as they were; sent with the current one it succeeds.
 * - The trail: the successful call leaves one entry per record it names, with the key that made
 *   it, the operation, the record, and the fields it changed; another client sees none of them.
 * A new write operation fails the first test until it has a recipe. Runs on PGlite, and on
 * PostgreSQL when DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, gt, and, asc } from 'drizzle-orm';
import { allEndpoints, isVersionedKind, type Endpoint, type EndpointInput, type ParsedInput } from '#schema';
import { ApiError, type ApiClient } from '#client';
import { createTestApp, type TestApp, type TestTenant } from '#testing/app.ts';
import { createTestClient } from '#testing/client.ts';
import { whileTimePasses } from '#testing/live.ts';
import { createWalk, type Walk, type WriteCall } from '#testing/write-walk.ts';
import { WRITE_CALLS } from '#testing/write-calls.ts';
import { activity } from './db/tables/trust.ts';
import { isWrite, valuesAt, versionFor } from './http/trust.ts';
import { seedDemoData } from './demo/seed.ts';

const WRITES = allEndpoints.filter(isWrite);

let t: TestApp;
let walk: Walk;
const keys = {} as Record<'viewer' | 'operator' | 'admin', { tenant: TestTenant & { keyId: string }; api: ApiClient }>;

beforeAll(async () => {
  t = await createTestApp({ services: { webhooks: { allowPrivate: true } } });
  await seedDemoData(t.database.db, t.clientId, t.clock);
  for (const role of ['viewer', 'operator', 'admin'] as const) {
    const tenant = await t.createKeyFor(role, t, `Walk ${role}`);
    keys[role] = { tenant, api: createTestClient(t, { tenant }) };
  }
  walk = createWalk(t, keys.admin.api);
}, 180_000);
afterAll(() => t?.close());

async function status(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (error) {
    if (error instanceof ApiError) return error.status;
    throw error;
  }
}

async function entriesAfter(seq: number) {
  return t.database.db.select().from(activity).where(and(eq(activity.clientId, t.clientId), gt(activity.seq, seq))).orderBy(asc(activity.seq));
}
async function lastSeq(): Promise<number> {
  const rows = await t.database.db.select({ seq: activity.seq }).from(activity).where(eq(activity.clientId, t.clientId));
  return rows.reduce((m, r) => Math.max(m, r.seq), 0);
}

function inputOf(call: WriteCall): EndpointInput<Endpoint> {
  return { ...(call.params ? { params: call.params } : {}), ...(call.query ? { query: call.query } : {}), ...(call.body !== undefined ? { body: call.body } : {}) } as EndpointInput<Endpoint>;
}

/** Whether the walk can put a stale If-Match to the operation: it writes one record of a kind with versions, named in the request. */
function checksVersion(endpoint: Endpoint, call: WriteCall): boolean {
  const ref = endpoint.resource;
  return !!ref?.id && !ref.many && isVersionedKind(ref.kind) && valuesAt(call, ref.id).length === 1;
}

describe('every write operation', () => {
  it('has a recipe in the walk', () => {
    expect(WRITES.filter((e) => !WRITE_CALLS[e.id]).map((e) => e.id)).toEqual([]);
    expect(Object.keys(WRITE_CALLS).filter((id) => !WRITES.some((e) => e.id === id))).toEqual([]);
  });

  it('declares the record it writes, or that it changes nothing an operator edits', () => {
    expect(WRITES.filter((e) => !e.resource && e.trail !== false).map((e) => e.id)).toEqual([]);
  });

  it.each(WRITES.map((e) => [e.id, e] as const))('%s: refused writes leave nothing; a successful one leaves its entry', async (_id, endpoint) => {
    const call = await WRITE_CALLS[endpoint.id]!(walk);
    const input = inputOf(call);
    const before = await lastSeq();

    // Refused: a key whose role is below the operation's.
    if (endpoint.role !== 'viewer') expect(await status(keys.viewer.api.call(endpoint, input))).toBe(403);
    if (endpoint.role === 'admin') expect(await status(keys.operator.api.call(endpoint, input))).toBe(403);

    // Refused: a stale version.
    const user = endpoint.role === 'admin' ? keys.admin : keys.operator;
    let ifMatch: Record<string, string> = {};
    if (checksVersion(endpoint, call)) {
      const current = await versionFor(t.database.db, endpoint, input as unknown as ParsedInput<Endpoint>, t.clientId);
      expect(await status(user.api.call(endpoint, input, { headers: { 'If-Match': '"0"' } })), 'a stale If-Match').toBe(412);
      expect(await versionFor(t.database.db, endpoint, input as unknown as ParsedInput<Endpoint>, t.clientId)).toBe(current);
      if (current !== undefined) ifMatch = { 'If-Match': `"${current}"` };
    }
    expect(await entriesAfter(before), 'refused calls leave no entry').toEqual([]);

    // Accepted.
    const sent = user.api.call(endpoint, input, { headers: ifMatch });
    const answer = call.waits ? await whileTimePasses(t.clock, sent) : await sent;
    const all = await entriesAfter(before);
    if (endpoint.trail === false) {
      expect(all).toEqual([]);
      return;
    }
    // What background work did meanwhile (a forced restart's encoder steps) has entries of its own.
    const entries = all.filter((e) => e.system === null);
    if (endpoint.resource?.many) expect(entries.length).toBeGreaterThanOrEqual(1);
    else expect(entries).toHaveLength(1);
    const entry = entries[0]!;
    expect(entry).toMatchObject({ keyId: user.tenant.keyId, keyLabel: user.tenant === keys.admin.tenant ? 'Walk admin' : 'Walk operator', role: endpoint.role === 'admin' ? 'admin' : 'operator', system: null, operation: endpoint.id, entity: endpoint.resource!.kind });
    const named = call.entityId ?? (endpoint.resource?.id && !endpoint.resource.by ? valuesAt(call, endpoint.resource.id)[0] : undefined);
    const made = typeof answer === 'string' || (answer !== null && typeof answer === 'object' && 'id' in answer) || (Array.isArray(answer) && answer.length > 0);
    if (named !== undefined) expect(entry.entityId).toBe(named);
    else if (endpoint.resource?.id || made) expect(entry.entityId, 'the record it names or made').not.toBeNull();
    const changed = entries.flatMap((e) => e.changes.map((c) => c.field));
    for (const field of call.fields ?? []) expect(changed, `${endpoint.id} changes ${field}`).toContain(field);
  }, 60_000);

  it('shows no entry to another client', async () => {
    const stranger = await t.createTenant();
    expect(await t.database.db.select({ n: count() }).from(activity).where(eq(activity.clientId, t.clientId))).not.toEqual([{ n: 0 }]);
    const page = await createTestClient(t, { tenant: stranger }).call(allEndpoints.find((e) => e.id === 'activity.list')!, {});
    expect(page).toMatchObject({ items: [], totalCount: 0 });
  });
});
