/**
 * What the filter bar, the active-filter chips and the status strip say and do, as data: state
 * families for the state picker, a chip per active filter (with what removing it changes), and
 * the status tiles with the filter each one applies.
 */
import { EVENT_STATUS_GROUPS, EventState, type EventStateName, type EventStatusGroup } from '#schema';
import type { StateTone } from '#app/theme.ts';
import { eventStateInfo } from '#components/event-state.ts';
import {
  DATE_PRESET_LABELS,
  DEFAULT_EVENTS_FILTERS,
  sameFilters,
  type EventsFilters,
  type Mp4StateName,
  type ProvisionStateName,
} from './events-view.ts';

export interface StateFamily {
  tone: StateTone;
  label: string;
  states: EventStateName[];
}

const FAMILY_LABELS: Record<StateTone, string> = {
  live: 'Live',
  transition: 'Starting, stopping, processing',
  upcoming: 'Waiting',
  vod: 'On demand',
  instantVod: 'Instant VOD',
  neutral: 'Stopped',
  error: 'Failed',
};
const FAMILY_ORDER: readonly StateTone[] = ['live', 'transition', 'upcoming', 'instantVod', 'vod', 'neutral', 'error'];

/** Every event state, grouped by the family its chip is coloured by, live first. */
export const STATE_FAMILIES: readonly StateFamily[] = FAMILY_ORDER.map((tone) => ({
  tone,
  label: FAMILY_LABELS[tone],
  states: EventState.names.filter((name) => eventStateInfo(name).tone === tone),
}));

export const PROVISION_STATE_LABELS: Record<ProvisionStateName, string> = {
  SCHEDULED: 'Scheduled',
  PROVISIONING: 'Provisioning',
  PROVISIONING_FAILED: 'Provisioning failed',
  PROVISIONED: 'Provisioned',
  PROVISIONED_PARTIAL: 'Partly provisioned',
  TERMINATING: 'Terminating',
  TERMINATING_FAILED: 'Terminating failed',
  TERMINATED: 'Terminated',
};

export const MP4_STATE_LABELS: Record<Mp4StateName, string> = {
  NONE: 'None',
  AVAILABLE: 'Available',
  GENERATING: 'Generating',
  FAILED: 'Failed',
};

export interface FilterChip {
  /** Stable per chip, for React keys and tests. */
  key: string;
  label: string;
  /** The change that removes just this filter. */
  remove: Partial<EventsFilters>;
}

const formatDay = (day: string) =>
  new Date(`${day}T00:00:00`).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

function dayRange(from: string | null, to: string | null): string {
  if (from && to) return from === to ? formatDay(from) : `${formatDay(from)} – ${formatDay(to)}`;
  if (from) return `from ${formatDay(from)}`;
  return `until ${formatDay(to!)}`;
}

/** A label for a list of names: "Live (published)", "Live (published) +2". */
function listLabel(labels: string[]): string {
  return labels.length <= 2 ? labels.join(', ') : `${labels[0]} +${labels.length - 1}`;
}

/**
 * One chip per active filter. The default date range (today onwards) shows too, so the operator
 * sees why older events are missing and can drop it in one click (it becomes "All dates").
 */
