/** What a playlist row shows: drag handle, checkbox, number, thumbnail, title, timing, marks, and its menu. */
import { memo, useState, type PointerEventHandler } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import DragIcon from '@mui/icons-material/DragIndicator';
import MoreIcon from '@mui/icons-material/MoreVert';
import TopIcon from '@mui/icons-material/VerticalAlignTopRounded';
import BottomIcon from '@mui/icons-material/VerticalAlignBottomRounded';
import CopyIcon from '@mui/icons-material/ContentCopyOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import ErrorIcon from '@mui/icons-material/ErrorOutlineRounded';
import MarkerIcon from '@mui/icons-material/BookmarkBorderRounded';
import ContentCutIcon from '@mui/icons-material/ContentCutRounded';
import { ITEM_TYPES, type EditorAction, type EditorItem, type MoveDirection } from './playlist-document.ts';
import type { ItemTiming, SourceInfo } from './playlist-timing.ts';
import type { ItemIssue } from './playlist-validation.ts';
import { itemTitle } from './playlist-row-label.ts';
import { Thumbnail } from '#components/thumbnail.tsx';
import { formatClock } from './timecode.ts';

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
  onPointerDown: PointerEventHandler<HTMLDivElement> | undefined;
}

export const RowContent = memo(function RowContent({ item, index, count, timing, source, selected, issues, selectedCount, dispatch, onPointerDown }: RowContentProps) {
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
