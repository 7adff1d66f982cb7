/**
 * How an area implements an operation of the schema module. The runtime (register.ts) has
 * already authenticated the caller and parsed params, query and body with the record's zod
 * schemas; the handler returns one of the record's success statuses with its body, or throws an
 * `HttpError` (errors.ts) for anything else.
 *
 * Every write has one shape: prepare (outside I/O, outside the transaction: `prepare`) -> write (the
 * handler, in one transaction: rows, change-feed entries, jobs) -> effects (webhooks, targets,
 * mail), only through the jobs the write queued.
 *
 * @example
 * // src/server/areas/event-type/routes.ts
 * export const eventTypeRoutes = [
 *   implement(endpoints.eventType.get, async ({ params }, ctx) => {
 *     const row = await findEventType(ctx.db, ctx.client.clientId, params.id);
 *     return row ? { status: 200, body: toEventType(row) } : { status: 204 };
 *   }),
 * ];
 *
 * // src/server/areas/webhook/routes.ts: the URL's host is resolved before the transaction opens
 * implement(endpoints.webhook.update, async ({ params }, ctx, values) => {
 *   const row = await updateWebhook(ctx.db, ctx.client.clientId, params.id, values, ctx.clock.now());
 *   return { status: 200, body: toWebhook(row) };
 * }, { prepare: ({ body }, ctx) => valuesOf(body, null, ctx) }),
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Endpoint, EndpointResult, ParsedInput } from '#schema';
import type { Db } from '../db/database.ts';
import type { AuthenticatedClient } from '../db/keys.ts';
import type { Clock } from '../jobs/clock.ts';

import type { AppServices } from '../services.ts';

export type { AppServices };

export type RequestContext = AppServices & {
  /**
   * The tenant of the API key. Every query filters by `client.clientId`; `db` is bound to it as
   * well (row-level security, db/tenant-scope.ts), so a forgotten filter still sees only its rows.
   */
  client: AuthenticatedClient;
  /**
   * The database for this request. For operations other than GET it is an open transaction
   * (see `ImplementOptions.transaction`): everything written through it commits together when
   * the handler returns and is rolled back when it throws. Inside a handler use only this handle;
   * waiting on the root database while the transaction is open would deadlock the embedded
   * PGlite, which has a single connection.
   */
  db: Db;
  clock: Clock;
  /** The request's logger (carries the request id and the X-Transaction-ID). */
  log: FastifyBaseLogger;
  /** The caller's X-Transaction-ID header, when sent. */
  transactionId?: string;
  /** The service's URL for this request (PUBLIC_URL, else the request's origin): links to the service in answers start with it (service-url.ts). */
  serviceUrl: string;
  /** What names this service in the client's writes (PUBLIC_URL, the request's origin): stored as the placeholder origin (service-url.ts). */
  ownUrls: readonly string[];
};

/**
 * Response headers a handler adds to its answer, for what the body cannot carry (POST /event/
 * names the fields it ignored in X-Ignored-Fields, the answer being the Event itself).
 */
export interface ResultHeaders {
  headers?: Readonly<Record<string, string>>;
}

/** A handler; `prepared` is what the operation's `prepare` answered (undefined without one). */
export type Handler<E extends Endpoint, P = undefined> = (input: ParsedInput<E>, ctx: RequestContext, prepared: P) => Promise<EndpointResult<E> & ResultHeaders>;

export interface ImplementOptions<E extends Endpoint = Endpoint, P = undefined> {
  /**
   * Run the handler inside one database transaction. Default: on for every method but GET, so a
   * failed write leaves nothing half-written (DESIGN.md "Errors"). Off only for a handler that
   * must wait or call out after its write has committed (a state change that waits for the
   * encoder; a webhook test that answers with its attempt): it then opens its transaction itself.
   */
  transaction?: boolean;
  /**
   * What a write needs from outside before its transaction opens: resolving a URL's host, probing
   * a media file. It runs on the request's database handle, outside the transaction, so slow
   * outside I/O never holds a transaction (nor PGlite's one connection). It may throw a 400; its
   * answer is the handler's third argument.
   */
  prepare?: (input: ParsedInput<E>, ctx: RequestContext) => Promise<P>;
}

/** A handler bound to its record, with the types erased so areas can list them in one array. */
export interface Implementation {
  readonly endpoint: Endpoint;
  readonly transaction: boolean;
  readonly prepare?: (input: ParsedInput<Endpoint>, ctx: RequestContext) => Promise<unknown>;
  readonly handler: (input: ParsedInput<Endpoint>, ctx: RequestContext, prepared: unknown) => Promise<{ status: number; body?: unknown } & ResultHeaders>;
}

export function implement<E extends Endpoint, P = undefined>(endpoint: E, handler: Handler<E, P>, options: ImplementOptions<E, P> = {}): Implementation {
  return {
    endpoint,
    // A GET of the interface that writes declares a role above viewer (define.ts): it writes in one transaction too.
    transaction: options.transaction ?? (endpoint.method !== 'GET' || endpoint.role !== 'viewer'),
    ...(options.prepare ? { prepare: options.prepare as unknown as Implementation['prepare'] } : {}),
    handler: handler as unknown as Implementation['handler'],
  };
}

/**
 * An answer the database already wrote as JSON text (json_agg of a large list): sent as it is,
 * without building and serialising an object per row. `jsonAnswer<T>(text)` stands for a body of
 * type T; the text must match the record's response as the object would.
 */
export class JsonAnswer {
  constructor(readonly text: string) {}
}
export function jsonAnswer<T>(text: string): T {
  return new JsonAnswer(text) as unknown as T;
}
/** The JSON text of a handler's body. */
export function bodyText(body: unknown): string {
  return body instanceof JsonAnswer ? body.text : JSON.stringify(body);
}
