/**
 * Every page renders inside a RouteBoundary: a Suspense fallback while its code loads, and an
 * error boundary that keeps the shell alive when the page fails, says what happened and offers
 * to try again. The boundary resets when the user navigates elsewhere.
 */
import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router';
import { QueryErrorResetBoundary } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import { ErrorState } from '#components/error-state.tsx';
import { VisuallyHidden } from '#components/visually-hidden.tsx';

interface BoundaryProps {
  children: ReactNode;
  onReset?: () => void;
  fallback: (error: unknown, reset: () => void) => ReactNode;
}

class ErrorBoundary extends Component<BoundaryProps, { error: unknown; failed: boolean }> {
  override state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // Kept in the console for a bug report; the user sees the fallback.
    console.error('A page failed to render', error, info.componentStack);
  }

  reset = () => {
    this.props.onReset?.();
    this.setState({ error: undefined, failed: false });
  };

  override render() {
    return this.state.failed ? this.props.fallback(this.state.error, this.reset) : this.props.children;
  }
}

/** A new deployment replaced the page's code chunk: only a reload helps. */
function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(error.message);
}

function PageFailure({ error, retry }: { error: unknown; retry: () => void }) {
  const chunk = isChunkLoadError(error);
  const message = error instanceof Error ? error.message : String(error);
  return (
    <ErrorState
      title={chunk ? 'This page could not be loaded' : 'This page stopped working'}
      message={
        chunk
          ? 'Its code could not be downloaded. The dashboard may have been updated, or the connection dropped — reload to get the current version.'
          : 'Something in this page failed. Trying again often helps; if it keeps happening, the details below help a bug report.'
      }
      detail={chunk ? undefined : message}
      actions={
        chunk ? (
          <Button variant="contained" onClick={() => window.location.reload()}>
            Reload
          </Button>
        ) : (
          <Button variant="contained" onClick={retry}>
            Try again
          </Button>
        )
      }
    />
  );
}

export function PageSkeleton() {
  return (
    // A status (polite live region) with words, so a screen reader says what is happening; the
    // skeleton itself is decoration.
    <Box role="status" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <VisuallyHidden>Loading the page…</VisuallyHidden>
      <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} aria-hidden />
      <Skeleton variant="text" width={200} height={40} aria-hidden />
      <Skeleton variant="text" width={120} aria-hidden />
      <Skeleton variant="rounded" height={320} aria-hidden />
    </Box>
  );
}

export function RouteBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <ErrorBoundary key={location.pathname} onReset={reset} fallback={(error, retry) => <PageFailure error={error} retry={retry} />}>
          <Suspense fallback={<PageSkeleton />}>{children}</Suspense>
        </ErrorBoundary>
      )}
    </QueryErrorResetBoundary>
  );
}

/** The router's last resort (errorElement of the root route), outside the shell. */
export function RootError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const title = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : 'The dashboard stopped working';
  const message = error instanceof Error ? error.message : isRouteErrorResponse(error) ? String(error.data ?? '') : String(error);
  return (
    <Box component="main" sx={{ p: 3, maxWidth: 720, mx: 'auto' }}>
      <ErrorState
        title={title}
        message="Something failed outside any page. Reload the dashboard; if it keeps happening, the details below help a bug report."
        detail={message}
        actions={
          <>
            <Button variant="contained" onClick={() => window.location.reload()}>
              Reload
            </Button>
            <Button onClick={() => navigate('/')}>Go to the start page</Button>
          </>
        }
      />
    </Box>
  );
}
