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
 * The action runs once per request: from the click (or Enter) that starts it, the button takes no
 * other until the work it started (`busy`, the mutation) has ended, so a double-click sends one
 * request even before the caller's state says it runs. A form whose fields were changed asks before
 * Escape or a click outside throws the input away ("Discard the changes?"); Cancel closes it.
 * Both live here, so every dialog has them without its caller doing anything.
 *
 * @example
 * <ActionDialog open={open} title="Add a capture" actionLabel="Add capture" onSubmit={submit}
 *   busy={form.formState.isSubmitting} error={problem} onClose={onClose}>
 *   <FormTextField control={form.control} name="id" label="Id" autoFocus />
 * </ActionDialog>
 */
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
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
  const once = useOnce(running);
  const [changed, setChanged] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const problem = error ?? (mutation?.error ? <DescribedError error={mutation.error} /> : undefined);
  const close = () => {
    if (running) return;
    mutation?.reset();
    onClose();
  };
  // Escape or a click outside is easily done by accident: a changed form asks first.
  const dismiss = () => {
    if (running) return;
    if (onSubmit && changed) setDiscarding(true);
    else close();
  };
  const submit = onSubmit && ((event: FormEvent<HTMLFormElement>) => (once.take() ? onSubmit(event) : event.preventDefault()));
  return (
    <Dialog
      open={open}
      onClose={dismiss}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      maxWidth={maxWidth}
      fullWidth
      fullScreen={long && phone}
      scroll="paper"
      slotProps={submit ? { paper: { component: 'form', noValidate: true, onSubmit: submit, onInput: () => setChanged(true), onChange: () => setChanged(true) } as object } : undefined}
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
            onClick={onSubmit || !onAction ? undefined : () => once.take() && onAction()}
            disabled={running || disabled}
            // Taken, not yet running: it takes no click, but keeps the focus (a disabled button would drop it out of the dialog).
            aria-disabled={once.taken || undefined}
            autoFocus={focus === 'action'}
            startIcon={running || once.taken ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            {actionLabel}
          </Button>
        )}
      </DialogActions>
      {discarding && (
        <ActionDialog
          title="Discard the changes?"
          maxWidth="xs"
          actionLabel="Discard"
          actionColor="error"
          cancelLabel="Keep editing"
          focus="cancel"
          onAction={() => {
            setDiscarding(false);
            close();
          }}
          onClose={() => setDiscarding(false)}
        >
          What you entered in this dialog is lost.
        </ActionDialog>
      )}
    </Dialog>
  );
}

/** Time a started action may take to say it runs (a mutation says so on the next task) before the button takes clicks again. */
const START_GRACE_MS = 1_000;

/**
 * One run per request: `take()` answers true for the first click and false for any other until the
 * run it started has ended. `taken` keeps the button disabled from the click on, before `running`
 * says so; it ends when `running` turns false again, or after START_GRACE_MS when the action never
 * started anything (a form that did not pass its checks).
 */
function useOnce(running: boolean): { taken: boolean; take: () => boolean } {
  const state = useRef<'idle' | 'taken' | 'running'>('idle');
  const [taken, setTaken] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const release = () => {
    clearTimeout(timer.current);
    state.current = 'idle';
    setTaken(false);
  };
  useEffect(() => {
    if (running && state.current === 'taken') state.current = 'running';
    else if (!running && state.current === 'running') release();
  }, [running]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    taken,
    take: () => {
      if (state.current !== 'idle' || running) return false;
      state.current = running ? 'running' : 'taken';
      setTaken(true);
      timer.current = setTimeout(() => {
        if (state.current === 'taken') release();
      }, START_GRACE_MS);
      return true;
    },
  };
}

/** A mutation's error in the operator's words; a component of its own so that only a dialog showing an error needs the connection. */
function DescribedError({ error }: { error: unknown }) {
  return useDescribeError()(error).message;
}
