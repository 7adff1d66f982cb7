/**
 * The submit of a form in a dialog: react-hook-form's checks, then `save`; the service's 400 lands
 * on the fields (`applyServerErrors`), a 409 on the field `conflict` names, and what no field takes
 * becomes `error`, in words, for the dialog's alert. Spread what it returns onto an `ActionDialog`.
 *
 * @example
 * const submit = useFormSubmit(form, async (values) => { await create.mutateAsync({ body: values }); onClose(); },
 *   { names: ['id', 'name'], conflict: { name: 'id', message: 'A capture with this id exists already' } });
 * <ActionDialog title="Add a capture" actionLabel="Add capture" {...submit} onClose={onClose}>…</ActionDialog>
 */
import { useState, type FormEvent } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from '#client';
import { useDescribeError } from '#app/use-describe-error.ts';
import { applyServerErrors, type ServerErrorOptions } from './server-errors.ts';

export interface FormSubmitOptions<V extends FieldValues> extends ServerErrorOptions<V> {
  /** A 409 (the id is taken) is an error of this field. */
  conflict?: { name: Path<V>; message: string };
  /** Before the service's words when no field takes the error ("Not saved."). */
  prefix?: string;
  /** A 412 (the record changed since it was read) goes to the conflict dialog of `useFormConflict`. */
  versions?: { handle(error: unknown): boolean };
}

export interface FormSubmit {
  /** Without an event: submits again from code (after "keep mine" of a version conflict). */
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  busy: boolean;
  error: string | null;
}

export function useFormSubmit<V extends FieldValues, C, O extends FieldValues>(
  form: UseFormReturn<V, C, O>,
  save: (values: O) => Promise<void>,
  { conflict, prefix, versions, ...options }: FormSubmitOptions<V> = {},
): FormSubmit {
  const describe = useDescribeError();
  const [error, setError] = useState<string | null>(null);
  const said = (e: unknown) => (prefix ? `${prefix} ${describe(e).message}` : describe(e).message);
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await save(values);
    } catch (e) {
      if (versions?.handle(e)) return;
      if (conflict && e instanceof ApiError && e.status === 409) {
        form.setError(conflict.name, { type: 'server', message: conflict.message }, { shouldFocus: true });
        return;
      }
      const mapped = applyServerErrors(form, e, options);
      if (!mapped.handled) setError(said(e));
      else if (mapped.other.length > 0) setError(mapped.other.join('; '));
      else if (mapped.fields.length === 0) setError(said(e));
    }
  });
  return { onSubmit: (event) => void submit(event), busy: form.formState.isSubmitting, error };
}
