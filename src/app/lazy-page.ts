/**
 * A page's code as its own chunk: `React.lazy` with a `preload()` that starts the same download
 * early (router.tsx preloads the page a link points at when the link is hovered or focused), so
 * following the link does not wait for it. A page whose first view needs data says how to ask for
 * it (`prefetch`): start.tsx starts that request when the page is opened, beside the download of its
 * code, into the same react-query cache entry the page then reads (no second request).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { QueryClient } from '@tanstack/react-query';

/** Starts the requests of a page's first view for the page at `url` (not awaited). */
export type PagePrefetch = (queryClient: QueryClient, url: URL) => void;

export type LazyPage = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown>; prefetch?: PagePrefetch };

export function lazyPage(load: () => Promise<{ default: ComponentType }>, options: { prefetch?: PagePrefetch } = {}): LazyPage {
  let loading: Promise<{ default: ComponentType }> | undefined;
  // One download for the preload and the route; a failed one is tried again next time.
  const once = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return Object.assign(lazy(once), { preload: once }, options.prefetch ? { prefetch: options.prefetch } : {});
}

export function isLazyPage(type: unknown): type is LazyPage {
  return typeof type === 'object' && type !== null && typeof (type as Partial<LazyPage>).preload === 'function';
}
