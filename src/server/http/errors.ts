/**
 * Every failure answers the interface's error body, `{exceptionType, exceptionMessage, errorType, data}`
 * (public-facts.md §1). Handlers throw an `HttpError` (or use the helpers below); anything else
 * that escapes a handler is a 500 with errorType `InternalError`, logged with the request id and
 * never with a stack trace in the body.
 *
 * Validation failures are 400 with `data.fields = [{ field, message }]`, where `field` is a dotted
 * path that starts with the part of the request (`body.Title`, `query.pageSize`, `params.id`,
 * `body.Items.0.Name`): the same dotted form react-hook-form uses for field names, which is what
 * the dashboard maps server errors onto.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ErrorBody, FieldError } from '#schema';
import { loggableError } from '../logging.ts';

export type { ErrorBody, FieldError };

export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly exceptionType: string;
  constructor(
    readonly status: number,
    /** A short machine-readable kind: `Validation`, `NotFound`, `Conflict`, `Unauthorized`... */
    readonly errorType: string,
    message: string,
    readonly data: unknown = null,
    exceptionType?: string,
  ) {
    super(message);
    this.exceptionType = exceptionType ?? `${errorType}Exception`;
  }

  toBody(): ErrorBody {
    return { exceptionType: this.exceptionType, exceptionMessage: this.message, errorType: this.errorType, data: this.data };
  }
}

// ---- Helpers for handlers and rules ---------------------------------------------------------------

/** 400 with the failing fields; the message names them. */
export function validationError(fields: FieldError[], summary = 'The request is not valid'): HttpError {
  return new HttpError(400, 'Validation', `${summary}: ${describeFields(fields)}`, { fields });
}

/** 400 for one field, e.g. `badField('body.Label', 'is already used by another category')`. */
export function badField(field: string, message: string): HttpError {
  return validationError([{ field, message }]);
}

/** 400 that is not about one field (a rule of the interface, such as "at least one filter"). */
export function badRequest(message: string, data: unknown = null): HttpError {
  return new HttpError(400, 'BadRequest', message, data);
}

export function notFound(message: string): HttpError {
  return new HttpError(404, 'NotFound', message);
}

export function conflict(message: string, data: unknown = null): HttpError {
  return new HttpError(409, 'Conflict', message, data);
}

export function unauthorized(message: string): HttpError {
  return new HttpError(401, 'Unauthorized', message);
}

export function describeFields(fields: readonly FieldError[], max = 5): string {
  const shown = fields.slice(0, max).map((f) => `${f.field}: ${f.message}`);
  const more = fields.length > max ? ` (and ${fields.length - max} more)` : '';
  return shown.join('; ') + more;
}

// ---- zod issues as field errors -----------------------------------------------------------------

function describeValue(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'an array';
  if (typeof input === 'string') {
    const text = input.length > 40 ? `${input.slice(0, 40)}...` : input;
    return `the text "${text}"`;
  }
  if (typeof input === 'object') return 'an object';
  return `${typeof input} ${String(input)}`;
}

const EXPECTED: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  array: 'an array',
  object: 'an object',
  record: 'an object',
  date: 'a date',
};

const FORMATS: Record<string, string> = {
  guid: 'expected a GUID',
  uuid: 'expected a GUID',
  datetime: 'expected an ISO 8601 date-time',
  date: 'expected a date (YYYY-MM-DD)',
  time: 'expected a time (hh:mm:ss)',
  email: 'expected an e-mail address',
  url: 'expected a URL',
};

function bound(issue: { origin?: string; inclusive?: boolean }, limit: unknown, more: boolean): string {
  const n = String(limit);
  switch (issue.origin) {
    case 'string':
      return more ? `must have at most ${n} characters` : `must have at least ${n} characters`;
    case 'array':
    case 'set':
      return more ? `must have at most ${n} items` : `must have at least ${n} items`;
    default: {
      const op = more ? (issue.inclusive === false ? '<' : '≤') : issue.inclusive === false ? '>' : '≥';
      return `must be ${op} ${n}`;
    }
  }
}

