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
  /** The URL parameter (default `tab`): a second set of tabs on a page (a drawer's) names its own. */
  param?: string;
}

export function useTabParam<T extends string>({ tabs, fallback, history, param = 'tab' }: TabParamOptions<T>): [T, (tab: T) => void] {
  const [params, setParams] = useUrlParams();
  const value = params.get(param);
  const tab = tabs.find((t) => t === value) ?? fallback;
  const setTab = useCallback(
    (next: T) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === fallback) updated.delete(param);
          else updated.set(param, next);
          return updated;
        },
        { replace: history === 'replace' },
      ),
    [setParams, fallback, history, param],
  );
  return [tab, setTab];
}
