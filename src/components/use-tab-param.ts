/**
 * A page's tab kept in the URL (`?tab=player`), so a reload or a shared link opens the same tab.
 * The default tab is left out of the URL.
 */
import { useCallback } from 'react';
import { useUrlParams } from './use-url-params.ts';

export interface TabParamOptions<T extends string> {
  tabs: readonly T[];
  /** The tab shown when the URL names none (or one that is not in `tabs`). */
  fallback: T;
  /** Push a history entry (Back returns to the previous tab) or replace the current one. */
  history: 'push' | 'replace';
}

export function useTabParam<T extends string>({ tabs, fallback, history }: TabParamOptions<T>): [T, (tab: T) => void] {
  const [params, setParams] = useUrlParams();
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
        { replace: history === 'replace' },
      ),
    [setParams, fallback, history],
  );
  return [tab, setTab];
}
