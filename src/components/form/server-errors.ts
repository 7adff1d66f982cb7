/**
 * The one way a form shows the service's 400: `applyServerErrors(form, error)` puts each failing
 * field's message on the field (the first one focused) and answers what no field took, for the
 * form's own alert. Anything that is not a 400 naming fields is left to the caller
 * (`useDescribeError`).
 *
 * The service names fields as `body.<Name>` (`body.Title`, `body.headers.0.name`); by default a
 * name is matched case-insensitively to a top-level field of the form's values and the rest of
 * the path kept. A form whose fields are named otherwise passes `map`.
 *
 * @example
 * } catch (error) {
 *   const result = applyServerErrors(form, error);
 *   if (!result.handled) setProblem(describe(error).message);
 *   else if (result.other.length > 0) setProblem(result.other.join(' '));
 * }
 */
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from '#client';
import type { FieldError } from '#schema';

export interface MappedServerErrors<N extends string = string> {
  fields: { name: N; message: string }[];
  /** What no field took, as `field: message`. */
  other: string[];
}

export interface ServerErrorOptions<V extends FieldValues, N extends Path<V> = Path<V>> {
  /** The form's field names the service may name (default: the keys of the form's values). */
  names?: readonly N[];
  /** A form whose fields are not named as the service names them maps the errors itself. */
  map?: (errors: readonly FieldError[]) => MappedServerErrors<N>;
  /** Rewords a message (default: as the service wrote it; `sentence` capitalises it). */
  message?: (message: string) => string;
}

export interface AppliedServerErrors<N extends string = string> extends MappedServerErrors<N> {
  /** True when the error was a 400 naming fields (whether or not a field took each). */
  handled: boolean;
}

export const sentence = (message: string) => (message ? message.charAt(0).toUpperCase() + message.slice(1) : message);

/** The default mapping: `body.<name>[.rest]` onto the field named so (any case); messages for one field joined. */
export function mapFieldErrors<N extends string>(errors: readonly FieldError[], names: readonly N[], reword: (m: string) => string = (m) => m): MappedServerErrors<N> {
  const fields: { name: N; message: string }[] = [];
  const other: string[] = [];
  for (const error of errors) {
    const [part, top, ...rest] = error.field.replace(/\[(\d+)\]/g, '.$1').split('.');
    const head = part === 'body' ? top : part;
    const tail = part === 'body' ? rest : [top, ...rest].filter((p): p is string => p !== undefined);
    const name = head ? names.find((n) => n.toLowerCase() === head.toLowerCase()) : undefined;
    if (!name) {
      other.push(`${error.field}: ${error.message}`);
      continue;
    }
    const path = [name, ...tail].join('.') as N;
    const existing = fields.find((f) => f.name === path);
    if (existing) existing.message = `${existing.message}; ${reword(error.message)}`;
    else fields.push({ name: path, message: reword(error.message) });
  }
  return { fields, other };
}

export function applyServerErrors<V extends FieldValues, N extends Path<V> = Path<V>>(
  form: Pick<UseFormReturn<V>, 'setError' | 'getValues'>,
  error: unknown,
  options: ServerErrorOptions<V, N> = {},
): AppliedServerErrors<N> {
  if (!(error instanceof ApiError) || error.status !== 400 || error.fieldErrors.length === 0) return { handled: false, fields: [], other: [] };
  return { handled: true, ...applyFieldErrors(form, error.fieldErrors, options) };
}

/**
 * The same for field errors the service gave otherwise than as a 400 (an operation that answers
 * a verdict on values, or a 400's own data): onto the fields, the first one focused.
 */
export function applyFieldErrors<V extends FieldValues, N extends Path<V> = Path<V>>(
  form: Pick<UseFormReturn<V>, 'setError' | 'getValues'>,
  errors: readonly FieldError[],
  options: ServerErrorOptions<V, N> = {},
): MappedServerErrors<N> {
  const names = options.names ?? (Object.keys(form.getValues() ?? {}) as N[]);
  const mapped = options.map ? options.map(errors) : mapFieldErrors<N>(errors, names as readonly N[], options.message);
  mapped.fields.forEach((field, index) => form.setError(field.name, { type: 'server', message: field.message }, { shouldFocus: index === 0 }));
  return mapped;
}
