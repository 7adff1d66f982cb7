/**
 * The right-hand pane: the playlist as a virtualised, sortable list. Only the rows in view (and
 * the one being dragged) are in the DOM, so 500 items stay smooth. Each row has a visible drag
 * handle for the pointer; the keyboard works on the focused row: Space lifts, arrows move, Space
 * drops, Esc cancels (dnd-kit's KeyboardSensor), and the row keys below select and move without
 * dragging.
 */
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { defaultRangeExtractor, observeElementRect, useVirtualizer, type Range } from '@tanstack/react-virtual';
import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DragIcon from '@mui/icons-material/DragIndicator';
import MoreIcon from '@mui/icons-material/MoreVert';
import TopIcon from '@mui/icons-material/VerticalAlignTopRounded';
import BottomIcon from '@mui/icons-material/VerticalAlignBottomRounded';
import UpIcon from '@mui/icons-material/ArrowUpwardRounded';
import DownIcon from '@mui/icons-material/ArrowDownwardRounded';
import CopyIcon from '@mui/icons-material/ContentCopyOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import ErrorIcon from '@mui/icons-material/ErrorOutlineRounded';
import KeyboardIcon from '@mui/icons-material/KeyboardOutlined';
import MarkerIcon from '@mui/icons-material/BookmarkBorderRounded';
import ContentCutIcon from '@mui/icons-material/ContentCutRounded';
import PlaylistIcon from '@mui/icons-material/QueueMusicOutlined';
import { EmptyState } from '#components/empty-state.tsx';
import { ITEM_TYPES, type EditorAction, type EditorItem, type MoveDirection } from './playlist-document.ts';
import { type ItemTiming, type SourceInfo, type SourceLookup, type Timeline } from './playlist-timing.ts';
import { type ItemIssue } from './playlist-validation.ts';
import { Thumbnail } from './thumbnail.tsx';
import { formatClock, spokenDuration } from './timecode.ts';

export const ROW_HEIGHT = 64;
export const PLAYLIST_DROP_ID = 'playlist';

export interface RowDragData {
  kind: 'row';
  key: string;
}

export interface PlaylistPaneProps {
  items: readonly EditorItem[];
  selection: readonly string[];
  active: string | null;
  timeline: Timeline;
  lookup: SourceLookup;
  issues: ReadonlyMap<string, readonly ItemIssue[]>;
  dispatch: (action: EditorAction) => void;
  /** The id being dragged (a row key or a source). */
  dragId: string | null;
  /** Keys of the rows that move with the dragged one. */
  draggingKeys: readonly string[];
  /** Set when the playlist must scroll to a row and focus it (after an add or a move). */
  focusRequest: { key: string; n: number } | null;
}

