/**
 * What the shown rows do, as one stable object so the rows (memoised) re-render only when their
 * own data changes: 200 rows stay quick. The keyboard: ↑ ↓ Home End move between rows (skipping
 * rows being edited), Enter or F2 edits, Space selects, Delete asks to delete.
 */
import { useLayoutEffect, useMemo, useRef } from 'react';
import type { PropertyField } from './property-errors.ts';
import type { PropertyRow } from './property-source.ts';

export interface RowHandlers {
  onKeyDown: (e: React.KeyboardEvent<HTMLTableRowElement>, row: PropertyRow, index: number) => void;
  startEdit: (row: PropertyRow, field: PropertyField) => void;
  toggle: (id: string) => void;
  askDelete: (row: PropertyRow) => void;
  focus: (id: string) => void;
  ref: (id: string, el: HTMLTableRowElement | null) => void;
  /** The key may edit and delete (the rows' Edit and Delete are off otherwise). */
  writable: boolean;
}

interface RowActions {
  /** The rows shown, in order. */
  rows: readonly PropertyRow[];
  editing: ReadonlyMap<string, unknown>;
  writable: boolean;
  setActiveId: (id: string) => void;
  startEdit: (row: PropertyRow, field: PropertyField) => void;
  toggle: (id: string) => void;
  askDelete: (row: PropertyRow) => void;
  /** The rendered rows by id (kept up to date by the handlers' `ref`), to move the focus to one. */
  rowRefs: React.RefObject<Map<string, HTMLTableRowElement>>;
}

export function useRowHandlers(actions: RowActions): RowHandlers {
  const { rowRefs, writable } = actions;
  const latest = useRef(actions);
  useLayoutEffect(() => {
    latest.current = actions;
  });
  const handlers = useMemo<RowHandlers>(
    () => ({
      onKeyDown: (e, row, index) => onRowKeyDown(latest.current, rowRefs.current, e, row, index),
      startEdit: (row, field) => latest.current.startEdit(row, field),
      toggle: (id) => latest.current.toggle(id),
      askDelete: (row) => latest.current.askDelete(row),
      focus: (id) => latest.current.setActiveId(id),
      ref: (id, el) => {
        if (el) rowRefs.current.set(id, el);
        else rowRefs.current.delete(id);
      },
      writable,
    }),
    [rowRefs, writable],
  );
  return handlers;
}

function onRowKeyDown(
  { rows, editing, setActiveId, startEdit, toggle, askDelete }: RowActions,
  rowRefs: Map<string, HTMLTableRowElement>,
  e: React.KeyboardEvent<HTMLTableRowElement>,
  row: PropertyRow,
  index: number,
) {
  const inControl = e.target !== e.currentTarget;
  const goTo = (target: PropertyRow | undefined) => {
    if (target) {
      e.preventDefault();
      setActiveId(target.id);
      rowRefs.get(target.id)?.focus();
    }
  };
  const shown = (r: PropertyRow) => !editing.has(r.id);
  switch (e.key) {
    case 'ArrowDown':
      goTo(rows.slice(index + 1).find(shown));
      break;
    case 'ArrowUp':
      goTo(rows.slice(0, index).reverse().find(shown));
      break;
    case 'Home':
      if (!inControl) goTo(rows.find(shown));
      break;
    case 'End':
      if (!inControl) goTo([...rows].reverse().find(shown));
      break;
    case 'Enter':
    case 'F2':
      if (!inControl) {
        e.preventDefault();
        startEdit(row, 'value');
      }
      break;
    case ' ':
      if (!inControl) {
        e.preventDefault();
        toggle(row.id);
      }
      break;
    case 'Delete':
    case 'Backspace':
      if (!inControl) {
        e.preventDefault();
        askDelete(row);
      }
      break;
  }
}
