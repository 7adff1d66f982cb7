/**
 * The OpenAPI 3.1 document, generated from the operation records with zod 4's own JSON Schema
 * output (`z.toJSONSchema`): `io: 'input'` for what a caller sends (defaults make fields
 * optional), `io: 'output'` for what the service answers. Schemas with `.meta({ id })` become
 * components; a schema whose input and output differ under one id gets a second component
 * (`XxxInput`). What JSON Schema cannot express (transforms, dates) becomes "any".
 *
 * Paths are the interface's, spelled as it spells them (`{event-id}`, `template{templateId}`,
 * trailing slashes), relative to the server URL `/api`; a path the interface writes without a
 * leading slash is given one (OpenAPI requires it) and says so in `x-legacy`.
 */
import { NOT_IMPLEMENTED } from './not-implemented.ts';
import { z } from 'zod';
import { absolutePath, ErrorBodySchema, isSuccessStatus, isVersionedKind, pathParamNames, type Endpoint, type Role } from '#schema';

export type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string; description?: string }[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, JsonSchema>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, JsonSchema>;
    securitySchemes: Record<string, JsonSchema>;
  };
  security: Record<string, string[]>[];
}

/** A route of this service beyond the interface, documented beside the operations. */
export interface ExtensionRoute {
  method: 'get' | 'post';
  path: string;
  operationId: string;
  summary: string;
  description: string;
  /** False for routes that answer without an API key. */
  authenticated: boolean;
  responses: Record<string, JsonSchema>;
}

const DEFS_PREFIX = '#/$defs/';
const COMPONENT_PREFIX = '#/components/schemas/';

function rewriteRefs(value: unknown, rename: (name: string) => string, rootRef: string | undefined): unknown {
  if (Array.isArray(value)) return value.map((v) => rewriteRefs(v, rename, rootRef));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === '$ref' && typeof v === 'string') {
      if (v.startsWith(DEFS_PREFIX)) out[key] = COMPONENT_PREFIX + rename(decodeURIComponent(v.slice(DEFS_PREFIX.length)));
      else if (v === '#' && rootRef) out[key] = rootRef;
      else out[key] = v;
    } else {
      out[key] = rewriteRefs(v, rename, rootRef);
    }
  }
  return out;
}

function hasRootRef(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasRootRef);
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([k, v]) => (k === '$ref' && v === '#') || hasRootRef(v));
}

const SAFE_NAME = /[^A-Za-z0-9._-]/g;

/**
 * Keeps the document readable: an ISO date-time is `format: date-time` rather than zod's long
 * pattern (the service is a little more lenient than the format: it also takes a date-time
 * without an offset, as .NET services write them), and an integer's safe-integer bounds are not
 * worth printing.
 */
const readable: NonNullable<Parameters<typeof z.toJSONSchema>[1]>['override'] = ({ zodSchema, jsonSchema }) => {
  const def = zodSchema._zod.def as { type: string; format?: string };
  if (def.type === 'string' && def.format === 'datetime') {
    jsonSchema.format = 'date-time';
    delete jsonSchema.pattern;
  }
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
};

/** Converts zod schemas to JSON Schema, gathering the named ones as shared components. */
export class SchemaCollector {
  readonly components: Record<string, JsonSchema> = {};
  /** Schemas that could not be converted at all (a test holds this list empty). */
  readonly problems: string[] = [];
  private readonly texts = new Map<string, string>();

