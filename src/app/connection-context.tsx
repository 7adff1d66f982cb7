/**
 * The connection store in React: the current state, the connection dialog (opened from the app
 * bar, from error states, and by itself when no key is known or the key is refused), the query
 * cache reset on every change of service or key, and connection health read from query results.
 */
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '#client';
import { api } from './api.ts';
import { describeApiError } from './api-errors.ts';
import type { ConnectionState, ConnectionStore } from './connection.ts';
import type { ConnectionDialogReason } from './connection-dialog.tsx';

// The dialog (and react-hook-form with it) is loaded when it first opens, not with every page.
const ConnectionDialog = lazy(() => import('./connection-dialog.tsx').then((module) => ({ default: module.ConnectionDialog })));

interface ConnectionContextValue {
  store: ConnectionStore;
  openDialog(reason?: ConnectionDialogReason): void;
}

const ConnectionContext = createContext<ConnectionContextValue | null>(null);

function useConnectionContext(): ConnectionContextValue {
  const value = useContext(ConnectionContext);
  if (!value) throw new Error('This component needs a <ConnectionProvider> above it');
  return value;
}

export function useConnectionStore(): ConnectionStore {
  return useConnectionContext().store;
}

export function useConnection(): ConnectionState {
  const { store } = useConnectionContext();
  return useSyncExternalStore(store.subscribe, store.getState);
}

/**
 * One value of the connection's state (a primitive, or a value the state keeps): the component
 * renders again only when that value changes. The state also changes when the first answer comes
 * in (health: unknown -> ok), and an external store's change renders its readers synchronously,
 * in one task: with `useConnection()` the whole shell rendered again at the first paint (bench
 * `browser`, trace of the events list).
 */
export function useConnectionValue<T>(select: (state: ConnectionState) => T): T {
  const { store } = useConnectionContext();
  return useSyncExternalStore(store.subscribe, () => select(store.getState()));
}

/** `open()` shows the connection settings; pages use it in their error states. */
export function useConnectionDialog(): { open: (reason?: ConnectionDialogReason) => void } {
  const { openDialog } = useConnectionContext();
  return useMemo(() => ({ open: openDialog }), [openDialog]);
}

export interface ConnectionProviderProps {
  store: ConnectionStore;
  queryClient: QueryClient;
  children: ReactNode;
}

/** Why the dialog opens by itself, if it should: the dashboard cannot work without the user. */
function autoReasonOf(state: ConnectionState): ConnectionDialogReason | null {
  if (!state.ready) return null;
  if (state.apiKey === null) return 'needs-key';
  return state.health === 'unauthorized' ? 'refused' : null;
}

export function ConnectionProvider({ store, queryClient, children }: ConnectionProviderProps) {
  // Only what it draws from (useConnectionValue's reason): the first answer (health unknown -> ok)
  // arrives while the first screen renders in a transition, and an update here would start that
  // render over (20-100 ms of the shell's render thrown away, render marks in the bench `browser`).
  const autoReason = useSyncExternalStore(store.subscribe, () => autoReasonOf(store.getState()));
  // `opened`: it has been open once, so it stays mounted and closes with its transition.
  const [dialog, setDialog] = useState<{ open: boolean; opened: boolean; reason: ConnectionDialogReason }>({ open: false, opened: false, reason: 'manual' });
  const openDialog = useCallback((reason: ConnectionDialogReason = 'manual') => setDialog({ open: true, opened: true, reason }), []);

  // Another service or key: nothing cached from the old one may show. Active queries refetch.
  useEffect(() => {
    let previous = store.getState();
    return store.subscribe(() => {
      const next = store.getState();
      if (next.baseUrl !== previous.baseUrl || next.apiKey !== previous.apiKey) {
        void queryClient.cancelQueries();
        void queryClient.resetQueries();
      }
      previous = next;
    });
  }, [store, queryClient]);

  // Health from what queries learn: any answer means reachable; 401 means the key is refused.
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated') return;
        if (event.action.type === 'success') store.reportHealth('ok');
        else if (event.action.type === 'error' && event.action.error instanceof ApiError) {
          const { kind } = describeApiError(event.action.error, { serviceUrl: '' });
          // An answer that is not the API's (a 404 page, HTML) means the URL points elsewhere.
          store.reportHealth(kind === 'unauthorized' ? 'unauthorized' : kind === 'unreachable' || kind === 'not-api' ? 'unreachable' : 'ok');
        }
      }),
    [store, queryClient],
  );

  // A page without queries (not found, settings) would leave the status "checking" forever: while
  // nothing has told how the connection is, and nothing asked will, ask for something small (the
  // event types: a short list the events list loads anyway), once per time the health is unknown.
  // Not while a request is out: the first view's is, asked before React rendered (first-view.ts),
  // and the probe's answer would come in while the first screen renders in a transition, which
  // React renders again, synchronously, when a store its readers read (the events page's filters
  // read the event types) changes under it. Not with useQuery either: its answer renders nothing.
  useEffect(() => {
    /** The settings probed while the health is unknown: an answer that tells nothing (not the API's error) is not asked again. */
    let probed: string | undefined;
    // Called on every change of the query cache, for the app's life: once the health is known, it
    // returns at once. The cache's listeners run in the order they subscribed: the health listener
    // above has read an answer before this one looks.
    const probe = () => {
      const state = store.getState();
      if (state.health !== 'unknown') {
        probed = undefined;
        return;
      }
      const settings = `${state.baseUrl} ${state.apiKey}`;
      if (probed === settings || !state.ready || state.apiKey === null || queryClient.isFetching() > 0) return;
      probed = settings;
      void queryClient.prefetchQuery({ ...api.eventType.list.queryOptions({}), retry: false });
    };
    probe();
    const stopStore = store.subscribe(probe);
    const stopCache = queryClient.getQueryCache().subscribe((event) => event.type === 'updated' && probe());
    return () => {
      stopStore();
      stopCache();
    };
  }, [store, queryClient]);

  // Open by itself: once per new reason.
  const lastAutoReason = useRef<ConnectionDialogReason | null>(null);
  useEffect(() => {
    if (autoReason && autoReason !== lastAutoReason.current) openDialog(autoReason);
    lastAutoReason.current = autoReason;
  }, [autoReason, openDialog]);

  const value = useMemo(() => ({ store, openDialog }), [store, openDialog]);
  return (
    <ConnectionContext.Provider value={value}>
      {children}
      {dialog.opened && (
        <Suspense fallback={null}>
          <ConnectionDialog
            open={dialog.open}
            reason={dialog.reason}
            store={store}
            onClose={() => setDialog((current) => ({ ...current, open: false }))}
          />
        </Suspense>
      )}
    </ConnectionContext.Provider>
  );
}
