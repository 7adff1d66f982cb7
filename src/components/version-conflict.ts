/**
 * What a save refused with 412 (the record changed since it was loaded: DESIGN.md "Trust") means
 * for the form, field by field, from three states of its values: as loaded (`base`), as the
 * service has them now (`theirs`), and as the operator has them (`yours`). A field both changed
 * differently is a conflict; one only they changed is theirs, one only you changed is yours.
 * Both ways out start from theirs and put your changes back on it: "keep mine" all of them (then
 * saves against the new version), "take theirs" only those that do not conflict. Nothing the
 * operator typed outside a conflict is lost either way.
 */
export type FieldValues = Record<string, unknown>;

export interface FieldDifference {
  /** A dotted path of the form's values (`schedule.start`); a list is one field. */
  field: string;
  label: string;
  base: unknown;
  theirs: unknown;
  yours: unknown;
  /** Who changed it: both (differently), only them, or only you. */
  changedBy: 'both' | 'theirs' | 'yours';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);
}

/** The values as `field -> value`, nested objects by dotted path, lists and dates whole. */
export function flattenValues(values: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (isPlainObject(values)) {
    for (const [key, value] of Object.entries(values)) flattenValues(value, prefix ? `${prefix}.${key}` : key, out);
  } else if (prefix) {
    out.set(prefix, values);
  }
  return out;
}

/** Two values the same for the operator: `''`, null and undefined are all "empty". */
export function sameValue(a: unknown, b: unknown): boolean {
  const empty = (v: unknown) => v === undefined || v === null || v === '';
  if (empty(a) && empty(b)) return true;
  if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  return JSON.stringify(a) === JSON.stringify(b);
}

export function differences(base: FieldValues, theirs: FieldValues, yours: FieldValues, labelOf: (field: string) => string = (f) => f): FieldDifference[] {
  const b = flattenValues(base);
  const t = flattenValues(theirs);
  const y = flattenValues(yours);
  const out: FieldDifference[] = [];
  for (const field of new Set([...b.keys(), ...t.keys(), ...y.keys()])) {
    const was = b.get(field);
    const now = t.get(field);
    const mine = y.get(field);
    const theyChanged = !sameValue(was, now);
    const youChanged = !sameValue(was, mine);
    if (!theyChanged && !youChanged) continue;
    if (theyChanged && youChanged && sameValue(now, mine)) continue;
    out.push({ field, label: labelOf(field), base: was, theirs: now, yours: mine, changedBy: theyChanged && youChanged ? 'both' : theyChanged ? 'theirs' : 'yours' });
  }
  return out;
}

/** Sets a dotted path in a copy of `values`. */
function withValue(values: FieldValues, field: string, value: unknown): FieldValues {
  const [head, ...rest] = field.split('.');
  const copy: FieldValues = { ...values };
  copy[head!] = rest.length === 0 ? value : withValue(isPlainObject(values[head!]) ? (values[head!] as FieldValues) : {}, rest.join('.'), value);
  return copy;
}

/** Theirs, with your changes put back: all of them (`keep mine`) or those that do not conflict (`take theirs`). */
export function mergeValues(theirs: FieldValues, rows: readonly FieldDifference[], keep: 'mine' | 'theirs'): FieldValues {
  let merged = theirs;
  for (const row of rows) {
    if (row.changedBy === 'yours' || (row.changedBy === 'both' && keep === 'mine')) merged = withValue(merged, row.field, row.yours);
  }
  return merged;
}

/** A value as the dialog shows it. */
export function showValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '(empty)';
  if (value === true) return 'Yes';
  if (value === false) return 'No';
  if (value instanceof Date) return value.toLocaleString();
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.map((v) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v))).join(', ');
  return JSON.stringify(value);
}
