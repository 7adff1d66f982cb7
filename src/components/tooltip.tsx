/**
 * MUI's Tooltip for what list cells draw (a date, a state chip, a cut title), which a picture of
 * the list draws without it: the grid's preview (grid-preview.tsx) is aria-hidden and takes no
 * focus, so a tooltip there could only show on a pointer resting on it before the grid replaces it.
 * MUI's Tooltip keeps its child's element in state, set from a ref callback: each one mounted
 * renders itself and its child again at once, in the task that commits them, and the events list's
 * first rows hold four a row (80 renders in the task before the first row, bench `browser`,
 * issue 27). In a picture the child gets only what the tooltip would have given it: its words as
 * a native title (describeChild) or as its name.
 */
import { cloneElement, createContext, useContext, type ReactElement, type ReactNode } from 'react';
import MuiTooltip, { type TooltipProps } from '@mui/material/Tooltip';

const Picture = createContext(false);

/** What is drawn inside is a picture: its tooltips are left out. */
export function WithoutTooltips({ children }: { children: ReactNode }) {
  return <Picture.Provider value>{children}</Picture.Provider>;
}

export function Tooltip(props: TooltipProps) {
  const picture = useContext(Picture);
  if (!picture) return <MuiTooltip {...props} />;
  const { children, title, describeChild } = props;
  if (typeof title !== 'string' || title === '') return children;
  const own = (children as ReactElement<Record<string, unknown>>).props;
  const words = describeChild ? { title } : { 'aria-label': title };
  return cloneElement(children as ReactElement<Record<string, unknown>>, Object.fromEntries(Object.entries(words).filter(([name]) => own[name] === undefined)));
}
