/**
 * The one way to build a dialog that does something: a titled dialog (`aria-labelledby`), its
 * content, the error of the last attempt (`role="alert"`, above the actions, so a long form does
 * not scroll it away) and the actions row: Cancel, then the named action, which shows a spinner
 * while it runs and is disabled while it cannot run yet. Escape, Cancel and a click outside close
 * it, never while the action runs. With `onSubmit` the dialog is a form, so Enter in a field
 * submits (react-hook-form's `handleSubmit`); the first field takes `autoFocus`. A dialog whose
 * action is one mutation passes it as `mutation`: its progress and its error (worded by
 * `useDescribeError`) show here, and closing the dialog clears them for the next opening.
 *
 * @example
 * <ActionDialog open={open} title="Add a capture" actionLabel="Add capture" onSubmit={submit}
 *   busy={form.formState.isSubmitting} error={problem} onClose={onClose}>
 *   <FormTextField control={form.control} name="id" label="Id" autoFocus />
 * </ActionDialog>
 */
import { useId, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useDescribeError } from '#app/use-describe-error.ts';

/** What a dialog reads of the mutation its action runs (react-query's `useMutation` result). */
export interface DialogMutation {
  isPending: boolean;
  error: unknown;
  reset: () => void;
}

export interface ActionDialogProps {
  /** Default true: a dialog mounted only while it is open. */
  open?: boolean;
  title: ReactNode;
  /** Before the title (a warning sign). */
  titleIcon?: ReactNode;
  children: ReactNode;
  /** The verb on the action's button: "Add capture". Without it (and without `onAction`/`onSubmit`) only the close button shows. */
  actionLabel?: ReactNode;
  /** A form dialog: Enter in a field submits, the action's button is the submit button. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /** The action of a dialog that is not a form. */
  onAction?: () => void;
  onClose: () => void;
  /** The close button: "Cancel" beside an action, "Close" alone. */
  cancelLabel?: ReactNode;
  /** The action is running: its button shows a spinner, the buttons are disabled and the dialog stays open. */
  busy?: boolean;
  /** The action cannot run yet (nothing picked, a field not valid). */
  disabled?: boolean;
  /** Why the last attempt failed; the dialog stays open to try again. */
  error?: ReactNode;
  /** The mutation the action runs, in place of `busy` and `error`; closing the dialog resets it. */
  mutation?: DialogMutation;
  errorTitle?: ReactNode;
  actionColor?: 'primary' | 'warning' | 'error';
  /** Which button has the focus on opening; by default the first field with `autoFocus`. */
  focus?: 'action' | 'cancel';
  /** Buttons before Cancel (e.g. "Forget stored key"). */
  extraActions?: ReactNode;
  maxWidth?: 'xs' | 'sm' | 'md';
  /** A long form: the content scrolls between the title and the actions, the dialog fills a phone's screen. */
  long?: boolean;
  /** The id of the element that says what the dialog is about (a confirmation's message). */
  describedBy?: string;
}

export function ActionDialog({
  open = true,
  title,
  titleIcon,
  children,
  actionLabel,
  onSubmit,
  onAction,
  onClose,
  cancelLabel,
  busy = false,
  disabled = false,
  error,
  mutation,
  errorTitle,
  actionColor = 'primary',
  focus,
  extraActions,
  maxWidth = 'sm',
  long = false,
  describedBy,
}: ActionDialogProps) {
  const titleId = useId();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const hasAction = actionLabel !== undefined && (onSubmit !== undefined || onAction !== undefined);
  const running = busy || (mutation?.isPending ?? false);
  const problem = error ?? (mutation?.error ? <DescribedError error={mutation.error} /> : undefined);
  const close = () => {
    if (running) return;
    mutation?.reset();
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      maxWidth={maxWidth}
      fullWidth
      fullScreen={long && phone}
      scroll="paper"
      slotProps={onSubmit ? { paper: { component: 'form', noValidate: true, onSubmit } as object } : undefined}
    >
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere', ...(titleIcon ? { display: 'flex', alignItems: 'center', gap: 1 } : {}) }}>
        {titleIcon}
        {title}
      </DialogTitle>
      <DialogContent dividers={long}>{children}</DialogContent>
      {problem && (
        <Box sx={{ px: 3, pt: long ? 2 : 0 }}>
          <Alert severity="error" role="alert">
            {errorTitle && <AlertTitle>{errorTitle}</AlertTitle>}
            {problem}
          </Alert>
        </Box>
      )}
      <DialogActions sx={{ px: 3, pb: 2, pt: long ? 2 : 1 }}>
        {extraActions}
        <Button onClick={close} disabled={running} autoFocus={focus === 'cancel'}>
          {cancelLabel ?? (hasAction ? 'Cancel' : 'Close')}
        </Button>
        {hasAction && (
          <Button
            type={onSubmit ? 'submit' : 'button'}
            variant="contained"
            color={actionColor}
            onClick={onSubmit ? undefined : onAction}
            disabled={running || disabled}
            autoFocus={focus === 'action'}
            startIcon={running ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            {actionLabel}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** A mutation's error in the operator's words; a component of its own so that only a dialog showing an error needs the connection. */
function DescribedError({ error }: { error: unknown }) {
  return useDescribeError()(error).message;
}