  convert(schema: z.ZodType, io: 'input' | 'output', context: string): JsonSchema {
    let json: JsonSchema;
    try {
      json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12', override: readable }) as JsonSchema;
    } catch (error) {
      this.problems.push(`${context}: ${(error as Error).message}`);
      return { description: `(not representable: ${(error as Error).message})` };
    }
    const { $schema: _dialect, $defs, ...root } = json as JsonSchema & { $defs?: Record<string, JsonSchema> };
    const defs = $defs ?? {};
    const contextName = context.replace(SAFE_NAME, '_');

    // A recursive schema without an id refers to itself as "#": make the root a component.
    let rootRef: string | undefined;
    if (hasRootRef(root) || Object.values(defs).some(hasRootRef)) {
      defs[`${contextName}`] = root;
      rootRef = `${DEFS_PREFIX}${contextName}`;
    }

    // Pick a component name for each def: its id, unless another schema already holds that name.
    const names = new Map<string, string>();
    for (const name of Object.keys(defs)) {
      names.set(name, name.startsWith('__schema') ? `${contextName}.${name.replace('__schema', 'Schema')}` : name.replace(SAFE_NAME, '_'));
    }
    const rename = (name: string) => names.get(name) ?? name.replace(SAFE_NAME, '_');
    for (let pass = 0; pass < 10; pass++) {
      let changed = false;
      for (const [name, def] of Object.entries(defs)) {
        const current = rename(name);
        const text = JSON.stringify(rewriteRefs(def, rename, rootRef && COMPONENT_PREFIX + rename(contextName)));
        const existing = this.texts.get(current);
        if (existing !== undefined && existing !== text) {
          names.set(name, nextName(current, io));
          changed = true;
        }
      }
      if (!changed) break;
    }
    const finalRootRef = rootRef && COMPONENT_PREFIX + rename(contextName);
    for (const [name, def] of Object.entries(defs)) {
      const target = rename(name);
      if (this.texts.has(target)) continue;
      const rewritten = rewriteRefs(def, rename, finalRootRef) as JsonSchema;
      this.components[target] = rewritten;
      this.texts.set(target, JSON.stringify(rewritten));
    }
    if (finalRootRef) return { $ref: finalRootRef };
    return rewriteRefs(root, rename, undefined) as JsonSchema;
  }

  /** A schema with its top-level `$ref` (to a component) followed. */
  resolve(schema: JsonSchema): JsonSchema {
    let current = schema;
    for (let i = 0; i < 10 && typeof current.$ref === 'string' && current.$ref.startsWith(COMPONENT_PREFIX); i++) {
      current = this.components[current.$ref.slice(COMPONENT_PREFIX.length)] ?? {};
    }
    return current;
  }
}

function nextName(name: string, io: 'input' | 'output'): string {
  const suffix = io === 'input' ? 'Input' : 'Output';
  if (!name.includes(suffix)) return `${name}${suffix}`;
  const match = /(\d+)$/.exec(name);
  return match ? name.replace(/\d+$/, String(Number(match[1]) + 1)) : `${name}2`;
}

/** Oddities of a path that the interface spells that way on purpose (never "fixed"). */
export function pathOddities(path: string): string[] {
  const notes: string[] = [];
  if (!path.startsWith('/')) notes.push(`written "${path}" in the interface, without a leading slash; served at ${absolutePath(path)}`);
  for (const name of pathParamNames(path)) {
    if (/[^A-Za-z0-9_]/.test(name)) notes.push(`the parameter name {${name}} is kept as the interface writes it`);
  }
  if (/[^/]\{/.test(path)) notes.push('a parameter glued to a literal segment, as the interface writes it');
  return notes;
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content: the resource (or list) does not exist, or there is nothing to answer',
  400: 'Invalid input: `data.fields` lists the failing fields',
  401: 'Missing or unknown API key',
  403: "The key's role does not allow this operation (`data.role`, `data.required`)",
  404: 'Not found',
  409: 'Conflict: the resource is not in a state that allows this (see the description)',
  412: 'PreconditionFailed: If-Match names another version than the current one (`data.version`, `data.current`); nothing was written',
  410: 'Gone: deleted (a success for this operation)',
  413: 'The request body is larger than the service accepts (`data.limitBytes`)',
  500: 'The service failed; the log has the details',
  501: 'Not implemented by this service yet (after authentication and input validation)',
  503: 'The database cannot be reached right now: retry after the Retry-After header (seconds)',
};

const ERROR_RESPONSES: Record<string, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  412: 'PreconditionFailed',
  413: 'PayloadTooLarge',
  500: 'InternalError',
  501: 'NotImplemented',
  503: 'Unavailable',
};
/** Errors every operation may answer; the others only where they apply (see `operation`). */
const ALWAYS = new Set(['400', '401', '404', '500', '503']);
const notImplemented = new Set(NOT_IMPLEMENTED);

