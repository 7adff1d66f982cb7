/**
 * Another client's webhook is indistinguishable from an unknown id: the same status and the same
 * body for every operation on it (delete, update, get, deliveries, test), and it is left as it was.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestTenant } from '#testing/app.ts';

let t: TestApp;
let other: TestTenant;
let theirs: { id: string };

beforeAll(async () => {
  t = await createTestApp({ services: { webhooks: { allowPrivate: true } } });
  other = await t.createTenant();
  const created = await t.app.inject({ method: 'POST', url: '/api/webhook/', headers: t.headers(other), payload: { webhookUrl: 'https://hooks.example.com/theirs' } });
  expect(created.statusCode).toBe(200);
  theirs = created.json() as { id: string };
});
afterAll(() => t.close());

/** Status and body with the id replaced, so a foreign and an unknown id compare. */
async function answer(method: 'GET' | 'PUT' | 'DELETE' | 'POST', path: (id: string) => string, id: string, payload?: object) {
  const response = await t.app.inject({ method, url: `/api${path(id)}`, headers: t.headers(), ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.body.split(id).join('<id>') };
}

describe('a foreign webhook id', () => {
  it.each([
    ['DELETE /webhook/{id}', 'DELETE', (id: string) => `/webhook/${id}`, undefined],
    ['DELETE /webhook/{id}/event/', 'DELETE', (id: string) => `/webhook/${id}/event/`, undefined],
    ['GET /webhook/{id}', 'GET', (id: string) => `/webhook/${id}`, undefined],
    ['GET /webhook/{id}/event/', 'GET', (id: string) => `/webhook/${id}/event/`, undefined],
    ['PUT /webhook/{id}', 'PUT', (id: string) => `/webhook/${id}`, { webhookUrl: 'https://hooks.example.com/mine' }],
    ['GET /webhook/{id}/deliveries', 'GET', (id: string) => `/webhook/${id}/deliveries`, undefined],
  ] as const)('%s answers as an unknown one', async (_label, method, path, payload) => {
    const foreign = await answer(method, path, theirs.id, payload);
    const unknown = await answer(method, path, randomUUID(), payload);
    expect(foreign).toEqual(unknown);
  });

  it('POST /webhook/ with a foreign Id answers as an unknown one and changes nothing', async () => {
    const foreign = await answer('POST', () => '/webhook/', theirs.id, { id: theirs.id, webhookUrl: 'https://hooks.example.com/hijack' });
    const unknownId = randomUUID();
    const unknown = await answer('POST', () => '/webhook/', unknownId, { id: unknownId, webhookUrl: 'https://hooks.example.com/hijack' });
    expect(foreign).toEqual(unknown);
  });

  it('is still there, unchanged, for its owner', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/webhook/${theirs.id}`, headers: t.headers(other) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: theirs.id, webhookUrl: 'https://hooks.example.com/theirs' });
  });
});
