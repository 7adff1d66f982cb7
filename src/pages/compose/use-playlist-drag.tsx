/**
 * Dragging in the playlist editor with the pointer: rows within the playlist (the selection moves
 * together) and available content onto it, with what a screen reader hears at each step. The
 * keyboard moves rows without dnd-kit (Space, arrows, Space: playlist-lift.ts), one reducer step
 * per arrow, where dnd-kit's keyboard drag re-rendered and re-measured every row on each.
 * `usePlaylistDrag` gives the DndContext's props and the drag under way; `DragPreview` is what
 * follows the pointer.
 */
import { useCallback, useState, type ReactNode } from 'react';
import {
  closestCenter,
  MeasuringStrategy,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DndContextProps,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SourceDragData } from './available-event.tsx';
import type { EditorAction, EditorState, NewItem } from './playlist-document.ts';
import { PLAYLIST_DROP_ID } from './playlist-pane.tsx';
import type { RowDragData } from './playlist-row.tsx';

export interface PlaylistDrag {
  id: string;
  /** The rows that move (none when adding from the available content). */
  keys: string[];
  title: string;
  source: NewItem | null;
}

interface Options {
  /** The editor's state as of now (read when a drag starts and ends). */
  stateRef: React.RefObject<EditorState>;
  dispatch: (action: EditorAction) => void;
  titleOfKey: (key: string) => string;
  /** A row was dropped: the editor puts the focus back on it. */
  onMoved: (key: string) => void;
}

// Constants: new objects on each render would give DndContext a new configuration, and every
// draggable and sortable on the page would render again with it.
// Rows mount and unmount as the virtualised list scrolls: measure them as they come.
const MEASURING: DndContextProps['measuring'] = { droppable: { strategy: MeasuringStrategy.WhileDragging } };
const AUTO_SCROLL: DndContextProps['autoScroll'] = { acceleration: 25, threshold: { x: 0, y: 0.15 } };

export function usePlaylistDrag({ stateRef, dispatch, titleOfKey, onMoved }: Options): { drag: PlaylistDrag | null; context: DndContextProps } {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const [drag, setDrag] = useState<PlaylistDrag | null>(null);

  const collision: CollisionDetection = useCallback((args) => {
    if (args.pointerCoordinates) {
      const hits = pointerWithin(args);
      const row = hits.find((h) => h.id !== PLAYLIST_DROP_ID);
      return row ? [row] : hits;
    }
    return closestCenter({ ...args, droppableContainers: args.droppableContainers.filter((c) => c.id !== PLAYLIST_DROP_ID) });
  }, []);

  const positionOf = (key: string) => stateRef.current.doc.items.findIndex((i) => i.key === key);

  const onDragStart = ({ active }: DragStartEvent) => {
    const data = active.data.current as RowDragData | SourceDragData | undefined;
    if (data?.kind === 'source') {
      setDrag({ id: String(active.id), keys: [], title: data.title, source: data.item });
    } else if (data?.kind === 'row') {
      const selection = stateRef.current.selection;
      const keys = selection.includes(data.key) && selection.length > 1 ? [...selection] : [data.key];
      setDrag({ id: data.key, keys, title: titleOfKey(data.key), source: null });
    }
  };
  const endDrag = () => setDrag(null);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const current = drag;
    endDrag();
    if (!over || !current) return;
    const items = stateRef.current.doc.items;
    const overKey = String(over.id);
    if (current.source) {
      const index = overKey === PLAYLIST_DROP_ID ? items.length : positionOf(overKey);
      dispatch({ type: 'insert', items: [current.source], index: index < 0 ? items.length : index });
      return;
    }
    const activeKey = String(active.id);
    if (overKey === PLAYLIST_DROP_ID) {
      dispatch({ type: 'move', keys: current.keys, to: items.length });
      return;
    }
    if (overKey === activeKey) return;
    if (current.keys.length === 1) {
      dispatch({ type: 'move', keys: current.keys, to: positionOf(overKey) });
    } else if (!current.keys.includes(overKey)) {
      const rest = items.filter((i) => !current.keys.includes(i.key));
      const restIndex = rest.findIndex((i) => i.key === overKey);
      const down = positionOf(overKey) > positionOf(activeKey);
      dispatch({ type: 'move', keys: current.keys, to: down ? restIndex + 1 : restIndex });
    }
    onMoved(activeKey);
  };

  const announcements: Announcements = {
    onDragStart({ active }) {
      const data = active.data.current as RowDragData | SourceDragData | undefined;
      if (data?.kind === 'source') return `Picked up ${data.title} from the available content. Drop it on the playlist to add it.`;
      const key = String(active.id);
      const n = stateRef.current.doc.items.length;
      const selection = stateRef.current.selection;
      const others = selection.includes(key) && selection.length > 1 ? ` with ${selection.length - 1} other selected ${selection.length === 2 ? 'item' : 'items'}` : '';
      return `Picked up item ${positionOf(key) + 1} of ${n}, ${titleOfKey(key)}${others}. Drop it on another item to move it there, or press Escape to cancel.`;
    },
    onDragOver({ active, over }) {
      if (!over) return 'Not over the playlist.';
      const n = stateRef.current.doc.items.length;
      if (String(active.id).startsWith('source:')) return over.id === PLAYLIST_DROP_ID ? `Will be added at the end, position ${n + 1}.` : `Will be added at position ${positionOf(String(over.id)) + 1}.`;
      if (over.id === PLAYLIST_DROP_ID) return `Will move to the end, position ${n}.`;
      return `Position ${positionOf(String(over.id)) + 1} of ${n}.`;
    },
    onDragEnd({ active, over }) {
      if (!over) return String(active.id).startsWith('source:') ? 'Dropped outside the playlist: nothing added.' : 'Dropped outside the playlist: the item stays where it was.';
      if (String(active.id).startsWith('source:')) return `Added to the playlist.`;
      const n = stateRef.current.doc.items.length;
      const to = over.id === PLAYLIST_DROP_ID ? n : positionOf(String(over.id)) + 1;
      return `Dropped ${titleOfKey(String(active.id))} at position ${to} of ${n}.`;
    },
    onDragCancel({ active }) {
      if (String(active.id).startsWith('source:')) return 'Cancelled: nothing added.';
      return `Moving cancelled. ${titleOfKey(String(active.id))} is back at position ${positionOf(String(active.id)) + 1}.`;
    },
  };

  return {
    drag,
    context: {
      sensors,
      collisionDetection: collision,
      measuring: MEASURING,
      autoScroll: AUTO_SCROLL,
      onDragStart,
      onDragEnd,
      onDragCancel: endDrag,
      accessibility: {
        announcements,
        screenReaderInstructions: {
          draggable: 'To pick up a playlist item, press Space. While dragging, use the up and down arrow keys to move it, Space to drop it, Escape to cancel.',
        },
      },
    },
  };
}

export function DragPreview({ title, count, source }: { title: string; count: number; source: boolean }): ReactNode {
  return (
    <Paper elevation={8} sx={{ px: 1.5, py: 1, display: 'flex', alignItems: 'center', gap: 1, maxWidth: 360, cursor: 'grabbing', borderLeft: 3, borderColor: 'primary.main' }}>
      <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
        {source ? `Add ‘${title}’` : title}
      </Typography>
      {count > 1 && <Chip size="small" color="primary" label={`+${count - 1}`} />}
    </Paper>
  );
}
