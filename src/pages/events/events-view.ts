// Over ~250 lines on purpose: every filter of GET /event/ parsed from and written to the URL in one table, so the two directions cannot drift.
/**
 * The events list view lives in the URL (`?state=LIVE_PUBLISHED&channel=News+24&page=2`), so a
 * reload, a shared link and back/forward all show the same list. Parameters at their default
 * are left out; parameters this page does not know are kept as they are.
 *
 * Every filter of GET /event/ has a place here (skipEvents aside: it is for integrations, not
 * people). Dates in the URL are days (`from=2026-11-20`) or a preset (`range=next7`), read in the
 * operator's time zone, so a link means "that day where I am" and a preset stays relative.
 *
 * The default view is what an operator opening the console wants: events from the start of today
 * on, soonest first (the "Today onwards" preset). `range=all` is every event; the filter bar and
 * the active-filter chips say which is in force.
 */
import { EventState, Mp4State, ProvisionState, type EndpointInput, type EventOrderColumn, type EventStateName, type endpoints } from '#schema';
import type { GridSort } from '#components/server-data-grid.tsx';
import { definePagedView, parsePagedView, type PagedView } from '#components/use-paged-view.ts';

export type EventListQueryInput = NonNullable<EndpointInput<typeof endpoints.event.list>['query']>;
export type ProvisionStateName = (typeof ProvisionState.names)[number];
export type Mp4StateName = (typeof Mp4State.names)[number];

/** URL sort names -> the service's orderColumn. The keys are also the grid's column fields. */
export const EVENT_SORT_COLUMNS = {
  title: 'Title',
  state: 'State',
  start: 'DisplayLiveStart',
  end: 'DisplayLiveEnd',
  type: 'EventType',
  room: 'Room',
  channel: 'Channel',
  refId: 'RefId',
} as const satisfies Record<string, EventOrderColumn>;
export type EventSortField = keyof typeof EVENT_SORT_COLUMNS;

export const EVENT_PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_EVENT_PAGE_SIZE = 20;

/**
 * Relative date ranges, on the scheduled start, in whole local days:
 * - `upcoming` (the default): from the start of today on, open-ended;
 * - `today`: today;
 * - `next7`: today and the six days after;
 * - `past7`: the six days before today and today;
 * - `all`: no date limit.
 * `custom` means the `from`/`to` days of the filters.
 */
export const DATE_PRESETS = ['upcoming', 'today', 'next7', 'past7', 'all'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];
export type DateRange = DatePreset | 'custom';

export const DATE_PRESET_LABELS: Record<DatePreset, string> = {
  upcoming: 'Today onwards',
  today: 'Today',
  next7: 'Next 7 days',
  past7: 'Past 7 days',
  all: 'All dates',
};

export interface EventsFilters {
  /** Free text: title, description, reference and external id. '' for none. */
  search: string;
  states: EventStateName[];
  provisionStates: ProvisionStateName[];
  mp4States: Mp4StateName[];
  range: DateRange;
  /** Local days `YYYY-MM-DD`, inclusive; only with range `custom`. */
  from: string | null;
  to: string | null;
  /** Last modified, local days, inclusive. */
  modifiedFrom: string | null;
  modifiedTo: string | null;
  /** Names, as GET /event/ takes them. */
  channel: string | null;
  room: string | null;
  eventType: string | null;
  categories: string[];
  tags: string[];
  noScheduledEnd: boolean;
  containsXflow: boolean;
  clipsOnly: boolean;
}

export type EventsView = PagedView<EventSortField, EventsFilters>;

export const DEFAULT_EVENTS_FILTERS: EventsFilters = {
  search: '',
  states: [],
  provisionStates: [],
  mp4States: [],
  range: 'upcoming',
  from: null,
  to: null,
  modifiedFrom: null,
  modifiedTo: null,
  channel: null,
  room: null,
  eventType: null,
  categories: [],
  tags: [],
  noScheduledEnd: false,
  containsXflow: false,
  clipsOnly: false,
};

/** Soonest first: the service's own order (DisplayLiveStart ascending), said out loud. */
export const DEFAULT_SORT: GridSort<EventSortField> = { field: 'start', direction: 'asc' };

