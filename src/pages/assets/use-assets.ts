/**
 * Data and URL state of asset galleries (the Assets page and the event page's Assets tab).
 *
 * - Filters live in the query string (`atype`, `astate`, `aname`, and `aevent` on the Assets
 *   page), so a reload or a shared link shows the same gallery.
 * - GET /asset/ answers 100 a page; a gallery reads pages until one is short (at most
 *   MAX_PAGES), under the key of `asset.list` with its filters, so the feed mapping
 *   (#client/feed-mapping.ts: the event's AssetsChanged, an asset's change) refreshes it.
 */
import { useMemo } from 'react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ASSET_PAGE_SIZE, AssetType, type Asset } from '#schema';
import { api } from '#app/api.ts';
import { formatTimecode } from '#components/format-media.ts';
import { useUrlParams } from '#components/use-url-params.ts';

export const MAX_PAGES = 20;

export const TYPE_FILTERS = ['IMAGE', 'GIF', 'VIDEO', 'SYSTEM'] as const;
export const STATE_FILTERS = ['GENERATING', 'COMPLETED', 'FAILED'] as const;

const TYPE_LABELS: Record<string, string> = { IMAGE: 'Image', GIF: 'GIF', VIDEO: 'Video', SYSTEM: 'System' };
const STATE_LABELS: Record<string, string> = { GENERATING: 'Being made', COMPLETED: 'Ready', FAILED: 'Failed' };

/** An asset's type in words ("Image", not `IMAGE`), from its name (`typeString`). */
export function assetTypeLabel(typeString: string): string {
  return TYPE_LABELS[typeString] ?? `Unknown (${typeString})`;
}

/** An asset's state in words ("Being made", not `GENERATING`), from its name (`stateString`). */
export function assetStateLabel(stateString: string): string {
  return STATE_LABELS[stateString] ?? `Unknown (${stateString})`;
}

export interface GalleryFilters {
  types: string[];
  states: string[];
  name: string;
  eventId: string | null;
}

export function parseGalleryFilters(params: URLSearchParams): GalleryFilters {
  const list = (name: string, allowed: readonly string[]) =>
    (params.get(name) ?? '')
      .split(',')
      .map((v) => v.trim().toUpperCase())
      .filter((v) => allowed.includes(v));
  return { types: list('atype', TYPE_FILTERS), states: list('astate', STATE_FILTERS), name: params.get('aname') ?? '', eventId: params.get('aevent') };
}

export function useGalleryFilters(fixedEventId?: string): [GalleryFilters, (next: Partial<GalleryFilters>) => void] {
  const [params, setParams] = useUrlParams();
  const filters = useMemo(() => {
    const parsed = parseGalleryFilters(params);
    return fixedEventId ? { ...parsed, eventId: fixedEventId } : parsed;
  }, [params, fixedEventId]);
  const set = (next: Partial<GalleryFilters>) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        const put = (name: string, value: string | null) => (value ? out.set(name, value) : out.delete(name));
        if (next.types) put('atype', next.types.join(','));
        if (next.states) put('astate', next.states.join(','));
        if (next.name !== undefined) put('aname', next.name);
        if (next.eventId !== undefined && !fixedEventId) put('aevent', next.eventId);
        return out;
      },
      { replace: true },
    );
  return [filters, set];
}

export type AssetListQuery = { eventId?: string; name?: string; types?: string; states?: string };

export function listQueryOf(filters: GalleryFilters, name: string): AssetListQuery {
  return {
    ...(filters.eventId ? { eventId: filters.eventId } : {}),
    ...(name ? { name } : {}),
    ...(filters.types.length ? { types: filters.types.join(',') } : {}),
    ...(filters.states.length ? { states: filters.states.join(',') } : {}),
  };
}

/** Every page of GET /asset/ for the filters (up to MAX_PAGES of 100). */
export function assetGalleryOptions(query: AssetListQuery) {
  return queryOptions({
    // Every page of one list: the operation's own key (its family, so the records' invalidation and
    // the feed mapping reach it), marked as the whole list.
    queryKey: [...api.asset.list.key({ query }), 'all-pages'],
    queryFn: async ({ signal }): Promise<{ assets: Asset[]; more: boolean }> => {
      const out: Asset[] = [];
      for (let pageIndex = 0; pageIndex < MAX_PAGES; pageIndex += 1) {
        const page = await api.asset.list.call({ query: { ...query, pageIndex } }, signal);
        out.push(...page);
        if (page.length < ASSET_PAGE_SIZE) return { assets: out, more: false };
      }
      return { assets: out, more: true };
    },
  });
}

/** Keeps showing the last answer while new filters load, so the cards do not blink away. */
export function useAssetGallery(query: AssetListQuery) {
  return useQuery({ ...assetGalleryOptions(query), placeholderData: keepPreviousData });
}

export const isSystem = (asset: Asset) => asset.type === AssetType.values.SYSTEM;

/** The still beside a GIF or video asset (areas/asset/make.ts posterPath). */
export function posterUrl(asset: Asset): string | null {
  if (!asset.url || (asset.type !== AssetType.values.GIF && asset.type !== AssetType.values.VIDEO)) return null;
  return `${asset.url.slice(0, asset.url.lastIndexOf('/') + 1)}poster.jpg`;
}

/** HH:mm:ss.fff of seconds of media. */
export const formatClipTime = (seconds: number) => formatTimecode(seconds * 1000);

/** Seconds of HH:mm:ss(.fff), or undefined. */
export function parseClipTime(text: string): number | undefined {
  const m = /^(\d{1,3}):([0-5]\d):([0-5]\d)(?:\.(\d{1,3}))?$/.exec(text.trim());
  if (!m) return undefined;
  return (Number(m[1]) * 60 + Number(m[2])) * 60 + Number(m[3]) + Number((m[4] ?? '0').padEnd(3, '0')) / 1000;
}

