/**
 * One Fastify route per operation record, under /api, at the path the interface spells
 * (`routerPath`: `{event-id}` becomes `:event_id`, `template{templateId}` stays glued, trailing
 * slashes are significant because the app turns `ignoreTrailingSlash` off).
 *
 * Each request goes: authenticate (onRequest, before the body is read) -> body parsed as JSON
 * (content.ts) -> params, query and body parsed with the record's zod schemas -> the area's
 * handler, or 501 NotImplemented when no area implements the operation yet. The 501 comes after
 * authentication and input validation on purpose: a client can already test its requests
 * against an operation nobody implemented, and the hostile-input tests exercise every schema.
 */
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  coerceStrings,
  isSuccessStatus,
  normalizeKeys,
  objectShape,
  routerPath,
  type Endpoint,
  type FieldError,
  type ParsedInput,
} from '#schema';
import type { z } from 'zod';
import { pgliteHostOf, type Db, type Tx } from '../db/database.ts';
import { tenantDb } from '../db/tenant-scope.ts';
import type { Clock } from '../jobs/clock.ts';
import { createAuthenticate } from './auth.ts';
import { HttpError, issueMessage, issuesToFields, validationError } from './errors.ts';
import { bodyText, type AppServices, type Implementation, type RequestContext, type ResultHeaders } from './implement.ts';
import { chooseEncoding, compress, markEncoded, MIN_COMPRESS_BYTES } from './compression.ts';
import { CsvAnswer, sendCsv } from './csv.ts';
import { ResponseCache, type CachedAnswer } from './response-cache.ts';
import { ownServiceUrls, requestServiceUrl } from './service-url.ts';
import { GroupCommit } from './group-commit.ts';
import { FreshFlights } from './fresh-flight.ts';
import { checkRole, isWrite, versionFor, WriteStep } from './trust.ts';
import { KINDS } from './resources.ts';
import { etagOf } from '#schema';

export interface OperationRoutesOptions {
  endpoints: readonly Endpoint[];
  implementations: readonly Implementation[];
  db: Db;
  clock: Clock;
  services: AppServices;
  /** Check every success body against the record's response schema; a mismatch is a loud 500. */
  validateResponses: boolean;
  /** The response cache of the GET operations that take `noCache` (response-cache.ts); none: no caching. */
  cache?: ResponseCache;
  /**
   * Told after every operation other than GET has run (committed or not), before the answer is
   * sent: the response cache drops the client's entries here, and other processes are told, unless
   * `toldInTransaction` (the write's transaction committed with `writeNotice` in it).
   */
  onWrite?: (clientId: string, toldInTransaction: boolean) => Promise<void> | void;
  /**
   * What a write's transaction sends at its commit to tell other processes (the cache's NOTIFY on
   * PostgreSQL), with its activity entry: it spares the write a transaction (and a commit's WAL
   * flush) of its own after it. None: `onWrite` tells them.
   */
  writeNotice?: (clientId: string) => SQL;
}

/** The router path of a record under /api, and the mapping of router param names back to the template's. */
export function apiRoute(endpoint: Endpoint): { url: string; paramNames: Record<string, string> } {
  const { url, paramNames } = routerPath(endpoint.path);
  return { url: `/api${url}`, paramNames };
}

/** Drops keys that would reach a prototype when copied (`?__proto__=x`); the rest is left to the schema. */
function ownEntries(raw: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (raw === null || typeof raw !== 'object') return out;
  for (const [key, value] of Object.entries(raw)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    out[key] = value;
  }
  return out;
}

type PartResult = { ok: true; value: unknown } | { ok: false; fields: FieldError[] };

function parsePart(part: 'params' | 'query' | 'body', schema: z.ZodType, value: unknown): PartResult {
  const result = schema.safeParse(value, { error: issueMessage });
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, fields: issuesToFields(part, result.error.issues) };
}

