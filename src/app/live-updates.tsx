// Over ~250 lines on purpose: the change applier, the fallback polling and the provider share one refresh policy (batching, fallback, hidden-tab grace), read here in one place; what to refresh is #client/feed-mapping.ts.
/**
 * Live everywhere: the dashboard follows the service's change feed (#client change-feed.ts) and
 * refreshes exactly what changed (the feed mapping, #client feed-mapping.ts), or polls while there
 * is no feed.
 *
 * - Each batch of notifications writes the new state into cached events at once (the chip turns
 *   without a round trip) and invalidates the queries it makes stale; only those on screen
 *   refetch, the others on their next use. Rows keep their places (the events list holds its
 *   order while the operator works with it, pages/events/stable-rows.ts) and forms keep what the
 *   user typed (the event form resets only untouched fields, `keepDirtyValues`).
 * - Bursts are coalesced: at most one batch per 250 ms, the first on the next animation frame.
 *   A query already fetching is not restarted (a burst would starve it); it is asked again once
 *   its answer is in.
 * - Polling is the fallback, and no page declares it: while the feed is live the queries it
 *   covers (isFeedCovered) never poll and do not refetch on window focus; while it is not (no feed
 *   on this service, reconnecting, offline) those on screen poll every FALLBACK_POLL_MS, and
 *   leaving `live` refetches them once at once.
 * - A hidden tab lets go of its stream after 10 s and catches up from its last id when shown
 *   again; a catch-up the service can no longer give in full (`complete: false`), or a fresh
 *   start, refreshes what may have been missed.
 */
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { openChangeFeed, type ChangeFeed, type ChangeFeedStatus, type FeedStatusDetail } from '#client/change-feed.ts';
import type { EntityChange, WebhookNotification } from '#schema';
import { useConnectionStore, useConnectionValue } from './connection-context.tsx';
import { api } from './api.ts';
import { patchEventStates, summarize, type ChangeBatch } from '#client/feed-events.ts';
import { FALLBACK_POLL_MS, isFeedCovered, staleAfter } from '#client/feed-mapping.ts';
import type { FeedAhead, FeedHandlers } from './first-view.ts';

/** At most one batch per this long. */
export const BATCH_INTERVAL_MS = 250;
/** A batch waits at most this long for an animation frame. */
const FRAME_FALLBACK_MS = 50;
/** How long a hidden tab keeps its stream (a quick look at another tab costs no reconnect). */
export const HIDDEN_GRACE_MS = 10_000;

/** What the app bar shows. `off`: no connection (no key yet) or live updates switched off. */
export type LiveState = ChangeFeedStatus | 'off';

export interface LiveStatus {
  state: LiveState;
  detail: FeedStatusDetail;
  /** When the last change arrived (Date.now() scale). */
  lastChangeAt?: number;
  /** When the feed last became live. */
  liveSince?: number;
}

const OFF: LiveStatus = { state: 'off', detail: {} };

export interface LiveStatusStore {
  subscribe(listener: () => void): () => void;
  get(): LiveStatus;
}

const LiveStatusContext = createContext<LiveStatusStore | null>(null);
const OFF_STORE: LiveStatusStore = { subscribe: () => () => {}, get: () => OFF };

/** Where the live-update state is kept (the app bar's chip reads it); outside a LiveUpdatesProvider, a store that stays `off`. */
export function useLiveStatusStore(): LiveStatusStore {
  return useContext(LiveStatusContext) ?? OFF_STORE;
}

// ---- Polling only while the feed is down ----------------------------------------------------------

type OnFocus = boolean | 'always' | ((query: Query) => boolean | 'always');

/**
 * Gives every query the feed covers its polling, by wrapping the client's option defaulting (one
 * place; pages declare none): none while the feed keeps it fresh, FALLBACK_POLL_MS while it does
 * not, and no refetch on focus while it does. Answers the undo.
 */