export function itemTitle(item: EditorItem, source: SourceInfo | null | undefined): string {
  if (item.type === ITEM_TYPES.DIRECT_FULL_MP4) return item.value.replace(/^https?:\/\//, '');
  if (source === null) return 'Missing event';
  return source?.title || 'Loading…';
}

const SHORTCUTS: [string, string][] = [
  ['↑ ↓', 'Move between items'],
  ['Shift + ↑ ↓', 'Extend the selection'],
  ['X', 'Select or deselect the item'],
  ['Ctrl + A', 'Select all items'],
  ['Space', 'Lift the item; arrows move it; Space drops; Esc cancels'],
  ['Alt + ↑ ↓', 'Move the selected items up or down'],
  ['Alt + Home / End', 'Move the selected items to the top or bottom'],
  ['Enter', 'Edit the item (trim, markers, properties)'],
  ['D', 'Duplicate the selected items'],
  ['Delete', 'Remove the selected items'],
  ['Ctrl + Z / Ctrl + Shift + Z', 'Undo / redo'],
  ['Ctrl + S', 'Save'],
];

/**
 * The pane re-renders as the list scrolls (the virtualiser) and during a drag; what does not
 * change then (header, toolbar, unchanged rows) is memoised or hoisted so it is not redone.
 */
export const PlaylistPane = memo(function PlaylistPane(props: PlaylistPaneProps) {
  const { items, selection, active, timeline, lookup, issues, dispatch, dragId, draggingKeys, focusRequest } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const keys = useMemo(() => items.map((i) => i.key), [items]);
  const indexOf = useMemo(() => new Map(keys.map((k, i) => [k, i])), [keys]);
  const selected = useMemo(() => new Set(selection), [selection]);
  const dragIndex = dragId ? (indexOf.get(dragId) ?? -1) : -1;

  // The dragged row stays rendered while it is scrolled out of view: dnd-kit needs its node.
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (dragIndex >= 0 && !indexes.includes(dragIndex)) return [...indexes, dragIndex].sort((a, b) => a - b);
      return indexes;
    },
    [dragIndex],
  );
  // Stable between edits: a new function would make the virtualiser re-measure every item on every scroll.
  const getItemKey = useCallback((index: number) => keys[index] ?? index, [keys]);
  // The rule warns about the React Compiler, which this project does not use: the pane is
  // memoised by hand, and the virtualiser instance stays the same across renders.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    getItemKey,
    rangeExtractor,
    // Without layout (a page test's DOM) the pane measures 0 px high: render a screenful anyway.
    observeElementRect: (instance, callback) => observeElementRect(instance, (rect) => callback({ width: rect.width, height: rect.height || 800 })),
  });

  // The row that takes Tab: the focused one, else the first selected, else the first.
  const tabKey = focusKey && indexOf.has(focusKey) ? focusKey : (selection[0] ?? keys[0] ?? null);

  const focusRow = useCallback(
    (key: string) => {
      const index = indexOf.get(key);
      if (index === undefined) return;
      setFocusKey(key);
      virtualizer.scrollToIndex(index, { align: 'auto' });
      const find = () => scrollRef.current?.querySelector<HTMLElement>(`[data-row-key="${key}"]`);
      const row = find();
      if (row) row.focus({ preventScroll: true });
      // A row out of view only exists once the virtualiser has rendered it.
      else requestAnimationFrame(() => find()?.focus({ preventScroll: true }));
    },
    [indexOf, virtualizer],
  );

  useEffect(() => {
    if (focusRequest) focusRow(focusRequest.key);
    // Only a new request moves the focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest]);

  // One handler for every row, reading the current list when a key is pressed: a new function
  // per render would re-render every row on every scroll.
  const latest = useRef({ keys, indexOf, selection, selected, dispatch, focusRow, dragging: dragId !== null });
  useLayoutEffect(() => {
    latest.current = { keys, indexOf, selection, selected, dispatch, focusRow, dragging: dragId !== null };
  });
  const onRowKeyDown = useCallback((event: ReactKeyboardEvent<HTMLElement>, key: string) => {
    const { keys, indexOf, selection, selected, dispatch, focusRow, dragging } = latest.current;
    if (dragging || event.target !== event.currentTarget) return;
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
    if (event.altKey && event.key === 'ArrowUp') moveSelection('up');
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

  const count = items.length;

  return (
    <Box component="section" aria-labelledby="playlist-title" sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      <PaneHeader count={count} timeline={timeline} />
      <SelectionToolbar count={count} selection={selection} dispatch={dispatch} />
      <DropArea scrollRef={scrollRef} empty={count === 0}>
        {count === 0 ? (
          EMPTY_PLAYLIST
        ) : (
          <SortableContext items={keys} strategy={verticalListSortingStrategy}>
            <Box component="ol" role="list" aria-label="Playlist items" aria-describedby="playlist-keyboard-hint" sx={LIST_SX} style={{ height: virtualizer.getTotalSize() }}>
              {virtualizer.getVirtualItems().map((row) => {
                const item = items[row.index]!;
                return (
                  <PlaylistRow
                    key={item.key}
                    item={item}
                    index={row.index}
                    count={count}
                    top={row.start}
                    timing={timeline.items[row.index]}
                    source={lookup(item)}
                    selected={selected.has(item.key)}
                    open={active === item.key}
                    issues={issues.get(item.key)}
                    tabbable={tabKey === item.key}
                    groupDragging={draggingKeys.length > 1 && draggingKeys.includes(item.key) && dragId !== item.key}
                    dispatch={dispatch}
                    onKeyDown={onRowKeyDown}
                    onFocusRow={setFocusKey}
                    selectedCount={selection.length}
                  />
                );
              })}
            </Box>
          </SortableContext>
        )}
      </DropArea>
      {KEYBOARD_HINT}
    </Box>
  );
});

const EMPTY_PLAYLIST = <EmptyState icon={<PlaylistIcon />} title="The playlist is empty" hint="Drag events here from Available content, or press Add next to one. Items play in order, top to bottom." />;

const KEYBOARD_HINT = (
  <Typography id="playlist-keyboard-hint" variant="caption" sx={{ color: 'text.secondary', mt: 0.5 }}>
    Drag by the handle, or focus an item and press Space to lift it, arrows to move, Space to drop, Esc to cancel.
  </Typography>
);

/**
 * The scroller, and the drop target of the whole playlist (an event dropped below the rows, or
 * on the empty pane, goes at the end). It re-renders whenever what is under the pointer changes
 * during a drag; the rows it holds are the pane's and do not.
 */
function DropArea({ scrollRef, empty, children }: { scrollRef: React.RefObject<HTMLDivElement | null>; empty: boolean; children: React.ReactNode }) {
  const { setNodeRef, isOver, active } = useDroppable({ id: PLAYLIST_DROP_ID });
  const sourceOver = isOver && (active?.data.current as { kind?: string } | undefined)?.kind === 'source';
  return (
    <Box
      ref={(node: HTMLDivElement | null) => {
        scrollRef.current = node;
        setNodeRef(node);
      }}
      data-testid="playlist-scroller"
      sx={{
        flex: 1,
        minHeight: 200,
        overflowY: 'auto',
        overflowAnchor: 'none',
        position: 'relative',
        border: 1,
        borderRadius: 1,
        borderColor: sourceOver ? 'primary.main' : 'divider',
        borderStyle: empty ? 'dashed' : 'solid',
        bgcolor: sourceOver ? 'action.hover' : 'background.paper',
        contain: 'strict',
      }}
    >
      {children}
    </Box>
  );
}

const PaneHeader = memo(function PaneHeader({ count, timeline }: { count: number; timeline: Timeline }) {
  const [helpAnchor, setHelpAnchor] = useState<HTMLElement | null>(null);
  const totalText = `${count} ${count === 1 ? 'item' : 'items'} · ${timeline.unknown > 0 ? 'at least ' : ''}${formatClock(timeline.totalMs)}`;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, minHeight: 32 }}>
      <Typography id="playlist-title" variant="h2" sx={{ fontSize: '1rem', fontWeight: 600 }}>
        Playlist
      </Typography>
      <Typography variant="body2" data-testid="playlist-total" aria-live="polite" sx={{ color: 'text.secondary', flex: 1, fontVariantNumeric: 'tabular-nums' }}>
        {totalText}
        {timeline.unknown > 0 && (
          <Tooltip title={`${timeline.unknown} ${timeline.unknown === 1 ? 'item has' : 'items have'} no known length (MP4 URLs, or sources without a duration): the total and the starts after them are lower bounds.`}>
            <Box component="span" tabIndex={0} sx={{ ml: 0.5, textDecoration: 'underline dotted', cursor: 'help' }}>
              ({timeline.unknown} unknown)
            </Box>
          </Tooltip>
        )}
      </Typography>
      <Tooltip title="Keyboard">
        <IconButton size="small" aria-label="Keyboard shortcuts of the playlist" onClick={(e) => setHelpAnchor(e.currentTarget)}>
          <KeyboardIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Popover open={Boolean(helpAnchor)} anchorEl={helpAnchor} onClose={() => setHelpAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <Box sx={{ p: 2, maxWidth: 420 }} role="dialog" aria-label="Keyboard shortcuts of the playlist">
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            On a focused playlist item
          </Typography>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
            {SHORTCUTS.map(([keysText, what]) => (
              <Box key={keysText} sx={{ display: 'contents' }}>
                <Box component="dt" sx={{ fontFamily: 'ui-monospace, monospace', fontSize: 12, whiteSpace: 'nowrap' }}>
                  {keysText}
                </Box>
                <Box component="dd" sx={{ m: 0, fontSize: 14 }}>
                  {what}
                </Box>
              </Box>
            ))}
          </Box>
        </Box>
      </Popover>
    </Box>
  );
});

