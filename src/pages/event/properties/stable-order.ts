/**
 * Rows that stay where they are while the operator edits. The service lists properties by
 * category and key, so renaming a key, or a refresh after a paste, would move rows under the
 * cursor. The table keeps the order it first showed; rows added since go to the end, in the order
 * they were added (a paste's lines in pasted order), and deleted ones leave.
 */
import { useCallback, useMemo, useState } from 'react';

/**
 * `previous` order plus the ids of `incoming` it does not have yet: in `incoming` order, or, for
 * those `rank` places (the lines of a paste about to be saved), in that order first.
 */
export function extendOrder(previous: readonly string[], incoming: readonly string[], rank?: (id: string) => number | undefined): readonly string[] {
  const known = new Set(previous);
  const added = incoming.filter((id) => !known.has(id));
  if (added.length === 0) return previous;
  if (rank) {
    const place = (id: string) => rank(id) ?? Number.MAX_SAFE_INTEGER;
    added.sort((a, b) => place(a) - place(b));
  }
  return [...previous, ...added];
}

/** The items in `order` (ids not in it last, in their own order); ids of the order without an item are skipped. */
export function orderItems<T extends { id: string }>(items: readonly T[], order: readonly string[]): T[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  return extendOrder(order, items.map((i) => i.id)).flatMap((id) => byId.get(id) ?? []);
}

export interface StableOrder<T> {
  items: T[];
  /** Puts these ids (just added) at the end in this order, ahead of the refresh that brings them; ids already shown keep their places. */
  append: (ids: readonly string[]) => void;
  /**
   * Items about to be added, by `keyOf`: when they arrive (the refresh may come before the write's
   * answer), they go to the end in this order rather than the service's.
   */
  expect: (keys: readonly string[]) => void;
}

/**
 * @param items the latest list from the service, or undefined while loading
 * @param scope the list's owner: the order starts over when it changes
 */
export function useStableOrder<T extends { id: string }>(items: readonly T[] | undefined, scope: string, keyOf?: (item: T) => string): StableOrder<T> {
  const [state, setState] = useState<{ scope: string; order: readonly string[] }>({ scope, order: [] });
  const [expected, setExpected] = useState<ReadonlyMap<string, number>>(new Map());
  const current = state.scope === scope ? state.order : [];
  const byId = items && keyOf && expected.size > 0 ? new Map(items.map((i) => [i.id, keyOf(i)])) : undefined;
  const rank = byId ? (id: string) => expected.get(byId.get(id) ?? '') : undefined;
  const order = items ? extendOrder(current, items.map((i) => i.id), rank) : current;
  // Remember what was shown (state derived during render, guarded, as React recommends).
  if (state.scope !== scope || order !== current) setState({ scope, order });
  const append = useCallback((added: readonly string[]) => setState((s) => ({ scope: s.scope, order: extendOrder(s.order, added) })), []);
  const expect = useCallback((keys: readonly string[]) => setExpected(new Map(keys.map((k, i) => [k, i]))), []);
  const shown = useMemo(() => (items ? orderItems(items, order) : []), [items, order]);
  return { items: shown, append, expect };
}
