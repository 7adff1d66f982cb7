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
/** Narrower than this, an event's title is a sliver: what does not fit then goes behind "+n". */
export const MIN_BLOCK_WIDTH = 72;

/**
 * How many overlapping events fit side by side in a day column of the grid (at least 2); undefined
 * until the grid has been measured, in the layout effect after its first commit (its update renders
 * before the grid is painted). The columns draw no event until then: drawn unmeasured, every event
 * of a crowded week was laid out, then measured (a forced layout of them all: 480 ms at 238 events,
 * bench `browser`), then mostly removed.
 */
export function useMaxColumns(scroller: React.RefObject<HTMLDivElement | null>, dayCount: number): number | undefined {
  const [width, setWidth] = useState<number | null>(null);
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
  if (width === null) return undefined;
  // Without layout (tests), everything is shown.
  return width > 0 ? Math.max(2, Math.floor(width / MIN_BLOCK_WIDTH)) : Number.POSITIVE_INFINITY;
}

export type FittedEntry =
  /** An event in column `column` of `columns`, `span` columns wide (it widens into free columns on its right). */
  | { kind: 'event'; placed: PlacedInColumn; column: number; span: number; columns: number }
  /** "+n" at `top`, for events that overlap more than `columns` others at once. */
  | { kind: 'more'; cluster: number; all: PlacedInColumn[]; top: number };

type Interval = [number, number];
const free = (column: readonly Interval[], [a, b]: Interval) => column.every(([c, d]) => b <= c || d <= a);

/**
 * Overlaps side by side, as calendars lay them out: each cluster of overlapping events shares the
 * column's width, at most `maxColumns` across. An event goes in the first column free for its
 * whole time; only one that finds none (more than `maxColumns` events at once) goes behind "+n",
 * one "+n" per run of such events, where they start. `pinned` events (the one selected, the one
 * just made or moved) are placed first, so they are never the ones hidden. An event widens into
 * the columns to its right that are free for its time.
 */
export function fitColumns(placed: readonly PlacedInColumn[], maxColumns: number, pinned: ReadonlySet<string> = new Set()): FittedEntry[] {
  const clusters = new Map<number, PlacedInColumn[]>();
  for (const p of placed) clusters.set(p.cluster, [...(clusters.get(p.cluster) ?? []), p]);
  const out: FittedEntry[] = [];
  for (const [cluster, members] of clusters) {
    const columns = Math.min(members[0]!.columns, maxColumns);
    const order = [...members.filter((p) => pinned.has(p.item.id)), ...members.filter((p) => !pinned.has(p.item.id))];
    const taken: Interval[][] = Array.from({ length: columns }, () => []);
    const shown: { p: PlacedInColumn; column: number; span: Interval }[] = [];
    const hidden: PlacedInColumn[] = [];
    for (const p of order) {
      const span: Interval = [p.top, p.top + p.height];
      const column = taken.findIndex((c) => free(c, span));
      if (column < 0) {
        hidden.push(p);
        continue;
      }
      taken[column]!.push(span);
      shown.push({ p, column, span });
    }
    for (const { p, column, span } of shown.sort((a, b) => a.p.top - b.p.top || a.column - b.column)) {
      let width = 1;
      while (column + width < columns && free(taken[column + width]!, span)) width++;
      out.push({ kind: 'event', placed: p, column, span: width, columns });
    }
    const runs: PlacedInColumn[][] = [];
    let runEnd = -Infinity;
    for (const p of hidden.sort((a, b) => a.top - b.top)) {
      if (p.top >= runEnd) runs.push([]);
      runs.at(-1)!.push(p);
      runEnd = Math.max(runEnd, p.top + p.height);
    }
    runs.forEach((run, index) => out.push({ kind: 'more', cluster: cluster * 1000 + index, all: run, top: run[0]!.top }));
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
