/**
 * One row of the playlist: a sortable <li> placed by the virtualiser, with the row's name, its
 * state as data attributes (styled from LIST_SX) and the pointer's selection rules.
 */
import { memo, useCallback, useLayoutEffect, useRef, type FocusEvent, type KeyboardEvent as ReactKeyboardEvent, type MouseEvent, type PointerEventHandler } from 'react';
import { useSortable } from '@dnd-kit/sortable';
import type { Theme } from '@mui/material/styles';
import type { EditorAction, EditorItem } from './playlist-document.ts';
import type { ItemTiming, SourceInfo } from './playlist-timing.ts';
import type { ItemIssue } from './playlist-validation.ts';
import { RowContent } from './playlist-row-content.tsx';
import { rowLabel } from './playlist-row-label.ts';

export const ROW_HEIGHT = 64;

/**
 * A row's offset during a drag as a 2D translate: dnd-kit's CSS.Translate is a translate3d, which
 * makes every shifted row a compositor layer of its own, and building and committing those layers
 * was the largest part of a keyboard step (Chrome trace of the playlist bench: Layerize + Commit).
 */
function translate(transform: { x: number; y: number } | null): string | undefined {
  return transform ? `translate(${Math.round(transform.x)}px, ${Math.round(transform.y)}px)` : undefined;
}

export interface RowDragData {
  kind: 'row';
  key: string;
}

interface PlaylistRowProps {
  item: EditorItem;
  index: number;
  count: number;
  top: number;
  timing: ItemTiming | undefined;
  source: SourceInfo | null | undefined;
  selected: boolean;
  open: boolean;
  issues: readonly ItemIssue[] | undefined;
  tabbable: boolean;
  groupDragging: boolean;
  /** Lifted with the keyboard (it moves with the arrows). */
  lifted: boolean;
  selectedCount: number;
  dispatch: (action: EditorAction) => void;
  onKeyDown: (event: ReactKeyboardEvent<HTMLElement>, key: string) => void;
  onFocusRow: (key: string) => void;
}

/**
 * A row is two parts: this thin sortable shell, which re-renders on every move of a drag (dnd-kit's
 * context), with its position in `style` (no new CSS class per frame); and RowContent, memoised,
 * which re-renders only when the item or its state changes.
 */
export const PlaylistRow = memo(function PlaylistRow(props: PlaylistRowProps) {
  const { item, index, count, top, timing, source, selected, open, issues, tabbable, groupDragging, lifted, selectedCount, dispatch, onKeyDown, onFocusRow } = props;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging, isOver, active } = useSortable({
    id: item.key,
    data: { kind: 'row', key: item.key } satisfies RowDragData,
    // Rows step aside at once rather than slide: held at an edge, the list scrolls 14 rows a
    // second and every row it brings in started a 200 ms transition, each a compositor layer.
    // Paired runs of the 500-item bench (load 6-10): 80-82 -> 56-67 ms of CPU a pointer step, the
    // top reached in 18-29 s instead of 33-38 s.
    transition: null,
  });
  const dropBefore = isOver && (active?.data.current as { kind?: string } | undefined)?.kind === 'source';
  const problems = issues?.length ?? 0;
  const label = rowLabel(item, index, source, timing, problems);
  // dnd-kit gives new listeners when a drag starts or ends: the handle calls the latest through
  // one function, so that lifting a row does not render every row's content again.
  const pointerDown = useRef(listeners?.onPointerDown);
  useLayoutEffect(() => {
    pointerDown.current = listeners?.onPointerDown;
  });
  const onPointerDown: PointerEventHandler<HTMLDivElement> = useCallback((event) => pointerDown.current?.(event), []);

  return (
    <li
      ref={(node: HTMLLIElement | null) => {
        setNodeRef(node);
        setActivatorNodeRef(node);
      }}
      {...attributes}
      role="listitem"
      aria-roledescription="sortable playlist item"
      aria-label={label}
      aria-current={open ? 'true' : undefined}
      data-row-key={item.key}
      data-index={index}
      data-selected={selected || undefined}
      data-drop-before={dropBefore || undefined}
      data-problems={problems || undefined}
      data-open={open || undefined}
      data-lifted={lifted || undefined}
      tabIndex={tabbable ? 0 : -1}
      onKeyDown={(event: ReactKeyboardEvent<HTMLLIElement>) => onKeyDown(event, item.key)}
      onFocus={(event: FocusEvent<HTMLLIElement>) => {
        if (event.target === event.currentTarget) onFocusRow(item.key);
      }}
      onClick={(event: MouseEvent) => {
        if ((event.target as HTMLElement).closest('button, input, [data-no-row-click]')) return;
        if (event.shiftKey) dispatch({ type: 'select', key: item.key, mode: 'range' });
        else if (event.ctrlKey || event.metaKey) dispatch({ type: 'select', key: item.key, mode: 'toggle' });
        else {
          dispatch({ type: 'select', key: item.key, mode: 'only' });
          dispatch({ type: 'setActive', key: item.key });
        }
      }}
      style={{
        top,
        transform: translate(transform),
        transition,
        opacity: isDragging || groupDragging ? 0.35 : 1,
        zIndex: isDragging ? 1 : undefined,
      }}
    >
      <RowContent item={item} index={index} count={count} timing={timing} source={source} selected={selected} issues={issues} selectedCount={selectedCount} dispatch={dispatch} onPointerDown={onPointerDown} />
    </li>
  );
});

/**
 * The list and the look of its rows, in one place: a row's shell re-renders on every step of a
 * drag, and a plain <li> styled from here costs no style work when it does.
 */
export const LIST_SX = {
  m: 0,
  p: 0,
  listStyle: 'none',
  position: 'relative',
  '& > li': {
    position: 'absolute',
    left: 0,
    right: 0,
    height: ROW_HEIGHT,
    display: 'flex',
    alignItems: 'center',
    gap: { xs: 0.5, sm: 1 },
    pl: 0.25,
    pr: 0.5,
    borderBottom: 1,
    borderColor: 'divider',
    bgcolor: 'background.paper',
    cursor: 'default',
    outline: 'none',
    // A row's inside affects nothing outside it: moving, restyling or repainting one (every step of
    // a drag moves some) does not make the browser lay out or paint the others again.
    contain: 'layout paint style',
  },
  '& > li[data-selected]': { bgcolor: 'action.hover' },
  '& > li[data-open]': { bgcolor: 'action.selected' },
  '& > li[data-problems]': { boxShadow: (theme: Theme) => `inset 3px 0 0 ${theme.palette.error.main}` },
  '& > li[data-drop-before]': { boxShadow: (theme: Theme) => `inset 0 3px 0 ${theme.palette.primary.main}` },
  '& > li:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
  // Lifted with the keyboard: marked while the arrows move it (inside its box: a row's paint is contained).
  '& > li[data-lifted]': { bgcolor: 'action.selected', outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
} as const;

