/**
 * The right-hand pane: the playlist as a virtualised, sortable list. Only the rows in view (and
 * the one being dragged) are in the DOM, so 500 items stay smooth. Each row has a visible drag
 * handle for the pointer (dnd-kit); the keyboard works on the focused row: Space lifts, arrows
 * move, Space drops, Esc cancels (playlist-lift.ts: the rows move in the pane's own order, one
 * step per arrow, and the drop is one edit), and the row keys below select and move without
 * dragging.
 */
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { visuallyHidden } from '@mui/utils';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { defaultRangeExtractor, observeElementRect, useVirtualizer, type Range } from '@tanstack/react-virtual';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import PlaylistIcon from '@mui/icons-material/QueueMusicOutlined';
import { EmptyState } from '#components/empty-state.tsx';
import type { EditorAction, EditorItem } from './playlist-document.ts';
import { usePlaylistLift } from './playlist-lift.ts';
import { timelineBuilder, type SourceLookup, type Timeline } from './playlist-timing.ts';
import type { ItemIssue } from './playlist-validation.ts';
import { PaneHeader, SelectionToolbar } from './playlist-pane-header.tsx';
import { LIST_SX, PlaylistRow, ROW_HEIGHT } from './playlist-row.tsx';
import { itemTitle } from './playlist-row-label.ts';
import { usePlaylistRowKeys } from './use-playlist-row-keys.ts';

export const PLAYLIST_DROP_ID = 'playlist';

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
/**
 * The pane re-renders as the list scrolls (the virtualiser) and during a drag; what does not
 * change then (header, toolbar, unchanged rows) is memoised or hoisted so it is not redone.
 */
export const PlaylistPane = memo(function PlaylistPane(props: PlaylistPaneProps) {
  const { items: playlist, selection, active, timeline: playlistTimeline, lookup, issues, dispatch, dragId, draggingKeys, focusRequest } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  // A row lifted with the keyboard moves in the pane's own order until it is dropped; the rows
  // show that order and its timing. Before a step renders, its row is scrolled into view, while
  // the layout is still clean (the virtualiser's scrollToIndex read it back after the move).
  const bringIntoView = useCallback((index: number) => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    const top = index * ROW_HEIGHT;
    if (top < scroller.scrollTop) scroller.scrollTop = top;
    else if (top + ROW_HEIGHT > scroller.scrollTop + scroller.clientHeight) scroller.scrollTop = top + ROW_HEIGHT - scroller.clientHeight;
    // And the list in the window, when the page is scrolled past part of it.
    scroller.scrollIntoView({ block: 'nearest' });
  }, []);
  const lifting = usePlaylistLift({ items: playlist, selection, dispatch, onStep: bringIntoView });
  const { lift } = lifting;
  const items = lift ? lift.items : playlist;
  const [buildTimeline] = useState(timelineBuilder);
  const timeline = useMemo(() => (lift ? buildTimeline(lift.items, lookup) : buildTimeline.known(playlistTimeline)), [lift, lookup, playlistTimeline, buildTimeline]);
  const keys = useMemo(() => items.map((i) => i.key), [items]);
  const indexOf = useMemo(() => new Map(keys.map((k, i) => [k, i])), [keys]);
  const selected = useMemo(() => new Set(selection), [selection]);
  const dragIndex = dragId ? (indexOf.get(dragId) ?? -1) : -1;
  const liftKeys = lift?.keys;
  const lifted = useMemo(() => new Set(liftKeys), [liftKeys]);
  // dnd-kit sorts by these only during a pointer drag; while a row is lifted they stay as they
  // were, since a new list would render every row's sortable shell again on every arrow.
  const sortableKeys = useMemo(() => playlist.map((i) => i.key), [playlist]);

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
    overscan: 4,
    getItemKey,
    rangeExtractor,
    // Without layout (a page test's DOM) the pane measures 0 px high: render a screenful anyway.
    observeElementRect: (instance, callback) => observeElementRect(instance, (rect) => callback({ width: rect.width, height: rect.height || 800 })),
    // A scroll renders the rows it brings in the next frame, not synchronously inside the scroll
    // event (a drag scrolls the list on every step).
    useFlushSync: false,
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

  // The lifted row keeps the focus as it moves: React moves its node when it goes down, and a
  // node taken out of the document loses the focus.
  const liftKey = lift?.key;
  useLayoutEffect(() => {
    if (!liftKey) return;
    const row = scrollRef.current?.querySelector<HTMLElement>(`[data-row-key="${liftKey}"]`);
    const focused = document.activeElement;
    if (row && focused !== row && (!focused || focused === document.body)) row.focus({ preventScroll: true });
  }, [liftKey, items]);

  const titleAt = useCallback((index: number) => (items[index] ? itemTitle(items[index], lookup(items[index])) : ''), [items, lookup]);
  const onRowKeyDown = usePlaylistRowKeys({ keys, indexOf, selection, selected, dispatch, focusRow, dragging: dragId !== null, lifting, titleAt });
  const count = items.length;

  return (
    <Box component="section" aria-labelledby="playlist-title" sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      <PaneHeader count={count} timeline={timeline} />
      <SelectionToolbar count={count} selection={selection} dispatch={dispatch} />
      <DropArea scrollRef={scrollRef} empty={count === 0}>
        {count === 0 ? (
          EMPTY_PLAYLIST
        ) : (
          <SortableContext items={sortableKeys} strategy={verticalListSortingStrategy}>
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
                    lifted={lifted.has(item.key)}
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
      <Box sx={visuallyHidden} aria-live="polite" data-testid="playlist-announcement">
        {lifting.announcement}
      </Box>
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
 * on the empty pane, goes at the end). It re-renders on every step of a drag (useDroppable reads
 * dnd-kit's context); the styled box below only when its look changes, so a step does not build
 * and hash its styles again (emotion serialises an sx on every render). The rows it holds are the
 * pane's and do not re-render with it.
 */
function DropArea({ scrollRef, empty, children }: { scrollRef: RefObject<HTMLDivElement | null>; empty: boolean; children: ReactNode }) {
  const { setNodeRef, isOver, active } = useDroppable({ id: PLAYLIST_DROP_ID });
  const sourceOver = isOver && (active?.data.current as { kind?: string } | undefined)?.kind === 'source';
  return (
    <DropAreaBox scrollRef={scrollRef} setNodeRef={setNodeRef} empty={empty} sourceOver={sourceOver}>
      {children}
    </DropAreaBox>
  );
}

interface DropAreaBoxProps {
  scrollRef: RefObject<HTMLDivElement | null>;
  setNodeRef: (node: HTMLElement | null) => void;
  empty: boolean;
  sourceOver: boolean;
  children: ReactNode;
}

const DropAreaBox = memo(function DropAreaBox({ scrollRef, setNodeRef, empty, sourceOver, children }: DropAreaBoxProps) {
  const ref = useCallback(
    (node: HTMLDivElement | null) => {
      scrollRef.current = node;
      setNodeRef(node);
    },
    [scrollRef, setNodeRef],
  );
  return (
    <Box
      ref={ref}
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
});