export function installFeedFallback(queryClient: QueryClient, feedKeepsFresh: () => boolean): () => void {
  const original = queryClient.defaultQueryOptions.bind(queryClient);
  queryClient.defaultQueryOptions = ((options: Parameters<QueryClient['defaultQueryOptions']>[0]) => {
    // Defaulted options (react-query defaults a query's options more than once) came through here.
    if (options._defaulted) return options;
    const defaulted = original(options);
    if (!isFeedCovered(defaulted.queryKey as QueryKey)) return defaulted;
    const onFocus = defaulted.refetchOnWindowFocus as OnFocus | undefined;
    return {
      ...defaulted,
      refetchInterval: () => (feedKeepsFresh() ? false : FALLBACK_POLL_MS),
      refetchOnWindowFocus: (query: Query) => (feedKeepsFresh() ? false : typeof onFocus === 'function' ? onFocus(query) : (onFocus ?? true)),
    } as typeof defaulted;
  }) as QueryClient['defaultQueryOptions'];
  return () => {
    queryClient.defaultQueryOptions = original;
  };
}

// ---- Applying batches ------------------------------------------------------------------------------

export interface ChangeApplier {
  add(notification: WebhookNotification): void;
  /** A change of another record (a publication, an asset, a capture...): its reads go stale with the batch. */
  addEntity(change: EntityChange): void;
  /** Applies what is queued now (tests; the timer does it otherwise). */
  flush(): void;
  dispose(): void;
  /** Batches applied so far. */
  readonly batches: number;
}

/** Coalesces notifications and applies each batch to the cache: states written, stale queries invalidated. */
export function createChangeApplier(queryClient: QueryClient, onBatch?: (batch: ChangeBatch) => void): ChangeApplier {
  let queue: WebhookNotification[] = [];
  let entityQueue: EntityChange[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frame: number | undefined;
  let lastFlush = 0;
  let batches = 0;
  /** Queries that were fetching when they went stale: asked again once their answer is in. */
  const deferred = new Set<Query>();
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || !deferred.has(event.query)) return;
    if (event.action.type !== 'success' && event.action.type !== 'error') return;
    deferred.delete(event.query);
    void queryClient.invalidateQueries({ predicate: (q) => q === event.query });
  });

  const flush = () => {
    clearTimeout(timer);
    if (frame !== undefined) cancelAnimationFrame(frame);
    timer = undefined;
    frame = undefined;
    if (queue.length === 0 && entityQueue.length === 0) return;
    const batch = summarize(queue);
    const stale = staleAfter({ events: batch, entities: entityQueue });
    queue = [];
    entityQueue = [];
    lastFlush = Date.now();
    batches++;
    const now: Query[] = [];
    for (const query of queryClient.getQueryCache().getAll()) {
      if (!stale(query.queryKey)) continue;
      if (batch.count > 0 && query.state.data !== undefined) {
        const patched = patchEventStates(query.state.data, batch);
        if (patched !== query.state.data) queryClient.setQueryData(query.queryKey, patched);
      }
      if (query.state.fetchStatus === 'fetching') deferred.add(query);
      else now.push(query);
    }
    if (now.length > 0) {
      const set = new Set(now);
      void queryClient.invalidateQueries({ predicate: (q) => set.has(q) }, { cancelRefetch: false });
    }
    onBatch?.(batch);
  };

  const schedule = () => {
    if (timer !== undefined || frame !== undefined) return;
    const wait = lastFlush + BATCH_INTERVAL_MS - Date.now();
    if (wait > 0) {
      timer = setTimeout(flush, wait);
      return;
    }
    // The next frame; or soon, where frames do not come (a hidden or background window).
    if (typeof requestAnimationFrame === 'function') frame = requestAnimationFrame(flush);
    timer = setTimeout(flush, FRAME_FALLBACK_MS);
  };

  return {
    add(notification) {
      queue.push(notification);
      schedule();
    },
    addEntity(change) {
      entityQueue.push(change);
      schedule();
    },
    flush,
    dispose() {
      clearTimeout(timer);
      if (frame !== undefined) cancelAnimationFrame(frame);
      queue = [];
      entityQueue = [];
      deferred.clear();
      unsubscribe();
    },
    get batches() {
      return batches;
    },
  };
}

/** Marks the covered queries stale (refetching those on screen), optionally only those older than `before`. */
function refreshCovered(queryClient: QueryClient, before?: number) {
  void queryClient.invalidateQueries({
    predicate: (query) => isFeedCovered(query.queryKey) && (before === undefined || query.state.dataUpdatedAt < before),
  });
}

