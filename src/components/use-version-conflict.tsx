/**
 * Saving against a version (DESIGN.md "Trust"), the one way every edit form does it:
 * - `useBaseRecord(record, editing)`: the record the operator's changes are based on. It follows
 *   the live record while nothing is changed, and holds still from the first change, so a save
 *   sends the version the operator saw (`ifMatch: base.version`) even when the page has since
 *   shown others' changes in the fields they did not touch.
 * - `useVersionConflict()`: on a 412, `open(...)` shows the ConflictDialog with what changed and
 *   calls back with the merged values ("keep mine" / "take theirs", version-conflict.ts).
 * - `useFormConflict(...)`: both for a react-hook-form form: the merge goes back into the form
 *   (theirs as the new start, your changes on top, dirty), and "keep mine" submits again.
 *
 * @example
 * const conflict = useFormConflict({ form, record: event, toValues: eventToFormValues, what: `the event ‘${event.title}’`,
 *   entity: 'event', id: event.id, labelOf: (f) => FIELD_LABELS[f] ?? f, resubmit: () => submit() });
 * await save.mutateAsync({ body, ifMatch: conflict.ifMatch() });         // in submit
 * } catch (error) { if (conflict.handle(error)) return; ... }
 * {conflict.dialog}
 */
import { useCallback, useRef, useState, type ReactNode } from 'react';
import type { FieldValues as FormValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from '#client';
import type { ResourceKind } from '#schema';
import { ConflictDialog } from './conflict-dialog.tsx';
import { hasUnsavedChanges } from './form/unsaved.ts';
import { differences, flattenValues, mergeValues, sameValue, type FieldDifference, type FieldValues } from './version-conflict.ts';

/** The record the operator's changes are based on: the live one until the first change, then held. */
export function useBaseRecord<R>(record: R, editing: boolean, newer: (held: R, live: R) => boolean = () => false): { base: R; rebase: (next: R) => void } {
  const [held, setHeld] = useState<R>(record);
  // Following the live record while nothing is changed, unless what is held is newer (a save's
  // answer, before the page has read the record again). State set while rendering: React's way of
  // deriving it from a prop.
  const follows = !editing && held !== record && !newer(held, record);
  if (follows) setHeld(record);
  return { base: editing || !follows ? held : record, rebase: setHeld };
}

/** Versions come from one sequence: a higher one is a later state of the record. */
const newerVersion = (held: { version?: number | null } | null, live: { version?: number | null } | null) => (held?.version ?? 0) > (live?.version ?? 0);

export interface ConflictRequest {
  what: string;
  entity?: ResourceKind;
  id?: string;
  base: FieldValues;
  theirs: FieldValues;
  yours: FieldValues;
  labelOf?: (field: string) => string;
  /** "Keep mine": theirs with all of your changes on top; save it (against the new version). */
  onKeepMine: (merged: FieldValues, rows: readonly FieldDifference[]) => void | Promise<void>;
  /** "Take theirs": theirs with your changes that do not conflict; put it where the operator sees it. */
  onTakeTheirs: (merged: FieldValues, rows: readonly FieldDifference[]) => void;
}

export function useVersionConflict(): { open: (request: ConflictRequest) => void; dialog: ReactNode } {
  const [request, setRequest] = useState<(ConflictRequest & { rows: FieldDifference[] }) | null>(null);
  const [busy, setBusy] = useState(false);
  const open = useCallback((next: ConflictRequest) => setRequest({ ...next, rows: differences(next.base, next.theirs, next.yours, next.labelOf) }), []);
  const dialog = request ? (
    <ConflictDialog
      what={request.what}
      {...(request.entity ? { entity: request.entity } : {})}
      {...(request.id ? { id: request.id } : {})}
      rows={request.rows}
      busy={busy}
      onClose={() => setRequest(null)}
      onTakeTheirs={() => {
        request.onTakeTheirs(mergeValues(request.theirs, request.rows, 'theirs'), request.rows);
        setRequest(null);
      }}
      onKeepMine={() => {
        setBusy(true);
        void Promise.resolve(request.onKeepMine(mergeValues(request.theirs, request.rows, 'mine'), request.rows)).finally(() => {
          setBusy(false);
          // A save refused again (yet another writer) has opened the next conflict: leave that one.
          setRequest((shown) => (shown === request ? null : shown));
        });
      }}
    />
  ) : null;
  return { open, dialog };
}

export interface FormConflictOptions<V extends FormValues, R, O> {
  form: UseFormReturn<V, unknown, O>;
  /** The record as the page has it now (live); null for a new one (nothing to conflict with). */
  record: R | null;
  toValues: (record: R) => V;
  what: string;
  entity?: ResourceKind;
  id?: string;
  labelOf?: (field: string) => string;
  /** Submits the form again (after "keep mine"). */
  resubmit: () => void | Promise<void>;
}

/** Puts `merged` into the form: theirs as where it starts, every field that differs from it dirty. */
function putInForm<V extends FormValues, O>(form: UseFormReturn<V, unknown, O>, theirs: V, merged: FieldValues): void {
  form.reset(theirs, { keepDirtyValues: false });
  const start = flattenValues(theirs);
  for (const [field, value] of flattenValues(merged)) {
    if (!sameValue(start.get(field), value)) form.setValue(field as Path<V>, value as never, { shouldDirty: true });
  }
}

export function useFormConflict<V extends FormValues, R extends { version?: number | null }, O = V>(options: FormConflictOptions<V, R, O>) {
  const { form, record, toValues } = options;
  const editing = hasUnsavedChanges(form.formState);
  const { base, rebase: rebaseState } = useBaseRecord(record, editing, newerVersion);
  const { open, dialog } = useVersionConflict();
  // "Keep mine" submits again from a callback made before the rebase rendered: the version it
  // sends is read from here, not from that render's `base`.
  const rebasedTo = useRef<R | null>(null);
  const rebase = (next: R) => {
    rebasedTo.current = next;
    rebaseState(next);
  };
  /** The version the save is based on (its If-Match): the newest of the held record and the last rebase. */
  const ifMatch = (): number | undefined => {
    const held = rebasedTo.current && newerVersion(rebasedTo.current, base) ? rebasedTo.current : base;
    return held?.version ?? undefined;
  };

  const handle = (error: unknown): boolean => {
    if (!(error instanceof ApiError) || !error.isVersionConflict || !base) return false;
    const current = error.conflict?.current as R | null | undefined;
    if (!current) return false;
    const { what, entity, id, labelOf, resubmit } = options;
    const theirs = toValues(current);
    open({
      what,
      ...(entity ? { entity } : {}),
      ...(id ? { id } : {}),
      ...(labelOf ? { labelOf } : {}),
      base: toValues(base),
      theirs,
      yours: form.getValues(),
      onTakeTheirs: (merged) => {
        rebase(current);
        putInForm(form, theirs, merged);
      },
      onKeepMine: async (merged) => {
        rebase(current);
        putInForm(form, theirs, merged);
        await resubmit();
      },
    });
    return true;
  };
  /** After a save: its answer is what the next change is based on. */
  const saved = (record: R) => rebase(record);
  return { ifMatch, handle, saved, dialog };
}
