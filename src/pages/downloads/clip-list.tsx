/**
 * The clips of the download in the order they are stitched: drag a row by its handle, or focus
 * the handle and press Space, the arrow keys, Space (Escape cancels); Alt+Up/Down on a row moves
 * it too. The radio picks the master clip (the one the download belongs to and is named after).
 */
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import { Tooltip } from '#components/tooltip.tsx';
import Typography from '@mui/material/Typography';
import DragIcon from '@mui/icons-material/DragIndicator';
import RemoveIcon from '@mui/icons-material/Close';
import { masterOf, moveClip, removeClip, updateDraft, type ClipDraft, type DraftClip } from './clip-draft.ts';
import { formatDuration, formatClipMark } from './download-format.ts';

export interface ClipListProps {
  draft: ClipDraft;
  /** Problems the service named, by clip index. */
  errors?: Record<number, string>;
}

const describe = (clip: DraftClip, index: number) => `clip ${index + 1}, ${clip.eventTitle} ${formatClipMark(clip.fromMs)} to ${clip.toEnd ? 'the end' : formatClipMark(clip.toMs)}`;

function ClipRow({ clip, index, master, count, error }: { clip: DraftClip; index: number; master: boolean; count: number; error: string | undefined }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: clip.key });
  return (
    <Box
      component="li"
      ref={setNodeRef}
      aria-label={describe(clip, index)}
      onKeyDown={(e) => {
        if (!e.altKey) return;
        if (e.key === 'ArrowUp' && index > 0) {
          e.preventDefault();
          moveClip(index, index - 1);
        } else if (e.key === 'ArrowDown' && index < count - 1) {
          e.preventDefault();
          moveClip(index, index + 1);
        }
      }}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        py: 0.5,
        pr: 0.5,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: isDragging ? 'action.selected' : 'background.paper',
        transform: CSS.Transform.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : 'auto',
        listStyle: 'none',
      }}
    >
      <IconButton size="small" ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={`Move ${describe(clip, index)}`} sx={{ cursor: 'grab', touchAction: 'none' }}>
        <DragIcon fontSize="small" />
      </IconButton>
      <Typography variant="body2" sx={{ width: 20, color: 'text.secondary', textAlign: 'right', flex: 'none' }}>
        {index + 1}
      </Typography>
      <Box sx={{ flex: 1, minWidth: 0, px: 1 }}>
        <Typography variant="body2" noWrap title={clip.eventTitle} sx={{ fontWeight: 500 }}>
          {clip.eventTitle}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}>
          {clip.toEnd
            ? `${formatClipMark(clip.fromMs)} – the end · about ${formatDuration(clip.toMs - clip.fromMs)}`
            : `${formatClipMark(clip.fromMs)} – ${formatClipMark(clip.toMs)} · ${formatDuration(clip.toMs - clip.fromMs)}`}
        </Typography>
        {error && (
          <Typography variant="caption" component="p" role="alert" sx={{ color: 'error.main' }}>
            {error}
          </Typography>
        )}
      </Box>
      <Tooltip title={master ? 'Master clip' : 'Make this the master clip'}>
        <Radio
          size="small"
          checked={master}
          onChange={() => updateDraft((d) => ({ ...d, masterKey: clip.key }))}
          slotProps={{ input: { 'aria-label': `Master clip: ${describe(clip, index)}` } }}
        />
      </Tooltip>
      <Tooltip title="Remove the clip">
        <IconButton size="small" aria-label={`Remove ${describe(clip, index)}`} onClick={() => removeClip(clip.key)}>
          <RemoveIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}

export function ClipList({ draft, errors = {} }: ClipListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates, keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] } }),
  );
  const master = masterOf(draft);
  const indexOf = (id: string | number) => draft.clips.findIndex((c) => c.key === id);
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up clip ${indexOf(active.id) + 1}.`,
    onDragOver: ({ over }) => (over ? `Over position ${indexOf(over.id) + 1} of ${draft.clips.length}.` : 'Not over a position.'),
    onDragEnd: ({ over }) => (over ? `Dropped at position ${indexOf(over.id) + 1} of ${draft.clips.length}.` : 'Dropped where it was.'),
    onDragCancel: () => 'Moving cancelled: the clip is back where it was.',
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) moveClip(indexOf(active.id), indexOf(over.id));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: 'To move a clip, press Space, then the up and down arrow keys, and Space to drop it; Escape cancels.' },
      }}
    >
      <SortableContext items={draft.clips.map((c) => c.key)} strategy={verticalListSortingStrategy}>
        <Box component="ol" aria-label="Clips, in the order they are stitched" sx={{ m: 0, p: 0 }}>
          {draft.clips.map((clip, index) => (
            <ClipRow key={clip.key} clip={clip} index={index} master={clip.key === master?.key} count={draft.clips.length} error={errors[index]} />
          ))}
        </Box>
      </SortableContext>
    </DndContext>
  );
}