const SelectionToolbar = memo(function SelectionToolbar({ count, selection, dispatch }: { count: number; selection: readonly string[]; dispatch: (action: EditorAction) => void }) {
  const allSelected = count > 0 && selection.length === count;
  return (
    <Box
      role="toolbar"
      aria-label="Selected items"
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap', mb: 1, minHeight: 36, px: 0.5, borderRadius: 1, bgcolor: selection.length ? 'action.selected' : 'transparent' }}
    >
      <Checkbox
        size="small"
        checked={allSelected}
        indeterminate={selection.length > 0 && !allSelected}
        disabled={count === 0}
        onChange={() => dispatch(allSelected ? { type: 'clearSelection' } : { type: 'selectAll' })}
        slotProps={{ input: { 'aria-label': allSelected ? 'Deselect all items' : 'Select all items' } }}
      />
      <Typography variant="body2" sx={{ mr: 'auto', whiteSpace: 'nowrap' }}>
        {selection.length ? `${selection.length} selected` : 'Select items to move them together'}
      </Typography>
      {selection.length > 0 && (
        <>
          <ToolbarButton label="Move to the top" icon={<TopIcon fontSize="small" />} onClick={() => dispatch({ type: 'moveSelection', direction: 'top' })} />
          <ToolbarButton label="Move up" icon={<UpIcon fontSize="small" />} onClick={() => dispatch({ type: 'moveSelection', direction: 'up' })} />
          <ToolbarButton label="Move down" icon={<DownIcon fontSize="small" />} onClick={() => dispatch({ type: 'moveSelection', direction: 'down' })} />
          <ToolbarButton label="Move to the bottom" icon={<BottomIcon fontSize="small" />} onClick={() => dispatch({ type: 'moveSelection', direction: 'bottom' })} />
          <ToolbarButton label="Duplicate" icon={<CopyIcon fontSize="small" />} onClick={() => dispatch({ type: 'duplicate', keys: selection })} />
          <ToolbarButton label="Remove" icon={<DeleteIcon fontSize="small" />} onClick={() => dispatch({ type: 'remove', keys: selection })} />
        </>
      )}
    </Box>
  );
});