type Parameter = { name: string; in: 'path' | 'query' | 'header'; required: boolean; schema: JsonSchema; description?: string };

const ROLE_TEXT: Record<Role, string> = {
  viewer: 'Any key (viewer, operator or admin).',
  operator: 'Needs an **operator** or admin key (a viewer key answers 403).',
  admin: 'Needs an **admin** key (a viewer or operator key answers 403).',
};

/** Whether an operation writes one record of a kind that has versions (If-Match applies). */
function takesIfMatch(endpoint: Endpoint): boolean {
  const ref = endpoint.resource;
  return !!ref?.id && !ref.many && isVersionedKind(ref.kind) && (endpoint.method !== 'GET' || endpoint.role !== 'viewer');
}

function parameters(collector: SchemaCollector, schema: z.ZodObject, where: 'path' | 'query', context: string): Parameter[] {
  const json = collector.resolve(collector.convert(schema, 'input', context));
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const resolved = collector.resolve(property);
    const description = (property.description ?? resolved.description) as string | undefined;
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      schema: property,
      ...(description ? { description } : {}),
    };
  });
}

function operation(collector: SchemaCollector, endpoint: Endpoint): JsonSchema {
  const op: JsonSchema = {
    operationId: endpoint.id,
    tags: [endpoint.area],
    summary: endpoint.summary,
  };
  const notes = pathOddities(endpoint.path);
  const description = [
    endpoint.extension ? '**Beyond the interface**: an addition of this service, not an operation of the original.' : undefined,
    endpoint.description,
    `**Role**: ${ROLE_TEXT[endpoint.role]}`,
    takesIfMatch(endpoint)
      ? '**Versions**: with `If-Match: "<version>"` (the record\'s ETag, or its `version` field) it answers 412 and writes nothing when the record has changed since; without, as the interface says.'
      : undefined,
  ]
    .filter(Boolean)
    .join('\n\n');
  if (description) op.description = description;
  if (notes.length > 0) op['x-legacy'] = notes.join('; ');
  if (endpoint.extension) op['x-extension'] = true;
  op['x-role'] = endpoint.role;

  const params: Parameter[] = [];
  if (endpoint.params) params.push(...parameters(collector, endpoint.params, 'path', `${endpoint.id}.params`));
  // Every template parameter is a path parameter, even one the record forgot (a schema test catches that).
  for (const name of pathParamNames(endpoint.path)) {
    if (!params.some((p) => p.name === name)) params.push({ name, in: 'path', required: true, schema: { type: 'string' } });
  }
  if (endpoint.query) params.push(...parameters(collector, endpoint.query, 'query', `${endpoint.id}.query`));
  if (takesIfMatch(endpoint)) {
    params.push({ name: 'If-Match', in: 'header', required: false, schema: { type: 'string' }, description: 'The version the change is based on (beyond the interface): 412 when the record has another' });
  }
  if (params.length > 0) op.parameters = params;

  if (endpoint.body) {
    op.requestBody = {
      required: !endpoint.body.safeParse(undefined).success,
      content: { [endpoint.contentType ?? 'application/json']: { schema: collector.convert(endpoint.body, 'input', `${endpoint.id}.body`) } },
    };
  }

  const responses: Record<string, JsonSchema> = {};
  for (const [status, schema] of Object.entries(endpoint.responses)) {
    const description = STATUS_TEXT[Number(status)] ?? `Status ${status}`;
    responses[status] =
      schema === null
        ? { description }
        : {
            description,
            content: {
              [isSuccessStatus(Number(status)) && endpoint.produces ? endpoint.produces : 'application/json']: { schema: collector.convert(schema, 'output', `${endpoint.id}.${status}`) },
            },
            ...(isSuccessStatus(Number(status)) && endpoint.produces === 'text/csv'
              ? { headers: { 'Content-Disposition': { description: 'attachment; filename="<name>.csv"', schema: { type: 'string' } } } }
              : {}),
          };
  }
  const versioned = !!endpoint.resource?.id && isVersionedKind(endpoint.resource.kind);
  if (versioned && responses['200'] && !('headers' in responses['200'])) {
    responses['200'] = { ...responses['200'], headers: { ETag: { description: 'The record\'s version, a strong validator (beyond the interface)', schema: { type: 'string' } } } };
  }
  const applies = new Set(ALWAYS);
  if (endpoint.body) applies.add('413');
  if (endpoint.role !== 'viewer') applies.add('403');
  if (takesIfMatch(endpoint)) applies.add('412');
  // A record whose description names a 409 answers one (event upsert: a deleted event's Id...).
  if (/\b409\b/.test(endpoint.description ?? '')) applies.add('409');
  if (notImplemented.has(endpoint.id)) applies.add('501');
  for (const [status, name] of Object.entries(ERROR_RESPONSES)) {
    if (applies.has(status) && !(status in responses)) responses[status] = { $ref: `#/components/responses/${name}` };
  }
  if (notImplemented.has(endpoint.id)) op['x-not-implemented'] = true;
  op.responses = responses;
  return op;
}

