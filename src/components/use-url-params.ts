/**
 * The URL's query as a page's state: react-router's useSearchParams, but its setter renders the new
 * state before the event that called it returns (react-router's flushSync) rather than in the
 * router's transition. While a transition is pending the page still shows the old state, and that
 * loses input on a busy machine:
 * - a tab bar or an exclusive toggle group still shows the choice being left as selected, and MUI
 *   ignores a click on the selected value, so a quick click back to it does nothing;
 * - a functional update starts from the last rendered params, so a second change made before that
 *   render undoes the first.
 *
 * The one way pages read and write the query (lint refuses useSearchParams elsewhere). A call from
 * an effect passes `flushSync: false`: React cannot flush while it is committing.
 */
import { useCallback } from 'react';
import { useSearchParams, type SetURLSearchParams } from 'react-router';

export function useUrlParams(): [URLSearchParams, SetURLSearchParams] {
  const [params, setParams] = useSearchParams();
  const setNow = useCallback<SetURLSearchParams>((next, options) => setParams(next, { flushSync: true, ...options }), [setParams]);
  return [params, setNow];
}