function ToolbarButton({ label, icon, onClick }: { label: string; icon: React.ReactNode; onClick: () => void }) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  );
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
  selectedCount: number;
  dispatch: (action: EditorAction) => void;
  onKeyDown: (event: ReactKeyboardEvent<HTMLElement>, key: string) => void;
  onFocusRow: (key: string) => void;
}

/** "3. Goals of the week, starts at 12:30, plays 2:30, trimmed, 1 marker, 1 problem". */
export function rowLabel(item: EditorItem, index: number, source: SourceInfo | null | undefined, timing: ItemTiming | undefined, issues: number): string {
  const parts = [`${index + 1}. ${itemTitle(item, source)}`];
  if (item.type === ITEM_TYPES.DIRECT_FULL_MP4) parts.push('MP4 URL');
  if (timing) parts.push(`starts at ${timing.approximate ? 'at least ' : ''}${spokenDuration(timing.startMs)}`);
  if (timing?.durationMs != null) parts.push(`plays ${spokenDuration(timing.durationMs)}`);
  if (item.properties.start || item.properties.end) parts.push('trimmed');
  const markers = item.markers?.length ?? 0;
  if (markers) parts.push(`${markers} ${markers === 1 ? 'marker' : 'markers'}`);
  if (issues) parts.push(`${issues} ${issues === 1 ? 'problem' : 'problems'}`);
  return parts.join(', ');
}

