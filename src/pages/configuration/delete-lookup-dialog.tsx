/**
 * Confirms deleting a lookup, saying what happens to the events that use it (counted where the
 * service can say), and shows the service's answer when it refuses (a channel, xflow or
 * infrastructure profile still in use).
 */
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '#client';
import { useDescribeError } from '#app/use-describe-error.ts';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { useRunOperation } from './lookup-form.tsx';
import { useEventCount } from './lookup-panel.tsx';
import type { LookupItem, SectionDef } from './sections.tsx';

export interface DeleteLookupDialogProps<Item extends LookupItem> {
  def: SectionDef<Item>;
  item: Item;
  onClose: () => void;
  onDeleted: (item: Item) => void;
}

export function DeleteLookupDialog<Item extends LookupItem>({ def, item, onClose, onDeleted }: DeleteLookupDialogProps<Item>) {
  const describeError = useDescribeError();
  const { count } = useEventCount(def, item.id);
  const run = useRunOperation();
  const remove = useMutation({ mutationFn: () => def.remove(item.id, run), onSuccess: () => onDeleted(item) });
  const error = remove.error
    ? remove.error instanceof ApiError && remove.error.body?.exceptionMessage
      ? `The service refused: ${remove.error.body.exceptionMessage}`
      : describeError(remove.error).message
    : undefined;
  return (
    <ConfirmDialog
      open
      title={`Delete the ${def.singular}?`}
      confirmLabel={`Delete ${def.singular}`}
      destructive
      busy={remove.isPending}
      error={error}
      onConfirm={() => remove.mutate()}
      onClose={onClose}
    >
      {def.deleteEffect(item, count)}
    </ConfirmDialog>
  );
}