/** The URL parameters of the view, in the order they are written. */
export const PARAM = {
  search: 'search',
  states: 'state',
  provisionStates: 'provision',
  mp4States: 'mp4',
  range: 'range',
  from: 'from',
  to: 'to',
  modifiedFrom: 'modifiedFrom',
  modifiedTo: 'modifiedTo',
  channel: 'channel',
  room: 'room',
  eventType: 'type',
  categories: 'category',
  tags: 'tag',
  noScheduledEnd: 'noEnd',
  containsXflow: 'xflow',
  clipsOnly: 'clips',
} as const satisfies Record<keyof EventsFilters, string>;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A local day `YYYY-MM-DD` that exists in the calendar, else null. */
export function parseDay(value: string | null | undefined): string | null {
  const match = value ? DAY_PATTERN.exec(value) : null;
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d ? value! : null;
}

/** `YYYY-MM-DD` of a date in local time. */
export function dayOf(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Local midnight at the start of `day`, `offset` days later. */
export function startOfDay(day: string | Date, offset = 0): Date {
  const base = typeof day === 'string' ? new Date(`${day}T00:00:00`) : day;
  return new Date(base.getFullYear(), base.getMonth(), base.getDate() + offset);
}

function names<N extends string>(values: readonly string[], known: readonly N[]): N[] {
  const out: N[] = [];
  for (const value of values) {
    const name = known.find((k) => k.toLowerCase() === value.trim().toLowerCase());
    if (name && !out.includes(name)) out.push(name);
  }
  return out;
}

const splitComma = (value: string | null) => (value ? value.split(',').filter((v) => v.trim() !== '') : []);
const flag = (value: string | null) => value === 'true' || value === '1';
const text = (value: string | null) => (value?.trim() ? value.trim() : null);
const unique = (values: string[]) => [...new Set(values.map((v) => v.trim()).filter((v) => v !== ''))];

export function parseEventsFilters(params: URLSearchParams): EventsFilters {
  const from = parseDay(params.get(PARAM.from));
  const to = parseDay(params.get(PARAM.to));
  const preset = params.get(PARAM.range);
  const range: DateRange = from || to ? 'custom' : (DATE_PRESETS as readonly string[]).includes(preset ?? '') ? (preset as DatePreset) : 'upcoming';
  return {
    search: params.get(PARAM.search)?.trim() ?? '',
    states: names(splitComma(params.get(PARAM.states)), EventState.names),
    provisionStates: names(splitComma(params.get(PARAM.provisionStates)), ProvisionState.names),
    mp4States: names(splitComma(params.get(PARAM.mp4States)), Mp4State.names),
    range,
    from,
    to,
    modifiedFrom: parseDay(params.get(PARAM.modifiedFrom)),
    modifiedTo: parseDay(params.get(PARAM.modifiedTo)),
    channel: text(params.get(PARAM.channel)),
    room: text(params.get(PARAM.room)),
    eventType: text(params.get(PARAM.eventType)),
    categories: unique(params.getAll(PARAM.categories)),
    tags: unique(params.getAll(PARAM.tags)),
    noScheduledEnd: flag(params.get(PARAM.noScheduledEnd)),
    containsXflow: flag(params.get(PARAM.containsXflow)),
    clipsOnly: flag(params.get(PARAM.clipsOnly)),
  };
}

/** Writes the filters into `next` (a copy the caller owns), removing those at their default. */
export function writeEventsFilters(filters: EventsFilters, next: URLSearchParams): URLSearchParams {
  const set = (name: string, value: string | null) => (value === null || value === '' ? next.delete(name) : next.set(name, value));
  const setAll = (name: string, values: readonly string[]) => {
    next.delete(name);
    for (const value of values) next.append(name, value);
  };
  set(PARAM.search, filters.search.trim() || null);
  set(PARAM.states, filters.states.join(',') || null);
  set(PARAM.provisionStates, filters.provisionStates.join(',') || null);
  set(PARAM.mp4States, filters.mp4States.join(',') || null);
  const custom = filters.range === 'custom' && (filters.from !== null || filters.to !== null);
  set(PARAM.range, custom || filters.range === 'upcoming' || filters.range === 'custom' ? null : filters.range);
  set(PARAM.from, custom ? filters.from : null);
  set(PARAM.to, custom ? filters.to : null);
  set(PARAM.modifiedFrom, filters.modifiedFrom);
  set(PARAM.modifiedTo, filters.modifiedTo);
  set(PARAM.channel, filters.channel);
  set(PARAM.room, filters.room);
  set(PARAM.eventType, filters.eventType);
  setAll(PARAM.categories, filters.categories);
  setAll(PARAM.tags, filters.tags);
  set(PARAM.noScheduledEnd, filters.noScheduledEnd ? 'true' : null);
  set(PARAM.containsXflow, filters.containsXflow ? 'true' : null);
  set(PARAM.clipsOnly, filters.clipsOnly ? 'true' : null);
  return next;
}

/**
 * The events list's view: `usePagedView(EVENTS_VIEW)`. A range other than `custom` drops the
 * custom days.
 */
export const EVENTS_VIEW = definePagedView<EventSortField, EventsFilters>({
  pageSizes: EVENT_PAGE_SIZES,
  defaultPageSize: DEFAULT_EVENT_PAGE_SIZE,
  sortFields: Object.keys(EVENT_SORT_COLUMNS) as EventSortField[],
  defaultSort: DEFAULT_SORT,
  filters: {
    parse: parseEventsFilters,
    write: writeEventsFilters,
    patch: (filters, patch) => {
      const next = { ...filters, ...patch };
      if (patch.range !== undefined && patch.range !== 'custom') {
        next.from = null;
        next.to = null;
      }
      return next;
    },
  },
});

export const DEFAULT_EVENTS_VIEW: EventsView = parsePagedView(new URLSearchParams(), EVENTS_VIEW);

/** The scheduled-start window of a range, as instants; open ends are undefined. */
export function rangeBounds(filters: Pick<EventsFilters, 'range' | 'from' | 'to'>, now: Date = new Date()): { from?: Date; to?: Date } {
  const today = startOfDay(now);
  const endOf = (day: Date, days: number) => new Date(startOfDay(day, days).getTime() - 1);
  switch (filters.range) {
    case 'upcoming':
      return { from: today };
    case 'today':
      return { from: today, to: endOf(today, 1) };
    case 'next7':
      return { from: today, to: endOf(today, 7) };
    case 'past7':
      return { from: startOfDay(today, -6), to: endOf(today, 1) };
    case 'all':
      return {};
    case 'custom':
      return {
        from: filters.from ? startOfDay(filters.from) : undefined,
        to: filters.to ? endOf(startOfDay(filters.to), 1) : undefined,
      };
  }
}

/** The filter part of a GET /event/ query (no paging, no order). `now` anchors the presets. */
export function filtersToQuery(filters: EventsFilters, now: Date = new Date()): EventListQueryInput {
  const { from, to } = rangeBounds(filters, now);
  const query: EventListQueryInput = {};
  if (from) query.from = from.toISOString();
  if (to) query.to = to.toISOString();
  if (filters.modifiedFrom) query.fromModified = startOfDay(filters.modifiedFrom).toISOString();
  if (filters.modifiedTo) query.toModified = new Date(startOfDay(filters.modifiedTo, 1).getTime() - 1).toISOString();
  if (filters.search.trim()) query.search = filters.search.trim();
  if (filters.states.length) query.eventState = filters.states.join(',');
  if (filters.provisionStates.length) query.provisionState = filters.provisionStates.join(',');
  if (filters.mp4States.length) query.mp4State = filters.mp4States.join(',');
  if (filters.channel) query.channel = filters.channel;
  if (filters.room) query.room = filters.room;
  if (filters.eventType) query.eventType = filters.eventType;
  if (filters.categories.length) query.category = [...filters.categories];
  if (filters.tags.length) query.tags = filters.tags.join(',');
  if (filters.noScheduledEnd) query.noScheduledEnd = true;
  if (filters.containsXflow) query.containsXflow = true;
  if (filters.clipsOnly) query.clipsOnly = true;
  return query;
}

/** The GET /event/ query for a view. */
export function eventsViewToQuery(view: EventsView, now: Date = new Date()): EventListQueryInput {
  return {
    ...filtersToQuery(view.filters, now),
    pageNumber: view.page,
    pageSize: view.pageSize,
    orderColumn: EVENT_SORT_COLUMNS[(view.sort ?? DEFAULT_SORT).field],
    order: view.sort?.direction === 'desc' ? 'DESC' : 'ASC',
  };
}

export function sameFilters(a: EventsFilters, b: EventsFilters): boolean {
  return writeEventsFilters(a, new URLSearchParams()).toString() === writeEventsFilters(b, new URLSearchParams()).toString();
}