/**
 * Text holding a NUL character: PostgreSQL cannot store it in any text column, so it is refused
 * here, for every operation, rather than failing in the database.
 */
function nulFields(part: string, value: unknown, out: FieldError[], depth = 0): void {
  if (out.length >= 20 || depth > 64) return;
  if (typeof value === 'string') {
    if (value.includes('\u0000')) out.push({ field: part, message: 'contains a NUL character (\\u0000), which text cannot hold' });
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => nulFields(`${part}.${i}`, item, out, depth + 1));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) out.push({ field: part, message: 'has a field name with a NUL character (\\u0000)' });
      nulFields(`${part}.${key}`, item, out, depth + 1);
    }
  }
}

/** Parses params, query and body of a request with the record's schemas; throws a 400 listing every failing field. */
export function parseInput(endpoint: Endpoint, paramNames: Record<string, string>, request: FastifyRequest): ParsedInput<Endpoint> {
  const fields: FieldError[] = [];
  nulFields('params', request.params, fields);
  nulFields('query', request.query, fields);
  nulFields('body', request.body, fields);
  if (fields.length > 0) throw validationError(fields);
  const parsed: { params: unknown; query: unknown; body: unknown } = { params: {}, query: {}, body: undefined };

  if (endpoint.params) {
    const raw: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(ownEntries(request.params))) raw[paramNames[key] ?? key] = value;
    const result = parsePart('params', endpoint.params, coerceStrings(endpoint.params, raw));
    if (result.ok) parsed.params = result.value;
    else fields.push(...result.fields);
  }
  if (endpoint.query) {
    const result = parsePart('query', endpoint.query, coerceStrings(endpoint.query, ownEntries(request.query)));
    if (result.ok) parsed.query = result.value;
    else fields.push(...result.fields);
  }
  if (endpoint.body) {
    const result = parsePart('body', endpoint.body, normalizeKeys(endpoint.body, request.body));
    if (result.ok) parsed.body = result.value;
    else fields.push(...result.fields);
  }
  if (fields.length > 0) throw validationError(fields);
  return parsed as ParsedInput<Endpoint>;
}

/**
 * An operation that declares a body type other than JSON (PATCH /event/{id}: JSON Patch) takes
 * its body only under that type: the media type says how to read the document (RFC 5789), so a
 * JSON Patch sent as plain application/json is refused rather than guessed at.
 */
function checkContentType(endpoint: Endpoint, request: FastifyRequest): void {
  if (!endpoint.contentType || endpoint.contentType === 'application/json' || request.body === undefined) return;
  const sent = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (sent !== endpoint.contentType) {
    throw new HttpError(415, 'UnsupportedMediaType', `${endpoint.id} takes a body of type ${endpoint.contentType}, not ${sent || 'none'}`);
  }
}

function checkResponse(endpoint: Endpoint, result: { status: number; body?: unknown }): void {
  const declared = endpoint.responses[result.status];
  if (declared === undefined || !isSuccessStatus(result.status)) {
    throw new HttpError(500, 'ResponseShape', `${endpoint.id} answered status ${result.status}, which its record does not declare as a success`);
  }
  // A streamed CSV is text by construction (csv.ts); it is not read whole to be checked.
  if (result.body instanceof CsvAnswer) {
    if (endpoint.produces !== 'text/csv') throw new HttpError(500, 'ResponseShape', `${endpoint.id} answered CSV, which its record does not declare (produces)`);
    return;
  }
  if (declared === null) {
    if (result.body !== undefined && result.body !== null) {
      throw new HttpError(500, 'ResponseShape', `${endpoint.id} answered a body with status ${result.status}, which its record declares without one`);
    }
    return;
  }
  // Checked as the client will see it: after JSON serialisation (dates become strings...).
  const wire: unknown = result.body === undefined ? undefined : JSON.parse(bodyText(result.body));
  const parsed = declared.safeParse(wire);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
    throw new HttpError(
      500,
      'ResponseShape',
      `${endpoint.id}: the ${result.status} body does not match the record's schema: ${issues
        .slice(0, 5)
        .map((i) => `${i.path || '(root)'}: ${i.message}`)
        .join('; ')}`,
      { issues },
    );
  }
}

