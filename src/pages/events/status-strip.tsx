/**
 * The status strip above the events list: how many events are live, starting or stopping,
 * upcoming today, failed, or suspended, each counted by the service (GET /event/ with pageSize 1
 * and the tile's filter, reading totalCount) and each a one-click filter of the list.
 */
import { useQueries } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import { api } from '#app/api.ts';
import { STATUS_TILES, type StatusTile } from './event-filters.ts';
import { filtersToQuery } from './events-view.ts';

export interface StatusStripProps {
  /** The list's filters: the tile that matches them exactly shows as pressed. */
  active: StatusTile['id'] | undefined;
  /** Applies a tile's filter (or, for the pressed tile, goes back to the default view). */
  onSelect: (tile: StatusTile) => void;
  /** Anchors "today"; the counts' queries change with the day. */
  now?: Date;
}

export function StatusStrip({ active, onSelect, now = new Date() }: StatusStripProps) {
  // "Upcoming today" has the day's bounds in its query, so it moves on at midnight; within a day
  // each query (and its cache entry) stays the same.
  const counts = useQueries({
    queries: STATUS_TILES.map((tile) => ({
      ...api.event.list.queryOptions({ query: { ...filtersToQuery(tile.filters, now), pageSize: 1 } }),
    })),
  });

  return (
    <Box
      component="nav"
      aria-label="Event status"
      sx={{
        display: 'grid',
        // On a phone the tiles scroll sideways in one row, so the list stays near the top.
        gridAutoFlow: { xs: 'column', sm: 'row' },
        gridAutoColumns: { xs: 'minmax(128px, 1fr)', sm: undefined },
        gridTemplateColumns: { sm: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(6, minmax(0, 1fr))' },
        overflowX: { xs: 'auto', sm: 'visible' },
        gap: 1,
        mb: 1.5,
        pb: { xs: 0.5, sm: 0 },
        // A scrolling box in the page's flex column would otherwise be squeezed to nothing.
        flexShrink: 0,
      }}
    >
      {STATUS_TILES.map((tile, index) => {
        const query = counts[index]!;
        const count = query.data?.totalCount;
        const pressed = active === tile.id;
        return (
          <Tooltip key={tile.id} title={`${tile.description}. ${pressed ? 'Click to show the default view.' : 'Click to list them.'}`} describeChild>
            <ButtonBase
              focusRipple
              aria-pressed={pressed}
              // The name is the visible text (number, then label), so voice control can say what it sees.
              aria-busy={count === undefined && !query.error}
              data-tile={tile.id}
              onClick={() => onSelect(tile)}
              sx={(theme: Theme) => {
                const tone = theme.palette.state[tile.tone];
                const hot = count !== undefined && count > 0 && (tile.tone === 'live' || tile.tone === 'error');
                return {
                  display: 'flex',
                  flexDirection: 'column',
                  alignItems: 'flex-start',
                  justifyContent: 'center',
                  textAlign: 'left',
                  px: 1.5,
                  py: 1,
                  minHeight: { xs: 56, sm: 64 },
                  borderRadius: 1,
                  border: 1,
                  borderColor: pressed ? tone.text : 'divider',
                  borderLeftWidth: 4,
                  borderLeftColor: hot || pressed ? tone.main : 'divider',
                  bgcolor: pressed ? 'action.selected' : 'background.paper',
                  outlineOffset: 2,
                  '&:hover': { bgcolor: 'action.hover' },
                  '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}` },
                };
              }}
            >
              <Typography
                component="span"
                sx={(theme: Theme) => ({
                  fontSize: 22,
                  fontWeight: 700,
                  lineHeight: 1.2,
                  fontVariantNumeric: 'tabular-nums',
                  color: count ? theme.palette.state[tile.tone].text : 'text.secondary',
                })}
              >
                {count !== undefined ? count.toLocaleString() : query.error ? '–' : <Skeleton width={28} />}
              </Typography>{' '}
              <Typography component="span" variant="body2" noWrap sx={{ color: 'text.secondary', maxWidth: '100%' }}>
                {tile.label}
              </Typography>
            </ButtonBase>
          </Tooltip>
        );
      })}
    </Box>
  );
}
