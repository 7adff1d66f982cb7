/**
 * The one way out: each refused kind of address (written in the URL, or behind a name, or a name
 * rebound between check and connection), no redirects, the size and time limits, and failures
 * held to a minimum time so their timing does not tell them apart.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundRequest } from './request.ts';
import type { Resolver } from './address-policy.ts';

let server: Server;
let port: number;
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push(request.url ?? '');
    if (request.url === '/redirect') {
      response.writeHead(302, { Location: 'http://169.254.169.254/' });
      response.end();
    } else if (request.url === '/big') {
      response.writeHead(200);
      response.end(Buffer.alloc(1_000_000, 65));
    } else if (request.url === '/slow') {
      setTimeout(() => response.end('late'), 2_000).unref();
    } else {
      response.end('hello');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

const strict = { allowPrivate: false };
const open = { allowPrivate: true };
const base = { timeoutMs: 1_000, maxBytes: 1024 };

describe('outboundRequest', () => {
  it.each([
    ['loopback', 'http://127.0.0.1/'],
    ['loopback v6', 'http://[::1]/'],
    ['private', 'http://10.0.0.1/'],
    ['private 192.168', 'http://192.168.1.1/'],
    ['shared address space', 'http://100.64.0.1/'],
    ['link-local', 'http://169.254.10.10/'],
    ['metadata', 'http://169.254.169.254/latest/meta-data/'],
    ['IPv4-mapped metadata', 'http://[::ffff:169.254.169.254]/'],
    ['unspecified', 'http://0.0.0.0/'],
    ['multicast', 'http://224.0.0.1/'],
    ['localhost by name', 'http://localhost/'],
  ])('refuses %s before connecting', async (_kind, url) => {
    const result = await outboundRequest({ url, policy: strict, ...base, resolve: async () => [{ address: '127.0.0.1', family: 4 }] });
    expect(result).toMatchObject({ ok: false, kind: 'refused-address' });
  });

  it('refuses the metadata address even when private addresses are allowed', async () => {
    expect(await outboundRequest({ url: 'http://169.254.169.254/', policy: open, ...base })).toMatchObject({ ok: false, kind: 'refused-address' });
  });

  it('judges the address a name resolves to at connection time (DNS rebinding)', async () => {
    const rebound: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const result = await outboundRequest({ url: `http://receiver.example:${port}/`, policy: strict, resolve: rebound, ...base });
    expect(result).toMatchObject({ ok: false, kind: 'refused-address' });
    const allowed = await outboundRequest({ url: `http://receiver.example:${port}/`, policy: open, resolve: rebound, ...base });
    expect(allowed).toMatchObject({ ok: true, status: 200 });
  });

  it('does not follow redirects', async () => {
    const before = seen.length;
    const result = await outboundRequest({ url: `http://127.0.0.1:${port}/redirect`, policy: open, ...base });
    expect(result).toMatchObject({ ok: true, status: 302 });
    expect(seen.slice(before)).toEqual(['/redirect']);
  });

  it('keeps at most maxBytes of the answer', async () => {
    const result = await outboundRequest({ url: `http://127.0.0.1:${port}/big`, policy: open, ...base });
    expect(result.ok && result.body.length).toBe(1024);
    expect(result.ok && result.truncated).toBe(true);
  });

  it('gives up after the time limit', async () => {
    const result = await outboundRequest({ url: `http://127.0.0.1:${port}/slow`, policy: open, ...base, timeoutMs: 200 });
    expect(result).toMatchObject({ ok: false, kind: 'timeout' });
  });

  it('refuses other schemes and URLs with credentials', async () => {
    expect(await outboundRequest({ url: 'file:///etc/passwd', policy: open, ...base })).toMatchObject({ ok: false, kind: 'invalid-url' });
    expect(await outboundRequest({ url: `http://u:p@127.0.0.1:${port}/`, policy: open, ...base })).toMatchObject({ ok: false, kind: 'invalid-url' });
  });

  it('holds failures to minFailureMs, whatever their kind', async () => {
    for (const url of ['http://10.0.0.1/', `http://127.0.0.1:1/`]) {
      const started = Date.now();
      const result = await outboundRequest({ url, policy: url.includes('10.0') ? strict : open, ...base, minFailureMs: 250 });
      expect(result.ok).toBe(false);
      expect(Date.now() - started).toBeGreaterThanOrEqual(245);
    }
  });
});
