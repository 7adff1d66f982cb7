/**
 * The standard operations of a record resource (list, get, create, upsert, update, delete, and
 * actions on one record), declared once from what they share: the collection path, the kind, the
 * role that writes, the id parameters, the record's schema and what a change to a record makes
 * stale. Each operation then gives its summary and whatever it does differently (a description, a
 * query, a body, other statuses, an irregular path): those win over the standard, and `undefined`
 * drops a field.
 *
 * @example
 * const tags = recordOperations({ kind: 'tag', path: '/tag/', role: 'admin', schema: TagSchema, invalidates: STALE });
 * export const tag = defineArea('tag', {
 *   create: tags.create('Add a tag', { body: TagBody, responses: { 201: TagSchema } }),
 *   get: tags.get('Get a tag', { query: NoCacheQuery, responses: { 200: TagSchema, 204: null } }),
 *   events: { method: 'GET', path: '/tag/{id}/events/', ... }, // an operation of its own: a plain record
 * });
 */
import { z } from 'zod';
import { IdParams } from './common.ts';
import type { EndpointDef, HttpMethod, Role } from './define.ts';
import { isVersionedKind, type ResourceKind, type VersionedKind } from './resources.ts';

/** What one operation says beyond the standard: its texts, and any field it spells differently. */
export type OperationPart = Partial<Omit<EndpointDef, 'method' | 'summary'>>;

/** The standard fields with the operation's own over them. */
type Declared<Standard, Own> = Omit<Standard, keyof Own> & Own;

type Shared = { description?: string; extension?: true };

export interface RecordResource<K extends ResourceKind, P extends string, N extends string, R extends Role, Params, S, I> {
  kind: K;
  /** The collection's path, as the interface spells it (`/tag/`); one record is `${path}{id}` (or the `id` below). */
  path: P;
  /** The name of the record's id in its path and params, when it is not `id` (`/compose/{eventId}`). */
  id?: N;
  /** The role that writes (create, upsert, update, delete); reads need `viewer`. */
  role: R;
  /** The parameters of a record's path, `{ id }`: IdParams unless given (always, with another `id`). */
  params?: Params;
  /** The record as answered: get, create, upsert and update answer it, list answers an array of it. */
  schema: S;
  /**
   * What an upsert, update or delete makes stale (a record others show). A create answers a record
   * nothing shows yet, so it stales the area's own queries unless it says otherwise.
   */
  invalidates?: I;
  /** A description every operation carries unless it gives its own. */
  description?: string;
  /** Every operation is beyond the interface (`extension` of define.ts). */
  extension?: true;
}

/** Joins the standard fields and the operation's own; an own field given as `undefined` is dropped. */
function declare(standard: Record<string, unknown>, own: Record<string, unknown> | undefined): never {
  const out: Record<string, unknown> = { ...standard, ...own };
  for (const [key, value] of Object.entries(out)) if (value === undefined) delete out[key];
  return out as never;
}

/** The operations of one record resource; each takes its summary and what it does differently. */
export function recordOperations<
  const K extends ResourceKind,
  const P extends string,
  const R extends Role,
  S extends z.ZodType,
  const N extends string = 'id',
  Params extends z.ZodObject = typeof IdParams,
  const I extends readonly string[] | undefined = undefined,
