/**
 * Where an editable property table gets and puts its rows: the custom properties of an event, or
 * those of a chapter point. Both keep one value per (category, key); the table does not need to
 * know which it shows.
 *
 * The writes' own `invalidates` refresh the list (and everything that embeds properties) before
 * each write answers, so the sources keep no cache of their own.
 */
import { useMemo } from 'react';
import { useMutation, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from '#app/api.ts';
import { useCan, type Permission } from '#app/use-role.ts';

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
  /** Whether the key may add, edit and delete them (asked of the upsert; the deletes take the same role), and why not. */
  write: Permission;
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
}

const bulkItem = (i: PropertyInput) => ({ id: i.id ?? null, category: i.category, key: i.key, value: i.value });

export function useEventPropertySource(eventId: string): PropertySource {
  const query = useQuery(api.customProperty.list.queryOptions({ query: { eventId } }));
  const upsert = useMutation(api.customProperty.upsert.mutationOptions()).mutateAsync;
  const bulk = useMutation(api.customProperty.bulkUpsert.mutationOptions()).mutateAsync;
  const remove = useMutation(api.customProperty.delete.mutationOptions()).mutateAsync;
  const removeAll = useMutation(api.customProperty.deleteMany.mutationOptions()).mutateAsync;
  const can = useCan();
  return useMemo<PropertySource>(
    () => ({
      scope: `event:${eventId}`,
      owner: 'this event',
      write: can(api.customProperty.upsert),
      query,
      save: (i) => upsert({ body: { customPropertyId: i.id ?? null, eventId, category: i.category, key: i.key, value: i.value } }),
      saveMany: (inputs) => bulk({ params: { id: eventId }, body: inputs.map(bulkItem) }),
      remove: async (id) => void (await remove({ params: { id } })),
      removeAll: async () => void (await removeAll({ query: { eventId } })),
      fetchFresh: () => api.customProperty.list.call({ query: { eventId } }),
    }),
    [eventId, can, query, upsert, bulk, remove, removeAll],
  );
}

export function useChapterPointPropertySource(chapterPointId: string): PropertySource {
  const query = useQuery(api.chapterPointCustomProperty.list.queryOptions({ query: { chapterPointId } }));
  const upsert = useMutation(api.chapterPointCustomProperty.upsert.mutationOptions()).mutateAsync;
  const bulk = useMutation(api.chapterPointCustomProperty.bulkUpsert.mutationOptions()).mutateAsync;
  const remove = useMutation(api.chapterPointCustomProperty.delete.mutationOptions()).mutateAsync;
  const removeAll = useMutation(api.chapterPointCustomProperty.deleteMany.mutationOptions()).mutateAsync;
  const can = useCan();
  return useMemo<PropertySource>(
    () => ({
      scope: `chapter-point:${chapterPointId}`,
      owner: 'this chapter point',
      write: can(api.chapterPointCustomProperty.upsert),
      query,
      save: (i) => upsert({ body: { id: i.id ?? null, chapterPointId, category: i.category, key: i.key, value: i.value } }),
      saveMany: (inputs) => bulk({ params: { chapterPointId }, body: inputs.map(bulkItem) }),
      remove: async (id) => void (await remove({ params: { id } })),
      removeAll: async () => void (await removeAll({ query: { chapterPointId } })),
      fetchFresh: () => api.chapterPointCustomProperty.list.call({ query: { chapterPointId } }),
    }),
    [chapterPointId, can, query, upsert, bulk, remove, removeAll],
  );
}
