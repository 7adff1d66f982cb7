/**
 * The day and week calendar: a column per day over a 24-hour gutter, events placed by their
 * scheduled times (side by side where they overlap), a line at now, and the body scrolled to the
 * working part of the day on open. Built here rather than with a calendar library: it is one
 * absolutely positioned box per event (fast with a thousand), themed like the rest, and its
 * events are plain links in reading order for the keyboard.
 */
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Popover from '@mui/material/Popover';
import { VisuallyHidden } from '#components/visually-hidden.tsx';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import { coverEnd, HOUR_MS, layoutDay, type PlacedInColumn, type ScheduleItem } from './schedule-model.ts';
import { describeItem, EventBlock, formatTime } from './schedule-event.tsx';
import { startOfDay } from '#pages/events/index.ts';

export const HOUR_HEIGHT = 48;
const GUTTER = 56;
/** Narrower than this, an event's title is a sliver: the rest of its overlaps go behind "+n". */
export const MIN_BLOCK_WIDTH = 72;

const hourFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric' });
const weekdayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short' });
const dayFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });
const longDayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

export interface CalendarGridProps {
  days: readonly Date[];
  items: readonly ScheduleItem[];
  conflictIds: ReadonlySet<string>;
  now: Date;
  /** Picks a day (its header): the day view of it. */
  onOpenDay: (day: Date) => void;
}

