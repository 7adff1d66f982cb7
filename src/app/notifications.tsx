/**
 * Short notifications ("Connected to localhost:8080") in one snackbar, queued. `notify` works
 * from anywhere, React or not; `<NotificationsHost />` (in the providers) shows them.
 */
import { useSyncExternalStore } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import Snackbar from '@mui/material/Snackbar';

export interface NotificationAction {
  label: string;
  onClick: () => void;
}

export interface Notification {
  id: number;
  message: string;
  severity: AlertColor;
  action?: NotificationAction;
}

export interface NotifyOptions {
  severity?: AlertColor;
  action?: NotificationAction;
}

let queue: readonly Notification[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Queues a notification; returns its id. */
export function notify(message: string, options: NotifyOptions = {}): number {
  const id = nextId++;
  queue = [...queue, { id, message, severity: options.severity ?? 'info', action: options.action }];
  emit();
  return id;
}

export function dismissNotification(id: number): void {
  queue = queue.filter((n) => n.id !== id);
  emit();
}

/** The hook form, for components that prefer not to import a module function. */
export function useNotify(): typeof notify {
  return notify;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function NotificationsHost() {
  const current = useSyncExternalStore(subscribe, () => queue[0]);
  if (!current) return null;
  // Errors stay until dismissed; an operator may be looking elsewhere.
  const autoHide = current.severity === 'error' ? null : 5_000;
  return (
    <Snackbar
      key={current.id}
      open
      autoHideDuration={autoHide}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') dismissNotification(current.id);
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        severity={current.severity}
        variant="filled"
        onClose={() => dismissNotification(current.id)}
        role={current.severity === 'error' ? 'alert' : 'status'}
        action={
          current.action ? (
            <>
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  current.action?.onClick();
                  dismissNotification(current.id);
                }}
              >
                {current.action.label}
              </Button>
              <IconButton color="inherit" size="small" aria-label="Dismiss" onClick={() => dismissNotification(current.id)}>
                <CloseIcon fontSize="small" />
              </IconButton>
            </>
          ) : undefined
        }
        sx={{ minWidth: 280 }}
      >
        {current.message}
      </Alert>
    </Snackbar>
  );
}
