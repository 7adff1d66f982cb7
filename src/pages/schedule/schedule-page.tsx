// Over ~250 lines on purpose: the page holds the schedule's toolbar (mode, view, zoom, date, conflicts) and its one query over the visible range; the calendars, the timeline and the conflicts panel live apart.
/**
 * Schedule: the events of a day, a week or a month as a calendar coloured by event type, or as a
 * channel timeline (a lane per channel). Events that overlap on one channel are conflicts: striped
 * where they are, counted in the toolbar, listed on demand. Mode, view, zoom and date are in the
 * URL; only the visible range is asked of the service.
 */
import { useDeferredValue, useMemo, useState } from 'react';
import Typography from '@mui/material/Typography';
import { VisuallyHidden, visuallyHidden } from '#components/visually-hidden.tsx';
import { useUrlParams } from '#components/use-url-params.ts';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import { Tooltip } from '#components/tooltip.tsx';
import RefreshIcon from '@mui/icons-material/Refresh';
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
import { anchorOf, step, TIMELINE_ZOOMS, useScheduleView, visibleRange, type CalendarView, type ScheduleView } from './schedule-view.ts';
import { ScheduleToolbar } from './schedule-toolbar.tsx';
import { useReschedule } from './use-reschedule.tsx';
import { describeClashes, describePlacement } from './placement-words.ts';
import { MOVE_HELP, MOVE_HELP_ID } from './move-help.ts';
import { pinnedIds } from './pinned.ts';
import { useLiveHealth } from './use-live-health.ts';
import { useScheduleEvents } from './use-schedule-events.ts';
import { ConflictsPanel } from './conflicts-panel.tsx';

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
  // The events drawn: a week of them is a render of 100-200 ms. Deferred, React draws them in a
  // transition, in slices with the browser free between them, rather than in one task as the
  // answer arrives: the browser bench's longest task before the first event 82-133 against
  // 172-203 ms, for the first event ~50 ms later (the slices' yields and one more render).
  const data = useDeferredValue(schedule.data);
  const channels = useQuery({ ...api.channel.list.queryOptions({}), staleTime: 60_000, retry: false });
  const eventTypes = useQuery({ ...api.eventType.list.queryOptions({}), staleTime: 60_000, retry: false });

  const nowMinute = Math.floor(now.getTime() / 60_000);
  const { items, unscheduled } = useMemo(
    () => toScheduleItems(data?.events ?? [], new Date(nowMinute * 60_000)),
    [data, nowMinute],
  );
  const channelIds = useMemo(() => new Map((channels.data ?? []).map((c) => [c.name.toLowerCase(), c.id])), [channels.data]);
  const { reschedule, shown, dialog } = useReschedule(items, channelIds);
  const visible = useMemo(() => within(shown, range.start, range.end), [shown, range]);
  const [params] = useUrlParams();
  const selected = params.get('event');
  const health = useLiveHealth(visible.some((item) => item.live));
  const pinned = useMemo(() => pinnedIds(visible, now, [selected, reschedule.lastMoved]), [visible, now, selected, reschedule.lastMoved]);
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
  const subtitle = data
    ? `${count.toLocaleString()} ${count === 1 ? 'event' : 'events'}${conflicts.length ? ` · ${conflicts.length} ${conflicts.length === 1 ? 'conflict' : 'conflicts'}` : ''}${schedule.isFetching ? ' · refreshing…' : ''}`
    : (schedule.isPending || schedule.data) && !schedule.error
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

      <ScheduleToolbar
        view={view}
        setView={setView}
        setCalendar={setCalendar}
        go={go}
        isToday={isToday}
        title={periodTitle(view, range.days, anchor)}
        conflicts={conflicts.length}
        loaded={Boolean(data)}
        onOpenConflicts={() => setConflictsOpen(true)}
      />

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
          {data?.truncated && (
            <Alert severity="warning" sx={{ mb: 1 }}>
              Showing the first {data.events.length.toLocaleString()} of {data.totalCount.toLocaleString()} events in this range: choose a shorter
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
              <ChannelTimeline start={range.start} end={timelineEnd} zoom={view.zoom} items={visible} channels={channelNames} conflictIds={conflictIds} now={now} reschedule={reschedule} health={health} />
            ) : view.view === 'month' ? (
              <CalendarMonth days={range.days} month={anchor} items={visible} conflictIds={conflictIds} now={now} onOpenDay={openDay} />
            ) : (
              <CalendarGrid days={range.days} items={visible} conflictIds={conflictIds} now={now} onOpenDay={openDay} pinned={pinned} reschedule={reschedule} health={health} />
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
      {dialog}
      <VisuallyHidden id={MOVE_HELP_ID}>{MOVE_HELP}</VisuallyHidden>
      <Box aria-live="assertive" sx={visuallyHidden}>
        {reschedule.preview &&
          `${reschedule.preview.item.title}: ${describePlacement(reschedule.preview.placement)}${reschedule.preview.clashes.length ? `, clashes with ${describeClashes(reschedule.preview.clashes)}` : ''}`}
      </Box>
    </>
  );
}
