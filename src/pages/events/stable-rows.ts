/**
 * Rows that do not move under the user. A background refresh may bring rows in another order, or
 * rows that joined or left the page; while the operator works with the list (pointer or focus
 * in it, rows selected, a dialog open) the rows keep their places, updated in place, and the
 * page offers "N changes — refresh" instead. When they stop, or choose it, the new order shows.
 */
import { useCallback, useMemo, useState } from 'react';

interface Identified {
  id: string;
}

/**
 * The rows to show when `held` is on screen and `incoming` arrived: `held`'s order, each row
 * replaced by its fresh version (rows that left stay, as they were), and how many rows joined,
 * left or moved.
 */
export function reconcileRows<R extends Identified>(held: readonly R[], incoming: readonly R[]): { rows: R[]; changes: number } {
  const fresh = new Map(incoming.map((row) => [row.id, row]));
  const heldIds = new Set(held.map((row) => row.id));
  const joined = incoming.filter((row) => !heldIds.has(row.id)).length;
  const left = held.filter((row) => !fresh.has(row.id)).length;
  const heldOrder = held.filter((row) => fresh.has(row.id)).map((row) => row.id);
  const freshOrder = incoming.filter((row) => heldIds.has(row.id)).map((row) => row.id);
  const moved = heldOrder.filter((id, index) => freshOrder[index] !== id).length;
  return { rows: held.map((row) => fresh.get(row.id) ?? row), changes: joined + left + moved };
}

export interface StableRows<R> {
  rows: R[];
  /** Rows that joined, left or moved since the order was held; 0 when what shows is current. */
  changes: number;
  /** Show the current order now (the "refresh" of "N changes — refresh"). */
  release: () => void;
}

/**
 * @param incoming the latest rows of the view `viewKey`, or undefined while only a placeholder
 *   (the previous view's rows) is available
 * @param hold whether the operator is working with the list right now
 */
export function useStableRows<R extends Identified>(incoming: readonly R[] | undefined, viewKey: string, hold: boolean): StableRows<R> {
  const [held, setHeld] = useState<{ key: string; rows: readonly R[] } | null>(null);

  // Holding starts from what is on screen at that moment, which is `incoming` (nothing was held).
  // State set during render, guarded, as React recommends for state derived from props.
  if (hold && incoming && held?.key !== viewKey) setHeld({ key: viewKey, rows: incoming });
  if (!hold && held) setHeld(null);

  const release = useCallback(() => {
    if (incoming) setHeld({ key: viewKey, rows: incoming });
  }, [incoming, viewKey]);

  const active = hold && incoming !== undefined && held?.key === viewKey ? held.rows : null;
  const shown = useMemo(() => {
    if (!incoming) return { rows: [] as R[], changes: 0 };
    if (!active) return { rows: incoming as R[], changes: 0 };
    return reconcileRows(active, incoming);
  }, [incoming, active]);
  return { ...shown, release };
}
