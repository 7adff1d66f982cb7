/**
 * The data behind the search dialog: events (GET /search/) and chapter points
 * (GET /search/chapterpoints/) for the text typed, once typing pauses. A new text replaces the
 * old requests: react-query aborts a request nobody waits for any more, so a slow answer to
 * `har` never lands on top of the answer to `harbour`. The previous answer stays on screen
 * (marked as updating) until the next one arrives, so the list does not flicker while typing.
 *
 * Chapter points name only their event's id; the events are read (GET /event/{id}) to show
 * their titles. The "see all" count is what the Events list will show for the same text
 * (GET /event/?search=, every date), which matches differently from full-text search.
 */
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import type { ChapterPoint, Event } from '#schema';
import { useDebounced } from '#components/use-debounced.ts';
import { api } from '../api.ts';

/** Long enough not to ask for every letter of a fast typist, short enough to feel immediate. */
export const SEARCH_DEBOUNCE_MS = 200;
export const EVENT_RESULTS = 8;
export const CHAPTER_POINT_RESULTS = 5;
/** Results do not change under someone reading them; a new text asks again anyway. */
const FRESH_MS = 30_000;

export interface ChapterPointResult {
  point: ChapterPoint;
  /** Undefined while it loads, null when it could not be read. */
  event: Event | null | undefined;
}

export interface SearchResults {
  /** The text the results answer (debounced), '' when nothing is searched. */
  keywords: string;
  events: Event[];
  eventTotal: number;
  points: ChapterPointResult[];
  pointTotal: number;
  /** Events the Events list shows for this text; null while unknown. */
  listCount: number | null;
  /** Both answers are in for the text as it is now typed: "nothing found" may be said. */
  settled: boolean;
  /** Asking the service (first answer or an update). */
  fetching: boolean;
  eventsError: unknown;
  pointsError: unknown;
  retry: () => void;
}

export function useSearchResults(text: string): SearchResults {
  // A trailing space matters to the service ("beta ma " means whole words), so it is kept.
  const keywords = useDebounced(text.trim() === '' ? '' : text, SEARCH_DEBOUNCE_MS);
  const enabled = keywords.trim() !== '';
  const events = useQuery({
    ...api.search.events.queryOptions({ query: { keywords, pageSize: EVENT_RESULTS } }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: FRESH_MS,
  });
  const points = useQuery({
    ...api.search.chapterPoints.queryOptions({ query: { keywordsChapterPoint: keywords, pageSize: CHAPTER_POINT_RESULTS } }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: FRESH_MS,
  });
  const list = useQuery({
    ...api.event.list.queryOptions({ query: { search: keywords.trim(), pageSize: 1 } }),
    enabled,
    staleTime: FRESH_MS,
  });
  const pointList = enabled ? (points.data?.results ?? []) : [];
  const eventIds = [...new Set(pointList.map((p) => p.eventId))];
  const pointEvents = useQueries({
    queries: eventIds.map((id) => ({ ...api.event.get.queryOptions({ params: { id }, query: {} }), staleTime: FRESH_MS })),
  });
  const eventById = new Map<string, Event | null | undefined>();
  eventIds.forEach((id, index) => {
    const query = pointEvents[index];
    eventById.set(id, query?.error ? null : query?.data);
  });

  return {
    keywords: enabled ? keywords : '',
    events: enabled ? (events.data?.results ?? []) : [],
    eventTotal: enabled ? (events.data?.totalCount ?? 0) : 0,
    points: pointList.map((point) => ({ point, event: eventById.get(point.eventId) })),
    pointTotal: enabled ? (points.data?.totalResults ?? 0) : 0,
    listCount: enabled && list.data && !list.isPlaceholderData ? list.data.totalCount : null,
    settled:
      enabled &&
      text === keywords &&
      (events.isSuccess || events.isError) &&
      (points.isSuccess || points.isError) &&
      !events.isPlaceholderData &&
      !points.isPlaceholderData,
    fetching: (enabled && (events.isFetching || points.isFetching)) || (text.trim() !== '' && text !== keywords),
    eventsError: enabled ? events.error : null,
    pointsError: enabled ? points.error : null,
    retry: () => {
      void events.refetch();
      void points.refetch();
    },
  };
}
