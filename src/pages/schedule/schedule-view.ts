/**
 * The schedule's view in the URL: `?mode=timeline&zoom=6h&date=2026-11-24`, `?view=month`. The
 * date is a local day (the operator's); at its default (today) it is left out, so a bookmark of
 * the schedule always opens on the current day. Unknown parameters are kept.
 */
import { useCallback, useMemo } from 'react';
import { dayOf, parseDay, startOfDay } from '#pages/events/index.ts';
import { useUrlParams } from '#components/use-url-params.ts';

export const SCHEDULE_MODES = ['calendar', 'timeline'] as const;
export type ScheduleMode = (typeof SCHEDULE_MODES)[number];
export const CALENDAR_VIEWS = ['day', 'week', 'month'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** How much of the timeline fits the screen's width: from a few hours (detail) to a week (overview). */
export const TIMELINE_ZOOMS = ['3h', '6h', '12h', '1d', '3d', '7d'] as const;
export type TimelineZoom = (typeof TIMELINE_ZOOMS)[number];
export const ZOOM_HOURS: Record<TimelineZoom, number> = { '3h': 3, '6h': 6, '12h': 12, '1d': 24, '3d': 72, '7d': 168 };

export interface ScheduleView {
  mode: ScheduleMode;
  view: CalendarView;
  zoom: TimelineZoom;
  /** Local day `YYYY-MM-DD`; null = today. */
  date: string | null;
}

export const DEFAULT_SCHEDULE_VIEW: ScheduleView = { mode: 'calendar', view: 'week', zoom: '12h', date: null };

const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  (allowed as readonly string[]).includes(value ?? '') ? (value as T) : fallback;

export function parseScheduleView(params: URLSearchParams): ScheduleView {
  return {
    mode: pick(params.get('mode'), SCHEDULE_MODES, DEFAULT_SCHEDULE_VIEW.mode),
    view: pick(params.get('view'), CALENDAR_VIEWS, DEFAULT_SCHEDULE_VIEW.view),
    zoom: pick(params.get('zoom'), TIMELINE_ZOOMS, DEFAULT_SCHEDULE_VIEW.zoom),
    date: parseDay(params.get('date')),
  };
}

export function writeScheduleView(view: ScheduleView, current: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (name: string, value: string | null) => (value === null ? next.delete(name) : next.set(name, value));
  set('mode', view.mode === DEFAULT_SCHEDULE_VIEW.mode ? null : view.mode);
  set('view', view.view === DEFAULT_SCHEDULE_VIEW.view ? null : view.view);
  set('zoom', view.zoom === DEFAULT_SCHEDULE_VIEW.zoom ? null : view.zoom);
  set('date', view.date);
  return next;
}

/** The anchor day as a local midnight. */
export function anchorOf(view: Pick<ScheduleView, 'date'>, now: Date = new Date()): Date {
  return startOfDay(view.date ?? now);
}

/** Monday at the start of the week holding `day` (operations schedules run Monday to Sunday). */
export function startOfWeek(day: Date): Date {
  const offset = (day.getDay() + 6) % 7;
  return startOfDay(day, -offset);
}

export interface VisibleRange {
  start: Date;
  /** Exclusive. */
  end: Date;
  /** The days shown, each a local midnight (calendar views). */
  days: Date[];
}

/** The days a calendar view shows: one, a Monday-to-Sunday week, or the whole weeks of a month. */
export function calendarRange(view: CalendarView, anchor: Date): VisibleRange {
  let start: Date;
  let count: number;
  if (view === 'day') {
    start = startOfDay(anchor);
    count = 1;
  } else if (view === 'week') {
    start = startOfWeek(anchor);
    count = 7;
  } else {
    const first = new Date(anchor.getFullYear(), anchor.getMonth(), 1);
    const last = new Date(anchor.getFullYear(), anchor.getMonth() + 1, 0);
    start = startOfWeek(first);
    const end = startOfDay(startOfWeek(last), 7);
    count = Math.round((end.getTime() - start.getTime()) / 86_400_000);
  }
  const days = Array.from({ length: count }, (_, i) => startOfDay(start, i));
  return { start, end: startOfDay(start, count), days };
}

/**
 * The timeline covers whole days from the anchor: one day when the zoom is a day or less (the
 * rest is a scroll away), else the zoom's span.
 */
export function timelineRange(zoom: TimelineZoom, anchor: Date): VisibleRange {
  const count = Math.max(1, Math.ceil(ZOOM_HOURS[zoom] / 24));
  const start = startOfDay(anchor);
  return { start, end: startOfDay(start, count), days: Array.from({ length: count }, (_, i) => startOfDay(start, i)) };
}

export function visibleRange(view: ScheduleView, now: Date = new Date()): VisibleRange {
  const anchor = anchorOf(view, now);
  return view.mode === 'timeline' ? timelineRange(view.zoom, anchor) : calendarRange(view.view, anchor);
}

/** The anchor moved by one period of the view (a day, a week, a month, or the timeline's span). */
export function step(view: ScheduleView, direction: 1 | -1, now: Date = new Date()): string {
  const anchor = anchorOf(view, now);
  if (view.mode === 'timeline') return dayOf(startOfDay(anchor, direction * timelineRange(view.zoom, anchor).days.length));
  if (view.view === 'day') return dayOf(startOfDay(anchor, direction));
  if (view.view === 'week') return dayOf(startOfDay(anchor, direction * 7));
  return dayOf(new Date(anchor.getFullYear(), anchor.getMonth() + direction, 1));
}

/** The view in the URL and a setter (a history entry per change, so Back returns). */
export function useScheduleView(): [ScheduleView, (patch: Partial<ScheduleView>) => void] {
  const [params, setParams] = useUrlParams();
  const view = useMemo(() => parseScheduleView(params), [params]);
  const update = useCallback(
    (patch: Partial<ScheduleView>) => {
      setParams((current) => {
        const next = { ...parseScheduleView(current), ...patch };
        if (next.date === dayOf(new Date())) next.date = null;
        return writeScheduleView(next, current);
      });
    },
    [setParams],
  );
  return [view, update];
}
