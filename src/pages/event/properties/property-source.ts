/**
 * Where an editable property table gets and puts its rows: the custom properties of an event, or
 * those of a chapter point. Both keep one value per (category, key); the table does not need to
 * know which it shows.
 *
 * Writes put the service's answer into the cached list at once (so a saved row never blinks out
 * while the list refreshes), then the mutation's own invalidation refreshes everything that
 * embeds properties.
 */
import { useCallback, useMemo } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryKey, type UseQueryResult } from '@tanstack/react-query';
import { api } from '#app/api.ts';
import { describeApiError } from '#app/api-errors.ts';
import { useConnection } from '#app/connection-context.tsx';
import { resolveBaseUrl } from '#app/connection.ts';

/** A failure in words, naming the service it came from. */
export function useDescribeError(): (error: unknown) => string {
  const connection = useConnection();
  const serviceUrl = resolveBaseUrl(connection.baseUrl);
  return useCallback((error: unknown) => describeApiError(error, { serviceUrl }).message, [serviceUrl]);
}

export interface PropertyRow {
  id: string;
  category: string;
  key: string;
  value: string;
}

export interface PropertyInput {
  /** The property to update; without it the (category, key) pair decides: updated when it exists, added otherwise. */
  id?: string | null;
  category: string;
  key: string;
  value: string;
}

export interface PropertySource {
  /** Identifies the owner: order, selection and drafts start over when it changes. */
  scope: string;
  /** "this event", "this chapter point": for sentences. */
  owner: string;
  query: UseQueryResult<PropertyRow[]>;
  /** Adds or updates one property; answers it as saved. */
  save(input: PropertyInput): Promise<PropertyRow>;
  /** Adds or updates several in one call, all or nothing; answers them in request order. */
  saveMany(inputs: readonly PropertyInput[]): Promise<PropertyRow[]>;
  remove(id: string): Promise<void>;
  /** Deletes every property of the owner in one call. */
  removeAll(): Promise<void>;
  /** The owner's properties as they are now (not from the cache). */
  fetchFresh(): Promise<PropertyRow[]>;
  /** Shows this complete list, which a write answered (a clone answers the target's properties), until the refresh. */
  showAll(rows: readonly PropertyRow[]): void;
}

function mergeInto(queryClient: ReturnType<typeof useQueryClient>, key: QueryKey, saved: readonly PropertyRow[]): void {
  queryClient.setQueryData<PropertyRow[]>(key, (old) => {
    if (!old) return old;
    const byId = new Map(saved.map((p) => [p.id, p]));
    const kept = old.map((p) => byId.get(p.id) ?? p);
    const known = new Set(old.map((p) => p.id));
    return [...kept, ...saved.filter((p) => !known.has(p.id))];
  });
}

function dropFrom(queryClient: ReturnType<typeof useQueryClient>, key: QueryKey, ids: readonly string[] | 'all'): void {
  queryClient.setQueryData<PropertyRow[]>(key, (old) => (old && ids !== 'all' ? old.filter((p) => !ids.includes(p.id)) : old && []));
}

export function useEventPropertySource(eventId: string): PropertySource {
  const queryClient = useQueryClient();
  const options = api.customProperty.list.queryOptions({ query: { eventId } });
  const query = useQuery(options);
  const upsert = useMutation(api.customProperty.upsert.mutationOptions());
  const bulk = useMutation(api.customProperty.bulkUpsert.mutationOptions());
  const remove = useMutation(api.customProperty.delete.mutationOptions());
  const removeAll = useMutation(api.customProperty.deleteMany.mutationOptions());
  const key = options.queryKey;
  return useMemo<PropertySource>(
    () => ({
      scope: `event:${eventId}`,
      owner: 'this event',
      query,
      save: async (input) => {
        const saved = await upsert.mutateAsync({
          body: { customPropertyId: input.id ?? null, eventId, category: input.category, key: input.key, value: input.value },
        });
        mergeInto(queryClient, key, [saved]);
        return saved;
      },
      saveMany: async (inputs) => {
        const saved = await bulk.mutateAsync({ params: { id: eventId }, body: inputs.map((i) => ({ id: i.id ?? null, category: i.category, key: i.key, value: i.value })) });
        mergeInto(queryClient, key, saved);
        return saved;
      },
      remove: async (id) => {
        await remove.mutateAsync({ params: { id } });
        dropFrom(queryClient, key, [id]);
      },
      removeAll: async () => {
        await removeAll.mutateAsync({ query: { eventId } });
        dropFrom(queryClient, key, 'all');
      },
      fetchFresh: () => api.customProperty.list.call({ query: { eventId } }),
      showAll: (rows) => queryClient.setQueryData<PropertyRow[]>(key, [...rows]),
    }),
    // The mutation objects change on every state change; their mutateAsync are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [eventId, query, queryClient, upsert.mutateAsync, bulk.mutateAsync, remove.mutateAsync, removeAll.mutateAsync],
  );
}

export function useChapterPointPropertySource(chapterPointId: string): PropertySource {
  const queryClient = useQueryClient();
  const options = api.chapterPointCustomProperty.list.queryOptions({ query: { chapterPointId } });
  const query = useQuery(options);
  const upsert = useMutation(api.chapterPointCustomProperty.upsert.mutationOptions());
  const bulk = useMutation(api.chapterPointCustomProperty.bulkUpsert.mutationOptions());
  const remove = useMutation(api.chapterPointCustomProperty.delete.mutationOptions());
  const removeAll = useMutation(api.chapterPointCustomProperty.deleteMany.mutationOptions());
  const key = options.queryKey;
  return useMemo<PropertySource>(
    () => ({
      scope: `chapter-point:${chapterPointId}`,
      owner: 'this chapter point',
      query,
      save: async (input) => {
        const saved = await upsert.mutateAsync({
          body: { id: input.id ?? null, chapterPointId, category: input.category, key: input.key, value: input.value },
        });
        mergeInto(queryClient, key, [saved]);
        return saved;
      },
      saveMany: async (inputs) => {
        const saved = await bulk.mutateAsync({
          params: { chapterPointId },
          body: inputs.map((i) => ({ id: i.id ?? null, category: i.category, key: i.key, value: i.value })),
        });
        mergeInto(queryClient, key, saved);
        return saved;
      },
      remove: async (id) => {
        await remove.mutateAsync({ params: { id } });
        dropFrom(queryClient, key, [id]);
      },
      removeAll: async () => {
        await removeAll.mutateAsync({ query: { chapterPointId } });
        dropFrom(queryClient, key, 'all');
      },
      fetchFresh: () => api.chapterPointCustomProperty.list.call({ query: { chapterPointId } }),
      showAll: (rows) => queryClient.setQueryData<PropertyRow[]>(key, [...rows]),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [chapterPointId, query, queryClient, upsert.mutateAsync, bulk.mutateAsync, remove.mutateAsync, removeAll.mutateAsync],
  );
}