export interface BuildOpenApiOptions {
  endpoints: readonly Endpoint[];
  extensionRoutes?: readonly ExtensionRoute[];
  version?: string;
}

export function buildOpenApiDocument(options: BuildOpenApiOptions): { document: OpenApiDocument; problems: string[] } {
  const collector = new SchemaCollector();
  const errorRef = collector.convert(ErrorBodySchema, 'output', 'ErrorBody');
  const errorContent = { 'application/json': { schema: errorRef } };

  const paths: OpenApiDocument['paths'] = {};
  const areas: string[] = [];
  for (const endpoint of options.endpoints) {
    const item = (paths[absolutePath(endpoint.path)] ??= {});
    item[endpoint.method.toLowerCase()] = operation(collector, endpoint);
    if (!areas.includes(endpoint.area)) areas.push(endpoint.area);
  }
  for (const route of options.extensionRoutes ?? []) {
    const item = (paths[route.path] ??= {});
    item[route.method] = {
      operationId: route.operationId,
      tags: ['service'],
      summary: route.summary,
      description: `**Beyond the interface**: ${route.description}`,
      'x-extension': true,
      ...(route.authenticated ? {} : { security: [] }),
      responses: route.responses,
    };
  }

  const document: OpenApiDocument = {
    openapi: '3.1.0',
    info: {
      title: 'Control Room reference service',
      version: options.version ?? '0.1.0',
      description: [
        'Every operation of the streaming content control interface, with the paths, field names and statuses the interface gives,',
        'served by the Control Room reference service. Every call carries an API key in the `API-KEY` (or `X-Auth-Key`) header;',
        'an optional `X-Transaction-ID` header is echoed. Failures answer `{exceptionType, exceptionMessage, errorType, data}`.',
        'Operations marked `x-extension` are additions of this service; `x-legacy` notes a path the interface spells oddly, kept as it is.',
        'Beyond the interface: each key has a role (viewer reads; operator also does the day-to-day work; admin also configures), and `x-role` says which an operation needs (403 otherwise).',
        'A record an operator edits answers its version as a strong `ETag` (and a `version` field); a write sent with `If-Match` answers 412 when the record has changed since.',
        'Every successful write is in the activity trail (`GET /activity/`).',
      ].join(' '),
    },
    servers: [{ url: '/api', description: 'This service' }],
    tags: [...areas.map((name) => ({ name })), { name: 'service', description: 'Routes of this service beyond the interface' }],
    paths,
    components: {
      schemas: collector.components,
      responses: Object.fromEntries(
        Object.entries(ERROR_RESPONSES).map(([status, name]) => [
          name,
          {
            description: STATUS_TEXT[Number(status)],
            content: errorContent,
            ...(status === '503' ? { headers: { 'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer' } } } } : {}),
          },
        ]),
      ),
      securitySchemes: {
        ApiKey: { type: 'apiKey', in: 'header', name: 'API-KEY', description: 'The API key of your client (tenant)' },
        AuthKey: { type: 'apiKey', in: 'header', name: 'X-Auth-Key', description: 'The same key, under the alternative header name' },
      },
    },
    security: [{ ApiKey: [] }, { AuthKey: [] }],
  };
  return { document, problems: collector.problems };
}
