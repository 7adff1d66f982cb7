/**
 * The fuzzer: every operation of the OpenAPI document (so every operation any area adds, once it
 * is in the schema module) is called with inputs generated from its own parameter and body
 * schemas, then made hostile: wrong types, huge and deep values, unicode (RTL marks, surrogates,
 * combining marks, emoji), missing and extra fields, and foreign ids (ids of another client's
 * resources). 0 answers of 500 and above, except the 501 an operation documents (x-not-implemented).
 *
 * Deterministic (a seeded generator), so a failure repeats; FUZZ_ROUNDS raises the rounds per
 * operation (default 6).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestTenant } from '#testing/app.ts';
import { seedDemoData } from '../demo/seed.ts';
import { events } from '../db/tables/index.ts';
import { eq } from 'drizzle-orm';

type Json = Record<string, unknown>;

let t: TestApp;
let stranger: TestTenant;
let foreignIds: string[] = [];
let doc: { paths: Record<string, Record<string, Json>>; components: { schemas: Record<string, Json> } };

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-14T15:20:00Z' });
  // The attacked tenant has data; the stranger's ids are what the fuzzer slips in.
  await seedDemoData(t.database.db, t.clientId, t.clock);
  stranger = await t.createTenant();
  await seedDemoData(t.database.db, stranger.clientId, t.clock);
  foreignIds = (await t.database.db.select({ id: events.id }).from(events).where(eq(events.clientId, stranger.clientId)).limit(20)).map((r) => r.id);
  doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
}, 120_000);
afterAll(() => t.close());

/** mulberry32: small, seeded, good enough to vary inputs reproducibly. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const UNICODE = ['\u202eevil\u202c', '\ud800', '\udfff\ud800', 'e\u0301\u0301\u0301', '😀👩‍👩‍👧‍👦', '\u0000', '\uffff', 'ß'.repeat(300), '𝒳'.repeat(2000)];
const HOSTILE_SCALARS: unknown[] = [null, true, -1, 0, 1e308, -1e308, 2 ** 53 + 1, 1.5, '', ' ', 'x'.repeat(70_000), "' OR 1=1 --", '../../etc/passwd', '%00', [], {}, [[[[]]]], { $ne: null }];

function deep(n: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < n; i++) value = { a: value };
  return value;
}

interface Gen {
  rand: () => number;
  pick<T>(list: readonly T[]): T;
}

function resolve(schema: Json | undefined): Json {
  let current = schema ?? {};
  for (let i = 0; i < 10 && typeof current.$ref === 'string'; i++) {
    const name = (current.$ref as string).split('/').pop()!;
    current = doc.components.schemas[name] ?? {};
  }
  return current;
}

/** A value that fits the schema, roughly (the fuzzer then breaks it). */
function valid(schema: Json | undefined, g: Gen, depth = 0): unknown {
  const s = resolve(schema);
  if (depth > 6) return null;
  if (Array.isArray(s.enum) && s.enum.length > 0) return g.pick(s.enum);
  if ('const' in s) return s.const;
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (Array.isArray(s[key]) && (s[key] as Json[]).length > 0) return valid(g.pick(s[key] as Json[]), g, depth + 1);
  }
  const type = Array.isArray(s.type) ? g.pick((s.type as string[]).filter((x) => x !== 'null')) : s.type;
  switch (type) {
    case 'string':
      if (s.format === 'uuid' || s.format === 'guid' || /guid|uuid/i.test(String(s.pattern ?? ''))) return g.rand() < 0.5 && foreignIds.length ? g.pick(foreignIds) : crypto.randomUUID();
      if (s.format === 'date-time') return '2026-03-14T15:20:00Z';
      if (s.format === 'uri') return 'https://example.com/a';
      return g.pick(['Alpha', 'x', '00:00:10', '2026-03-14', ...UNICODE.slice(0, 5)]);
    case 'integer':
      return Math.floor(g.rand() * 10);
    case 'number':
      return g.rand() * 100;
    case 'boolean':
      return g.rand() < 0.5;
    case 'array':
      return Array.from({ length: Math.floor(g.rand() * 3) }, () => valid(s.items as Json, g, depth + 1));
    case 'object':
    default: {
      const properties = (s.properties ?? {}) as Record<string, Json>;
      const out: Json = {};
      for (const [key, property] of Object.entries(properties)) if (g.rand() < 0.8) out[key] = valid(property, g, depth + 1);
      return out;
    }
  }
}

