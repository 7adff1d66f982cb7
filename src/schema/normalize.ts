/**
 * Input normalisation that must happen before a zod schema sees raw request data, written once
 * here so that the server (and tests) treat every operation alike:
 * - query strings carry only text, so `true`, `10`, or a lone value for an array are coerced
 *   to what the query schema declares;
 * - request bodies accept any casing of a field name (`title`, `Title`, `TITLE`), as the original
 *   service does; the schema's casing is the canonical one. Keys of records (such as the values
 *   dictionary of client properties) are data, not field names, and are left alone.
 */
import type { z } from 'zod';

type Def = {
  type: string;
  innerType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  out?: z.ZodType;
  getter?: () => z.ZodType;
};

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

/** The schema under optional/nullable/default wrappers, pipes (their input side) and lazies. */
export function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (;;) {
    const def = defOf(current);
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in) current = def.in;
    else if (def.type === 'lazy' && def.getter) current = def.getter();
    else return current;
  }
}

/** The zod type name of a schema once unwrapped: 'string', 'number', 'object', 'array'... */
export function kindOf(schema: z.ZodType): string {
  return defOf(unwrap(schema)).type;
}

export function objectShape(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  const def = defOf(unwrap(schema));
  return def.type === 'object' ? def.shape : undefined;
}

function coerceScalar(schema: z.ZodType, raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  const kind = kindOf(schema);
  if (kind === 'boolean') {
    const lower = raw.trim().toLowerCase();
    if (lower === 'true' || lower === '1') return true;
    if (lower === 'false' || lower === '0') return false;
    return raw;
  }
  if (kind === 'number' || kind === 'int') {
    const trimmed = raw.trim();
    if (trimmed === '') return raw;
    const n = Number(trimmed);
    return Number.isNaN(n) ? raw : n;
  }
  if (kind === 'union') {
    // A state given "as a number or a name": a numeric text is the number.
    const options = defOf(unwrap(schema)).options ?? [];
    if (options.some((o) => kindOf(o) === 'number') && /^\s*-?\d+\s*$/.test(raw)) return Number(raw);
  }
  return raw;
}

/**
 * Coerces raw query or path values (strings, or arrays of strings for repeated keys) to the types
 * the object schema declares. Unknown keys pass through for the schema to strip. Keys are matched
 * case-insensitively, as the original service binds query parameters.
 */
export function coerceStrings(schema: z.ZodType, raw: Record<string, unknown>): Record<string, unknown> {
  const shape = objectShape(schema);
  if (!shape) return raw;
  const byLower = new Map(Object.keys(shape).map((k) => [k.toLowerCase(), k]));
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of Object.entries(raw)) {
    const key = byLower.get(rawKey.toLowerCase()) ?? rawKey;
    const field = shape[key];
    if (!field) {
      out[key] = value;
      continue;
    }
    if (kindOf(field) === 'array') {
      const element = defOf(unwrap(field)).element as z.ZodType;
      const list = Array.isArray(value) ? value : [value];
      out[key] = list.map((v) => coerceScalar(element, v));
    } else {
      // A repeated key for a scalar field: the last one wins, as in ASP.NET binding.
      out[key] = coerceScalar(field, Array.isArray(value) ? value[value.length - 1] : value);
    }
  }
  return out;
}

/** Renames body keys to the schema's casing, recursively through objects and arrays. */
export function normalizeKeys(schema: z.ZodType, value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const base = unwrap(schema);
  const def = defOf(base);
  if (Array.isArray(value)) {
    return def.type === 'array' && def.element ? value.map((v) => normalizeKeys(def.element as z.ZodType, v)) : value;
  }
  if (def.type === 'union' && def.options) {
    const objectOption = def.options.find((o) => kindOf(o) === 'object');
    return objectOption ? normalizeKeys(objectOption, value) : value;
  }
  if (def.type !== 'object' || !def.shape) return value;
  const shape = def.shape;
  const byLower = new Map(Object.keys(shape).map((k) => [k.toLowerCase(), k]));
  const out: Record<string, unknown> = {};
  for (const [rawKey, v] of Object.entries(value as Record<string, unknown>)) {
    const key = byLower.get(rawKey.toLowerCase()) ?? rawKey;
    // When both `title` and `Title` are sent, the canonical spelling wins.
    if (key in out && rawKey !== key) continue;
    const field = shape[key];
    out[key] = field ? normalizeKeys(field, v) : v;
  }
  return out;
}
