import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { absolutePath, allEndpoints, defineArea, pathParamNames } from '#schema';
import { INTERFACE_OPERATIONS } from '#schema/interface-operations.ts';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { buildOpenApiDocument, pathOddities, SchemaCollector, type OpenApiDocument } from './openapi.ts';
import { SERVICE_ROUTES } from './service-routes.ts';

const { document, problems } = buildOpenApiDocument({ endpoints: allEndpoints, extensionRoutes: SERVICE_ROUTES });

function refs(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => refs(v, out));
  else if (value !== null && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === '$ref' && typeof v === 'string') out.push(v);
      else refs(v, out);
    }
  }
  return out;
}

function resolve(doc: OpenApiDocument, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let current: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const segment = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (current === null || typeof current !== 'object' || !(segment in current)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

type Operation = { operationId: string; tags: string[]; parameters?: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[] };
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => ({ path, method: method.toUpperCase(), op: op as unknown as Operation })),
);

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and converts every schema', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(problems).toEqual([]);
    expect(document.servers[0]?.url).toBe('/api');
  });

  it('holds every operation of the interface at its exact path and method', () => {
    const present = new Set(operations.map((o) => `${o.method} ${o.path}`));
    const missing = INTERFACE_OPERATIONS.filter(([method, path]) => !present.has(`${method} ${absolutePath(path)}`));
    expect(missing).toEqual([]);
    expect(INTERFACE_OPERATIONS.length).toBeGreaterThanOrEqual(174);
  });

  it('has one operation per record, named by the record id and tagged with its area', () => {
    for (const endpoint of allEndpoints) {
      const op = document.paths[absolutePath(endpoint.path)]?.[endpoint.method.toLowerCase()] as unknown as Operation | undefined;
      expect(op?.operationId, endpoint.id).toBe(endpoint.id);
      expect(op?.tags).toEqual([endpoint.area]);
    }
    const ids = operations.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.length).toBe(allEndpoints.length + SERVICE_ROUTES.length);
  });

  it('declares every path parameter, as the interface names it', () => {
    for (const { path, op } of operations) {
      const declared = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name).sort();
      expect(declared, path).toEqual(pathParamNames(path).sort());
      for (const p of op.parameters ?? []) if (p.in === 'path') expect(p.required).toBe(true);
    }
    expect(document.paths['/asset/sync/{event-id}']).toBeDefined();
  });

  it('resolves every $ref', () => {
    const all = refs(document);
    expect(all.length).toBeGreaterThan(0);
    expect(all.filter((ref) => resolve(document, ref) === undefined)).toEqual([]);
    for (const name of Object.keys(document.components.schemas)) expect(name).toMatch(/^[A-Za-z0-9._-]+$/);
  });

  it('shows query defaults and descriptions', () => {
    const list = document.paths['/event/']?.get as unknown as Operation;
    const pageSize = list.parameters?.find((p) => p.name === 'pageSize');
    expect(pageSize).toMatchObject({ in: 'query', required: false, schema: { type: 'integer', default: 20 } });
  });

  it('documents authentication and the error body', () => {
    expect(document.components.securitySchemes).toMatchObject({
      ApiKey: { type: 'apiKey', in: 'header', name: 'API-KEY' },
      AuthKey: { type: 'apiKey', in: 'header', name: 'X-Auth-Key' },
    });
    expect(document.components.schemas.ErrorBody).toMatchObject({ required: ['exceptionType', 'exceptionMessage', 'errorType', 'data'] });
    const health = document.paths['/health']?.get as Record<string, unknown>;
    expect(health).toMatchObject({ 'x-extension': true, security: [] });
  });

  it('notes the oddities of a path', () => {
    expect(pathOddities('archiverstream')[0]).toContain('without a leading slash');
    expect(pathOddities('/asset/sync/{event-id}')).toHaveLength(1);
    expect(pathOddities('/clientproperty/template{templateId}')[0]).toContain('glued');
    expect(pathOddities('/event/{id}')).toEqual([]);
  });
});

describe('the schema collector', () => {
  it('shares a named schema, and splits it when input and output differ', () => {
    const Named = z.object({ a: z.string(), n: z.number().default(1) }).meta({ id: 'CollectorNamed' });
    const collector = new SchemaCollector();
    expect(collector.convert(z.object({ x: Named }), 'output', 'one')).toMatchObject({ properties: { x: { $ref: '#/components/schemas/CollectorNamed' } } });
    expect(collector.convert(z.array(Named), 'output', 'two')).toMatchObject({ items: { $ref: '#/components/schemas/CollectorNamed' } });
    expect(collector.convert(Named, 'input', 'three')).toEqual({ $ref: '#/components/schemas/CollectorNamedInput' });
    expect(collector.components.CollectorNamed).toMatchObject({ required: ['a', 'n'] });
    expect(collector.components.CollectorNamedInput).toMatchObject({ required: ['a'] });
  });

  it('names a recursive schema without an id after its place', () => {
    type Node = { name: string; children: Node[] };
    const NodeSchema: z.ZodType<Node> = z.object({ name: z.string(), get children() { return z.array(NodeSchema); } });
    const collector = new SchemaCollector();
    const json = collector.convert(z.object({ root: NodeSchema }), 'output', 'tree.get.200');
    expect(refs(json).every((ref) => ref.startsWith('#/components/schemas/tree.get.200'))).toBe(true);
    expect(Object.keys(collector.components)).toEqual(['tree.get.200.Schema0']);
    const self = collector.convert(NodeSchema, 'output', 'node.get.200');
    expect(self).toEqual({ $ref: '#/components/schemas/node.get.200' });
  });

  it('turns what JSON Schema cannot say into "any"', () => {
    const collector = new SchemaCollector();
    expect(collector.convert(z.object({ when: z.date(), n: z.string().transform((s) => s.length) }), 'output', 'x')).toMatchObject({
      properties: { when: {}, n: {} },
    });
    expect(collector.problems).toEqual([]);
  });
});

describe('GET /api/openapi.json and /api/docs', () => {
  const extra = defineArea('extra', {
    feed: { method: 'GET', path: '/extra/', summary: 'an extension', extension: true, responses: { 200: z.object({ ok: z.boolean() }) } },
  });
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ endpoints: [...allEndpoints, extra.feed] });
  });
  afterAll(() => t.close());

  it('serves the document without a key, built once', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('application/json');
    const served = first.json() as OpenApiDocument;
    expect(served.paths['/extra/']?.get).toMatchObject({ operationId: 'extra.feed', 'x-extension': true });
    expect(Object.keys(served.paths)).toEqual(expect.arrayContaining(Object.keys(document.paths)));
    const second = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(second.body).toBe(first.body);
  });

  it('serves the reference page and its bundled assets, from this service only', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.every((s) => !/^(https?:)?\/\//.test(s))).toBe(true);
    for (const source of sources.filter((s) => s.startsWith('docs/'))) {
      const asset = await t.app.inject({ method: 'GET', url: new URL(source, 'http://x/api/docs').pathname });
      expect(asset.statusCode, source).toBe(200);
    }
    const redirect = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(redirect.statusCode).toBe(302);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/assets/index.html' })).statusCode).toBe(404);
  });
});