export function activeFilterChips(filters: EventsFilters): FilterChip[] {
  const chips: FilterChip[] = [];
  if (filters.search) chips.push({ key: 'search', label: `Text: “${filters.search}”`, remove: { search: '' } });
  if (filters.range === 'custom' && (filters.from || filters.to)) {
    chips.push({ key: 'range', label: `Starts ${dayRange(filters.from, filters.to)}`, remove: { range: 'all' } });
  } else if (filters.range !== 'all' && filters.range !== 'custom') {
    chips.push({ key: 'range', label: `Starts: ${DATE_PRESET_LABELS[filters.range].toLowerCase()}`, remove: { range: 'all' } });
  }
  if (filters.states.length) {
    chips.push({ key: 'states', label: `State: ${listLabel(filters.states.map((s) => eventStateInfo(s).label))}`, remove: { states: [] } });
  }
  if (filters.provisionStates.length) {
    chips.push({
      key: 'provisionStates',
      label: `Infrastructure: ${listLabel(filters.provisionStates.map((s) => PROVISION_STATE_LABELS[s]))}`,
      remove: { provisionStates: [] },
    });
  }
  if (filters.mp4States.length) {
    chips.push({ key: 'mp4States', label: `MP4: ${listLabel(filters.mp4States.map((s) => MP4_STATE_LABELS[s]))}`, remove: { mp4States: [] } });
  }
  if (filters.channel) chips.push({ key: 'channel', label: `Channel: ${filters.channel}`, remove: { channel: null } });
  if (filters.room) chips.push({ key: 'room', label: `Room: ${filters.room}`, remove: { room: null } });
  if (filters.eventType) chips.push({ key: 'eventType', label: `Type: ${filters.eventType}`, remove: { eventType: null } });
  for (const category of filters.categories) {
    chips.push({ key: `category:${category}`, label: `Category: ${category}`, remove: { categories: filters.categories.filter((c) => c !== category) } });
  }
  for (const tag of filters.tags) {
    chips.push({ key: `tag:${tag}`, label: `Tag: ${tag}`, remove: { tags: filters.tags.filter((t) => t !== tag) } });
  }
  if (filters.modifiedFrom || filters.modifiedTo) {
    chips.push({ key: 'modified', label: `Changed ${dayRange(filters.modifiedFrom, filters.modifiedTo)}`, remove: { modifiedFrom: null, modifiedTo: null } });
  }
  if (filters.noScheduledEnd) chips.push({ key: 'noScheduledEnd', label: 'No scheduled end', remove: { noScheduledEnd: false } });
  if (filters.containsXflow) chips.push({ key: 'containsXflow', label: 'Has an xflow', remove: { containsXflow: false } });
  if (filters.clipsOnly) chips.push({ key: 'clipsOnly', label: 'Clips only', remove: { clipsOnly: false } });
  return chips;
}

/** "Clear all": every filter off, including the date range (every event). */
export const CLEARED_FILTERS: EventsFilters = { ...DEFAULT_EVENTS_FILTERS, range: 'all' };

export interface StatusTile {
  id: EventStatusGroup;
  label: string;
  description: string;
  tone: StateTone;
  /** The whole filter the tile applies (other filters are cleared). */
  filters: EventsFilters;
}

/** A status of EVENT_STATUS_GROUPS (#schema) as the list's filter: the service counts it with the same filter. */
function statusFilters(id: EventStatusGroup): EventsFilters {
  const group: { states?: readonly EventStateName[]; provisionStates?: readonly ProvisionStateName[]; inRange?: true } = EVENT_STATUS_GROUPS[id];
  return {
    ...CLEARED_FILTERS,
    states: [...(group.states ?? [])],
    provisionStates: [...(group.provisionStates ?? [])],
    range: group.inRange ? 'today' : 'all',
  };
}

const tile = (id: EventStatusGroup, label: string, description: string, tone: StateTone): StatusTile => ({ id, label, description, tone, filters: statusFilters(id) });

/**
 * The status strip, counted in one request (GET /event/statuscounts/). A union such as "any error
 * state OR a failed provisioning" cannot be one GET /event/ query (its filters combine with AND),
 * so failed processing and failed infrastructure are two tiles: each count is then exactly what
 * its click shows.
 */
export const STATUS_TILES: readonly StatusTile[] = [
  tile('live', 'Live now', 'Streaming, published or not', 'live'),
  tile('transition', 'Starting / stopping', 'The encoder is starting or stopping', 'transition'),
  tile('upcoming', 'Upcoming today', 'Scheduled today and waiting to start', 'upcoming'),
  tile('failed', 'Failed', 'VOD, remix or composition processing failed', 'error'),
  tile('provisioning', 'Infrastructure failed', 'Provisioning or terminating the infrastructure failed', 'error'),
  tile('suspended', 'Suspended', 'Paused; the publishing point is kept', 'transition'),
];

/** The tile whose filter is exactly the current one, if any (it shows as pressed). */
export function activeTile(filters: EventsFilters): StatusTile | undefined {
  return STATUS_TILES.find((tile) => sameFilters(tile.filters, filters));
}