export function sendResult(reply: FastifyReply, endpoint: Endpoint, result: { status: number; body?: unknown } & ResultHeaders): FastifyReply {
  const declared = endpoint.responses[result.status];
  reply.code(result.status);
  if (result.headers) reply.headers(result.headers);
  if (declared === null || result.status === 204 || result.body === undefined || result.body === null) return reply.send();
  // As bytes: measured once (compression.ts) and written as they are.
  return sendBytes(reply.type('application/json; charset=utf-8'), Buffer.from(bodyText(result.body)));
}

/**
 * Sends bytes as they are. Fastify knows bytes by `payload.buffer instanceof ArrayBuffer`, which
 * fails where ArrayBuffer is another realm's (the page tests' jsdom): there the payload reaches
 * the serializer, which then passes it through rather than write the JSON of a Buffer.
 */
function sendBytes(reply: FastifyReply, bytes: Buffer): FastifyReply {
  return reply.serializer((payload: unknown) => payload as string).send(bytes);
}

/** Sends an answer of the response cache, compressed once per encoding and kept so. */
async function sendCached(cache: ResponseCache, request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer, from: 'HIT' | 'MISS' | 'noCache'): Promise<FastifyReply> {
  reply.code(answer.status);
  if (answer.headers) reply.headers(answer.headers);
  // A noCache read bypassed the cache: it says nothing of it, as a read the cache never saw.
  if (from !== 'noCache') reply.header('X-Cache', from);
  reply.type('application/json; charset=utf-8');
  const encoding = answer.body.length >= MIN_COMPRESS_BYTES ? chooseEncoding(request.headers['accept-encoding']) : undefined;
  if (!encoding) return sendBytes(reply, answer.body);
  const encoded = await cache.encodedOf(answer, encoding, () => compress(answer.body, encoding));
  markEncoded(reply, encoding);
  return sendBytes(reply, encoded);
}

/** The `version` an answer carries, when it is one record with one. */
function versionIn(body: unknown): number | undefined {
  const version = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as { version?: unknown }).version : undefined;
  return typeof version === 'number' ? version : undefined;
}

