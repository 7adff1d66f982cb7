// Over ~250 lines on purpose: the page holds the schedule's toolbar (mode, view, zoom, date, conflicts) and its one query over the visible range; the calendars, the timeline and the conflicts panel live apart.
/**
 * Schedule: the events of a day, a week or a month as a calendar coloured by event type, or as a
 * channel timeline (a lane per channel). Events that overlap on one channel are conflicts: striped
 * where they are, counted in the toolbar, listed on demand. Mode, view, zoom and date are in the
 * URL; only the visible range is asked of the service.
 */
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import RefreshIcon from '@mui/icons-material/Refresh';
import WarningIcon from '@mui/icons-material/WarningAmberRounded';
import { useDescribeError } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { isConnectionProblem } from '#app/api-errors.ts';
import { useConnectionDialog } from '#app/connection-context.tsx';
import { useDocumentTitle } from '#app/document-title.ts';
import { useHotkeys } from '#app/hotkeys.tsx';
import { ColourSwatch } from '#components/colour-swatch.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { useNow } from '#components/use-now.ts';
import { dayOf } from '#pages/events/index.ts';
import { CalendarGrid } from './calendar-grid.tsx';
import { CalendarMonth } from './calendar-month.tsx';
import { ChannelTimeline } from './channel-timeline.tsx';
import { coverEnd, findConflicts, groupConflicts, toScheduleItems, within } from './schedule-model.ts';
import { anchorOf, step, TIMELINE_ZOOMS, useScheduleView, visibleRange, type CalendarView, type ScheduleView, type TimelineZoom } from './schedule-view.ts';
import { useScheduleEvents } from './use-schedule-events.ts';
import { ConflictsPanel } from './conflicts-panel.tsx';

const ZOOM_LABELS: Record<TimelineZoom, string> = { '3h': '3 h', '6h': '6 h', '12h': '12 h', '1d': '1 day', '3d': '3 days', '7d': '7 days' };

const monthFormat = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' });
const dayTitleFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
const shortDayFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });

/** The heading of the period shown: "Mon 23 Nov 2026", "16 Nov – 22 Nov 2026", "November 2026". */
function periodTitle(view: ScheduleView, days: readonly Date[], anchor: Date): string {
  const first = days[0]!;
  const last = days[days.length - 1]!;
  if (view.mode === 'calendar' && view.view === 'month') return monthFormat.format(anchor);
  if (days.length === 1) return dayTitleFormat.format(first);
  return `${shortDayFormat.format(first)} – ${shortDayFormat.format(last)} ${last.getFullYear()}`;
}

