/**
 * Bad input is the caller's fault, never a 500: every operation of the schema module is sent
 * empty and malformed bodies, wrong types, hostile path parameters and query values, a huge
 * body and the wrong content type, and must answer with a client error (or 501 for what no area
 * implements yet, or a success when the input happens to be valid), in the documented error shape,
 * with the X-Transaction-ID echoed. The areas' real handlers answer here, so this holds as they land.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { allEndpoints, buildPath, ErrorBodySchema, objectShape, type Endpoint } from '#schema';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { sampleParams, sampleQuery } from '#testing/samples.ts';
import { BODY_LIMIT } from './content.ts';

type Probe = { label: string; options: InjectOptions };

function url(endpoint: Endpoint, params: Record<string, unknown> | undefined, query: Record<string, unknown> | string | undefined): string {
  const path = `/api${buildPath(endpoint.path, params)}`;
  if (query === undefined) return path;
  if (typeof query === 'string') return `${path}?${query}`;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

const HOSTILE_TEXT = ['not-a-guid', '%00', "' OR 1=1 --", '../../etc/passwd', 'x'.repeat(900), '-1', '99999999999999999999', '1.5', 'NaN', '\u202e\u0000'];
const HOSTILE_QUERY = ['abc', '-1', '', '1e309', '0x10', 'null', '[object Object]', 'x'.repeat(5000)];
const HOSTILE_BODIES = ['', '{"a":', '123', '[]', 'null', '"text"', '{}', 'true', '{"a":1}}', '['.repeat(5000) + ']'.repeat(5000), '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}'];
const HUGE = `"${'x'.repeat(BODY_LIMIT + 1024)}"`;

function probes(endpoint: Endpoint): Probe[] {
  const method = endpoint.method;
  const params = sampleParams(endpoint);
  const query = sampleQuery(endpoint);
  const base = url(endpoint, params, query);
  const list: Probe[] = [{ label: 'no body', options: { method, url: base } }];
  const json = (label: string, payload: string, contentType = 'application/json'): Probe => ({
    label,
    options: { method, url: base, payload, headers: { 'content-type': contentType } },
  });

  if (method !== 'GET') {
    for (const payload of HOSTILE_BODIES) list.push(json(`body ${payload.slice(0, 30)}`, payload));
    list.push(json('text/plain', 'hello', 'text/plain'));
    list.push(json('form', 'a=b&c=d', 'application/x-www-form-urlencoded'));
    list.push(json('xml', '<a/>', 'application/xml'));
    list.push({ label: 'no content type', options: { method, url: base, payload: '{"a":1}' } });
    list.push(json('huge', HUGE));
    const shape = endpoint.body ? objectShape(endpoint.body) : undefined;
    if (shape) {
      const keys = Object.keys(shape);
      for (const value of [12345, 'x'.repeat(100_000), [1, {}], { $ne: 1 }, null, -1e308, true]) {
        list.push(json(`every field ${JSON.stringify(value).slice(0, 20)}`, JSON.stringify(Object.fromEntries(keys.map((k) => [k, value])))));
      }
      list.push(json('fields in upper case', JSON.stringify(Object.fromEntries(keys.map((k) => [k.toUpperCase(), 'x'])))));
    }
  }

  if (params) {
    for (const value of HOSTILE_TEXT) {
      const hostile = Object.fromEntries(Object.keys(params).map((k) => [k, value]));
      list.push({ label: `params ${value.slice(0, 20)}`, options: { method, url: url(endpoint, hostile, query) } });
    }
  }
  const queryKeys = endpoint.query ? Object.keys(objectShape(endpoint.query) ?? {}) : [];
  for (const value of HOSTILE_QUERY) {
    const hostile = Object.fromEntries(queryKeys.map((k) => [k, value]));
    list.push({ label: `query ${value.slice(0, 20)}`, options: { method, url: url(endpoint, params, { ...query, ...hostile }) } });
  }
  if (queryKeys.length > 0) {
    const repeated = Object.fromEntries(queryKeys.map((k) => [k, ['1', 'two']]));
    list.push({ label: 'query keys repeated', options: { method, url: url(endpoint, params, { ...query, ...repeated }) } });
  }
  list.push({ label: 'prototype keys in the query', options: { method, url: url(endpoint, params, '__proto__=1&__proto__=2&constructor=x&prototype=y') } });
  list.push({ label: 'malformed percent-encoding', options: { method, url: `${base}${base.includes('?') ? '&' : '?'}a=%E0%A4%A` } });
  return list;
}

describe('hostile input never answers 500', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each(allEndpoints.map((e) => [e.id, e] as const))('%s', async (_id, endpoint) => {
    for (const { label, options } of probes(endpoint)) {
      const response = await t.app.inject({
        ...options,
        headers: { ...t.headers(), 'x-transaction-id': `hostile-${endpoint.id}`, ...(options.headers as Record<string, string>) },
      });
      const what = `${endpoint.id} ${label}: ${response.statusCode} ${response.body.slice(0, 300)}`;
      expect(response.statusCode < 500 || response.statusCode === 501, what).toBe(true);
      expect(response.headers['x-transaction-id'], what).toBe(`hostile-${endpoint.id}`);
      // A 4xx the record declares as its success (410 Gone of a deletion) has no error body.
      const declared = response.statusCode in endpoint.responses;
      if (response.statusCode >= 400 && !declared) expect(ErrorBodySchema.safeParse(response.json()).success, what).toBe(true);
    }
  });

  it('refuses a hostile key before reading anything', async () => {
    for (const key of ['x'.repeat(10_000), "' OR 1=1 --", '\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/event/',
        headers: { 'api-key': key, 'content-type': 'application/json' },
        payload: HUGE,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ errorType: 'Unauthorized' });
    }
  });
});
