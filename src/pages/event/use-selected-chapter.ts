/** Which chapter point the Chapter points tab shows, in the URL. */
import { useCallback } from 'react';
import { useUrlParams } from '#components/use-url-params.ts';

const CHAPTER_PARAM = 'chapter';

/** The chapter point selected on the tab (`?chapter=<id>`); another one drops the property filters of the last. */
export function useSelectedChapter(): [string | null, (id: string | null, options?: { push?: boolean }) => void] {
  const [params, setParams] = useUrlParams();
  const selected = params.get(CHAPTER_PARAM);
  const select = useCallback(
    (id: string | null, options: { push?: boolean } = {}) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id) next.set(CHAPTER_PARAM, id);
          else next.delete(CHAPTER_PARAM);
          // The chapter point's property filters belong to the one they were set on.
          next.delete('chapterPropertyCategory');
          next.delete('chapterPropertySearch');
          return next;
        },
        { replace: !options.push },
      ),
    [setParams],
  );
  return [selected, select];
}
