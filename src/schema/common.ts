/** Building blocks shared by every area's models and endpoints. */
import { z } from 'zod';

/** A GUID as the original service writes it (any 8-4-4-4-12 hex string, any version). */
export const Guid = z.guid();

const GUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value is a GUID (as `Guid` takes one): the one test, for ids read from a path or a URL. */
export function isGuid(value: unknown): value is string {
  return typeof value === 'string' && GUID_PATTERN.test(value);
}

/**
 * The maxima of the interface's text fields, in characters: the one place they are set. Request
 * schemas take them through `boundedText` (or `.max(TEXT_MAX.x)`), so a longer value answers 400
 * naming the field, and OpenAPI shows them as `maxLength`. The sizes keep every value a btree index
 * holds (titles, names, keys, reference ids: indexed for filters and sorting) under PostgreSQL's
 * index row limit of about 2,700 bytes even at 4 bytes a character.
 *
 * New areas apply the same: names and labels `TEXT_MAX.name`, titles `TEXT_MAX.title`, reference
 * and external ids `TEXT_MAX.reference`, keys and categories `TEXT_MAX.key`, URLs `TEXT_MAX.url`,
 * free text `TEXT_MAX.text`, JSON kept as text `TEXT_MAX.json`.
 */
export const TEXT_MAX = {
  /** Names and labels: channels, rooms, categories, tags, xflows, profiles, event types, playlists, fields. */
  name: 200,
  /** Titles of events, chapter points, compositions. */
  title: 500,
  /** Reference and external ids. */
  reference: 100,
  /** Keys and categories of custom and client properties. */
  key: 200,
  /** Language codes and short codes. */
  code: 35,
  /** URLs, user names, passwords and other single-line settings. */
  url: 2048,
  /** Descriptions, property values and other free text. */
  text: 20_000,
  /** JSON documents kept as text (configurations, DRM, task engine, additional properties). */
  json: 1_000_000,
} as const;

/** Text of at most `max` characters (one of TEXT_MAX), documented as maxLength. */
export function boundedText(max: number): z.ZodString {
  return z.string().max(max);
}

/** An ISO 8601 date-time; with or without an offset, since .NET services often omit it. */
export const DateTime = z.iso.datetime({ offset: true, local: true });
export const NullableDateTime = DateTime.nullable();

/** A duration of the form hh:mm:ss (hours may exceed 23; fractions allowed). */
export const TimeSpan = z.string().regex(/^-?(\d+\.)?\d{1,}:\d{2}:\d{2}(\.\d+)?$/, 'expected hh:mm:ss');

/** DateOrTime: a full ISO 8601 date-time, or a time of the form hh:mm:ss.fff. */
export const DateOrTime = z.union([DateTime, z.string().regex(/^\d{2,}:\d{2}:\d{2}(\.\d{1,3})?$/, 'expected hh:mm:ss.fff')]);

/**
 * The version of a record an operator edits (beyond the interface; DESIGN.md "Trust"): its single
 * GET's ETag is this number quoted, and a write sent with `If-Match: "<version>"` answers 412 when
 * the record has changed since. Absent from a service that keeps none.
 */
export const Version = z.number().int().optional().describe('The record\'s version: send it back in If-Match (beyond the interface)');

/** The error body of every failure: `data` holds details such as the failing fields. */
export const ErrorBodySchema = z
  .object({
    exceptionType: z.string(),
    exceptionMessage: z.string(),
    errorType: z.string(),
    data: z.unknown(),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** One failing field in the `data` of a 400: `field` is a dotted path such as `body.Title`. */
export const FieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldErrorSchema>;

/**
 * An enumeration of the interface: integer values with names, as the service answers
 * (`state: 2, stateString: 'LIVE_PUBLISHED'`).
 */
export function enumeration<const T extends Record<string, number>>(name: string, values: T) {
  const names = Object.keys(values) as (keyof T & string)[];
  const numbers = Object.values(values) as T[keyof T][];
  const byValue = new Map<number, keyof T & string>(names.map((n) => [values[n] as number, n]));
  const valueSchema = z
    .number()
    .int()
    .refine((v) => byValue.has(v), { message: `not a ${name} value (${numbers.join(', ')})` })
    .meta({ description: `${name}: ${names.map((n) => `${values[n]} ${n}`).join(', ')}`, enum: numbers });
  const nameSchema = z.enum(names as [keyof T & string, ...(keyof T & string)[]]);
  return {
    name,
    values,
    names,
    numbers,
    /** The integer value. */
    value: valueSchema,
    /** The name, as in `stateString`. */
    nameSchema,
    /** A number or a name (case-insensitive), resolved to the number. */
    input: z
      .union([z.number().int(), z.string()])
      .transform((v, ctx) => {
        const resolved = typeof v === 'number' ? (byValue.has(v) ? v : undefined) : lookupName(v);
        if (resolved === undefined) {
          ctx.addIssue({ code: 'custom', message: `not a ${name}: expected one of ${names.join(', ')} or ${numbers.join(', ')}` });
          return z.NEVER;
        }
        return resolved;
      })
      // OpenAPI as strict as the service: the numbers, or the names (case-insensitive in fact).
      .meta({
        description: `${name}: ${names.map((n) => `${values[n]} ${n}`).join(', ')}; the number or the name`,
        anyOf: [
          { type: 'integer', enum: numbers },
          { type: 'string', enum: names },
        ],
      }),
    nameOf(v: number): (keyof T & string) | undefined {
      return byValue.get(v);
    },
  };
  function lookupName(v: string): T[keyof T] | undefined {
    const trimmed = v.trim();
    if (/^-?\d+$/.test(trimmed)) {
      const n = Number(trimmed);
      return byValue.has(n) ? (n as T[keyof T]) : undefined;
    }
    const key = names.find((n) => n.toLowerCase() === trimmed.toLowerCase());
    return key === undefined ? undefined : values[key];
  }
}

// ---- Query building blocks ------------------------------------------------------------------

/** Booleans in queries are coerced from `true`/`false`/`1`/`0` by the binder (see normalize.ts). */
export const noCache = z.boolean().default(false).describe('Bypass the short-lived response cache');
export const NoCacheQuery = z.object({ noCache });

export const Order = z.enum(['ASC', 'DESC']);

/** The list query of `/{resource}/{id}/events/` operations. */
export const EventsOfQuery = z.object({
  pageSize: z.number().int().min(1).max(1000).default(20),
  pageNumber: z.number().int().min(1).default(1),
  order: Order.default('ASC'),
  noCache,
});

/** `?id=` lookups by reference or external id (percent-encoded in the URL). */
export const ReferenceQuery = z.object({ id: z.string().min(1), noCache });

export const IdParams = z.object({ id: Guid });
