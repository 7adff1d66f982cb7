/** The dashboard, started (main.tsx imports this module last, once the schema, the libraries and the router are evaluated): one query client, one connection store feeding the `api` client, the router. */
import { StrictMode, startTransition, useEffect, useLayoutEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
// The DOM RouterProvider: it can flush a navigation synchronously (every write to the URL's query
// does, see src/components/use-url-params.ts).
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from '#client';
import { setApiClient } from './api.ts';
import { createConnectionStore } from './connection.ts';
import { AppProviders } from './providers.tsx';
import { createAppRouter, preloadRoute, prefetchRoute } from './router.tsx';
import { startFirstView } from './first-view.ts';
import { firstScreenCommitted } from './emotion-insertion.ts';

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage disabled (some private modes): settings last for the session only.
    return null;
  }
}

const connection = createConnectionStore({ storage: browserStorage(), onClientChange: setApiClient });
void connection.start();

const queryClient = createQueryClient();

/**
 * The page opened: its code is asked for at once. Its first view's data too, with the change feed
 * just before it (first-view.ts), before React renders, with a key kept in this browser;
 * otherwise once the providers have opened the feed (below). For each page opened later, both as
 * the URL changes.
 */
let opened = `${location.pathname}${location.search}`;
const feedAhead = startFirstView(connection, queryClient, opened);
/** Whether the change feed's request is out: a page's reads asked before it would be read again. */
let feedAsked = feedAhead !== undefined;
const openPage = (href: string) => {
  preloadRoute(href);
  if (feedAsked) whenConnected(() => prefetchRoute(href, queryClient));
};
preloadRoute(opened);
const router = createAppRouter();
router.subscribe(({ location: next }) => {
  const href = `${next.pathname}${next.search}`;
  if (href !== opened) openPage((opened = href));
});

/** Runs `then` once the connection has a key: at once with a key kept in this browser. */
function whenConnected(then: () => void): void {
  const connected = () => connection.getState().ready && connection.getState().apiKey !== null;
  if (connected()) return then();
  const stop = connection.subscribe(() => {
    if (!connection.getState().ready) return;
    stop();
    // After the other listeners: the connection provider empties the cache when a key first comes.
    if (connected()) setTimeout(then, 0);
  });
}

/**
 * The pages, once the providers have committed. Without a feed opened ahead, their effects have
 * then sent the change feed's request, so the first page's reads (prefetched here, then) come
 * after it and are not read again when the feed starts (live-updates.tsx refreshes what was read
 * before it).
 */
function Pages() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    // After the providers' own effects: this one, a child's, runs before theirs.
    queueMicrotask(() => {
      if (feedAsked) return;
      feedAsked = true;
      whenConnected(() => prefetchRoute(opened, queryClient));
    });
    startTransition(() => setShown(true));
  }, []);
  useLayoutEffect(() => {
    if (shown) firstScreenCommitted();
  }, [shown]);
  return shown ? <RouterProvider router={router} /> : null;
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The pages render in a transition: React renders the first screen in slices, between which the
// browser stays free (no long task for the whole tree at once).
createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient} connection={connection} liveUpdates={feedAhead ? { feedAhead } : true}>
      <Pages />
    </AppProviders>
  </StrictMode>,
);