export default function SchedulePage() {
  const describeError = useDescribeError();
  useDocumentTitle('Schedule');
  const [view, setView] = useScheduleView();
  const now = useNow();
  const connectionDialog = useConnectionDialog();
  const [conflictsOpen, setConflictsOpen] = useState(false);

  // The range depends on the day, not the minute: stable between ticks of `now`.
  const { mode, view: calendarView, zoom } = view;
  const anchorDay = view.date ?? dayOf(now);
  const range = useMemo(() => visibleRange({ mode, view: calendarView, zoom, date: anchorDay }), [mode, calendarView, zoom, anchorDay]);
  const anchor = anchorOf({ date: anchorDay });
  const schedule = useScheduleEvents(range.start, range.end);
  const channels = useQuery({ ...api.channel.list.queryOptions({}), staleTime: 60_000, retry: false });
  const eventTypes = useQuery({ ...api.eventType.list.queryOptions({}), staleTime: 60_000, retry: false });

  const nowMinute = Math.floor(now.getTime() / 60_000);
  const { items, unscheduled } = useMemo(
    () => toScheduleItems(schedule.data?.events ?? [], new Date(nowMinute * 60_000)),
    [schedule.data, nowMinute],
  );
  const visible = useMemo(() => within(items, range.start, range.end), [items, range]);
  // The timeline runs on past its last midnight while an event that starts in it goes on.
  const timelineEnd = useMemo(() => coverEnd(visible, range.start, range.end), [visible, range]);
  const { conflicts, conflictIds } = useMemo(() => {
    const found = findConflicts(visible);
    return { conflicts: groupConflicts(found.conflicts), conflictIds: found.ids };
  }, [visible]);
  const channelNames = useMemo(() => (channels.data ?? []).map((c) => c.name).sort((a, b) => a.localeCompare(b)), [channels.data]);
  const typesShown = useMemo(() => {
    const names = new Set(visible.map((i) => i.eventType).filter(Boolean));
    return (eventTypes.data ?? []).filter((t) => names.has(t.name));
  }, [visible, eventTypes.data]);

  const openDay = (day: Date) => setView({ mode: 'calendar', view: 'day', date: dayOf(day) });
  const go = (direction: 1 | -1) => setView({ date: step(view, direction, now) });
  const setCalendar = (next: CalendarView) => setView({ mode: 'calendar', view: next });

  useHotkeys([
    { keys: '[', description: 'Previous period', group: 'Schedule', run: () => go(-1) },
    { keys: ']', description: 'Next period', group: 'Schedule', run: () => go(1) },
    { keys: 't', description: 'Go to today', group: 'Schedule', run: () => setView({ date: null }) },
    { keys: 'd', description: 'Day calendar', group: 'Schedule', run: () => setCalendar('day') },
    { keys: 'w', description: 'Week calendar', group: 'Schedule', run: () => setCalendar('week') },
    { keys: 'm', description: 'Month calendar', group: 'Schedule', run: () => setCalendar('month') },
    { keys: 'c', description: 'Channel timeline', group: 'Schedule', run: () => setView({ mode: 'timeline' }) },
    { keys: '+', description: 'Timeline: zoom in', group: 'Schedule', run: () => zoomBy(-1) },
    { keys: '-', description: 'Timeline: zoom out', group: 'Schedule', run: () => zoomBy(1) },
    { keys: 'r', description: 'Refresh', group: 'Schedule', run: () => void schedule.refetch() },
  ]);
  function zoomBy(delta: 1 | -1) {
    const index = TIMELINE_ZOOMS.indexOf(view.zoom) + delta;
    if (view.mode === 'timeline' && index >= 0 && index < TIMELINE_ZOOMS.length) setView({ zoom: TIMELINE_ZOOMS[index] });
  }

  const described = schedule.error
    ? describeError(schedule.error)
    : undefined;
  const count = visible.length;
  const subtitle = schedule.data
    ? `${count.toLocaleString()} ${count === 1 ? 'event' : 'events'}${conflicts.length ? ` · ${conflicts.length} ${conflicts.length === 1 ? 'conflict' : 'conflicts'}` : ''}${schedule.isFetching ? ' · refreshing…' : ''}`
    : schedule.isPending && !schedule.error
      ? 'Loading…'
      : '';
  const isToday = view.date === null || view.date === dayOf(now);

  return (
    <>
      <PageHeader
        title="Schedule"
        subtitle={subtitle}
        actions={
          <Tooltip title="Refresh (r)">
            <span>
              <IconButton aria-label="Refresh the schedule" onClick={() => void schedule.refetch()} disabled={schedule.isFetching}>
                <RefreshIcon />
              </IconButton>
            </span>
          </Tooltip>
        }
      />

      <Box role="toolbar" aria-label="Schedule view" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1.5 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view.mode === 'timeline' ? 'timeline' : view.view}
          onChange={(_e, next: CalendarView | 'timeline' | null) => {
            if (next === 'timeline') setView({ mode: 'timeline' });
            else if (next) setCalendar(next);
          }}
          aria-label="View"
        >
          <ToggleButton value="day">Day</ToggleButton>
          <ToggleButton value="week">Week</ToggleButton>
          <ToggleButton value="month">Month</ToggleButton>
          <ToggleButton value="timeline">Channel timeline</ToggleButton>
        </ToggleButtonGroup>

        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Tooltip title="Previous ([)">
            <IconButton size="small" aria-label="Previous period" onClick={() => go(-1)}>
              <ChevronLeftIcon />
            </IconButton>
          </Tooltip>
          <Button size="small" variant="outlined" color="inherit" onClick={() => setView({ date: null })} disabled={isToday && view.mode === 'calendar' && view.view === 'day'} sx={{ borderColor: 'divider' }}>
            Today
          </Button>
          <Tooltip title="Next (])">
            <IconButton size="small" aria-label="Next period" onClick={() => go(1)}>
              <ChevronRightIcon />
            </IconButton>
          </Tooltip>
          <Typography component="h2" variant="h3" aria-live="polite" sx={{ ml: 1, whiteSpace: 'nowrap' }}>
            {periodTitle(view, range.days, anchor)}
          </Typography>
        </Box>

        <Box sx={{ flex: 1 }} />

        {view.mode === 'timeline' && (
          <ToggleButtonGroup size="small" exclusive value={view.zoom} onChange={(_e, zoom: TimelineZoom | null) => zoom && setView({ zoom })} aria-label="Zoom: hours across the screen">
            {TIMELINE_ZOOMS.map((zoom) => (
              <ToggleButton key={zoom} value={zoom} sx={{ px: 1 }}>
                {ZOOM_LABELS[zoom]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        )}

        <Badge badgeContent={conflicts.length} color="warning" max={999}>
          <Button
            size="small"
            variant={conflicts.length ? 'outlined' : 'text'}
            color={conflicts.length ? 'warning' : 'inherit'}
            startIcon={<WarningIcon />}
            onClick={() => setConflictsOpen(true)}
            disabled={!schedule.data}
            aria-label={`Conflicts: ${conflicts.length}`}
          >
            Conflicts
          </Button>
        </Badge>
      </Box>

      {described && !schedule.data ? (
        <ErrorState
          title="Could not load the schedule"
          message={described.message}
          detail={described.detail}
          actions={
            <>
              <Button variant="contained" onClick={() => void schedule.refetch()}>
                Retry
              </Button>
              <Button variant={isConnectionProblem(described.kind) ? 'outlined' : 'text'} onClick={() => connectionDialog.open()}>
                Connection settings
              </Button>
            </>
          }
        />
      ) : (
        <>
          {schedule.data?.truncated && (
            <Alert severity="warning" sx={{ mb: 1 }}>
              Showing the first {schedule.data.events.length.toLocaleString()} of {schedule.data.totalCount.toLocaleString()} events in this range: choose a shorter
              period to see every one.
            </Alert>
          )}
          {described && schedule.data && (
            <Alert severity="warning" sx={{ mb: 1 }}>
              The last refresh failed: {described.message}
            </Alert>
          )}
          <Paper variant="outlined" sx={{ flex: 1, minHeight: 420, display: 'flex', flexDirection: 'column', overflow: 'hidden', position: 'relative' }}>
            {schedule.isFetching && <LinearProgress aria-label="Loading the schedule" sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 10 }} />}
            {view.mode === 'timeline' ? (
              <ChannelTimeline start={range.start} end={timelineEnd} zoom={view.zoom} items={visible} channels={channelNames} conflictIds={conflictIds} now={now} />
            ) : view.view === 'month' ? (
              <CalendarMonth days={range.days} month={anchor} items={visible} conflictIds={conflictIds} now={now} onOpenDay={openDay} />
            ) : (
              <CalendarGrid days={range.days} items={visible} conflictIds={conflictIds} now={now} onOpenDay={openDay} />
            )}
          </Paper>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 0.5, mt: 1 }} aria-label="Event types" role="list">
            {typesShown.map((type) => (
              <Box key={type.id} role="listitem">
                <ColourSwatch colour={type.colour} label={type.name} />
              </Box>
            ))}
            {unscheduled > 0 && (
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {unscheduled} without a scheduled start {unscheduled === 1 ? 'is' : 'are'} not shown.
              </Typography>
            )}
          </Box>
        </>
      )}

      <ConflictsPanel open={conflictsOpen} conflicts={conflicts} onClose={() => setConflictsOpen(false)} />
    </>
  );
}
