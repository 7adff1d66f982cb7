/**
 * The month: whole weeks, Monday first, each day listing its first events (time, title) and
 * "+N more", which opens the day. Events are links; conflicts and live events are marked.
 */
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import WarningIcon from '@mui/icons-material/WarningAmberRounded';
import { startOfDay } from '#pages/events/index.ts';
import { itemsByDay, type ScheduleItem } from './schedule-model.ts';
import { VisuallyHidden } from '#components/visually-hidden.tsx';
import { describeDetails, describeTimes, FALLBACK_COLOUR, formatTime, LiveMark } from './schedule-event.tsx';

const MAX_PER_DAY = 4;
const weekdayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short' });
const longDayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long' });

export interface CalendarMonthProps {
  days: readonly Date[];
  /** Any day of the month shown; days of other months are greyed. */
  month: Date;
  items: readonly ScheduleItem[];
  conflictIds: ReadonlySet<string>;
  now: Date;
  onOpenDay: (day: Date) => void;
}

export function CalendarMonth({ days, month, items, conflictIds, now, onOpenDay }: CalendarMonthProps) {
  const byDay = useMemo(() => itemsByDay(items, days), [items, days]);
  const today = startOfDay(now).getTime();
  return (
    <Box role="region" aria-label="Month calendar" sx={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(96px, 1fr))', minWidth: 'min-content' }}>
        {days.slice(0, 7).map((day) => (
          <Typography
            key={day.getTime()}
            variant="caption"
            sx={{ position: 'sticky', top: 0, zIndex: 1, bgcolor: 'background.paper', textAlign: 'center', py: 0.5, fontWeight: 600, color: 'text.secondary', borderBottom: 1, borderColor: 'divider' }}
          >
            {weekdayFormat.format(day)}
          </Typography>
        ))}
        {days.map((day) => {
          const dayItems = byDay.get(day.getTime()) ?? [];
          const other = day.getMonth() !== month.getMonth();
          const isToday = day.getTime() === today;
          const hidden = dayItems.length - MAX_PER_DAY;
          return (
            <Box
              key={day.getTime()}
              data-day={day.getTime()}
              sx={{
                minHeight: 118,
                borderRight: 1,
                borderBottom: 1,
                borderColor: 'divider',
                p: 0.5,
                bgcolor: other ? 'action.hover' : undefined,
                display: 'flex',
                flexDirection: 'column',
                gap: '2px',
                minWidth: 0,
              }}
            >
              <ButtonBase
                onClick={() => onOpenDay(day)}
                aria-current={isToday ? 'date' : undefined}
                sx={(theme: Theme) => ({
                  alignSelf: 'flex-start',
                  minWidth: 26,
                  height: 26,
                  px: 0.5,
                  borderRadius: 13,
                  fontSize: 13,
                  fontWeight: isToday ? 700 : 500,
                  color: isToday ? theme.palette.primary.contrastText : other ? 'text.secondary' : 'text.primary',
                  bgcolor: isToday ? 'primary.main' : undefined,
                  '&:hover': { bgcolor: isToday ? 'primary.main' : 'action.selected' },
                  '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 1 },
                })}
              >
                {day.getDate()}
                <VisuallyHidden>
                  {` ${longDayFormat.format(day)}${isToday ? ' (today)' : ''}: ${dayItems.length} ${dayItems.length === 1 ? 'event' : 'events'}, open the day`}
                </VisuallyHidden>
              </ButtonBase>
              <Box component="ul" aria-label={`Events on ${longDayFormat.format(day)}`} sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 }}>
                {dayItems.slice(0, MAX_PER_DAY).map((item) => {
                  const conflict = conflictIds.has(item.id);
                  return (
                    <li key={item.id} style={{ minWidth: 0 }}>
                      <Box
                        component={RouterLink}
                        to={`/events/${item.id}`}
                        data-event-id={item.id}
                        data-conflict={conflict || undefined}
                        sx={(theme: Theme) => ({
                          display: 'flex',
                          alignItems: 'center',
                          gap: 0.5,
                          px: 0.5,
                          borderRadius: '3px',
                          fontSize: 12,
                          lineHeight: '20px',
                          color: 'text.primary',
                          textDecoration: 'none',
                          whiteSpace: 'nowrap',
                          overflow: 'hidden',
                          ...(conflict && { outline: `1.5px dashed ${theme.palette.warning.main}`, outlineOffset: -1.5 }),
                          '&:hover': { bgcolor: 'action.hover' },
                          '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}` },
                        })}
                      >
                        <Box aria-hidden sx={{ width: 8, height: 8, borderRadius: '2px', bgcolor: item.colour ?? FALLBACK_COLOUR, flex: '0 0 auto' }} />
                        {item.live && <LiveMark />}
                        {conflict && <WarningIcon aria-hidden sx={{ fontSize: 13, color: 'warning.main' }} />}
                        <Box component="span" sx={{ color: 'text.secondary', flex: '0 0 auto' }}>
                          {/* Carried over from an earlier day: it goes on, it does not start here. */}
                          {item.start < day ? '…' : formatTime(item.start)}
                        </Box>{' '}
                        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                          {item.title}
                        </Box>
                        {/* Named by what it shows, then the rest: voice control clicks it by its visible words. */}
                        <VisuallyHidden>
                          , {describeTimes(item)}, {describeDetails(item, conflict)}
                        </VisuallyHidden>
                      </Box>
                    </li>
                  );
                })}
              </Box>
              {hidden > 0 && (
                <ButtonBase
                  onClick={() => onOpenDay(day)}
                  sx={(theme: Theme) => ({
                    alignSelf: 'flex-start',
                    px: 0.5,
                    borderRadius: '3px',
                    fontSize: 12,
                    fontWeight: 600,
                    color: 'primary.main',
                    '&:hover': { bgcolor: 'action.hover' },
                    '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}` },
                  })}
                >
                  +{hidden} more
                </ButtonBase>
              )}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
