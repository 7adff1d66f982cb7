import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineArea, type Endpoint } from '#schema';
import { ApiError } from '#client';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { createStrangerClient, createTestClient } from '#testing/client.ts';
import { listKeys, revokeKey } from '../db/keys.ts';
import { implement } from './implement.ts';

const whoami = defineArea('whoami', {
  get: { method: 'GET', path: '/whoami/', summary: 'who am I', responses: { 200: z.object({ client: z.string(), transactionId: z.string().nullable() }) } },
  write: { method: 'POST', path: '/whoami/', summary: 'write', role: 'operator', body: z.object({ Name: z.string() }), responses: { 200: z.object({ client: z.string() }) } },
});

describe('authentication', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      endpoints: Object.values(whoami) as Endpoint[],
      implementations: [
        implement(whoami.get, async (_input, ctx) => ({ status: 200, body: { client: ctx.client.clientName, transactionId: ctx.transactionId ?? null } })),
        implement(whoami.write, async (_input, ctx) => ({ status: 200, body: { client: ctx.client.clientName } })),
      ],
    });
  });
  afterAll(() => t.close());

  const get = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/whoami/', headers });

  it('answers 401 with the error body without a key, or with an unknown one', async () => {
    const attempts: Record<string, string>[] = [{}, { 'API-KEY': 'not-a-key-of-anyone' }, { 'X-Auth-Key': '' }, { 'API-KEY': '   ' }];
    for (const headers of attempts) {
      const response = await get(headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ exceptionType: 'UnauthorizedException', errorType: 'Unauthorized', exceptionMessage: expect.stringMatching(/API key/) });
    }
  });

  it('takes the key in API-KEY or X-Auth-Key, and knows the tenant', async () => {
    expect((await get({ 'API-KEY': t.key })).json()).toMatchObject({ client: t.clientName });
    expect((await get({ 'X-Auth-Key': t.key })).json()).toMatchObject({ client: t.clientName });
    const other = await t.createTenant();
    expect((await get({ 'api-key': other.key })).json()).toMatchObject({ client: other.clientName });
  });

  it('checks an optional Client header against the key', async () => {
    expect((await get({ 'API-KEY': t.key, Client: t.clientName })).statusCode).toBe(200);
    const wrong = await get({ 'API-KEY': t.key, Client: 'someone-else' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().exceptionMessage).toContain('Client header');
  });

  it('answers 401 before looking at the body', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/whoami/', headers: { 'content-type': 'text/plain' }, payload: '{oops' });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a revoked key at once', async () => {
    const tenant = await t.createTenant();
    const info = (await listKeys(t.database.db)).find((k) => k.client === tenant.clientName)!;
    await revokeKey(t.database.db, info.id, t.clock.now());
    expect((await get({ 'API-KEY': tenant.key })).statusCode).toBe(401);
  });

  it('echoes X-Transaction-ID on success and failure, and hands it to the handler', async () => {
    const ok = await get({ 'API-KEY': t.key, 'X-Transaction-ID': 'tx-42' });
    expect(ok.headers['x-transaction-id']).toBe('tx-42');
    expect(ok.json()).toMatchObject({ transactionId: 'tx-42' });
    const unauthorized = await get({ 'X-Transaction-ID': 'tx-43' });
    expect(unauthorized.headers['x-transaction-id']).toBe('tx-43');
    const notFound = await t.app.inject({ method: 'GET', url: '/nowhere', headers: { 'X-Transaction-ID': 'tx-44' } });
    expect(notFound.headers['x-transaction-id']).toBe('tx-44');
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/whoami/',
      headers: { 'API-KEY': t.key, 'X-Transaction-ID': 'tx-45', 'content-type': 'application/json' },
      payload: '{',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.headers['x-transaction-id']).toBe('tx-45');
    expect((await get({ 'API-KEY': t.key })).headers['x-transaction-id']).toBeUndefined();
  });

  it('gives each tenant its own client for isolation tests', async () => {
    const stranger = await createStrangerClient(t);
    expect(await createTestClient(t).call(whoami.get, {})).toMatchObject({ client: t.clientName });
    expect(await stranger.api.call(whoami.get, {})).toMatchObject({ client: stranger.tenant.clientName });
    expect(stranger.tenant.clientId).not.toBe(t.clientId);
  });

  it('gives the browser client an ApiError it can act on', async () => {
    const api = createTestClient({ app: t.app, key: 'wrong-key-123' });
    const error = await api.call(whoami.get, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isUnauthorized).toBe(true);
    expect((error as ApiError).body?.errorType).toBe('Unauthorized');
  });
});