/**
 * A row is two parts: this thin sortable shell, which re-renders on every move of a drag (dnd-kit's
 * context), with its position in `style` (no new CSS class per frame); and RowContent, memoised,
 * which re-renders only when the item or its state changes.
 */
const PlaylistRow = memo(function PlaylistRow(props: PlaylistRowProps) {
  const { item, index, count, top, timing, source, selected, open, issues, tabbable, groupDragging, selectedCount, dispatch, onKeyDown, onFocusRow } = props;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging, isOver, active } = useSortable({
    id: item.key,
    data: { kind: 'row', key: item.key } satisfies RowDragData,
  });
  const dropBefore = isOver && (active?.data.current as { kind?: string } | undefined)?.kind === 'source';
  const problems = issues?.length ?? 0;
  const label = rowLabel(item, index, source, timing, problems);
  const onPointerDown = listeners?.onPointerDown as React.PointerEventHandler<HTMLDivElement> | undefined;

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
      tabIndex={tabbable ? 0 : -1}
      onKeyDown={(event: ReactKeyboardEvent<HTMLLIElement>) => {
        onKeyDown(event, item.key);
        if (!event.defaultPrevented) listeners?.onKeyDown?.(event);
      }}
      onFocus={(event: React.FocusEvent<HTMLLIElement>) => {
        if (event.target === event.currentTarget) onFocusRow(item.key);
      }}
      onClick={(event: React.MouseEvent) => {
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
        transform: CSS.Translate.toString(transform),
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
const LIST_SX = {
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
  },
  '& > li[data-selected]': { bgcolor: 'action.hover' },
  '& > li[data-open]': { bgcolor: 'action.selected' },
  '& > li[data-problems]': { boxShadow: (theme: Theme) => `inset 3px 0 0 ${theme.palette.error.main}` },
  '& > li[data-drop-before]': { boxShadow: (theme: Theme) => `inset 0 3px 0 ${theme.palette.primary.main}` },
  '& > li:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
} as const;

interface RowContentProps {
  item: EditorItem;
  index: number;
  count: number;
  timing: ItemTiming | undefined;
  source: SourceInfo | null | undefined;
  selected: boolean;
  issues: readonly ItemIssue[] | undefined;
  selectedCount: number;
  dispatch: (action: EditorAction) => void;
  onPointerDown: React.PointerEventHandler<HTMLDivElement> | undefined;
}

const RowContent = memo(function RowContent({ item, index, count, timing, source, selected, issues, selectedCount, dispatch, onPointerDown }: RowContentProps) {
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const title = itemTitle(item, source);
  const mp4 = item.type === ITEM_TYPES.DIRECT_FULL_MP4;
  const trimmed = Boolean(item.properties.start || item.properties.end);
  const markers = item.markers?.length ?? 0;
  const problems = issues?.length ?? 0;
  const targets = selected && selectedCount > 1 ? 'the selected items' : 'this item';
  const act = (action: EditorAction) => {
    setMenu(null);
    dispatch(action);
  };
  const moveThis = (direction: MoveDirection) => {
    if (!selected) dispatch({ type: 'select', key: item.key, mode: 'only' });
    act({ type: 'moveSelection', direction });
  };

  return (
    <>
      <Box
        onPointerDown={onPointerDown}
        data-no-row-click
        aria-hidden
        title="Drag to reorder"
        sx={{ display: 'flex', alignItems: 'center', alignSelf: 'stretch', px: 0.25, cursor: 'grab', color: 'text.secondary', touchAction: 'none', '&:hover': { color: 'text.primary' } }}
      >
        <DragIcon fontSize="small" />
      </Box>
      <Checkbox
        size="small"
        disableRipple
        checked={selected}
        tabIndex={-1}
        onChange={() => dispatch({ type: 'select', key: item.key, mode: 'toggle' })}
        slotProps={{ input: { 'aria-label': `Select item ${index + 1}` } }}
        sx={{ p: 0.5, display: { xs: 'none', sm: 'inline-flex' } }}
      />
      <Typography variant="caption" aria-hidden sx={{ width: 28, textAlign: 'right', color: 'text.secondary', fontVariantNumeric: 'tabular-nums', flex: '0 0 auto' }}>
        {index + 1}
      </Typography>
      <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
        <Thumbnail url={source?.thumbnailUrl} title={title} width={72} mp4={mp4} />
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="body2" noWrap title={title} sx={{ fontWeight: 500, color: source === null ? 'error.main' : undefined }}>
          {title}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: 'text.secondary', minWidth: 0 }}>
          <Typography variant="caption" noWrap sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid="row-start">
            {timing ? `${timing.approximate ? '≥ ' : ''}${formatClock(timing.startMs)}` : ''}
            {timing?.durationMs != null ? ` · ${formatClock(timing.durationMs)}` : mp4 ? ' · length unknown' : ''}
            {trimmed && source?.durationMs != null ? ` of ${formatClock(source.durationMs)}` : ''}
          </Typography>
          {trimmed && (
            <Box component="span" title="Trimmed" aria-hidden sx={{ display: 'inline-flex' }}>
              <ContentCutIcon sx={{ fontSize: 14 }} />
            </Box>
          )}
          {markers > 0 && (
            <Box component="span" title={`${markers} SCTE-35 ${markers === 1 ? 'marker' : 'markers'}`} sx={{ display: 'inline-flex', alignItems: 'center', fontSize: 12 }} aria-hidden>
              <MarkerIcon sx={{ fontSize: 14 }} />
              {markers}
            </Box>
          )}
        </Box>
      </Box>
      {problems > 0 && (
        <Box component="span" title={issues!.map((i) => i.message).join(' ')} aria-hidden sx={{ display: 'inline-flex' }}>
          <ErrorIcon color="error" fontSize="small" />
        </Box>
      )}
      <IconButton size="small" disableRipple tabIndex={-1} aria-label={`Actions for item ${index + 1}`} aria-haspopup="menu" onClick={(e) => setMenu(e.currentTarget)}>
        <MoreIcon fontSize="small" />
      </IconButton>
      {menu && (
      <Menu anchorEl={menu} open onClose={() => setMenu(null)}>
        <MenuItem onClick={() => act({ type: 'setActive', key: item.key })}>Edit trim, markers and properties</MenuItem>
        <MenuItem disabled={index === 0} onClick={() => moveThis('top')}>
          <ListItemIcon>
            <TopIcon fontSize="small" />
          </ListItemIcon>
          Move {targets} to the top
        </MenuItem>
        <MenuItem disabled={index === count - 1} onClick={() => moveThis('bottom')}>
          <ListItemIcon>
            <BottomIcon fontSize="small" />
          </ListItemIcon>
          Move {targets} to the bottom
        </MenuItem>
        <MenuItem onClick={() => act({ type: 'duplicate', keys: [item.key] })}>
          <ListItemIcon>
            <CopyIcon fontSize="small" />
          </ListItemIcon>
          Duplicate
        </MenuItem>
        <MenuItem onClick={() => act({ type: 'remove', keys: [item.key] })}>
          <ListItemIcon>
            <DeleteIcon fontSize="small" />
          </ListItemIcon>
          Remove
        </MenuItem>
      </Menu>
      )}
    </>
  );
});