>(record: RecordResource<K, P, N, R, Params, S, I>) {
  const params = (record.params ?? IdParams) as Params;
  const id = record.id ?? 'id';
  const item = `${record.path}{${id}}` as `${P}{${N}}`;
  const shared: Shared = {
    ...(record.description === undefined ? {} : { description: record.description }),
    ...(record.extension ? { extension: true } : {}),
  };
  const byId = { kind: record.kind, id: `params.${id}` as `params.${N}` };
  // A read names its record only to answer the record's version (its ETag): kinds without versions do not.
  const readsVersion = isVersionedKind(record.kind) ? { resource: byId } : {};
  const stale = record.invalidates === undefined ? {} : { invalidates: record.invalidates };

  type Stales = I extends readonly string[] ? { invalidates: I } : unknown;
  type ReadsVersion = K extends VersionedKind ? { resource: { kind: K; id: `params.${N}` } } : unknown;
  type Get = Shared & ReadsVersion & { method: 'GET'; summary: string; path: `${P}{${N}}`; params: Params; responses: { 200: S } };
  type List = Shared & { method: 'GET'; summary: string; path: P; responses: { 200: z.ZodArray<S> } };
  type Create = Shared & { method: 'POST'; summary: string; role: R; resource: { kind: K }; path: P; responses: { 200: S } };
  type Upsert = Shared & { method: 'POST'; summary: string; role: R; resource: { kind: K; id: 'body.id' }; path: P; responses: { 200: S } } & Stales;
  type Update = Shared & { method: 'PUT'; summary: string; role: R; resource: { kind: K; id: `params.${N}` }; path: `${P}{${N}}`; params: Params; responses: { 200: S } } & Stales;
  type Action<M, Pa> = Shared & { method: M; summary: string; role: R; resource: { kind: K; id: `params.${N}` }; path: Pa; params: Params; responses: { 200: S } } & Stales;
  type Delete = Shared & { method: 'DELETE'; summary: string; role: R; resource: { kind: K; id: `params.${N}` }; path: `${P}{${N}}`; params: Params; responses: { 200: null } } & Stales;

  return {
    /** GET the collection: an array of the record. */
    list: <const O extends OperationPart = object>(summary: string, own?: O): Declared<List, O> =>
      declare({ method: 'GET', path: record.path, summary, ...shared, responses: { 200: z.array(record.schema) } }, own),
    /** GET one record by its id (with its ETag, for a kind that has versions). */
    get: <const O extends OperationPart = object>(summary: string, own?: O): Declared<Get, O> =>
      declare({ method: 'GET', ...readsVersion, path: item, summary, ...shared, params, responses: { 200: record.schema } }, own),
    /** POST a new record to the collection. */
    create: <const O extends OperationPart = object>(summary: string, own?: O): Declared<Create, O> =>
      declare({ method: 'POST', role: record.role, resource: { kind: record.kind }, path: record.path, summary, ...shared, responses: { 200: record.schema } }, own),
    /** POST to the collection: updates the record whose id the body gives, else adds one. */
    upsert: <const O extends OperationPart = object>(summary: string, own?: O): Declared<Upsert, O> =>
      declare({ method: 'POST', role: record.role, resource: { kind: record.kind, id: 'body.id' }, path: record.path, summary, ...shared, responses: { 200: record.schema }, ...stale }, own),
    /** PUT one record by its id. */
    update: <const O extends OperationPart = object>(summary: string, own?: O): Declared<Update, O> =>
      declare({ method: 'PUT', role: record.role, resource: byId, path: item, summary, ...shared, params, responses: { 200: record.schema }, ...stale }, own),
    /** DELETE one record by its id: 200 without a body unless it says otherwise. */
    delete: <const O extends OperationPart = object>(summary: string, own?: O): Declared<Delete, O> =>
      declare({ method: 'DELETE', role: record.role, resource: byId, path: item, summary, ...shared, params, responses: { 200: null }, ...stale }, own),
    /**
     * Another write on one record by its id, at a path of its own (`PUT /event/forcestop/{id}`),
     * answering the record; a GET that writes, as the interface has a few, is one too.
     */
    action: <const M extends HttpMethod, const Pa extends string, const O extends OperationPart = object>(
      method: M,
      path: Pa,
      summary: string,
      own?: O,
    ): Declared<Action<M, Pa>, O> =>
      declare({ method, role: record.role, resource: byId, path, summary, ...shared, params, responses: { 200: record.schema }, ...stale }, own),
  };
}
