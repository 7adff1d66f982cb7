/**
 * Guards unsaved edits. `useUnloadWarning` asks the browser to confirm a reload or a closed tab;
 * `LeaveGuard` adds the in-app half: a link or Back that leaves the page asks first. React Router
 * runs one blocker at a time, so a page mounts at most one LeaveGuard; parts of a page that
 * keep their own drafts use only the unload warning.
 */
import { useEffect, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './confirm-dialog.tsx';

export function useUnloadWarning(unsaved: boolean): void {
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
}

export interface LeaveGuardProps {
  unsaved: boolean;
  /** What is lost: "Your changes to ‘Final’ are not saved and will be lost." */
  children: ReactNode;
}

/**
 * Staying on the same path (a tab or a query change) passes; so does a navigation whose state
 * says `{ saved: true }` (the page just saved and moves on).
 */
export function LeaveGuard({ unsaved, children }: LeaveGuardProps) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved && currentLocation.pathname !== nextLocation.pathname && !(nextLocation.state as { saved?: boolean } | null)?.saved,
  );
  useUnloadWarning(unsaved);
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Leave without saving?"
      confirmLabel="Discard and leave"
      cancelLabel="Stay"
      destructive
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    >
      {children}
    </ConfirmDialog>
  );
}
