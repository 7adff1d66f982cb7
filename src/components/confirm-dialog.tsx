import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import WarningIcon from '@mui/icons-material/WarningAmberRounded';
import { ActionDialog, type DialogMutation } from './action-dialog.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  /** A question naming the action: "Stop the event?" */
  title: string;
  /** What will happen, in the operator's words. */
  children: ReactNode;
  /** The verb on the button: "Stop the event". */
  confirmLabel: string;
  cancelLabel?: string;
  /** Live-affecting or irreversible: red button, and Cancel has the focus so Enter does not confirm by accident. */
  destructive?: boolean;
  /** The action is running: the button shows progress and the dialog stays open. */
  busy?: boolean;
  /** Why the last attempt failed; the dialog stays open to try again. */
  error?: string;
  /** The mutation the action runs, in place of `busy` and `error`; closing the dialog resets it. */
  mutation?: DialogMutation;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * The one way to confirm an action: a dialog that says what will happen and names the action on
 * its button. Escape, Cancel and a click outside close it (not while the action runs). A use of
 * `ActionDialog`, the shell of every dialog that does something.
 *
 * @example
 * <ConfirmDialog open={open} title="Stop the event?" confirmLabel="Stop the event" destructive
 *   mutation={stop} onConfirm={() => stop.mutate()} onClose={() => setOpen(false)}>
 *   The live stream ends for everyone.
 * </ConfirmDialog>
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  destructive = false,
  busy = false,
  error,
  mutation,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const messageId = useId();
  return (
    <ActionDialog
      open={open}
      title={title}
      titleIcon={destructive ? <WarningIcon aria-hidden sx={{ color: 'error.main' }} /> : undefined}
      describedBy={messageId}
      maxWidth="xs"
      actionLabel={confirmLabel}
      actionColor={destructive ? 'error' : 'primary'}
      cancelLabel={cancelLabel}
      focus={destructive ? 'cancel' : 'action'}
      busy={busy}
      error={error}
      mutation={mutation}
      onAction={onConfirm}
      onClose={onClose}
    >
      <Box id={messageId} sx={{ color: 'text.primary', '& p': { m: 0, mb: 1 } }}>
        {children}
      </Box>
    </ActionDialog>
  );
}
