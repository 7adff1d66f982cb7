import { useId, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Box from '@mui/material/Box';
import WarningIcon from '@mui/icons-material/WarningAmberRounded';

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
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * The one way to confirm an action: a dialog that says what will happen and names the action on
 * its button. Escape, Cancel and a click outside close it (not while the action runs).
 *
 * @example
 * <ConfirmDialog open={open} title="Stop the event?" confirmLabel="Stop the event" destructive
 *   busy={stop.isPending} onConfirm={() => stop.mutate()} onClose={() => setOpen(false)}>
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
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        {destructive && <WarningIcon aria-hidden sx={{ color: 'error.main' }} />}
        {title}
      </DialogTitle>
      <DialogContent>
        <Box id={messageId} sx={{ color: 'text.primary', '& p': { m: 0, mb: 1 } }}>
          {children}
        </Box>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy} autoFocus={destructive}>
          {cancelLabel}
        </Button>
        <Button
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          onClick={onConfirm}
          disabled={busy}
          autoFocus={!destructive}
          startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
