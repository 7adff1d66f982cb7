/** The publication monitor's view in the URL: its filters, server paging, and the query they make. */
import { DestinationTarget, isGuid } from '#schema';
import { definePagedView, setParam } from '#components/use-paged-view.ts';
import type { StateGroup } from './targets.tsx';

export const GROUPS: StateGroup[] = ['Failed', 'Processing', 'Scheduled', 'InProgress', 'Completed'];
export 
/** A datetime-local value (local time, no zone) as ISO, or undefined. */
function localToIso(value: string | null): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

export interface MonitorFilters {
  kind: 'live' | 'vod' | null;
  states: StateGroup[];
  target: string | null;
  destination: string | null;
  event: string | null;
  q: string;
  from: string | null;
  to: string | null;
}

/** The monitor's view in the URL: server paging (no sort: failed first, as the service orders it) and the filters. */
export const MONITOR_VIEW = definePagedView<never, MonitorFilters>({
  pageSizes: [25, 50, 100],
  defaultPageSize: 50,
  filters: {
    parse: (params) => {
      const kind = params.get('kind');
      const target = params.get('target');
      const destination = params.get('destination');
      const event = params.get('event');
      return {
        kind: kind === 'live' || kind === 'vod' ? kind : null,
        states: (params.get('states') ?? '').split(',').filter((s): s is StateGroup => (GROUPS as string[]).includes(s)),
        target: target && (DestinationTarget.names as readonly string[]).includes(target) ? target : null,
        destination: destination && isGuid(destination) ? destination : null,
        event: event && isGuid(event) ? event : null,
        q: params.get('q') ?? '',
        from: params.get('from'),
        to: params.get('to'),
      };
    },
    write: (filters, next) => {
      setParam(next, 'kind', filters.kind);
      setParam(next, 'states', filters.states.join(','));
      setParam(next, 'target', filters.target);
      setParam(next, 'destination', filters.destination);
      setParam(next, 'event', filters.event);
      setParam(next, 'q', filters.q);
      setParam(next, 'from', filters.from);
      setParam(next, 'to', filters.to);
    },
  },
});

/** The monitor's query for a view (`q`, the content id, already debounced). */
export function monitorQuery(view: MonitorFilters, q: string, page: number, pageSize: number) {
  return { ...monitorFilterQuery(view, q), pageNumber: page, pageSize };
}

/** The filters of the monitor's query, without paging (its CSV export). */
export function monitorFilterQuery(view: MonitorFilters, q: string) {
  return {
    ...(view.kind ? { kind: view.kind } : {}),
    ...(view.states.length > 0 ? { states: view.states.join(',') } : {}),
    ...(view.target ? { targetFilter: view.target } : {}),
    ...(view.destination ? { destinationId: view.destination } : {}),
    ...(view.event ? { eventId: view.event } : {}),
    ...(q ? { contentIdFilter: q } : {}),
    ...(localToIso(view.from) ? { from: localToIso(view.from) } : {}),
    ...(localToIso(view.to) ? { to: localToIso(view.to) } : {}),
  };
}
