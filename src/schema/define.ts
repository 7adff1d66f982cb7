/**
 * The binder core: one record per operation of the interface. The same record drives the
 * browser client (path building, query keys, response handling), the server (Fastify route,
 * input parsing) and the OpenAPI document. Shapes borrowed from ts-rest's endpoint record.
 */
import { type z } from 'zod';
import type { PathParamNames } from './path.ts';
import type { ResourceKind } from './resources.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What a key may do (DESIGN.md "Trust"), each role everything of the one before: `viewer` reads;
 * `operator` also does the day-to-day work (events and their live states, properties, playlists,
 * assets, publications, downloads, captures); `admin` also configures (webhooks, destinations and
 * their properties, lookups, archiver flows and playout profiles, keys).
 */
export const ROLES = ['viewer', 'operator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Whether a key of role `held` may call an operation that needs `needed`. */
export function roleAllows(held: Role, needed: Role): boolean {
  return ROLES.indexOf(held) >= ROLES.indexOf(needed);
}

/** Where a value is in a request: `params.id`, `body.Id`, `query.destinationId`. */
export type InputPath = `${'params' | 'query' | 'body'}.${string}`;

/**
 * The record an operation reads or writes, for versions (ETag / If-Match) and the activity trail
 * (src/server/http/trust.ts). A single-record GET that declares one answers the record's ETag; a
 * write that declares one checks If-Match against it under a row lock and records what it changed.
 */
export interface ResourceRef {
  kind: ResourceKind;
  /**
   * Where the record's id is in the request. Absent, or absent from a request: the operation makes
   * a new record, whose id is the answer's `id` (or the answer itself when that is a bare id).
   */
  id?: InputPath;
  /**
   * The id names the record by another of its keys, which the kind's server-side entry resolves
   * (`event`: the event it belongs to, as `/channelprofile/event/{id}`; `reference`: its reference id).
   */
  by?: 'event' | 'reference';
  /** The id is a list of ids (a comma-separated text or an array): one activity entry per record. */
  many?: boolean;
}

/** Statuses a client treats as success. A declared 410 (deletions that answer Gone) is success too. */
export function isSuccessStatus(status: number): boolean {
  return (status >= 200 && status < 300) || status === 410;
}

/**
 * A response by status: a schema for a body, or `null` for none (204, or 410 Gone).
 * Error statuses the interface states (400...) are declared as `400: ErrorBodySchema`, so the
 * OpenAPI document shows them; every operation may also answer 400/401/500 with that body.
 */
export type ResponseMap = Readonly<Record<number, z.ZodType | null>>;

interface EndpointFields {
  /** Verbatim from the interface, oddities included (mark each in a `@legacy` doc comment). */
  path: string;
  summary: string;
  description?: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Request content type; JSON unless stated. */
  contentType?: 'application/json' | 'application/json-patch+json';
  /**
   * The success answer's type when it is not JSON: `text/csv` for an export (its 200 is
   * `z.string()`, streamed by the service with a Content-Disposition; the client's `download`
   * saves it as a file, `call` answers the text).
   */
  produces?: 'text/csv';
  responses: ResponseMap;
  /**
   * Query roots (areas) a successful call makes stale, for mutations. Defaults to the endpoint's
   * own area for non-GET operations.
   */
  invalidates?: readonly string[];
  /** Beyond the interface (ours, not the original service's): marked as such in the docs. */
  extension?: boolean;
  /**
   * A read the change feed makes stale with every change it carries, whatever its kind: one that
   * gathers from every kind of record (the alert centre, the activity trail). The feed mapping
   * (client/feed-mapping.ts) reads it, so such a read follows each kind the feed learns to carry.
   */
  feed?: 'everyChange';
  /** The record it reads or writes (versions, activity trail); see ResourceRef. */
  resource?: ResourceRef;
  /**
   * False for a write that changes nothing an operator edits (a presence announcement, a check
   * that only answers): it leaves no activity entry. Default: every successful write leaves one.
   */
  trail?: false;
}

/**
 * One operation's record. A GET reads (role `viewer` unless it says otherwise: a GET of the
 * interface that writes, such as `/event/restore/{id}`, declares `operator`); every other method
 * must declare the role it needs, so a new write without one fails the typecheck.
 */
export type EndpointDef = EndpointFields &
  ({ method: 'GET'; role?: Role } | { method: Exclude<HttpMethod, 'GET'>; role: Role });

export type Endpoint<D extends EndpointDef = EndpointDef> = D & {
  /** Operation id, `area.action`: `event.list`, `clientProperty.getTemplate`. */
  readonly id: string;
  /** The query-key root and OpenAPI tag. */
  readonly area: string;
  readonly invalidates: readonly string[];
  /** The role a key needs to call it (`viewer` for a GET that declares none). */
  readonly role: Role;
};

type CheckParams<D extends EndpointDef> =
  PathParamNames<D['path']> extends never
    ? D
    : D['params'] extends z.ZodObject<infer S>
      ? [PathParamNames<D['path']>] extends [keyof S & string]
        ? D
        : { error: `params must declare every path parameter of ${D['path']}` }
      : { error: `params are required for ${D['path']}` };

/**
 * Declares the operations of one area. Path parameters must all be declared in `params`
 * (checked by the type system here and by a test at run time).
 *
 * @example
 * export const eventType = defineArea('eventType', {
 *   list: { method: 'GET', path: '/eventtype/', summary: 'List event types', query: NoCacheQuery,
 *           responses: { 200: z.array(EventTypeSchema) } },
 * });
 */
export function defineArea<const Defs extends Record<string, EndpointDef>>(
  area: string,
  defs: { [K in keyof Defs]: Defs[K] & CheckParams<Defs[K]> },
): { [K in keyof Defs]: Endpoint<Defs[K]> } {
  const out: Record<string, Endpoint> = {};
  for (const [action, def] of Object.entries(defs as Record<string, EndpointDef>)) {
    out[action] = {
      ...def,
      id: `${area}.${action}`,
      area,
      invalidates: def.invalidates ?? (def.method === 'GET' ? [] : [area]),
      role: def.role ?? 'viewer',
    };
  }
  return out as { [K in keyof Defs]: Endpoint<Defs[K]> };
}

// ---- Types derived from a record ----------------------------------------------------------------

type InputOf<T> = T extends z.ZodType ? z.input<T> : never;
type OutputOf<T> = T extends z.ZodType ? z.output<T> : null;

type ParamsPart<E> = E extends { params: z.ZodObject } ? { params: InputOf<E['params']> } : { params?: undefined };
type QueryPart<E> = E extends { query: z.ZodObject }
  ? Record<string, never> extends InputOf<E['query']>
    ? { query?: InputOf<E['query']> }
    : { query: InputOf<E['query']> }
  : { query?: undefined };
type BodyPart<E> = E extends { body: z.ZodType } ? { body: InputOf<E['body']> } : { body?: undefined };

/** What a caller passes: `{ params, query, body }`, each present only when the operation has it. */
export type EndpointInput<E extends EndpointDef> = ParamsPart<E> & QueryPart<E> & BodyPart<E>;

/** What the server hands a handler: the same parts, parsed (defaults applied). */
export type ParsedInput<E extends EndpointDef> = {
  params: E extends { params: z.ZodObject } ? z.output<E['params']> : Record<string, never>;
  query: E extends { query: z.ZodObject } ? z.output<E['query']> : Record<string, never>;
  body: E extends { body: z.ZodType } ? z.output<E['body']> : undefined;
};

type SuccessStatus<R> = {
  [S in keyof R]: S extends number ? (`${S}` extends `2${string}` | '410' ? S : never) : never;
}[keyof R];

/** What a successful call resolves to: the union of the success bodies; `null` for none. */
export type EndpointOutput<E extends EndpointDef> = OutputOf<E['responses'][SuccessStatus<E['responses']>]>;

/** What a handler returns: one of the declared success statuses with its body. */
export type EndpointResult<E extends EndpointDef> = {
  [S in SuccessStatus<E['responses']>]: E['responses'][S] extends z.ZodType
    ? { status: S; body: z.input<E['responses'][S]> }
    : { status: S; body?: null };
}[SuccessStatus<E['responses']>];