/** One hostile change to a value: a field of the wrong type, huge, deep, unicode, missing, extra, a foreign id. */
function mutate(value: unknown, g: Gen): unknown {
  const choice = g.rand();
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    if (choice < 0.3) return g.pick(HOSTILE_SCALARS);
    if (choice < 0.5) return g.pick(UNICODE);
    if (choice < 0.6) return deep(50);
    if (choice < 0.8 && foreignIds.length) return g.pick(foreignIds);
    return Array.isArray(value) ? [...value, ...value, g.pick(HOSTILE_SCALARS)] : g.pick(HOSTILE_SCALARS);
  }
  const copy: Json = { ...(value as Json) };
  const keys = Object.keys(copy);
  if (choice < 0.15 && keys.length) delete copy[g.pick(keys)];
  else if (choice < 0.3) copy[g.pick(['extra', 'Id', 'id', '__proto__x', 'EventId', 'clientId', 'ClientId'])] = g.pick([...HOSTILE_SCALARS, ...foreignIds]);
  else if (keys.length) {
    const key = g.pick(keys);
    copy[key] = mutate(copy[key], g);
  } else copy.extra = g.pick(HOSTILE_SCALARS);
  return copy;
}

/** Percent-encoding that keeps a lone surrogate hostile: as the bytes of one (invalid UTF-8). */
function encodePath(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return text.split(/([\ud800-\udfff])/).map((part) => (/^[\ud800-\udfff]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part))).join('');
  }
}

function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

interface Op {
  method: string;
  path: string;
  op: Json;
}

function operations(): Op[] {
  const list: Op[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      // The change feed streams until closed; the fuzzer needs answers.
      if (path === '/changes') continue;
      list.push({ method: method.toUpperCase(), path, op });
    }
  }
  return list;
}

const ROUNDS = Number(process.env.FUZZ_ROUNDS ?? 6);

describe('the fuzzer', () => {
  it('walks every operation of the OpenAPI document and gets no answer >= 500 (but a documented 501)', async () => {
    const failures: string[] = [];
    const ops = operations();
    expect(ops.length).toBeGreaterThan(150);
    let seed = 1;
    for (const { method, path, op } of ops) {
      const parameters = (op.parameters ?? []) as { name: string; in: 'path' | 'query'; required?: boolean; schema: Json }[];
      const body = ((op.requestBody as Json | undefined)?.content as Record<string, { schema: Json }> | undefined) ?? {};
      const [contentType, media] = Object.entries(body)[0] ?? [];
      const notImplemented = op['x-not-implemented'] === true;
      for (let round = 0; round < ROUNDS; round++) {
        const rand = random(seed++);
        const g: Gen = { rand, pick: (list) => list[Math.floor(rand() * list.length)]! };
        const values: Json = {};
        for (const p of parameters) if (p.in === 'path' || p.required || rand() < 0.6) values[`${p.in}:${p.name}`] = valid(p.schema, g);
        let payload = media ? valid(media.schema, g) : undefined;
        // Round 0 is the generated input as it is; the others break one thing each (or two).
        for (let n = 0; n < round % 3; n++) {
          if (payload !== undefined && rand() < 0.6) payload = mutate(payload, g);
          else {
            const keys = Object.keys(values);
            if (keys.length) values[g.pick(keys)] = mutate(values[g.pick(keys)], g);
          }
        }
        let url = `/api${path}`;
        const search = new URLSearchParams();
        for (const [key, value] of Object.entries(values)) {
          const [where, name] = key.split(':') as ['path' | 'query', string];
          const text = asText(value).slice(0, 4000);
          if (where === 'path') url = url.replace(`{${name}}`, encodePath(text || 'x'));
          else search.append(name, text);
        }
        url = url.replace(/\{[^}]+\}/g, 'x');
        if (search.size) url += `?${search.toString()}`;
        const response = await t.app.inject({
          method: method as 'GET',
          url,
          headers: { ...t.headers(), ...(payload !== undefined ? { 'content-type': contentType ?? 'application/json' } : {}) },
          ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
        });
        const ok = response.statusCode < 500 || (response.statusCode === 501 && notImplemented);
        if (!ok) failures.push(`${method} ${path} (round ${round}) -> ${response.statusCode} ${response.body.slice(0, 200)} | ${url.slice(0, 200)} | ${JSON.stringify(payload)?.slice(0, 200)}`);
      }
    }
    expect(failures, failures.slice(0, 20).join('\n')).toEqual([]);
  }, 600_000);

  it('documents what the service answers: 501 where not implemented, 409 of event upsert, 413 where a body is taken, 503 everywhere', () => {
    const upsert = doc.paths['/event/']!.post!;
    const responses = upsert.responses as Record<string, unknown>;
    expect(responses).toHaveProperty('409');
    expect(responses).toHaveProperty('413');
    expect(responses).toHaveProperty('503');
    expect(responses).not.toHaveProperty('501');
    const someNotImplemented = Object.values(doc.paths).flatMap((item) => Object.values(item)).filter((op) => op['x-not-implemented'] === true);
    for (const op of someNotImplemented) expect(op.responses as Json).toHaveProperty('501');
  });
});
