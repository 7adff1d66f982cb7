/**
 * Roles (DESIGN.md "Trust"), on every operation: a viewer, an operator and an admin key each
 * call it; the binder refuses (403, naming the role) exactly the calls whose role is below the
 * operation's, before anything else, and lets the others through to the handler (spy handlers
 * answer 418, so nothing is written). What the right role's call then does is walked by
 * src/server/trust-walk.test.ts, and the OpenAPI document says each operation's role.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, roleAllows, ROLES, type Endpoint, type Role } from '#schema';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { createTestClient, failure } from '#testing/client.ts';
import { sampleParams, sampleQuery } from '#testing/samples.ts';
import { HttpError } from './errors.ts';
import { implement, type Implementation } from './implement.ts';
import { buildOpenApiDocument } from './openapi.ts';

function spy(endpoint: Endpoint): Implementation {
  return implement(endpoint, async () => {
    throw new HttpError(418, 'Spy', endpoint.id);
  });
}

let t: TestApp;
const clients = {} as Record<Role, ReturnType<typeof createTestClient>>;

beforeAll(async () => {
  t = await createTestApp({ implementations: allEndpoints.map(spy) });
  for (const role of ROLES) clients[role] = createTestClient(t, { tenant: await t.createKeyFor(role) });
}, 120_000);
afterAll(() => t?.close());

describe('every operation with every role', () => {
  it.each(allEndpoints.map((e) => [e.id, e] as const))('%s', async (_id, endpoint) => {
    for (const role of ROLES) {
      const error = await failure(clients[role].call(endpoint, { params: sampleParams(endpoint), query: sampleQuery(endpoint) } as never));
      if (roleAllows(role, endpoint.role)) {
        expect(error.status, `${role}: ${error.message}`).not.toBe(403);
      } else {
        expect(error.status, `${role} must be refused`).toBe(403);
        expect(error.body?.exceptionMessage).toContain(`role is ${role}`);
        expect(error.body?.data).toMatchObject({ role, required: endpoint.role });
      }
    }
  });

  it('keeps configuration to admins and the day-to-day work to operators', () => {
    const needs = (id: string) => allEndpoints.find((e) => e.id === id)!.role;
    for (const id of ['webhook.update', 'mediaDestination.update', 'destination.create', 'mediaDestinationProperty.upsert', 'eventType.create', 'tag.create', 'xflow.update', 'archiverflow.create', 'archiverPlayoutProfile.update']) {
      expect(needs(id), id).toBe('admin');
    }
    for (const id of ['event.upsert', 'event.setState', 'customProperty.upsert', 'compose.update', 'asset.createImage', 'livePublication.start', 'vodDownload.create', 'archiverCapture.update', 'tag.setForEvent']) {
      expect(needs(id), id).toBe('operator');
    }
    expect(allEndpoints.filter((e) => e.method === 'GET').every((e) => e.role !== 'admin')).toBe(true);
  });

  it('says in the OpenAPI document which role each operation needs', () => {
    const { document } = buildOpenApiDocument({ endpoints: allEndpoints });
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item)) as { operationId: string; 'x-role'?: string; responses: Record<string, unknown> }[];
    for (const endpoint of allEndpoints) {
      const op = operations.find((o) => o.operationId === endpoint.id)!;
      expect(op['x-role'], endpoint.id).toBe(endpoint.role);
      expect('403' in op.responses, endpoint.id).toBe(endpoint.role !== 'viewer');
    }
  });
});