function headerText(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** A regular expression that matches the concrete paths of a router path (`/api/event/:id`). */
function routePattern(url: string): RegExp {
  const source = url
    .split(/(:[A-Za-z0-9_]+)/)
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

/** Whether some operation answers a method at a concrete path; for the hints of the 404 handler. */
export type OperationMatcher = (method: string, path: string) => boolean;

/**
 * Registers every record as a route. Throws when two records share a method and path, or an
 * implementation has no record. Returns a matcher over the operations' paths, so the 404 handler
 * can suggest another method or the other spelling of a trailing slash.
 */
export function registerOperations(app: FastifyInstance, options: OperationRoutesOptions): OperationMatcher {
  const { endpoints, db, clock, services, validateResponses, cache, onWrite, writeNotice } = options;
  /** GETs whose answers were seen to carry their record's version (the `version` field), as versionFor reads it. */
  const answersVersion = new Set<string>();
  const authenticate = createAuthenticate(db, cache);
  // PGlite is one session: its write transactions commit in groups (group-commit.ts).
  const groupCommit = pgliteHostOf(db) ? new GroupCommit() : undefined;
  // PGlite is one process: every write moves the cache's generations here, so a noCache read may
  // join a computation under way at its client's generation (fresh-flight.ts).
  const freshFlights = new FreshFlights(pgliteHostOf(db) && cache ? { generationOf: (clientId) => cache.generation(clientId) } : {});

  const byId = new Map<string, Implementation>();
  const known = new Set(endpoints.map((e) => e.id));
  for (const implementation of options.implementations) {
    const id = implementation.endpoint.id;
    if (!known.has(id)) throw new Error(`An implementation was given for ${id}, which is not an operation of the schema module`);
    if (byId.has(id)) throw new Error(`${id} is implemented twice`);
    byId.set(id, implementation);
  }

  const patterns: { method: string; pattern: RegExp }[] = [];
  const seen = new Map<string, string>();
  for (const endpoint of endpoints) {
    const { url, paramNames } = apiRoute(endpoint);
    const routeKey = `${endpoint.method} ${url}`;
    const other = seen.get(routeKey);
    if (other) throw new Error(`${endpoint.id} and ${other} are both ${endpoint.method} ${endpoint.path}`);
    seen.set(routeKey, endpoint.id);
    const implementation = byId.get(endpoint.id);
    const cached = cache !== undefined && endpoint.method === 'GET' && !!endpoint.query && Object.hasOwn(objectShape(endpoint.query) ?? {}, 'noCache');

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      // The router lets a parameter at the end of a path match nothing (`DELETE /eventtype/` for
      // `/eventtype/{id}`); that is no operation of the interface.
      if (Object.values(request.params as Record<string, string>).some((v) => v === '')) return reply.callNotFound();
      // The key's role before anything else: a viewer learns nothing of a write's rules.
      checkRole(endpoint, request.client!);
      checkContentType(endpoint, request);
      const clientId = request.client!.clientId;
      // Answers name the service by the URL the request came through (service-url.ts).
      const serviceUrl = requestServiceUrl(request, services.urls);
      // A hit for a URL parsed before: neither the parse nor the key again (response-cache.ts).
      const requestKey = cached ? ResponseCache.requestOf(clientId, endpoint.id, request.url, serviceUrl) : undefined;
      const knownKey = requestKey === undefined ? undefined : cache!.keyOfRequest(requestKey);
      if (knownKey !== undefined) {
        const hit = await cache!.lookup(knownKey);
        if (hit) return sendCached(cache!, request, reply, hit, 'HIT');
      }
      const input = parseInput(endpoint, paramNames, request);
      if (!implementation) {
        throw new HttpError(
          501,
          'NotImplemented',
          `${endpoint.id} (${endpoint.method} ${endpoint.path}) is not implemented by this service yet`,
        );
      }
      const transactionId = request.headers['x-transaction-id'];
      // The handler's statements are bound to the caller's client by row-level security (tenant-scope.ts).
      const clientDb = tenantDb(db, request.client!.clientId);
      const base: RequestContext = {
        ...services,
        client: request.client!,
        db: clientDb,
        clock,
        log: request.log,
        ...(typeof transactionId === 'string' && transactionId !== '' ? { transactionId } : {}),
        serviceUrl,
        ownUrls: ownServiceUrls(request, services.urls),
      };
      let cacheKey: string | undefined;
      let generation = 0;
      // Single flight (response-cache.ts): a miss waits for the same answer being computed.
      let share: (answer: CachedAnswer | undefined) => void = () => undefined;
      const noCache = (input.query as { noCache?: boolean } | undefined)?.noCache === true;
      if (cached && noCache) {
        // Request collapsing (fresh-flight.ts): a computation of this answer that reads what this request may have seen written.
        const key = ResponseCache.key(clientId, endpoint.id, input, serviceUrl);
        for (;;) {
          const turn = freshFlights.turn(key, clientId);
          if ('begin' in turn) {
            share = turn.settle;
            await turn.begin;
            break;
          }
          const fresh = await turn.wait;
          if (fresh) return sendCached(cache, request, reply, fresh, 'noCache');
        }
      } else if (cached) {
        cacheKey = ResponseCache.key(clientId, endpoint.id, input, serviceUrl);
        cache.rememberRequest(requestKey!, cacheKey);
        // Looked up above already when the URL led to this key.
        const hit = knownKey === cacheKey ? undefined : await cache.lookup(cacheKey);
        if (hit) return sendCached(cache, request, reply, hit, 'HIT');
        for (;;) {
          const turn = cache.flight(cacheKey, clientId);
          if ('settle' in turn) {
            ({ generation, settle: share } = turn);
            break;
          }
          const shared = await turn.wait;
          if (shared) return sendCached(cache, request, reply, shared, 'HIT');
        }
      }
      let answer: CachedAnswer | undefined;
      try {
        let result: Awaited<ReturnType<Implementation['handler']>>;
        // Versions and the activity trail (trust.ts): a write's step runs first and last in its transaction.
        // Only a write that runs in one transaction of the binder's is told of by it: a handler's own
        // transactions may commit before or after the one its step ends in.
        const notice = implementation.transaction ? writeNotice?.(clientId) : undefined;
        const write = isWrite(endpoint)
          ? new WriteStep({ endpoint, input, ctx: base, ifMatch: headerText(request, 'if-match'), implementationOf: (id) => byId.get(id), ...(notice ? { notice } : {}) })
          : undefined;
        // The write's transaction committed with the notice in it: other processes are told.
        let toldInTransaction = false;
        try {
          const prepared = implementation.prepare ? await implementation.prepare(input, base) : undefined;
          if (write && !implementation.transaction) await write.precheck(clientDb);
          // Read before the record: an answer never carries a version newer than itself.
          // Once a GET's answers are known to carry their record's version, the ETag is taken from
          // the answer itself (the same row, read once) instead of a statement of its own.
          const version = write || answersVersion.has(endpoint.id) ? undefined : await versionFor(clientDb, endpoint, input, clientId);
          const inTransaction = async (tx: Tx) => {
            await write?.begin(tx);
            const written = await implementation.handler(input, { ...base, db: tx }, prepared);
            await write?.end(tx, written);
            return written;
          };
          result = !implementation.transaction
            ? await implementation.handler(input, write ? { ...base, db: write.hooked(clientDb) } : base, prepared)
            : groupCommit
              ? await groupCommit.run(clientDb, clientId, inTransaction)
              : await clientDb.transaction(inTransaction);
          toldInTransaction = write?.noticeSent === true;
          if (write && !implementation.transaction) await write.afterward(clientDb, result);
          write?.finish(result);
          const carried = !write && result.status === 200 ? versionIn(result.body) : undefined;
          if (version !== undefined && carried === version && endpoint.resource && !KINDS[endpoint.resource.kind].key) answersVersion.add(endpoint.id);
          const etag = version ?? (answersVersion.has(endpoint.id) ? carried : undefined);
          if (etag !== undefined && result.status === 200) result = { ...result, headers: { ...result.headers, ETag: etagOf(etag) } };
        } finally {
          if (endpoint.method !== 'GET' && endpoint.trail !== false && onWrite) await onWrite(clientId, toldInTransaction);
        }
        if (validateResponses) checkResponse(endpoint, result);
        if (result.body instanceof CsvAnswer) return sendCsv(request, reply.code(result.status), result.body);
        // A cached operation's answer may go to other requests: made into bytes once, for all of them.
        if (!cached || result.status !== 200 || result.body === undefined || result.body === null || !endpoint.responses[200]) {
          return sendResult(reply, endpoint, result);
        }
        answer = { status: 200, body: Buffer.from(bodyText(result.body)), ...(result.headers ? { headers: result.headers } : {}) };
        if (cacheKey) answer = cache!.store(cacheKey, clientId, generation, answer);
      } finally {
        share(answer);
      }
      return sendCached(cache!, request, reply, answer, cacheKey ? 'MISS' : 'noCache');
    };
    patterns.push({ method: endpoint.method, pattern: routePattern(url) });
    app.route({ method: endpoint.method, url, config: { operationId: endpoint.id }, onRequest: authenticate, handler });
  }
  return (method, path) => patterns.some((p) => p.method === method && p.pattern.test(path));
}
