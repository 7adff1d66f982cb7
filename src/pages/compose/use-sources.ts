/**
 * What the editor knows about the events a playlist plays: title, thumbnail, duration. The
 * service has no "get these ids" operation, so a playlist of a few distinct events asks for each
 * (GET /event/{id}, cached per event), and a larger one reads the tenant's events in one page of
 * GET /event/ and asks only for those that page did not hold.
 */
import { useMemo } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { Event } from '#schema';
import { api } from '#app/api.ts';
import { ITEM_TYPES, type EditorItem } from './playlist-document.ts';
import { sourceInfoOf, type SourceInfo, type SourceLookup } from './playlist-timing.ts';

/** Up to this many distinct events, one request each; beyond, one list first. */
const FEW = 40;
const CATALOGUE_PAGE = 1000;
const STALE_MS = 60_000;

export interface Sources {
  /** undefined: still loading; null: the event does not exist (or cannot be read). */
  lookup: SourceLookup;
  /** The events by id, for what SourceInfo does not carry. */
  events: ReadonlyMap<string, Event>;
  loading: boolean;
}

export function useSources(items: readonly EditorItem[]): Sources {
  // Only the set of ids matters: reorders and trims must not rebuild the map.
  const idKey = useMemo(() => {
    const ids = new Set<string>();
    for (const item of items) if (item.type === ITEM_TYPES.EVENT) ids.add(item.value);
    return [...ids].sort().join(',');
  }, [items]);
  const ids = useMemo(() => (idKey ? idKey.split(',') : []), [idKey]);
  const many = ids.length > FEW;

  const catalogue = useQuery({
    ...api.event.list.queryOptions({ query: { pageSize: CATALOGUE_PAGE, order: 'DESC', orderColumn: 'DisplayLiveStart' } }),
    enabled: many,
    staleTime: STALE_MS,
  });
  const listed = useMemo(() => new Map((catalogue.data?.results ?? []).map((e) => [e.id, e])), [catalogue.data]);
  const wanted = many ? (catalogue.isPending ? [] : ids.filter((id) => !listed.has(id))) : ids;

  const singles = useQueries({
    queries: wanted.map((id) => ({ ...api.event.get.queryOptions({ params: { id }, query: {} }), staleTime: STALE_MS, retry: false })),
    combine: (results) => results,
  });

  const wantedKey = wanted.join(',');
  const singleData = singles.map((s) => s.data);
  const singleErrors = singles.map((s) => Boolean(s.error));
  const singleSignature = singleData.map((d, i) => (d === undefined ? (singleErrors[i] ? 'e' : 'u') : d === null ? 'n' : d.dateModified ?? d.id)).join('|');

  const { infos, events } = useMemo(() => {
    const infos = new Map<string, SourceInfo | null>();
    const events = new Map<string, Event>();
    for (const [id, event] of listed) {
      events.set(id, event);
      infos.set(id, sourceInfoOf(event));
    }
    wanted.forEach((id, index) => {
      const data = singleData[index];
      if (data) {
        events.set(id, data);
        infos.set(id, sourceInfoOf(data));
      } else if (data === null || singleErrors[index]) infos.set(id, null);
    });
    return { infos, events };
    // singleSignature stands for the per-query data, which is a new array on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [listed, wantedKey, singleSignature]);

  const lookup = useMemo<SourceLookup>(() => (item) => (item.type === ITEM_TYPES.EVENT ? infos.get(item.value) : undefined), [infos]);
  const loading = (many && catalogue.isPending) || singles.some((s) => s.isPending);
  return { lookup, events, loading };
}
