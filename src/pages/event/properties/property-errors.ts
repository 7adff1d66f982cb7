/**
 * The service's 400s on property writes, put where the operator is looking: on the category, key
 * or value field of the row (or the pasted line) they are about, and otherwise on the row itself.
 * Fields come as `body.key` (one property), `body.3.key` (item 3 of a bulk write) or, for what
 * is not a field of the row, `body.customPropertyId`, `body.eventId`, `query.sourceEventId`.
 */
import { ApiError } from '#client';
import type { FieldError } from '#schema';
import type { MappedServerErrors } from '#components/form/server-errors.ts';

export type PropertyField = 'category' | 'key' | 'value';
const FIELDS: readonly string[] = ['category', 'key', 'value'];

export interface RowProblems {
  fields: Partial<Record<PropertyField, string>>;
  /** Problems not about one of the three fields. */
  row: string[];
}

export const noProblems = (): RowProblems => ({ fields: {}, row: [] });

/** A service message as a sentence fragment for a field: "are already used by custom property 3f…" → "Already used by …". */
export function fieldMessage(message: string): string {
  const text = message.replace(/^category "[^"]*" and key "[^"]*" are /, '').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function add(problems: RowProblems, error: FieldError, name: string | undefined): void {
  if (name && FIELDS.includes(name)) {
    const field = name as PropertyField;
    const message = fieldMessage(error.message);
    problems.fields[field] = problems.fields[field] ? `${problems.fields[field]}; ${message}` : message;
  } else {
    problems.row.push(`${name ?? error.field}: ${error.message}`);
  }
}

/** Problems of a one-property write (`body.<field>`). */
export function singleWriteProblems(errors: readonly FieldError[]): RowProblems {
  const problems = noProblems();
  for (const error of errors) {
    const [, name] = error.field.split('.');
    add(problems, error, name);
  }
  return problems;
}

/** A one-property write's 400 for `applyServerErrors`: onto the row's three fields, the rest said on the row. */
export function singleWriteErrors(errors: readonly FieldError[]): MappedServerErrors<PropertyField> {
  const problems = singleWriteProblems(errors);
  return { fields: (Object.entries(problems.fields) as [PropertyField, string][]).map(([name, message]) => ({ name, message })), other: problems.row };
}

/** Problems of a bulk write, by item index (`body.<index>.<field>`); errors not about an item under -1. */
export function bulkWriteProblems(errors: readonly FieldError[]): Map<number, RowProblems> {
  const byItem = new Map<number, RowProblems>();
  for (const error of errors) {
    const [part, index, name] = error.field.split('.');
    const item = part === 'body' && index !== undefined && /^\d+$/.test(index) ? Number(index) : -1;
    const problems = byItem.get(item) ?? noProblems();
    add(problems, error, item === -1 ? error.field : name);
    byItem.set(item, problems);
  }
  return byItem;
}

/** The field errors of a 400, or none for any other failure. */
export function fieldErrorsOf(error: unknown): FieldError[] {
  return error instanceof ApiError && error.status === 400 ? error.fieldErrors : [];
}
