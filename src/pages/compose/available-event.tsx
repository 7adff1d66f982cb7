/** One event of Available content: draggable onto the playlist by its handle, added with its Add button. */
import { memo, useMemo } from 'react';
import { useDraggable } from '@dnd-kit/core';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { Tooltip } from '#components/tooltip.tsx';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/AddRounded';
import DragIcon from '@mui/icons-material/DragIndicator';
import type { Event } from '#schema';
import { formatDateTime, parseServiceDate } from '#components/format-time.ts';
import { StateChip } from '#components/state-chip.tsx';
import { ITEM_TYPES, type NewItem } from './playlist-document.ts';
import { Thumbnail } from '#components/thumbnail.tsx';
import { formatClock, parseTimeSpan } from './timecode.ts';

/** The drag id of an available event. */
export const sourceDragId = (eventId: string) => `source:${eventId}`;

export interface SourceDragData {
  kind: 'source';
  item: NewItem;
  title: string;
}

/** Adds items to the playlist; the title names what was added. */
export type AddItems = (items: NewItem[], title: string) => void;

/**
 * The draggable shell re-renders on every change of what is under the pointer during a drag: it
 * is plain elements, styled by the list (AVAILABLE_LIST_SX); the content below re-renders only
 * when its event changes.
 */
export const AvailableEvent = memo(function AvailableEvent({ event, onAdd }: { event: Event; onAdd: AddItems }) {
  const item = useMemo<NewItem>(() => ({ type: ITEM_TYPES.EVENT, value: event.id, properties: {}, markers: null }), [event.id]);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: sourceDragId(event.id),
    data: { kind: 'source', item, title: event.title } satisfies SourceDragData,
  });
  return (
    <li ref={setNodeRef} data-event-id={event.id} style={{ opacity: isDragging ? 0.5 : 1 }}>
      <div
        ref={setActivatorNodeRef}
        {...listeners}
        {...attributes}
        // The keyboard path is the Add button; the handle is for the pointer.
        tabIndex={-1}
        role="presentation"
        aria-hidden
        data-drag-handle
      >
        <DragIcon fontSize="small" />
      </div>
      <AvailableEventContent event={event} item={item} onAdd={onAdd} />
    </li>
  );
});

export const AVAILABLE_LIST_SX = {
  listStyle: 'none',
  m: 0,
  p: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: 0.5,
  '& > li': {
    display: 'flex',
    alignItems: 'center',
    gap: 1,
    p: 0.5,
    pr: 0.25,
    borderRadius: 1,
    border: 1,
    borderColor: 'divider',
    bgcolor: 'background.paper',
    '&:hover': { borderColor: 'text.secondary' },
  },
  '& [data-drag-handle]': { display: 'flex', cursor: 'grab', color: 'text.secondary', touchAction: 'none', alignSelf: 'stretch', alignItems: 'center' },
} as const;

const AvailableEventContent = memo(function AvailableEventContent({ event, item, onAdd }: { event: Event; item: NewItem; onAdd: AddItems }) {
  const duration = parseTimeSpan(event.duration);
  const when = parseServiceDate(event.instantVodStart ?? event.actualLiveStart ?? event.scheduledStart);
  return (
    <>
      <Thumbnail url={event.thumbnailUrl} title={event.title} width={64} />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="body2" noWrap title={event.title} sx={{ fontWeight: 500 }}>
          {event.title || 'Untitled event'}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, mt: 0.25, minWidth: 0 }}>
          <StateChip state={event.state} />
          <Typography variant="caption" noWrap sx={{ color: 'text.secondary' }}>
            {[duration !== null && duration > 0 ? formatClock(duration) : null, when ? formatDateTime(when) : null, event.room].filter(Boolean).join(' · ')}
          </Typography>
        </Box>
      </Box>
      <Tooltip title="Add to the playlist">
        <IconButton size="small" aria-label={`Add ‘${event.title || 'Untitled event'}’ to the playlist`} onClick={() => onAdd([item], event.title)}>
          <AddIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </>
  );
});
