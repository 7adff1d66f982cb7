/**
 * Every operation record is reachable: the browser client builds its URL (buildPath,
 * requestUrl), the request goes through the real Fastify routing, and the record that answers
 * is the one that was called. Spy handlers (which answer 418 with what they were given) stand
 * in for the areas, so this holds whatever the areas have implemented.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allEndpoints, defineArea, type Endpoint } from '#schema';
import type { ApiClient } from '#client';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { createTestClient, failure } from '#testing/client.ts';
import { bodyOptional, sampleParams, sampleQuery, samplesAccepted } from '#testing/samples.ts';
import { eventTypes } from '../db/tables/events.ts';
import { eq } from 'drizzle-orm';
import { HttpError } from './errors.ts';
import { implement, type Implementation } from './implement.ts';

function spy(endpoint: Endpoint): Implementation {
  return implement(endpoint, async (input) => {
    throw new HttpError(418, 'Spy', endpoint.id, { input });
  });
}

describe('every operation record routes to itself', () => {
  let t: TestApp;
  let api: ApiClient;
  beforeAll(async () => {
    t = await createTestApp({ implementations: allEndpoints.map(spy) });
    api = createTestClient(t);
  });
  afterAll(() => t.close());

  it('has records to route', () => {
    expect(allEndpoints.length).toBeGreaterThan(0);
  });

  it.each(allEndpoints.map((e) => [e.id, e] as const))('%s', async (_id, endpoint) => {
    const params = sampleParams(endpoint);
    const query = sampleQuery(endpoint);
    const error = await failure(api.call(endpoint, { params, query } as never));
    const data = error.body?.data as { operationId?: string; input?: { params: unknown } } | undefined;
    expect(data?.operationId, `${endpoint.method} ${endpoint.path} answered ${error.status}: ${error.message}`).toBe(endpoint.id);
    if (bodyOptional(endpoint) && samplesAccepted(endpoint)) {
      // Input reached the handler parsed, path parameters decoded (`a b/c?d&e` survives the trip).
      expect(error.status, error.message).toBe(418);
      if (params) expect(data?.input?.params).toEqual(endpoint.params!.parse(params));
    } else {
      expect(error.status).toBe(400);
    }
  });
});

// Records made for this test: the oddities of the interface's paths, and the answers a handler can give.
const Probe = z.object({ name: z.string() });
const probe = defineArea('probe', {
  noSlash: { method: 'GET', path: '/probe/x', summary: 'x', responses: { 200: Probe } },
  slash: { method: 'GET', path: '/probe/x/', summary: 'x/', responses: { 200: Probe } },
  glued: {
    method: 'GET',
    path: '/probe/template{templateId}',
    summary: 'glued',
    params: z.object({ templateId: z.guid() }),
    responses: { 200: Probe },
  },
  byId: { method: 'GET', path: '/probe/{eventId}', summary: 'by id', params: z.object({ eventId: z.guid() }), responses: { 200: Probe } },
  hyphen: {
    method: 'GET',
    path: '/probe/sync/{event-id}',
    summary: 'hyphen',
    params: z.object({ 'event-id': z.guid() }),
    responses: { 200: Probe },
  },
  noLeadingSlash: { method: 'GET', path: 'probenoslash', summary: 'no leading slash', responses: { 200: Probe } },
  empty: { method: 'GET', path: '/probe/empty/', summary: '204', responses: { 200: Probe, 204: null } },
  gone: { method: 'DELETE', role: 'operator', path: '/probe/{eventId}', summary: '410', params: z.object({ eventId: z.guid() }), responses: { 410: null } },
  drift: { method: 'GET', path: '/probe/drift/', summary: 'drift', responses: { 200: Probe } },
  boom: { method: 'GET', path: '/probe/boom/', summary: 'boom', responses: { 200: Probe } },
  write: {
    method: 'POST',
    role: 'operator',
    path: '/probe/write/',
    summary: 'write then fail',
    body: z.object({ Name: z.string(), Fail: z.boolean() }),
    responses: { 200: Probe },
  },
  patch: {
    method: 'PATCH',
    role: 'operator',
    path: '/probe/patch/',
    summary: 'json patch',
    contentType: 'application/json-patch+json',
    body: z.array(z.object({ op: z.string(), path: z.string(), value: z.unknown() })),
    responses: { 200: Probe },
  },
});
const probeEndpoints = Object.values(probe) as Endpoint[];
const GUID = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';

describe('path oddities and answers', () => {
  let t: TestApp;
  let api: ApiClient;
  beforeAll(async () => {
    t = await createTestApp({
      endpoints: probeEndpoints,
      implementations: [
        implement(probe.noSlash, async () => ({ status: 200, body: { name: 'no slash' } })),
        implement(probe.slash, async () => ({ status: 200, body: { name: 'slash' } })),
        implement(probe.glued, async ({ params }) => ({ status: 200, body: { name: `glued ${params.templateId}` } })),
        implement(probe.byId, async ({ params }) => ({ status: 200, body: { name: `id ${params.eventId}` } })),
        implement(probe.hyphen, async ({ params }) => ({ status: 200, body: { name: `hyphen ${params['event-id']}` } })),
        implement(probe.noLeadingSlash, async () => ({ status: 200, body: { name: 'no leading slash' } })),
        implement(probe.empty, async () => ({ status: 204 })),
        implement(probe.gone, async () => ({ status: 410 })),
        implement(probe.drift, async () => ({ status: 200, body: { name: 42 } as never })),
        implement(probe.boom, async () => {
          throw new Error('secret detail from deep inside');
        }),
        implement(probe.write, async ({ body }, ctx) => {
          // A row of the caller's own client: the handler's database writes nothing else.
          await ctx.db.insert(eventTypes).values({ clientId: ctx.client.clientId, name: `written-${body.Name}`, dateCreated: new Date(), dateModified: new Date() });
          if (body.Fail) throw new HttpError(409, 'Conflict', 'failing after the write');
          return { status: 200, body: { name: body.Name } };
        }),
        implement(probe.patch, async ({ body }) => ({ status: 200, body: { name: body.map((o) => o.path).join(',') } })),
      ],
    });
    api = createTestClient(t);
  });
  afterAll(() => t.close());

  it('keeps /x and /x/ apart', async () => {
    expect(await api.call(probe.noSlash, {})).toEqual({ name: 'no slash' });
    expect(await api.call(probe.slash, {})).toEqual({ name: 'slash' });
  });

  it('routes a parameter glued to a literal beside a plain parameter', async () => {
    expect(await api.call(probe.glued, { params: { templateId: GUID } })).toEqual({ name: `glued ${GUID}` });
    expect(await api.call(probe.byId, { params: { eventId: GUID } })).toEqual({ name: `id ${GUID}` });
  });

  it('routes {event-id} and a path written without its leading slash', async () => {
    expect(await api.call(probe.hyphen, { params: { 'event-id': GUID } })).toEqual({ name: `hyphen ${GUID}` });
    expect(await api.call(probe.noLeadingSlash, {})).toEqual({ name: 'no leading slash' });
  });

  it('answers 204 as null and a declared 410 as success', async () => {
    expect(await api.call(probe.empty, {})).toBeNull();
    expect(await api.call(probe.gone, { params: { eventId: GUID } })).toBeNull();
    const raw = await t.app.inject({ method: 'DELETE', url: `/api/probe/${GUID}`, headers: t.headers() });
    expect(raw.statusCode).toBe(410);
    expect(raw.body).toBe('');
  });

  it('fails loudly when a handler drifts from the response schema', async () => {
    const error = await failure(api.call(probe.drift, {}));
    expect(error.status).toBe(500);
    expect(error.body?.errorType).toBe('ResponseShape');
    expect(error.message).toContain('probe.drift');
  });

  it('answers an unexpected error with 500 InternalError, without its details', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/probe/boom/', headers: t.headers() });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body).toMatchObject({ errorType: 'InternalError', exceptionType: 'InternalErrorException' });
    expect(response.body).not.toContain('secret detail');
    expect(response.body).not.toContain('.ts:');
    expect(body.data.requestId).toEqual(expect.any(String));
  });

  it('rolls back what a failing write wrote', async () => {
    expect(await api.call(probe.write, { body: { Name: 'kept', Fail: false } })).toEqual({ name: 'kept' });
    const error = await failure(api.call(probe.write, { body: { Name: 'dropped', Fail: true } }));
    expect(error.status).toBe(409);
    const names = (await t.database.db.select({ name: eventTypes.name }).from(eventTypes).where(eq(eventTypes.name, 'written-dropped'))).length;
    expect(names).toBe(0);
    expect((await t.database.db.select().from(eventTypes).where(eq(eventTypes.name, 'written-kept'))).length).toBe(1);
  });

  it('accepts body field names in any casing and JSON under its json-patch content type', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/probe/write/',
      headers: { ...t.headers(), 'content-type': 'application/json; charset=utf-8' },
      payload: { name: 'cased', FAIL: false },
    });
    expect(response.json()).toEqual({ name: 'cased' });
    expect(await api.call(probe.patch, { body: [{ op: 'replace', path: '/Title', value: 'x' }] })).toEqual({ name: '/Title' });
    const vendor = await t.app.inject({
      method: 'POST',
      url: '/api/probe/write/',
      headers: { ...t.headers(), 'content-type': 'application/vnd.example+json' },
      payload: { name: 'vendor', fail: false },
    });
    expect(vendor.statusCode).toBe(200);
    // An operation that declares its own body type takes that type only: a JSON Patch is not plain JSON.
    const plain = await t.app.inject({
      method: 'PATCH',
      url: '/api/probe/patch/',
      headers: { ...t.headers(), 'content-type': 'application/json' },
      payload: '[]',
    });
    expect(plain.statusCode).toBe(415);
    expect(plain.json()).toMatchObject({ errorType: 'UnsupportedMediaType' });
  });

  it('names the failing fields of a 400', async () => {
    const error = await failure(api.call(probe.byId, { params: { eventId: 'not-a-guid' } }));
    expect(error.status).toBe(400);
    expect(error.fieldErrors).toEqual([{ field: 'params.eventId', message: 'expected a GUID' }]);
    expect(error.message).toBe('The request is not valid: params.eventId: expected a GUID');
    const body = await failure(api.call(probe.write, { body: { Name: 5, Fail: 'no' } as never }));
    expect(body.fieldErrors.map((f) => f.field)).toEqual(['body.Name', 'body.Fail']);
    expect(body.message).toContain('body.Name: expected text, got number 5');
  });

  it('suggests the other trailing slash or method for a near miss', async () => {
    const slash = await t.app.inject({ method: 'GET', url: '/api/probenoslash/', headers: t.headers() });
    expect(slash.statusCode).toBe(404);
    expect(slash.json().exceptionMessage).toContain('Did you mean GET /api/probenoslash?');
    const method = await t.app.inject({ method: 'PUT', url: '/api/probe/x/', headers: t.headers() });
    expect(method.statusCode).toBe(405);
    expect(method.headers.allow).toBe('GET');
  });
});

describe('buildApp refuses a broken set of records', () => {
  it('refuses two records with the same method and path', async () => {
    const twice = defineArea('twice', {
      a: { method: 'GET', path: '/twice/', summary: 'a', responses: { 200: Probe } },
      b: { method: 'GET', path: '/twice/', summary: 'b', responses: { 200: Probe } },
    });
    await expect(createTestApp({ endpoints: Object.values(twice) as Endpoint[], implementations: [] })).rejects.toThrow(/twice\.b and twice\.a/);
  });

  it('refuses an implementation of an operation that is not served', async () => {
    await expect(createTestApp({ endpoints: [probe.slash], implementations: [spy(probe.noSlash)] })).rejects.toThrow(/probe\.noSlash/);
  });
});
