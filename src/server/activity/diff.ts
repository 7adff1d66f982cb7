/**
 * What changed between two states of a record, field by field: nested objects by dotted path
 * (`video.playerUrl`), a list inside a record as one value. A record that is a list (an event's
 * client properties) is taken item by item, each under its name (`rightsHolder.value`). Bookkeeping the record keeps by itself (its version,
 * when it was last modified) is not a change of its own. A secret shows as a mask before and after,
 * so the trail says that it changed but never what it is. A value of more than a few thousand
 * characters (a thumbnail's data URI, a large JSON document) is kept shortened.
 */
import type { StoredChange } from '../db/tables/trust.ts';

export const SECRET_MASK = '••••••';
const BOOKKEEPING = new Set(['version', 'dateModified', 'updatedAt']);
const MAX_VALUE_CHARS = 4_000;
const PREVIEW_CHARS = 1_000;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** What an item of a list that is the record is known by: its name, key or id, else its place. */
function itemKey(item: unknown, index: number): string {
  if (isPlainObject(item)) for (const key of ['name', 'key', 'id']) if (typeof item[key] === 'string' && item[key] !== '') return item[key];
  return String(index);
}

function flatten(value: unknown, prefix: string, out: Map<string, unknown>, depth: number): void {
  if (Array.isArray(value) && depth === 0) {
    value.forEach((item, index) => flatten(item, itemKey(item, index), out, 1));
    return;
  }
  if (isPlainObject(value) && depth < 4) {
    for (const [key, item] of Object.entries(value)) {
      if (depth === 0 && BOOKKEEPING.has(key)) continue;
      flatten(item, prefix ? `${prefix}.${key}` : key, out, depth + 1);
    }
    return;
  }
  if (prefix) out.set(prefix, value === undefined ? null : value);
}

/** A record (or request) as `field -> value`. */
export function fieldsOf(value: unknown): Map<string, unknown> {
  const out = new Map<string, unknown>();
  flatten(value, '', out, 0);
  return out;
}

function bounded(value: unknown): unknown {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (text === undefined || text.length <= MAX_VALUE_CHARS) return value;
  return `${text.slice(0, PREVIEW_CHARS)}… (${text.length.toLocaleString('en')} characters)`;
}

function isSecret(field: string, secrets: readonly string[]): boolean {
  const last = field.split('.').at(-1)!;
  return secrets.some((s) => s.toLowerCase() === last.toLowerCase());
}

const mask = (value: unknown) => (value === null || value === undefined || value === '' ? null : SECRET_MASK);

export function diffRecords(before: unknown, after: unknown, secrets: readonly string[] = []): StoredChange[] {
  const a = fieldsOf(before);
  const b = fieldsOf(after);
  const changes: StoredChange[] = [];
  for (const field of new Set([...a.keys(), ...b.keys()])) {
    const was = a.has(field) ? a.get(field) : null;
    const now = b.has(field) ? b.get(field) : null;
    if (JSON.stringify(was) === JSON.stringify(now)) continue;
    if (isSecret(field, secrets)) changes.push({ field, before: mask(was), after: mask(now) });
    else changes.push({ field, before: bounded(was), after: bounded(now) });
  }
  return changes;
}