/**
 * Plain-language messages for the common issues, used as the per-parse error map. Messages a
 * schema sets itself (`'expected hh:mm:ss'`) take precedence, as zod gives schema-level messages
 * priority over this one.
 */
export const issueMessage: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'required';
      return `expected ${EXPECTED[issue.expected] ?? issue.expected}, got ${describeValue(issue.input)}`;
    case 'invalid_format':
      return FORMATS[issue.format] ?? undefined;
    case 'too_small':
      return bound(issue, issue.minimum, false);
    case 'too_big':
      return bound(issue, issue.maximum, true);
    case 'invalid_value':
      return `expected one of ${issue.values.map((v) => String(v)).join(', ')}`;
    default:
      return undefined;
  }
};

/** zod issues of one request part as field errors: `body.Items.0.Name`. */
export function issuesToFields(part: 'params' | 'query' | 'body', issues: readonly z.core.$ZodIssue[]): FieldError[] {
  const fields: FieldError[] = [];
  for (const issue of issues) {
    const base = [part, ...issue.path.map((p) => String(p))].join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields.push({ field: `${base}.${key}`, message: 'is not a known field' });
    } else {
      fields.push({ field: base, message: issue.message });
    }
  }
  return fields;
}

// ---- Fastify wiring -----------------------------------------------------------------------------

/** Errors Fastify raises itself (body parsing, routing), as the interface's error body. */
function fromFastifyError(error: FastifyError): HttpError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new HttpError(
        415,
        'UnsupportedMediaType',
        'Unsupported content type: send the body as JSON with Content-Type: application/json (or application/json-patch+json, application/*+json)',
      );
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new HttpError(413, 'PayloadTooLarge', 'The request body is larger than the service accepts');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new HttpError(400, 'MalformedJson', `The request body is not valid JSON: ${error.message}`);
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new HttpError(400, 'BadRequest', 'The Content-Length header does not match the body');
    case 'FST_ERR_BAD_URL':
      return new HttpError(400, 'BadUrl', 'The URL is not valid (a malformed percent-encoding?)');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new HttpError(414, 'UriTooLong', 'A path parameter is longer than the service accepts');
    default:
      return undefined;
  }
}

