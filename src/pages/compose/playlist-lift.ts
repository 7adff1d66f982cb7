/**
 * Moving rows with the keyboard: Space lifts the focused row (with the rest of the selection when
 * it is part of it), each arrow moves it one place, Space or Enter drops it, Escape puts it back.
 * While it is lifted the order is the playlist pane's own (`usePlaylistLift`): a step renders the
 * pane and the two rows that swap places, not the editor around it; the drop is one `move` of the
 * reducer, so one undo takes the whole move back. Every step says where the row is, in the pane's
 * live region.
 *
 * @example
 * const lift = usePlaylistLift({ items, selection, dispatch });
 * lift.begin(key, title);   // "Picked up item 500 of 500, …"
 * lift.step('up');          // "Position 499 of 500."
 * lift.drop();              // dispatch({ type: 'move', keys: [key], to: 498 })
 */
import { useCallback, useState } from 'react';
import type { EditorAction, EditorItem, MoveDirection } from './playlist-document.ts';
import { clamp, inListOrder, moveKeys, plural, sameOrder } from './playlist-moves.ts';

export interface Lift {
  /** The row that was lifted (it keeps the focus). */
  key: string;
  /** The rows that move: the lifted one, or the whole selection when it is part of it. */
  keys: readonly string[];
  title: string;
  /** The playlist when the row was lifted; a lift ends if the playlist changes under it. */
  base: readonly EditorItem[];
  /** The playlist as the lift has it now. */
  items: readonly EditorItem[];
}

const positionOf = (items: readonly EditorItem[], key: string) => items.findIndex((i) => i.key === key) + 1;

/** One place up or down (or to an end): the moving rows go together, as one block. */
export function stepLift(lift: Lift, direction: MoveDirection): Lift {
  const moving = new Set(lift.keys);
  // Where the lifted row stands among the rows that do not move.
  let place = 0;
  for (const item of lift.items) {
    if (item.key === lift.key) break;
    if (!moving.has(item.key)) place++;
  }
  const others = lift.items.length - lift.keys.length;
  const to = { up: place - 1, down: place + 1, top: 0, bottom: others }[direction];
  const items = moveKeys(lift.items, lift.keys, clamp(to, 0, others));
  return sameOrder(items, lift.items) ? lift : { ...lift, items };
}

/** The reducer's move that the drop makes, or null when the rows are back where they were. */
export function dropMove(lift: Lift): Extract<EditorAction, { type: 'move' }> | null {
  if (sameOrder(lift.items, lift.base)) return null;
  const first = inListOrder(lift.items, lift.keys)[0]!;
  return { type: 'move', keys: lift.keys, to: positionOf(lift.items, first) - 1 };
}

interface Options {
  items: readonly EditorItem[];
  selection: readonly string[];
  dispatch: (action: EditorAction) => void;
  /** Before a step is rendered: the pane brings the row's new place (an index) into view. */
  onStep: (index: number) => void;
}

export interface PlaylistLift {
  /** The lift under way, or null. */
  lift: Lift | null;
  /** What a screen reader last heard about it. */
  announcement: string;
  begin: (key: string, title: string) => void;
  step: (direction: MoveDirection) => void;
  drop: () => void;
  cancel: () => void;
}

export function usePlaylistLift({ items, selection, dispatch, onStep }: Options): PlaylistLift {
  const [state, setState] = useState<{ lift: Lift | null; announcement: string }>({ lift: null, announcement: '' });
  // A playlist changed under the lift (undo, a merge after a conflict) ends it: its order is gone.
  const lift = state.lift?.base === items ? state.lift : null;

  const begin = useCallback(
    (key: string, title: string) => {
      const at = positionOf(items, key);
      if (at === 0) return;
      const keys = selection.includes(key) && selection.length > 1 ? inListOrder(items, selection) : [key];
      const others = keys.length > 1 ? ` with ${plural(keys.length - 1, 'other selected item')}` : '';
      setState({
        lift: { key, keys, title, base: items, items },
        announcement: `Picked up item ${at} of ${items.length}, ${title}${others}. Use the up and down arrows to move it, Space to drop it, Escape to cancel.`,
      });
    },
    [items, selection],
  );
  const step = useCallback(
    (direction: MoveDirection) => {
      if (!lift) return;
      const next = stepLift(lift, direction);
      if (next === lift) return;
      const at = positionOf(next.items, next.key);
      onStep(at - 1);
      setState({ lift: next, announcement: `Position ${at} of ${next.items.length}.` });
    },
    [lift, onStep],
  );
  const drop = useCallback(() => {
    if (!lift) return;
    setState({ lift: null, announcement: `Dropped ${lift.title} at position ${positionOf(lift.items, lift.key)} of ${lift.items.length}.` });
    const move = dropMove(lift);
    if (move) dispatch(move);
  }, [lift, dispatch]);
  const cancel = useCallback(() => {
    if (!lift) return;
    setState({ lift: null, announcement: `Moving cancelled. ${lift.title} is back at position ${positionOf(lift.base, lift.key)}.` });
  }, [lift]);

  return { lift, announcement: state.announcement, begin, step, drop, cancel };
}
