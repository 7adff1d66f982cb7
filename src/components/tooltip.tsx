/**
 * The dashboard's one Tooltip: MUI's, with two differences that keep a page's first paint short
 * (bench `browser`, issue 27). Every tooltip is imported from here (lint: `no-restricted-imports`).
 *
 * - **Its element is recorded in a transition.** MUI's Tooltip keeps its child's element in state,
 *   set from a ref callback. A ref callback runs in the commit, where React gives a state update
 *   the highest priority: each tooltip rendered itself and its child again at once, in the task
 *   that committed it (the events list's shell, header and status strip hold 12: most of the
 *   35 ms of CPU such renders took in the task that paints the first row; docs/performance.md,
 *   branch `paint2`). Recorded in a transition, the element reaches the tooltip in a task of its
 *   own; the tooltip needs it only to open, which takes a pointer or a key.
 * - **A picture draws none.** The grid's preview (grid-preview.tsx) is aria-hidden and takes no
 *   focus, so a tooltip there could only show on a pointer resting on it before the grid replaces
 *   it; its cells (four a row) get only what the tooltip would have given them: its words as a
 *   native title (describeChild) or as their name.
 */
import { cloneElement, createContext, useContext, type ReactElement, type ReactNode, type Ref } from 'react';
// eslint-disable-next-line no-restricted-imports -- the one place that wraps MUI's Tooltip
import MuiTooltip, { type TooltipProps } from '@mui/material/Tooltip';
import { refInTransition } from './anchor-in-transition.ts';

export type { TooltipProps };

const Picture = createContext(false);

/** What is drawn inside is a picture: its tooltips are left out. */
export function WithoutTooltips({ children }: { children: ReactNode }) {
  return <Picture.Provider value>{children}</Picture.Provider>;
}

type ChildProps = Record<string, unknown> & { ref?: Ref<Element> };

/**
 * Stands where MUI's Tooltip expects its child: takes the props MUI gives it (the child's own
 * among them, as MUI merges them) and draws the child with them, passing MUI's ref on in a
 * transition.
 */
function ElementInTransition({ element, ref, ...props }: ChildProps & { element: ReactElement<ChildProps> }) {
  return cloneElement(element, { ...props, ref: refInTransition(ref) });
}

export function Tooltip(props: TooltipProps) {
  const picture = useContext(Picture);
  const { children, title, describeChild } = props;
  const own = (children as ReactElement<ChildProps>).props;
  if (!picture) {
    // MUI reads the child's own props (its handlers, to call them too) from the element it is given.
    return (
      <MuiTooltip {...props}>
        <ElementInTransition {...own} element={children as ReactElement<ChildProps>} />
      </MuiTooltip>
    );
  }
  if (typeof title !== 'string' || title === '') return children;
  const words = describeChild ? { title } : { 'aria-label': title };
  return cloneElement(children as ReactElement<ChildProps>, Object.fromEntries(Object.entries(words).filter(([name]) => own[name] === undefined)));
}
