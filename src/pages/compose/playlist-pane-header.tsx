/**
 * Above the playlist: its title, item count and total length (with the keyboard shortcuts in a
 * popover), and the toolbar acting on the selected items.
 */
import { memo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import { Tooltip } from '#components/tooltip.tsx';
import Typography from '@mui/material/Typography';
import TopIcon from '@mui/icons-material/VerticalAlignTopRounded';
import BottomIcon from '@mui/icons-material/VerticalAlignBottomRounded';
import UpIcon from '@mui/icons-material/ArrowUpwardRounded';
import DownIcon from '@mui/icons-material/ArrowDownwardRounded';
import CopyIcon from '@mui/icons-material/ContentCopyOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import KeyboardIcon from '@mui/icons-material/KeyboardOutlined';
import type { EditorAction } from './playlist-document.ts';
import type { Timeline } from './playlist-timing.ts';
import { formatClock } from './timecode.ts';

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

export const PaneHeader = memo(function PaneHeader({ count, timeline }: { count: number; timeline: Timeline }) {
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

export const SelectionToolbar = memo(function SelectionToolbar({ count, selection, dispatch }: { count: number; selection: readonly string[]; dispatch: (action: EditorAction) => void }) {
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

function ToolbarButton({ label, icon, onClick }: { label: string; icon: ReactNode; onClick: () => void }) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}
