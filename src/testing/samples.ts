/**
 * Minimal valid path parameters and required query values for any operation record, found by
 * asking the record's own schemas which of a few candidate texts they accept. Used by the
 * routing and hostile-input tests, which go over every operation without knowing its fields.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { coerceStrings, objectShape, type Endpoint } from '#schema';

/** Tried in order: text that needs percent-encoding first, so path building is exercised. */
function candidates(): string[] {
  return ['a b/c?d&e', randomUUID(), '42', 'ref-1', '2026-01-15T12:00:00Z', '00:00:10', 'true', 'ASC', 'HLS', 'VideoSite', 'event', '1'];
}

function sampleField(objectSchema: z.ZodObject, key: string): unknown {
  const field = objectShape(objectSchema)?.[key];
  if (!field) return undefined;
  const json = z.toJSONSchema(field, { io: 'input', unrepresentable: 'any' }) as { enum?: unknown[]; const?: unknown; anyOf?: { enum?: unknown[] }[] };
  const listed = json.enum?.[0] ?? json.const ?? json.anyOf?.find((o) => o.enum)?.enum?.[0];
  for (const text of [...candidates(), ...(listed === undefined ? [] : [String(listed)])]) {
    const coerced = coerceStrings(objectSchema, { [key]: text })[key];
    if (field.safeParse(coerced).success) return coerced;
  }
  throw new Error(`No sample value fits ${key}; add a candidate to src/testing/samples.ts`);
}

/** Path parameters every template parameter of the record accepts. */
export function sampleParams(endpoint: Endpoint): Record<string, unknown> | undefined {
  if (!endpoint.params) return undefined;
  const params: Record<string, unknown> = {};
  for (const key of Object.keys(objectShape(endpoint.params) ?? {})) params[key] = sampleField(endpoint.params, key);
  return params;
}

/** Values for the required query fields only (optional ones are left out). */
export function sampleQuery(endpoint: Endpoint): Record<string, unknown> | undefined {
  if (!endpoint.query) return undefined;
  const query: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(objectShape(endpoint.query) ?? {})) {
    if (!field.safeParse(undefined).success) query[key] = sampleField(endpoint.query, key);
  }
  return query;
}

/**
 * Whether the sampled params and query pass the record's schemas as a whole: a schema may ask
 * for one of several fields (`at least one filter`), which field-by-field samples do not give.
 */
export function samplesAccepted(endpoint: Endpoint): boolean {
  const query = sampleQuery(endpoint);
  return !endpoint.query || endpoint.query.safeParse(coerceStrings(endpoint.query, query ?? {})).success;
}

/** Whether the record's body may be left out. */
export function bodyOptional(endpoint: Endpoint): boolean {
  return !endpoint.body || endpoint.body.safeParse(undefined).success;
}
