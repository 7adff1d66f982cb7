/**
 * A page's tab kept in the URL (`?tab=player`), so a reload or a shared link opens the same tab.
 * The default tab is left out of the URL.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export interface TabParamOptions<T extends string> {
  tabs: readonly T[];
  /** The tab shown when the URL names none (or one that is not in `tabs`). */
  fallback: T;
  /** Push a history entry (Back returns to the previous tab) or replace the current one. */
  history: 'push' | 'replace';
}

export function useTabParam<T extends string>({ tabs, fallback, history }: TabParamOptions<T>): [T, (tab: T) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get('tab');
  const tab = tabs.find((t) => t === value) ?? fallback;
  const setTab = useCallback(
    (next: T) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === fallback) updated.delete('tab');
          else updated.set('tab', next);
          return updated;
        },
        // Rendered before the click returns, not in the router's transition: a tab bar shows the
        // tab being left as selected until the transition commits, and a second click on that tab
        // then changes nothing (MUI Tabs ignore a click on the selected tab), so the first click wins.
        { replace: history === 'replace', flushSync: true },
      ),
    [setParams, fallback, history],
  );
  return [tab, setTab];
}
