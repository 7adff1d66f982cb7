/**
 * The element every MUI Select draws its value in (the theme gives it to all of them:
 * `MuiSelect.defaultProps.SelectDisplayProps.as`, src/app/theme.ts), so that its element reaches
 * the Select in a transition. MUI's SelectInput keeps that element in state (the menu's anchor),
 * set from a ref callback; a ref callback runs in the commit, where React gives a state update the
 * highest priority, so each Select rendered again in the task that committed it, and React ran the
 * whole commit's passive effects first, in that same task (the events list's filter bar holds two:
 * docs/performance.md, branch `firstrow`). The ref's other half (MUI's own copy of the element,
 * which it focuses) is still set at once: `refInTransition` runs the callback synchronously and
 * only marks its state update as a transition. The Select needs the state only to open its menu.
 */
import type { HTMLAttributes, Ref } from 'react';
import { refInTransition } from './anchor-in-transition.ts';

export function SelectDisplayInTransition({ ref, ...props }: HTMLAttributes<HTMLDivElement> & { ref?: Ref<HTMLDivElement> }) {
  return <div {...props} ref={refInTransition(ref)} />;
}