export function CalendarGrid({ days, items, conflictIds, now, onOpenDay }: CalendarGridProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const today = startOfDay(now).getTime();
  const showsToday = days.some((d) => d.getTime() === today);
  // The day view runs past midnight while an event of the day goes on (22:00 to 02:00 shows whole).
  const single = days.length === 1 ? days[0]! : null;
  const dayEnd = useMemo(() => (single ? coverEnd(items, single, startOfDay(single, 1)) : null), [single, items]);
  const hours = single && dayEnd ? Math.round((dayEnd.getTime() - single.getTime()) / HOUR_MS) : 24;
  const columns = useMemo(
    () => days.map((day) => ({ day, placed: layoutDay(items, day, days.length === 1 && dayEnd ? dayEnd : startOfDay(day, 1)) })),
    [days, items, dayEnd],
  );
  const maxColumns = useMaxColumns(scroller, days.length);

  // Open on the part of the day that matters: an hour before now on today, else 07:00.
  const firstDay = days[0]?.getTime();
  useLayoutEffect(() => {
    const hour = showsToday ? Math.max(0, now.getHours() - 1) : 7;
    if (scroller.current) scroller.current.scrollTop = hour * HOUR_HEIGHT;
    // Only when the days change, not on every tick of now.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [firstDay, days.length]);

  const minColumn = days.length === 1 ? 0 : 120;
  const template = `${GUTTER}px repeat(${days.length}, minmax(${minColumn}px, 1fr))`;
  const nowTop = ((now.getTime() - today) / HOUR_MS) * HOUR_HEIGHT;

  return (
    <Box
      ref={scroller}
      role="region"
      aria-label={days.length === 1 ? `Day: ${longDayFormat.format(days[0]!)}` : 'Week calendar'}
      tabIndex={0}
      sx={{ flex: 1, minHeight: 0, overflow: 'auto', position: 'relative', '&:focus-visible': { outline: (t: Theme) => `2px solid ${t.palette.primary.main}` } }}
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: template, minWidth: 'min-content' }}>
        {/* Day headers, sticky above the scrolling hours. */}
        <Box sx={{ position: 'sticky', top: 0, zIndex: 4, bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }} />
        {days.map((day) => {
          const isToday = day.getTime() === today;
          return (
            <Box
              key={day.getTime()}
              component="button"
              type="button"
              onClick={() => onOpenDay(day)}
              aria-current={isToday ? 'date' : undefined}
              sx={{
                position: 'sticky',
                top: 0,
                zIndex: 4,
                bgcolor: 'background.paper',
                border: 0,
                borderBottom: 1,
                borderLeft: 1,
                borderColor: 'divider',
                py: 0.75,
                cursor: days.length > 1 ? 'pointer' : 'default',
                font: 'inherit',
                color: isToday ? 'primary.main' : 'text.primary',
                '&:hover': days.length > 1 ? { bgcolor: 'action.hover' } : undefined,
                '&:focus-visible': { outline: (t: Theme) => `2px solid ${t.palette.primary.main}`, outlineOffset: -2 },
              }}
            >
              <Typography component="span" variant="caption" sx={{ display: 'block', color: isToday ? 'primary.main' : 'text.secondary', fontWeight: 600 }}>
                {weekdayFormat.format(day)}
              </Typography>{' '}
              <Typography component="span" variant="body2" sx={{ fontWeight: isToday ? 700 : 500 }}>
                {dayFormat.format(day)}
              </Typography>
              {/* Named by what it shows, then the rest: voice control clicks it by its visible words. */}
              <VisuallyHidden>{`, ${longDayFormat.format(day)}${isToday ? ' (today)' : ''}: open the day`}</VisuallyHidden>
            </Box>
          );
        })}

        {/* The hour gutter. */}
        <Box aria-hidden sx={{ position: 'relative', height: hours * HOUR_HEIGHT }}>
          {Array.from({ length: hours - 1 }, (_, i) => i + 1).map((hour) => (
            <Typography
              key={hour}
              component="span"
              variant="caption"
              sx={{ position: 'absolute', top: hour * HOUR_HEIGHT - 9, right: 8, color: hour === 24 ? 'text.primary' : 'text.secondary', fontSize: 11, fontWeight: hour === 24 ? 700 : 400, textAlign: 'right' }}
            >
              {hour === 24 && single ? dayFormat.format(startOfDay(single, 1)) : hourFormat.format(new Date(2000, 0, 1, hour % 24))}
            </Typography>
          ))}
        </Box>

        {columns.map(({ day, placed }) => {
          const isToday = day.getTime() === today;
          return (
            <Box
              key={day.getTime()}
              role="list"
              aria-label={`Events on ${longDayFormat.format(day)}`}
              data-day={day.getTime()}
              sx={(theme: Theme) => ({
                position: 'relative',
                height: hours * HOUR_HEIGHT,
                borderLeft: 1,
                borderColor: 'divider',
                bgcolor: isToday ? (theme.palette.mode === 'dark' ? 'rgba(141,184,232,0.05)' : 'rgba(31,90,150,0.03)') : undefined,
                backgroundImage: `repeating-linear-gradient(to bottom, transparent 0 ${HOUR_HEIGHT - 1}px, ${theme.palette.divider} ${HOUR_HEIGHT - 1}px ${HOUR_HEIGHT}px)`,
              })}
            >
              {hours > 24 && <MidnightLine top={24 * HOUR_HEIGHT} />}
              {fitColumns(placed, maxColumns).map((entry) => {
                const scale = hours * HOUR_HEIGHT;
                if (entry.kind === 'more') {
                  return (
                    <Box key={`more-${entry.cluster}`} role="listitem" sx={{ display: 'contents' }}>
                      <MoreButton
                        entries={entry.all}
                        conflictIds={conflictIds}
                        style={{
                          top: entry.top * scale + 1,
                          left: `calc(${(entry.column / entry.columns) * 100}% + 2px)`,
                          width: `calc(${100 / entry.columns}% - 4px)`,
                        }}
                      />
                    </Box>
                  );
                }
                const p = entry.placed;
                const height = p.height * scale;
                return (
                  <Box key={p.item.id} role="listitem" sx={{ display: 'contents' }}>
                    <EventBlock
                      item={p.item}
                      conflict={conflictIds.has(p.item.id)}
                      dense={height < 34}
                      showChannel
                      style={{
                        top: p.top * scale + 1,
                        height: Math.max(height - 2, 16),
                        left: `calc(${(entry.column / entry.columns) * 100}% + 2px)`,
                        width: `calc(${100 / entry.columns}% - 4px)`,
                      }}
                    />
                  </Box>
                );
              })}
              {isToday && <NowLine top={nowTop} />}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

function NowLine({ top }: { top: number }) {
  return (
    <Box
      aria-hidden
      data-now-line
      sx={(theme: Theme) => ({
        position: 'absolute',
        left: 0,
        right: 0,
        top,
        height: 2,
        bgcolor: theme.palette.state.live.main,
        zIndex: 3,
        pointerEvents: 'none',
        '&::before': { content: '""', position: 'absolute', left: -5, top: -4, width: 10, height: 10, borderRadius: '50%', bgcolor: theme.palette.state.live.main },
      })}
    />
  );
}

/** How many overlapping events fit side by side in a day column of the grid (at least 2). */
function useMaxColumns(scroller: React.RefObject<HTMLDivElement | null>, dayCount: number): number {
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
function MoreButton({ entries, conflictIds, style }: { entries: PlacedInColumn[]; conflictIds: ReadonlySet<string>; style: React.CSSProperties }) {
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

/** Midnight in a day view that runs on into the next day. */
function MidnightLine({ top }: { top: number }) {
  return <Box aria-hidden data-midnight-line sx={{ position: 'absolute', left: 0, right: 0, top, borderTop: 2, borderColor: 'text.secondary', borderStyle: 'dashed', zIndex: 1, pointerEvents: 'none' }} />;
}
