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
 *
 * A press or a key that may open the menu before that transition has run (a busy page, a test's
 * click right after the mount) first hands the element over at once (`flushSync`): MUI reads the
 * anchor's width as it opens, and without it threw instead of opening. Once the state holds the
 * element, handing it over again changes nothing and renders nothing.
 */
import { flushSync } from 'react-dom';
import type { HTMLAttributes, KeyboardEvent, MouseEvent, Ref } from 'react';
import { refInTransition } from './anchor-in-transition.ts';

type Props = HTMLAttributes<HTMLDivElement> & { ref?: Ref<HTMLDivElement> };

export function SelectDisplayInTransition({ ref, onMouseDownCapture, onKeyDownCapture, ...props }: Props) {
  const handOver = (element: HTMLDivElement) => {
    if (typeof ref === 'function') flushSync(() => void ref(element));
  };
  return (
    <div
      {...props}
      ref={refInTransition(ref)}
      onMouseDownCapture={(event: MouseEvent<HTMLDivElement>) => {
        handOver(event.currentTarget);
        onMouseDownCapture?.(event);
      }}
      onKeyDownCapture={(event: KeyboardEvent<HTMLDivElement>) => {
        handOver(event.currentTarget);
        onKeyDownCapture?.(event);
      }}
    />
  );
}
