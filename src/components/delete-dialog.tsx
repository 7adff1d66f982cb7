import type { ReactNode } from 'react';
import { notify } from '#app/notifications.tsx';
import type { DialogMutation } from './action-dialog.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';

/**
 * A delete operation's mutation (`useMutation(api.<area>.delete.mutationOptions())`), or one that
 * deletes several records (a selection) taking what `variables` makes of the record.
 */
export interface DeleteMutation<V> extends DialogMutation {
  mutate: (variables: V, options?: { onSuccess?: () => void }) => void;
}

/** What a record's delete operation takes: its id in the path. */
export interface DeleteById<Id extends string | number> {
  params: { id: Id };
}

export interface DeleteDialogProps<T extends { id: string | number }, V = DeleteById<T['id']>> {
  /** The record the operator asked to delete; null while the dialog is closed. */
  record: T | null;
  /** The question naming it: `(c) => \`Delete the capture ${c.id}?\``. */
  title: (record: T) => string;
  /** The verb on the button: "Delete capture". */
  confirmLabel: string;
  mutation: DeleteMutation<V>;
  /** The mutation's variables for the record; by default its id in the path (`{ params: { id } }`). */
  variables?: (record: T) => V;
  /** The notice once it is gone: `(c) => \`Deleted the capture ${c.id}\``. */
  deleted: (record: T) => string;
  /** What else the page does once it is gone (a selection on it cleared), before the dialog closes. */
  onDeleted?: (record: T) => void;
  onClose: () => void;
  /** What is deleted with it and what stays, in the operator's words. */
  children: ReactNode;
}

/**
 * The one confirmation of a record's deletion: a destructive `ConfirmDialog` that sends the delete
 * once, says so when it is done and closes; an error stays in it to try again.
 *
 * @example
 * <DeleteDialog record={deleting} title={(c) => `Delete the capture ${c.id}?`} confirmLabel="Delete capture"
 *   mutation={remove} deleted={(c) => `Deleted the capture ${c.id}`} onClose={() => setDeleting(null)}>
 *   Its segments are deleted with it.
 * </DeleteDialog>
 */
export function DeleteDialog<T extends { id: string | number }, V = DeleteById<T['id']>>({ record, title, confirmLabel, mutation, variables, deleted, onDeleted, onClose, children }: DeleteDialogProps<T, V>) {
  return (
    <ConfirmDialog
      open={record !== null}
      title={record ? title(record) : ''}
      confirmLabel={confirmLabel}
      destructive
      mutation={mutation}
      onClose={onClose}
      onConfirm={() =>
        record &&
        mutation.mutate(
          variables ? variables(record) : ({ params: { id: record.id } } as V),
          {
            onSuccess: () => {
              notify(deleted(record), { severity: 'success' });
              onDeleted?.(record);
              onClose();
            },
          },
        )
      }
    >
      {children}
    </ConfirmDialog>
  );
}
