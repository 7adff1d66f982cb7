/** Overlapping events in a day column of the calendar: how many fit side by side, which ones, and "+n" (a popover) for the rest. */
import { useLayoutEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Popover from '@mui/material/Popover';
import { VisuallyHidden } from '#components/visually-hidden.tsx';
import type { Theme } from '@mui/material/styles';
import type { PlacedInColumn } from './schedule-model.ts';
import { describeItem, formatTime } from './schedule-event.tsx';

export const GUTTER = 56;
/** Narrower than this, an event's title is a sliver: the rest of its overlaps go behind "+n". */
export const MIN_BLOCK_WIDTH = 72;

/** How many overlapping events fit side by side in a day column of the grid (at least 2). */
export function useMaxColumns(scroller: React.RefObject<HTMLDivElement | null>, dayCount: number): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () => setWidth(Math.max(0, (element.clientWidth - GUTTER) / dayCount));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [scroller, dayCount]);
  // Before it is measured (and in tests without layout), everything is shown.
  return width > 0 ? Math.max(2, Math.floor(width / MIN_BLOCK_WIDTH)) : Number.POSITIVE_INFINITY;
}

export type FittedEntry =
  | { kind: 'event'; placed: PlacedInColumn; column: number; columns: number }
  | { kind: 'more'; cluster: number; all: PlacedInColumn[]; top: number; column: number; columns: number };

/**
 * Overlaps side by side, as calendars lay them out: each cluster of overlapping events shares the
 * column's width. A cluster wider than `maxColumns` shows its first `maxColumns - 1` columns and,
 * in the last place, "+n" for the rest (the full list on click), rather than slivers.
 */
export function fitColumns(placed: readonly PlacedInColumn[], maxColumns: number): FittedEntry[] {
  const clusters = new Map<number, PlacedInColumn[]>();
  for (const p of placed) clusters.set(p.cluster, [...(clusters.get(p.cluster) ?? []), p]);
  const out: FittedEntry[] = [];
  for (const [cluster, members] of clusters) {
    const columns = members[0]!.columns;
    if (columns <= maxColumns) {
      for (const p of members) out.push({ kind: 'event', placed: p, column: p.column, columns });
      continue;
    }
    const shown = members.filter((p) => p.column < maxColumns - 1);
    const hidden = members.filter((p) => p.column >= maxColumns - 1);
    for (const p of shown) out.push({ kind: 'event', placed: p, column: p.column, columns: maxColumns });
    // One "+n" per run of hidden events that overlap each other, at its start: a long event can
    // hold a cluster together from midnight to noon, and "+n" belongs where the crowd is.
    const runs: PlacedInColumn[][] = [];
    let runEnd = -Infinity;
    for (const p of [...hidden].sort((a, b) => a.top - b.top)) {
      if (p.top >= runEnd) runs.push([]);
      runs.at(-1)!.push(p);
      runEnd = Math.max(runEnd, p.top + p.height);
    }
    runs.forEach((run, index) =>
      out.push({ kind: 'more', cluster: cluster * 1000 + index, all: run, top: run[0]!.top, column: maxColumns - 1, columns: maxColumns }),
    );
  }
  return out;
}

/** "+n": the events of a crowded cluster that do not fit, listed in a popover on click. */
export function MoreButton({ entries, conflictIds, style }: { entries: PlacedInColumn[]; conflictIds: ReadonlySet<string>; style: React.CSSProperties }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const sorted = [...entries].sort((a, b) => a.item.start.getTime() - b.item.start.getTime());
  return (
    <>
      <ButtonBase
        data-more-events={entries.length}
        aria-haspopup="dialog"
        onClick={(e) => setAnchor(e.currentTarget)}
        style={style}
        sx={(theme: Theme) => ({
          position: 'absolute',
          height: 22,
          borderRadius: '4px',
          border: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
          fontSize: 12,
          fontWeight: 700,
          color: 'primary.main',
          zIndex: 2,
          '&:hover': { bgcolor: 'action.hover' },
          '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 1 },
        })}
      >
        +{entries.length}
        <VisuallyHidden> more events at the same time: show them</VisuallyHidden>
      </ButtonBase>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': `${entries.length} more events`, sx: { p: 1, maxWidth: 360, maxHeight: 420 } } as object }}
      >
        <Box component="ul" aria-label="Events at the same time" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {sorted.map((p) => (
            <li key={p.item.id}>
              <Box
                component={RouterLink}
                to={`/events/${p.item.id}`}
                data-event-id={p.item.id}
                sx={(theme: Theme) => ({
                  display: 'block',
                  px: 1,
                  py: 0.5,
                  borderRadius: 1,
                  borderLeft: `4px solid ${p.item.colour ?? theme.palette.divider}`,
                  mb: 0.5,
                  color: 'text.primary',
                  textDecoration: 'none',
                  fontSize: 13,
                  '&:hover': { bgcolor: 'action.hover' },
                  '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}` },
                })}
              >
                <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
                  {p.item.title}
                </Box>{' '}
                <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: 12 }}>
                  {formatTime(p.item.start)}–{p.item.openEnded ? '…' : formatTime(p.item.end)}
                  {p.item.channel ? ` · ${p.item.channel}` : ''}
                  {conflictIds.has(p.item.id) ? ' · conflict' : ''}
                </Box>
                <VisuallyHidden>{`, ${describeItem(p.item, conflictIds.has(p.item.id))}`}</VisuallyHidden>
              </Box>
            </li>
          ))}
        </Box>
      </Popover>
    </>
  );
}
