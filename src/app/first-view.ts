/**
 * The first view's requests, before React renders (start.tsx): with a key kept in this browser the
 * change feed is opened at once, and the opened page's first data (its `prefetch`, router.tsx)
 * asked for right after it. The order matters: when the feed starts it refreshes what was read
 * before its request (live-updates.tsx), so a page read ahead of it would be read twice.
 * LiveUpdatesProvider takes the feed over (`FeedAhead.take`) instead of opening its own; what the
 * feed said until then is handed to it, in order.
 */
import type { QueryClient } from '@tanstack/react-query';
import { openChangeFeed, type ChangeFeed, type ChangeFeedOptions } from '#client/change-feed.ts';
import type { ConnectionStore } from './connection.ts';
import { prefetchRoute } from './router.tsx';

export type FeedHandlers = Pick<ChangeFeedOptions, 'onChange' | 'onEntityChange' | 'onPresence' | 'onReady' | 'onStatus'>;

export interface FeedAhead {
  /**
   * The feed, from now on with `handlers`, when it was opened for these settings and not taken yet;
   * otherwise undefined, and the feed (of no use then) is closed.
   */
  take(settings: { baseUrl: string; apiKey: string }, handlers: FeedHandlers): ChangeFeed | undefined;
}

export function openFeedAhead(options: Pick<ChangeFeedOptions, 'baseUrl' | 'apiKey' | 'fetch'>): FeedAhead {
  let handlers: FeedHandlers | undefined;
  let taken = false;
  const said: ((to: FeedHandlers) => void)[] = [];
  const relay =
    <K extends keyof FeedHandlers>(name: K) =>
    (...args: Parameters<NonNullable<FeedHandlers[K]>>) => {
      const call = (to: FeedHandlers) => (to[name] as ((...a: typeof args) => void) | undefined)?.(...args);
      if (handlers) call(handlers);
      else said.push(call);
    };
  const feed = openChangeFeed({
    ...options,
    onChange: relay('onChange'),
    onEntityChange: relay('onEntityChange'),
    onPresence: relay('onPresence'),
    onReady: relay('onReady'),
    onStatus: relay('onStatus'),
  });
  return {
    take(settings, next) {
      const usable = !taken && settings.baseUrl === options.baseUrl && settings.apiKey === options.apiKey;
      taken = true;
      if (!usable) {
        feed.close();
        return undefined;
      }
      handlers = next;
      for (const call of said.splice(0)) call(next);
      return feed;
    },
  };
}

/**
 * Opens the change feed and asks for the first data of the page at `href`, when the connection has
 * a key now (one kept in this browser); answers the feed for the providers, or undefined (no key
 * yet: start.tsx then asks once the providers have opened the feed).
 */
export function startFirstView(connection: ConnectionStore, queryClient: QueryClient, href: string): FeedAhead | undefined {
  const { ready, baseUrl, apiKey } = connection.getState();
  if (!ready || apiKey === null) return undefined;
  const { fetch } = connection.clientFor({ baseUrl, apiKey }).config;
  const feed = openFeedAhead({ baseUrl, apiKey, ...(fetch ? { fetch } : {}) });
  prefetchRoute(href, queryClient);
  return feed;
}