function createStatusStore() {
  let status: LiveStatus = OFF;
  const listeners = new Set<() => void>();
  return {
    get: () => status,
    set(next: LiveStatus) {
      status = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

// ---- The provider --------------------------------------------------------------------------------------

export interface LiveUpdatesOptions {
  /** How long a hidden tab keeps its stream. Default HIDDEN_GRACE_MS. */
  hiddenGraceMs?: number;
  /** The feed start.tsx opened before React rendered (first-view.ts): taken over, not opened again. */
  feedAhead?: FeedAhead;
}

export interface LiveUpdatesProviderProps extends LiveUpdatesOptions {
  children: ReactNode;
  /** Default true. Off: no feed; what it covers polls every FALLBACK_POLL_MS. */
  enabled?: boolean;
}

export function LiveUpdatesProvider({ children, enabled = true, hiddenGraceMs = HIDDEN_GRACE_MS, feedAhead }: LiveUpdatesProviderProps) {
  const queryClient = useQueryClient();
  const store = useConnectionStore();
  const [statusStore] = useState(createStatusStore);
  /** Whether the feed keeps the covered queries fresh right now (polling and focus refetches are needless). */
  const keepsFresh = useRef(false);

  useEffect(() => installFeedFallback(queryClient, () => keepsFresh.current), [queryClient]);

  const ready = useConnectionValue((state) => state.ready);
  const baseUrl = useConnectionValue((state) => state.baseUrl);
  const apiKey = useConnectionValue((state) => state.apiKey);
  useEffect(() => {
    if (!enabled || !ready || apiKey === null) {
      statusStore.set(OFF);
      return;
    }
    const applier = createChangeApplier(queryClient, () => statusStore.set({ ...statusStore.get(), lastChangeAt: Date.now() }));
    const { fetch } = store.clientFor({ baseUrl, apiKey }).config;
    /** Shown again after a pause: reconnecting is part of catching up, not a reason to poll. */
    let resuming = false;
    const handlers: FeedHandlers = {
      onChange: ({ notification }) => applier.add(notification),
      onEntityChange: ({ change }) => applier.addEntity(change),
      // Presence (app/presence.tsx): who has a record open is asked again when someone arrives or leaves.
      // The key without `session` matches every page's own (react-query matches a key's objects in part).
      onPresence: ({ entity, id }) => void queryClient.invalidateQueries({ queryKey: api.presence.get.key({ query: { entity, id } }) }),
      onReady: ({ complete, resumed, requestedAt }) => {
        // Changes before this stream began are in no replay: refresh what was read before it
        // (on a fresh start, what was fetched before the request; after a gap, everything).
        if (!complete) refreshCovered(queryClient);
        else if (!resumed) refreshCovered(queryClient, requestedAt);
      },
      onStatus: (state, detail) => {
        const wasFresh = keepsFresh.current;
        // While paused (hidden tab) the feed will catch up when shown: nothing needs polling.
        keepsFresh.current = state === 'live' || (state === 'paused' && wasFresh) || (resuming && state === 'reconnecting');
        if (state !== 'reconnecting') resuming = false;
        const previous = statusStore.get();
        statusStore.set({ ...previous, state, detail, liveSince: state === 'live' ? (previous.state === 'live' ? previous.liveSince : Date.now()) : undefined });
        // Back to polling: the fallback restarts from a fresh answer.
        if (wasFresh && !keepsFresh.current && state !== 'closed') refreshCovered(queryClient);
      },
    };
    const feed: ChangeFeed = feedAhead?.take({ baseUrl, apiKey }, handlers) ?? openChangeFeed({ baseUrl, apiKey, ...(fetch ? { fetch } : {}), ...handlers });

    let hiddenTimer: ReturnType<typeof setTimeout> | undefined;
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        hiddenTimer ??= setTimeout(() => feed.pause(), hiddenGraceMs);
      } else {
        clearTimeout(hiddenTimer);
        hiddenTimer = undefined;
        if (feed.status === 'paused') {
          resuming = true;
          feed.resume();
        }
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      clearTimeout(hiddenTimer);
      feed.close();
      applier.dispose();
      keepsFresh.current = false;
    };
  }, [enabled, ready, baseUrl, apiKey, queryClient, store, statusStore, hiddenGraceMs, feedAhead]);

  return <LiveStatusContext.Provider value={statusStore}>{children}</LiveStatusContext.Provider>;
}
