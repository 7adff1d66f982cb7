import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { routeFetch } from './route-fetch.ts';

describe('routeFetch', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    app.all('/echo/*', async (request, reply) => {
      reply.header('x-seen', request.headers['x-custom'] ?? '');
      return { method: request.method, url: request.url, body: request.body ?? null };
    });
    app.get('/empty', async (_request, reply) => reply.code(204).send());
    await app.ready();
  });
  afterAll(() => app.close());

  it('sends method, path, query, headers and body into the app', async () => {
    const doFetch = routeFetch(app);
    const response = await doFetch('http://localhost:5173/echo/a%20b?x=1&x=2', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Custom': 'yes' },
      body: JSON.stringify({ a: 1 }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-seen')).toBe('yes');
    expect(await response.json()).toEqual({ method: 'POST', url: '/echo/a%20b?x=1&x=2', body: { a: 1 } });
  });

  it('takes relative URLs and Request objects, and answers 204 without a body', async () => {
    const doFetch = routeFetch(app);
    expect((await doFetch('/empty')).status).toBe(204);
    expect(await (await doFetch(new Request('http://any.host/echo/r'))).json()).toMatchObject({ method: 'GET', url: '/echo/r' });
  });

  it('honours an aborted signal', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(routeFetch(app)('/empty', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });
});
