/**
 * The lists the event form's pickers choose from, each through `api`. A list that fails (or an
 * operation this service does not offer, 501) leaves its picker usable with the current value.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '#app/api.ts';
import type { SelectOption } from '#components/form/select-field.tsx';

/** Lookups change rarely; a minute is fresh enough and keeps tab switches quiet. */
const LOOKUP_STALE_MS = 60_000;

export interface Lookup {
  options: SelectOption[];
  loading: boolean;
  /** Why the list is missing, in words; undefined when it loaded. */
  error?: string;
}

/** The service does not offer the operation (yet): 501. */
export function notOffered(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: number }).status === 501;
}

function describe(error: { status?: number } | null, what: string): string | undefined {
  if (!error) return undefined;
  if (error.status === 501) return `This service does not list ${what}; the current choice is kept.`;
  return `Could not load the ${what}; the current choice is kept.`;
}

function lookup<T>(query: { data: T[] | undefined; isPending: boolean; error: { status?: number } | null }, what: string, toOption: (item: T) => SelectOption): Lookup {
  const options = (query.data ?? []).map(toOption).sort((a, b) => a.label.localeCompare(b.label));
  return { options, loading: query.isPending && !query.error, error: describe(query.error, what) };
}

const named = (item: { id: string; name: string; referenceId?: string | null }): SelectOption => ({
  value: item.id,
  label: item.name,
  hint: item.referenceId ? `Ref ${item.referenceId}` : undefined,
});

export function useEventLookups() {
  const options = { staleTime: LOOKUP_STALE_MS, retry: false } as const;
  const channels = useQuery({ ...api.channel.list.queryOptions({}), ...options });
  const xflows = useQuery({ ...api.xflow.list.queryOptions({}), ...options });
  // Archiver flows are optional: a service without them answers 501. That answer is kept for the
  // session (not asked again on every event page) and shown as "not offered", never as an error.
  const archiverflows = useQuery({
    ...api.archiverflow.list.queryOptions({}),
    ...options,
    staleTime: (query) => (notOffered(query.state.error) ? Infinity : LOOKUP_STALE_MS),
    gcTime: Infinity,
    refetchOnWindowFocus: false,
  });
  const profiles = useQuery({ ...api.infrastructureProfile.list.queryOptions({}), ...options });
  const rooms = useQuery({ ...api.room.list.queryOptions({}), ...options });
  const eventTypes = useQuery({ ...api.eventType.list.queryOptions({}), ...options });
  const categories = useQuery({ ...api.category.list.queryOptions({}), ...options });
  const tags = useQuery({ ...api.tag.list.queryOptions({}), ...options });
  return {
    channels: lookup(channels, 'channels', named),
    xflows: lookup(xflows, 'workflows', (x) => ({ value: x.id, label: x.name })),
    archiverflows: { ...lookup(archiverflows, 'archiver flows', (x) => ({ value: x.id, label: x.name })), offered: !notOffered(archiverflows.error) },
    infrastructureProfiles: lookup(profiles, 'infrastructure profiles', named),
    rooms: lookup(rooms, 'rooms', named),
    eventTypes: {
      ...lookup(eventTypes, 'event types', named),
      colours: new Map((eventTypes.data ?? []).map((t) => [t.id, t.colour])),
    },
    categories: lookup(categories, 'categories', (c) => ({ value: c.id, label: c.label || c.name, hint: c.description ?? undefined })),
    tags: { names: (tags.data ?? []).map((t) => t.name).sort((a, b) => a.localeCompare(b)), all: tags.data ?? [], loading: tags.isPending && !tags.error },
  };
}

export type EventLookups = ReturnType<typeof useEventLookups>;
