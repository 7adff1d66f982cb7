/**
 * A page's code as its own chunk: `React.lazy` with a `preload()` that starts the same download
 * early (router.tsx preloads the page a link points at when the link is hovered or focused), so
 * following the link does not wait for it.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type LazyPage = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loading: Promise<{ default: ComponentType }> | undefined;
  // One download for the preload and the route; a failed one is tried again next time.
  const once = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return Object.assign(lazy(once), { preload: once });
}

export function isLazyPage(type: unknown): type is LazyPage {
  return typeof type === 'object' && type !== null && typeof (type as Partial<LazyPage>).preload === 'function';
}
