/**
 * The names the filters choose from (GET /event/ filters by name): channels, rooms, event types
 * (with their colours, for the schedule), categories (by label) and tags. A list that fails leaves
 * its picker usable: the current value stays, and free text is accepted where the service takes it.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { EventType } from '#schema';
import { api } from '#app/api.ts';

/** Lookups change rarely; a minute is fresh enough and keeps tab switches quiet. */
const LOOKUP_STALE_MS = 60_000;
const options = { staleTime: LOOKUP_STALE_MS, retry: false } as const;

// One collator for every comparison: localeCompare with options builds one per call (9 ms of the
// events list's first load sorting the lookups, bench `browser` trace).
const byName = new Intl.Collator(undefined, { sensitivity: 'base' }).compare;

export interface FilterLookups {
  channels: string[];
  rooms: string[];
  eventTypes: EventType[];
  categories: string[];
  tags: string[];
  loading: boolean;
}

export function useFilterLookups(): FilterLookups {
  const channels = useQuery({ ...api.channel.list.queryOptions({}), ...options });
  const rooms = useQuery({ ...api.room.list.queryOptions({}), ...options });
  const eventTypes = useQuery({ ...api.eventType.list.queryOptions({}), ...options });
  const categories = useQuery({ ...api.category.list.queryOptions({}), ...options });
  const tags = useQuery({ ...api.tag.list.queryOptions({}), ...options });
  const loading = [channels, rooms, eventTypes, categories, tags].some((q) => q.isPending && !q.error);
  // One object per change of a list: the filter bar is redrawn only when one changes.
  return useMemo(
    () => ({
      channels: (channels.data ?? []).map((c) => c.name).sort(byName),
      rooms: (rooms.data ?? []).map((r) => r.name).sort(byName),
      eventTypes: [...(eventTypes.data ?? [])].sort((a, b) => byName(a.name, b.name)),
      // The filter matches a category by name or label; the label is what people read.
      categories: (categories.data ?? []).map((c) => c.label || c.name).sort(byName),
      tags: (tags.data ?? []).map((t) => t.name).sort(byName),
      loading,
    }),
    [channels.data, rooms.data, eventTypes.data, categories.data, tags.data, loading],
  );
}
