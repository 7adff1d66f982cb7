/** The playlist's list operations, pure: moving keyed items as a block or one step, and comparing orders. */
import type { MoveDirection } from './playlist-document.ts';

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function clamp(n: number, min: number, max: number): number {
  return Math.min(Math.max(n, min), max);
}

/**
 * Moves the items with `keys` (kept in their current order, as one block) so that the first of
 * them ends up at index `to` of the resulting list. A single key is arrayMove(from, to).
 */
export function moveKeys<T extends { key: string }>(items: readonly T[], keys: readonly string[], to: number): T[] {
  const moving = new Set(keys);
  const block = items.filter((i) => moving.has(i.key));
  if (block.length === 0) return [...items];
  const rest = items.filter((i) => !moving.has(i.key));
  const at = clamp(to, 0, rest.length);
  return [...rest.slice(0, at), ...block, ...rest.slice(at)];
}

/**
 * Moves the selected items one step or to an end. Up and down move each contiguous run of
 * selected items past its unselected neighbour, the way list boxes do, so a selection at the
 * edge stays put while the rest of it moves.
 */
export function moveSelected<T extends { key: string }>(items: readonly T[], keys: readonly string[], direction: MoveDirection): T[] {
  const selected = new Set(keys);
  if (direction === 'top' || direction === 'bottom') {
    const block = items.filter((i) => selected.has(i.key));
    const rest = items.filter((i) => !selected.has(i.key));
    return direction === 'top' ? [...block, ...rest] : [...rest, ...block];
  }
  const result = [...items];
  if (direction === 'up') {
    for (let i = 1; i < result.length; i++) {
      if (selected.has(result[i]!.key) && !selected.has(result[i - 1]!.key)) {
        [result[i - 1], result[i]] = [result[i]!, result[i - 1]!];
      }
    }
    return result;
  }
  for (let i = result.length - 2; i >= 0; i--) {
    if (selected.has(result[i]!.key) && !selected.has(result[i + 1]!.key)) {
      [result[i], result[i + 1]] = [result[i + 1]!, result[i]!];
    }
  }
  return result;
}

export function sameOrder(a: readonly { key: string }[], b: readonly { key: string }[]): boolean {
  return a.length === b.length && a.every((item, index) => item.key === b[index]!.key);
}

export function inListOrder(items: readonly { key: string }[], keys: readonly string[]): string[] {
  const wanted = new Set(keys);
  return items.filter((i) => wanted.has(i.key)).map((i) => i.key);
}
