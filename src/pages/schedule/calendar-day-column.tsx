/**
 * One day of the day and week calendar: its events side by side where they overlap (with "+n"
 * only for what cannot fit), the ghost of an event being moved onto it, and the lines at now and
 * at midnight.
 */
import Box from '@mui/material/Box';
import type { LiveHealth } from '#schema';
import type { Theme } from '@mui/material/styles';
import { HOUR_MS, overlaps, type PlacedInColumn, type ScheduleItem } from './schedule-model.ts';
import { EventBlock, type BlockDrag } from './schedule-event.tsx';
import { fitColumns, MoreButton } from './calendar-overlaps.tsx';
import { MoveGhost } from './move-ghost.tsx';
import type { Preview } from './use-reschedule.tsx';

export const HOUR_HEIGHT = 48;

export interface CalendarDayColumnProps {
  day: Date;
  /** Where the column ends (a day view may run past midnight). */
  end: Date;
  label: string;
  placed: readonly PlacedInColumn[];
  hours: number;
  isToday: boolean;
  now: Date;
  /** Undefined until the grid is measured (useMaxColumns): no event is drawn then. */
  maxColumns: number | undefined;
  pinned: ReadonlySet<string>;
  conflictIds: ReadonlySet<string>;
  preview: Preview | null;
  dragFor: (item: ScheduleItem, day: Date) => BlockDrag | undefined;
  health: ReadonlyMap<string, LiveHealth>;
}

export function CalendarDayColumn({ day, end, label, placed, hours, isToday, now, maxColumns, pinned, conflictIds, preview, dragFor, health }: CalendarDayColumnProps) {
  const scale = hours * HOUR_HEIGHT;
  const span = end.getTime() - day.getTime();
  const clashIds = new Set(preview?.clashes.map((c) => c.id));
  const ghost = preview && overlaps(preview.placement, { start: day, end }) ? preview.placement : null;
  return (
    <Box
      role="list"
      aria-label={label}
      data-day={day.getTime()}
      sx={(theme: Theme) => ({
        position: 'relative',
        height: scale,
        borderLeft: 1,
        borderColor: 'divider',
        bgcolor: isToday ? (theme.palette.mode === 'dark' ? 'rgba(141,184,232,0.05)' : 'rgba(31,90,150,0.03)') : undefined,
        backgroundImage: `repeating-linear-gradient(to bottom, transparent 0 ${HOUR_HEIGHT - 1}px, ${theme.palette.divider} ${HOUR_HEIGHT - 1}px ${HOUR_HEIGHT}px)`,
      })}
    >
      {hours > 24 && <MidnightLine top={24 * HOUR_HEIGHT} />}
      {(maxColumns === undefined ? [] : fitColumns(placed, maxColumns, pinned)).map((entry) => {
        if (entry.kind === 'more') {
          return (
            <Box key={`more-${entry.cluster}`} role="listitem" sx={{ display: 'contents' }}>
              <MoreButton entries={entry.all} conflictIds={conflictIds} style={{ top: entry.top * scale + 1, right: 2, minWidth: 32 }} />
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
              drag={dragFor(p.item, day)}
              moving={preview?.item.id === p.item.id}
              clash={clashIds.has(p.item.id)}
              health={health.get(p.item.id)}
              style={{
                top: p.top * scale + 1,
                height: Math.max(height - 2, 16),
                left: `calc(${(entry.column / entry.columns) * 100}% + 2px)`,
                width: `calc(${(entry.span / entry.columns) * 100}% - 4px)`,
              }}
            />
          </Box>
        );
      })}
      {ghost && preview && (
        <MoveGhost
          preview={preview}
          style={{
            top: ((Math.max(ghost.start.getTime(), day.getTime()) - day.getTime()) / span) * scale + 1,
            height: Math.max(((Math.min(ghost.end.getTime(), end.getTime()) - Math.max(ghost.start.getTime(), day.getTime())) / HOUR_MS) * HOUR_HEIGHT - 2, 20),
            left: 2,
            right: 2,
          }}
        />
      )}
      {isToday && <NowLine top={((now.getTime() - day.getTime()) / HOUR_MS) * HOUR_HEIGHT} />}
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

/** Midnight in a day view that runs on into the next day. */
function MidnightLine({ top }: { top: number }) {
  return <Box aria-hidden data-midnight-line sx={{ position: 'absolute', left: 0, right: 0, top, borderTop: 2, borderColor: 'text.secondary', borderStyle: 'dashed', zIndex: 1, pointerEvents: 'none' }} />;
}
