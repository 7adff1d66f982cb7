import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#testing/app.ts';
import type { AppExtension } from './http/extension.ts';

const feed: AppExtension = {
  register(app, { authenticate }) {
    app.get('/api/feed/', { onRequest: authenticate }, async (request) => ({ client: request.client?.clientName }));
  },
  routes: [
    {
      method: 'get',
      path: '/feed/',
      operationId: 'service.feed',
      summary: 'A feed',
      description: 'a route beyond the interface.',
      authenticated: true,
      responses: { 200: { description: 'OK' } },
    },
  ],
};

describe('the service beyond the interface', () => {
  let t: TestApp;
  let demo: TestApp;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), 'cr-dist-'));
    mkdirSync(join(staticDir, 'assets'));
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Control Room dashboard</title>');
    writeFileSync(join(staticDir, 'assets', 'app-1234.js'), 'console.log(1)');
    t = await createTestApp({ staticDir, extensions: [feed] });
    demo = await createTestApp({ demoKey: 'demo-key-for-tests', staticDir: join(staticDir, 'missing') });
  });
  afterAll(async () => {
    await t.close();
    await demo.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it('serves extension routes, authenticated when they ask, and documents them', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/feed/' })).statusCode).toBe(401);
    const ok = await t.app.inject({ method: 'GET', url: '/api/feed/', headers: t.headers() });
    expect(ok.json()).toEqual({ client: t.clientName });
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(document.paths['/feed/'].get).toMatchObject({ operationId: 'service.feed', 'x-extension': true });
  });

  it('answers the health check without a key', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('hands out the demo key only in demo mode', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/connection' });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ errorType: 'NotFound' });
    const given = await demo.app.inject({ method: 'GET', url: '/api/connection' });
    expect(given.json()).toEqual({ apiKey: 'demo-key-for-tests' });
  });

  it('hands the demo key only to requests whose Host is this machine (no DNS rebinding)', async () => {
    const ask = (host: string) => demo.app.inject({ method: 'GET', url: '/api/connection', headers: { host } });
    for (const host of ['localhost:8080', 'LOCALHOST', 'app.localhost:8080', '127.0.0.1:8080', '127.1.2.3', '[::1]:8080', hostname()]) {
      const answer = await ask(host);
      expect(answer.statusCode, host).toBe(200);
      expect(answer.json(), host).toEqual({ apiKey: 'demo-key-for-tests' });
    }
    // A rebinding page sends its own name; another machine reaching HOST=0.0.0.0 sends an address.
    for (const host of ['attacker.example', 'attacker.example:8080', 'localhost.attacker.example', '127.0.0.1.attacker.example', '192.168.1.20:8080', '[fe80::1]:8080', 'localhost:8080/x']) {
      const answer = await ask(host);
      expect(answer.statusCode, host).toBe(403);
      expect(answer.json(), host).toMatchObject({ errorType: 'Forbidden' });
      expect(answer.body, host).not.toContain('demo-key-for-tests');
    }
  });

  it('serves the dashboard, with index.html for any dashboard URL a browser asks for', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    for (const url of ['/', '/events', '/events/3f2504e0-4f89-11d3-9a0c-0305e82c3301?tab=schedule']) {
      const page = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toContain('Control Room dashboard');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
  });

  it('says to build the dashboard when there is no build', async () => {
    const page = await demo.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('npm run build');
  });

  it('answers 404 with the error body outside /api, and never the dashboard for /api', async () => {
    const outside = await t.app.inject({ method: 'GET', url: '/event/', headers: { 'API-KEY': t.key } });
    expect(outside.statusCode).toBe(404);
    expect(outside.json().exceptionMessage).toContain('/api/');
    const api = await t.app.inject({ method: 'GET', url: '/api/nothing-here/', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ errorType: 'NotFound' });
    const post = await t.app.inject({ method: 'POST', url: '/events', headers: { accept: 'text/html' } });
    expect(post.statusCode).toBe(404);
  });
});
