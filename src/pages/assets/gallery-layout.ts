/** The gallery's grid: card size, row height, gap, and how many columns the box holds. */
import { useEffect, useState } from 'react';

export const CARD_MIN_WIDTH = 220;
export const ROW_HEIGHT = 236;
export const GAP = 16;

/** How many cards fit a row of the scrolling box, measured as it resizes. */
export function useColumns(ref: React.RefObject<HTMLDivElement | null>): number {
  const [columns, setColumns] = useState(4);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // Not laid out (no width yet, or a DOM without layout): keep the last count.
    const measure = () => el.clientWidth > 0 && setColumns(Math.max(1, Math.floor((el.clientWidth + GAP) / (CARD_MIN_WIDTH + GAP))));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return columns;
}