/** The SQLSTATE of a database error, whether thrown by the driver or wrapped by Drizzle. */
function sqlState(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 4; current = (current as { cause?: unknown }).cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

function databaseMessage(error: unknown): string {
  for (let current = error, depth = 0; current && depth < 4; current = (current as { cause?: unknown }).cause, depth++) {
    if ((current as { code?: unknown }).code !== undefined) return (current as Error).message;
  }
  return 'a value the database cannot store';
}

/**
 * Input that passed the schemas yet cannot be stored (a number out of a column's range, text
 * too long for a column) is still the caller's mistake: PostgreSQL's data exceptions (SQLSTATE
 * class 22) answer 400 and a unique violation 409, with the database's own words. Each one is
 * also a hint that a schema could be stricter, so it is logged.
 */
function fromDatabaseError(error: unknown): HttpError | undefined {
  const state = sqlState(error);
  if (!state) return undefined;
  if (state.startsWith('22')) return new HttpError(400, 'InvalidValue', `The request holds a value the service cannot store: ${databaseMessage(error)}`);
  // "index row size exceeds btree maximum" and the like: a value the schemas should have bounded (TEXT_MAX).
  if (state === '54000') return new HttpError(400, 'InvalidValue', 'The request holds a text value longer than the service can store or index');
  if (state === '23505') return new HttpError(409, 'Conflict', 'The request conflicts with an existing resource (a value that must be unique is already used)');
  return undefined;
}

/** Seconds a client is asked to wait (Retry-After) while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', '57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|not queryable|Client was closed|Cannot use a pool after calling end|connection (?:is )?(?:closed|lost|ended)/i;

/**
 * Whether an error says the database cannot be reached right now (refused, terminated,
 * restarting, out of connections) rather than that the request was wrong: answered 503 with
 * Retry-After, and the service carries on (it reconnects by itself).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    const message = (current as { message?: unknown }).message;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message.split('\n')[0]!)) return true;
    if (current instanceof AggregateError && current.errors.some((e) => isDatabaseUnavailable(e))) return true;
  }
  return false;
}

export function toHttpError(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  if (isDatabaseUnavailable(error)) {
    return new HttpError(503, 'DatabaseUnavailable', `The database cannot be reached right now; try again in ${DATABASE_RETRY_AFTER_SECONDS} s`, {
      retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
    });
  }
  const fromDatabase = fromDatabaseError(error);
  if (fromDatabase) return fromDatabase;
  const fastifyError = error as FastifyError;
  if (typeof fastifyError?.code === 'string') {
    const known = fromFastifyError(fastifyError);
    if (known) return known;
  }
  // Other client errors Fastify or a plugin raise with a status: keep the status, not the details.
  const status = fastifyError?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const errorType = ({ 403: 'Forbidden', 404: 'NotFound', 405: 'MethodNotAllowed', 408: 'RequestTimeout' } as Record<number, string>)[status];
    return new HttpError(status, errorType ?? 'BadRequest', fastifyError.message || 'The request was not accepted');
  }
  return undefined;
}

/**
 * Adds the operation id to the `data` of an error answered on an operation's route, so that an
 * authenticated integrator can see which operation the service matched (trailing slashes matter here).
 */
function withOperation(body: ErrorBody, request: FastifyRequest): ErrorBody {
  // Not for a caller without a valid key: it learns nothing from the service.
  if (!request.client) return body;
  const operationId = (request.routeOptions?.config as { operationId?: string } | undefined)?.operationId;
  if (!operationId) return body;
  const data = body.data;
  if (data === null || data === undefined) return { ...body, data: { operationId } };
  if (typeof data === 'object' && !Array.isArray(data)) return { ...body, data: { operationId, ...data } };
  return body;
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: HttpError): FastifyReply {
  return reply
    .code(error.status)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(withOperation(error.toBody(), request)));
}

export function echoTransactionId(request: FastifyRequest, reply: FastifyReply): void {
  const id = request.headers['x-transaction-id'];
  if (typeof id === 'string' && id !== '') reply.header('X-Transaction-ID', id);
}

/** The error handler, the 404 for unknown routes (unless `notFound` takes over), and router errors. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if ((error as FastifyError).code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendError(request, reply, tooLarge(request.routeOptions.bodyLimit));
    const known = toHttpError(error);
    if (known) {
      // 501 is an answer, not a failure: an operation this service does not offer yet (no stack).
      if (known.status === 501) request.log.info(known.message);
      else if (known.status === 503) {
        reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
        request.log.warn({ err: loggableError(error) }, known.message);
      } else if (known.status >= 500) request.log.error({ err: loggableError(error) }, known.message);
      else if (sqlState(error)) request.log.warn({ err: loggableError(error) }, `A database error answered as ${known.status}: a schema may be too lenient`);
      return sendError(request, reply, known);
    }
    request.log.error({ err: loggableError(error) }, 'Unexpected error while handling the request');
    return sendError(
      request,
      reply,
      new HttpError(500, 'InternalError', `The service failed to handle the request; the log has the details under request id ${request.id}`, {
        requestId: request.id,
      }),
    );
  });
}

/** 413 naming the limit. */
export function tooLarge(limitBytes: number | undefined): HttpError {
  if (!limitBytes) return new HttpError(413, 'PayloadTooLarge', 'The request body is larger than the service accepts');
  const mb = Math.round((limitBytes / 1024 / 1024) * 10) / 10;
  return new HttpError(413, 'PayloadTooLarge', `The request body is larger than the service accepts: at most ${mb} MB (${limitBytes} bytes)`, {
    limitBytes,
  });
}

/** For Fastify's `frameworkErrors` option: errors raised before any hook runs (bad URL, too long a parameter). */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  echoTransactionId(request, reply);
  const known = toHttpError(error) ?? new HttpError(400, 'BadRequest', 'The request was not accepted');
  void sendError(request, reply, known);
}
