/**
 * The operator's last searches, newest first, kept in this browser (localStorage) so that the
 * search dialog opens on what they were looking for. Nothing here leaves the browser.
 */
import { useCallback, useState } from 'react';

export const RECENT_SEARCHES_KEY = 'control-room.recent-searches';
export const MAX_RECENT_SEARCHES = 6;

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage can be switched off (privacy settings): searching still works, without a memory.
    return null;
  }
}

export function readRecentSearches(storage: Storage | null = browserStorage()): string[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(RECENT_SEARCHES_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string' && v.trim() !== '').slice(0, MAX_RECENT_SEARCHES) : [];
  } catch {
    return [];
  }
}

/** Puts `text` first (once, whatever its case) and keeps the newest few. */
export function addRecentSearch(list: readonly string[], text: string): string[] {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  if (trimmed === '') return [...list];
  return [trimmed, ...list.filter((v) => v.toLowerCase() !== trimmed.toLowerCase())].slice(0, MAX_RECENT_SEARCHES);
}

function write(storage: Storage | null, list: readonly string[]): void {
  try {
    if (list.length === 0) storage?.removeItem(RECENT_SEARCHES_KEY);
    else storage?.setItem(RECENT_SEARCHES_KEY, JSON.stringify(list));
  } catch {
    // Full or switched off: the list lives on for this page only.
  }
}

/** The recent searches and ways to add one, forget one, or forget them all. */
export function useRecentSearches(storage: Storage | null = browserStorage()) {
  const [recent, setRecent] = useState(() => readRecentSearches(storage));
  const update = useCallback(
    (next: (current: string[]) => string[]) =>
      setRecent(() => {
        // Another tab may have searched meanwhile: start from what is stored.
        const list = next(readRecentSearches(storage));
        write(storage, list);
        return list;
      }),
    [storage],
  );
  const remember = useCallback((text: string) => update((current) => addRecentSearch(current, text)), [update]);
  const forget = useCallback((text: string) => update((current) => current.filter((v) => v !== text)), [update]);
  const clear = useCallback(() => update(() => []), [update]);
  return { recent, remember, forget, clear };
}
