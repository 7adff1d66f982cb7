/**
 * The playlist's row keys, one handler for every row: Space lifts the row to move it (then arrows
 * or Home/End move it, Space or Enter drops it, Esc puts it back: playlist-lift.ts);
 * arrows/Home/End/PageUp/PageDown move the focus (Shift extends the selection), Alt+arrows/Home/End move the selection, X selects, Ctrl+A
 * selects all, Enter edits, D duplicates, Delete removes, Esc clears the selection. It reads the
 * current list when a key is pressed: a new function per render would re-render every row on
 * every scroll.
 */
import { useCallback, useLayoutEffect, useRef, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import type { EditorAction, MoveDirection } from './playlist-document.ts';
import type { PlaylistLift } from './playlist-lift.ts';

export interface RowKeysState {
  keys: readonly string[];
  indexOf: ReadonlyMap<string, number>;
  selection: readonly string[];
  selected: ReadonlySet<string>;
  dispatch: (action: EditorAction) => void;
  focusRow: (key: string) => void;
  /** A pointer drag is under way (dnd-kit's): the keys wait. */
  dragging: boolean;
  lifting: PlaylistLift;
  /** The title of the row at this index, for what a screen reader hears when it is lifted. */
  titleAt: (index: number) => string;
}

const LIFT_STEPS: Record<string, MoveDirection> = { ArrowUp: 'up', ArrowDown: 'down', Home: 'top', End: 'bottom' };

/** The keys of a lifted row: move, drop, cancel; every other key waits for the drop. */
function liftKey(event: ReactKeyboardEvent<HTMLElement>, lifting: PlaylistLift): void {
  const direction = LIFT_STEPS[event.key];
  if (direction) lifting.step(direction);
  else if (event.key === ' ' || event.key === 'Enter') lifting.drop();
  else if (event.key === 'Escape') lifting.cancel();
  // Tab leaves the row, as it would anywhere; the lift stays until it is dropped or cancelled.
  else if (event.key === 'Tab') return;
  event.preventDefault();
  event.stopPropagation();
}

export function usePlaylistRowKeys(state: RowKeysState): (event: ReactKeyboardEvent<HTMLElement>, key: string) => void {
  const latest = useRef(state);
  useLayoutEffect(() => {
    latest.current = state;
  });
  return useCallback((event: ReactKeyboardEvent<HTMLElement>, key: string) => {
    const { keys, indexOf, selection, selected, dispatch, focusRow, dragging, lifting, titleAt } = latest.current;
    if (dragging || event.target !== event.currentTarget) return;
    if (lifting.lift) {
      liftKey(event, lifting);
      return;
    }
    const index = indexOf.get(key) ?? 0;
    const mod = event.ctrlKey || event.metaKey;
    const targets = () => (selected.has(key) ? selection : [key]);
    const go = (to: number) => {
      const next = keys[Math.max(0, Math.min(keys.length - 1, to))];
      if (!next) return;
      if (event.shiftKey) dispatch({ type: 'select', key: next, mode: 'range' });
      focusRow(next);
    };
    const moveSelection = (direction: MoveDirection) => {
      if (!selected.has(key)) dispatch({ type: 'select', key, mode: 'only' });
      dispatch({ type: 'moveSelection', direction });
      requestAnimationFrame(() => latest.current.focusRow(key));
    };
    let handled = true;
    if (event.key === ' ' && !mod && !event.altKey) lifting.begin(key, titleAt(index));
    else if (event.altKey && event.key === 'ArrowUp') moveSelection('up');
    else if (event.altKey && event.key === 'ArrowDown') moveSelection('down');
    else if (event.altKey && event.key === 'Home') moveSelection('top');
    else if (event.altKey && event.key === 'End') moveSelection('bottom');
    else if (event.key === 'ArrowUp') go(index - 1);
    else if (event.key === 'ArrowDown') go(index + 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(keys.length - 1);
    else if (event.key === 'PageUp') go(index - 8);
    else if (event.key === 'PageDown') go(index + 8);
    else if (mod && event.key.toLowerCase() === 'a') dispatch({ type: 'selectAll' });
    else if (!mod && event.key.toLowerCase() === 'x') dispatch({ type: 'select', key, mode: 'toggle' });
    else if (event.key === 'Enter') dispatch({ type: 'setActive', key });
    else if (!mod && event.key.toLowerCase() === 'd') dispatch({ type: 'duplicate', keys: targets() });
    else if (event.key === 'Delete' || event.key === 'Backspace') {
      const gone = targets();
      const after = keys.find((k, i) => i > index && !gone.includes(k)) ?? [...keys].reverse().find((k) => !gone.includes(k));
      dispatch({ type: 'remove', keys: gone });
      if (after) requestAnimationFrame(() => latest.current.focusRow(after));
    } else if (event.key === 'Escape' && selection.length > 0) dispatch({ type: 'clearSelection' });
    else handled = false;
    if (handled) {
      event.preventDefault();
      event.stopPropagation();
    }
  }, []);
}
