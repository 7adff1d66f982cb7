/**
 * Where a dragged or keyed event would land: a dashed outline at the new times, saying them, and,
 * when the place is booked, what it would clash with (before it is dropped), in words as well as
 * in the warning colour.
 */
import Box from '@mui/material/Box';
import { alpha, type Theme } from '@mui/material/styles';
import WarningIcon from '@mui/icons-material/WarningAmberRounded';
import type { Preview } from './use-reschedule.tsx';
import { formatTime } from './schedule-event.tsx';

export function MoveGhost({ preview, style }: { preview: Preview; style: React.CSSProperties }) {
  const { placement, clashes } = preview;
  const clash = clashes.length > 0;
  return (
    <Box
      aria-hidden
      data-move-ghost
      data-clashes={clash ? clashes.map((c) => c.title).join(', ') : undefined}
      style={style}
      sx={(theme: Theme) => {
        const colour = clash ? theme.palette.warning.main : theme.palette.primary.main;
        return {
          position: 'absolute',
          boxSizing: 'border-box',
          zIndex: 6,
          pointerEvents: 'none',
          overflow: 'hidden',
          px: 0.75,
          borderRadius: '4px',
          border: `2px dashed ${colour}`,
          // Opaque: the block it lands on must not show through its words.
          backgroundColor: theme.palette.background.paper,
          backgroundImage: `linear-gradient(${alpha(colour, theme.palette.mode === 'dark' ? 0.3 : 0.14)}, ${alpha(colour, theme.palette.mode === 'dark' ? 0.3 : 0.14)})`,
          color: 'text.primary',
          fontSize: 12,
          lineHeight: 1.3,
          boxShadow: theme.shadows[4],
        };
      }}
    >
      <Box component="span" sx={{ display: 'block', fontWeight: 700, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {formatTime(placement.start)}–{formatTime(placement.end)}
        {placement.channel ? ` · ${placement.channel}` : ''}
      </Box>
      {clash && (
        <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
          <WarningIcon sx={{ fontSize: 14, color: 'warning.main' }} />
          Clashes with {clashes[0]!.title}
          {clashes.length > 1 ? ` +${clashes.length - 1}` : ''}
        </Box>
      )}
    </Box>
  );
}
