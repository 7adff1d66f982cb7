/**
 * The status strip above the events list: how many events are live, starting or stopping,
 * upcoming today, failed, or suspended, counted by the service in one request
 * (GET /event/statuscounts/: each count is what GET /event/ counts with the tile's filter), and
 * each a one-click filter of the list.
 */
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Skeleton from '@mui/material/Skeleton';
import { Tooltip } from '#components/tooltip.tsx';
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
  /** Anchors "today"; the counts' query changes with the day. */
  now?: Date;
}

/** "Upcoming today" is counted over the day its click lists: the list's bounds of today. */
const UPCOMING = STATUS_TILES.find((tile) => tile.id === 'upcoming')!;

/** Resolves once no events list is being fetched. */
function listsIdle(queryClient: QueryClient): Promise<void> {
  const idle = () => queryClient.isFetching({ queryKey: api.event.list.key() }) === 0;
  if (idle()) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = queryClient.getQueryCache().subscribe(() => {
      if (!idle()) return;
      stop();
      resolve();
    });
  });
}

export function StatusStrip({ active, onSelect, now = new Date() }: StatusStripProps) {
  const queryClient = useQueryClient();
  // Within a day the query (and its cache entry) stays the same; it moves on at midnight.
  const { from, to } = filtersToQuery(UPCOMING.filters, now);
  const input = { query: { from, to } };
  const query = useQuery({
    ...api.event.statusCounts.queryOptions(input),
    // The counts ask once the list's own request is answered (the first load, a change on the
    // feed), so the rows the operator came for are not queued behind them: a service with one
    // database connection answers one query at a time.
    queryFn: async ({ signal }) => {
      await listsIdle(queryClient);
      return api.event.statusCounts.call(input, signal);
    },
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
      {STATUS_TILES.map((tile) => {
        const count = query.data?.[tile.id];
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
