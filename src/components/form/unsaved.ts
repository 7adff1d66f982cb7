/**
 * Whether a form holds changes not saved. Not `isDirty` alone: a form that follows its record live
 * (`values` with `resetOptions: { keepDirtyValues: true }`) is reset when the record changes
 * elsewhere, and that reset sets `isDirty` back to false while the operator's changed fields stay
 * changed (in `dirtyFields`): the save bar would say "All changes saved" over unsaved input.
 */
import type { FieldValues, FormState } from 'react-hook-form';

export function hasUnsavedChanges<V extends FieldValues>(formState: Pick<FormState<V>, 'isDirty' | 'dirtyFields'>): boolean {
  return formState.isDirty || Object.keys(formState.dirtyFields).length > 0;
}
