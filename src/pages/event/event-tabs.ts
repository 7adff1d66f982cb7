/**
 * The event page's tabs. The page is a shell: it knows no tab. Each page area that owns a part of
 * an event exports its tab(s) as `eventTabs` from its front door (src/pages/<area>/index.ts), and
 * src/app/event-tabs.tsx collects them into the one list the page shows (docs/README.md
 * "Event page tabs").
 *
 * The tab lives in the URL (`?tab=player`), so a reload or a shared link opens the same tab.
 */
import { lazy, type ComponentType } from 'react';
import type { Event } from '#schema';
import { useTabParam } from '#components/use-tab-param.ts';

export interface EventTabProps {
  event: Event;
}

export interface EventTabDefinition {
  /** In the URL as `?tab=<id>` (the first tab, General, is left out of it): never rename one. */
  id: string;
  label: string;
  /** Where the tab stands among all areas' tabs, smallest first (the event area's own are 10, 20, …). */
  order: number;
  /** What the tab shows; `lazyTab(...)` for any but General, so a tab's code is not in the page's first load. */
  component: ComponentType<EventTabProps>;
  /** Loads a lazy tab's code ahead (the page calls it once the event is shown, so a click shows the tab at once); settles once loaded. */
  preload?: () => Promise<unknown>;
  /** Stays mounted (hidden) while another tab is shown: General's form keeps unsaved edits across a look at the player. */
  keepMounted?: boolean;
}

/** A tab whose code loads apart from the page: `{ id, label, order, ...lazyTab(() => import('./x-tab.tsx').then((m) => m.XTab)) }`. */
export function lazyTab(load: () => Promise<ComponentType<EventTabProps>>): Pick<EventTabDefinition, 'component' | 'preload'> {
  let loading: Promise<{ default: ComponentType<EventTabProps> }> | undefined;
  const once = () => (loading ??= load().then((component) => ({ default: component })));
  return { component: lazy(once), preload: once };
}

/** The tabs in the order they are shown; two areas claiming one id is a mistake caught here (and by src/app/event-tabs.test.tsx). */
export function sortEventTabs(tabs: readonly EventTabDefinition[]): readonly EventTabDefinition[] {
  const ids = new Set<string>();
  for (const tab of tabs) {
    if (ids.has(tab.id)) throw new Error(`Two event tabs have the id "${tab.id}"`);
    ids.add(tab.id);
  }
  return [...tabs].sort((a, b) => a.order - b.order);
}

/** The shown tab's id, in the URL; the first tab is the default. Changing it pushes a history entry (Back returns to the previous tab). */
export function useEventTab(tabs: readonly EventTabDefinition[]): [string, (tab: string) => void] {
  const ids = tabs.map((t) => t.id);
  return useTabParam({ tabs: ids, fallback: ids[0] ?? 'general', history: 'push' });
}
