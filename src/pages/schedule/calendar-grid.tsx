/**
 * The day and week calendar: a column per day over a 24-hour gutter, events placed by their
 * scheduled times (side by side where they overlap), a line at now, and the body scrolled to the
 * working part of the day on open. Built here rather than with a calendar library: it is one
 * absolutely positioned box per event (fast with a thousand), themed like the rest, and its
 * events are plain links in reading order for the keyboard.
 */
import { useLayoutEffect, useMemo, useRef } from 'react';
import Box from '@mui/material/Box';
import type { LiveHealth } from '#schema';
import { VisuallyHidden } from '#components/visually-hidden.tsx';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import { coverEnd, HOUR_MS, layoutDay, type ScheduleItem } from './schedule-model.ts';
import type { BlockDrag } from './schedule-event.tsx';
import { startOfDay } from '#pages/events/index.ts';
import { GUTTER, useMaxColumns } from './calendar-overlaps.tsx';
import { CalendarDayColumn, HOUR_HEIGHT } from './calendar-day-column.tsx';
import { indexAt, startPointerDrag } from './drag-gesture.ts';
import { canReschedule, movedDays, resized, snap } from './reschedule.ts';
import { onBlockKey, type Reschedule } from './use-reschedule.tsx';
import { calendarStep } from './key-steps.ts';

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
  /** Events never hidden behind "+n": the one selected, made or moved last. */
  pinned: ReadonlySet<string>;
  reschedule: Reschedule;
  /** The live events' encoder health, by event id. */
  health: ReadonlyMap<string, LiveHealth>;
}

export function CalendarGrid({ days, items, conflictIds, now, onOpenDay, pinned, reschedule, health }: CalendarGridProps) {
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

  /** Pointer and keys on a block that can move: vertical is time, across columns is the day. */
  const dragFor = (item: ScheduleItem, day: Date): BlockDrag | undefined => {
    if (!canReschedule(item)) return undefined;
    const start = (kind: 'move' | 'resize') => (press: React.PointerEvent) => {
      const region = (press.currentTarget as HTMLElement).closest('[data-schedule-region]');
      const columns = [...(region?.querySelectorAll<HTMLElement>('[data-day]') ?? [])].map((element) => {
        const rect = element.getBoundingClientRect();
        return { start: rect.left, end: rect.right, day: Number(element.dataset.day) };
      });
      startPointerDrag(press, {
        onStart: () => reschedule.place(item, kind, item),
        onMove: ({ clientX, dy }) => {
          const delta = snap((dy / HOUR_HEIGHT) * HOUR_MS);
          if (kind === 'resize') return reschedule.place(item, kind, resized(item, delta));
          const target = columns[indexAt(columns, clientX)];
          const dayShift = target ? Math.round((target.day - day.getTime()) / 86_400_000) : 0;
          reschedule.place(item, kind, movedDays(item, dayShift, delta));
        },
        onEnd: (dropped) => (dropped ? reschedule.drop() : reschedule.cancel()),
      });
    };
    return { onMovePointerDown: start('move'), onResizePointerDown: start('resize'), onKeyDown: (event) => onBlockKey(reschedule, item, event, calendarStep), resizeEdge: 'bottom' };
  };

  const minColumn = days.length === 1 ? 0 : 120;
  const template = `${GUTTER}px repeat(${days.length}, minmax(${minColumn}px, 1fr))`;

  return (
    <Box
      ref={scroller}
      role="region"
      aria-label={days.length === 1 ? `Day: ${longDayFormat.format(days[0]!)}` : 'Week calendar'}
      data-schedule-region
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

        {columns.map(({ day, placed }) => (
          <CalendarDayColumn
            key={day.getTime()}
            day={day}
            end={days.length === 1 && dayEnd ? dayEnd : startOfDay(day, 1)}
            label={`Events on ${longDayFormat.format(day)}`}
            placed={placed}
            hours={hours}
            isToday={day.getTime() === today}
            now={now}
            maxColumns={maxColumns}
            pinned={pinned}
            conflictIds={conflictIds}
            preview={reschedule.preview}
            dragFor={dragFor}
            health={health}
          />
        ))}
      </Box>
    </Box>
  );
}
