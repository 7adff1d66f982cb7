/** How the events list is being seen and used: the screen's width class, and whether the operator is working with the list. */
import { useMemo, useState } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { ScreenWidth } from './event-columns.tsx';

/** The width class of the screen (the columns and actions follow it). */
export function useScreenWidth(): ScreenWidth {
  const below = (key: 'sm' | 'md' | 'lg' | 'xl') => (theme: Theme) => theme.breakpoints.down(key);
  const xs = useMediaQuery(below('sm'), { noSsr: true });
  const sm = useMediaQuery(below('md'), { noSsr: true });
  const md = useMediaQuery(below('lg'), { noSsr: true });
  const lg = useMediaQuery(below('xl'), { noSsr: true });
  return xs ? 'xs' : sm ? 'sm' : md ? 'md' : lg ? 'lg' : 'xl';
}

/**
 * Whether the operator is working with the list: pointer over it, focus in it, or a bulk action
 * open. While they are, a refresh does not move rows (see stable-rows.ts).
 */
export function useInteraction() {
  const [pointer, setPointer] = useState(false);
  const [focus, setFocus] = useState(false);
  // The same handlers every render: the list they go to is memoised (events-list.tsx).
  const handlers = useMemo(
    () => ({
      onPointerEnter: () => setPointer(true),
      onPointerLeave: () => setPointer(false),
      onFocus: () => setFocus(true),
      onBlur: (event: React.FocusEvent) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocus(false);
      },
    }),
    [],
  );
  return { interacting: pointer || focus, handlers };
}
