/**
 * useMaxColumns: a calendar's day columns draw no event until the grid has been measured. Drawn
 * unmeasured, a crowded week had every one of its events laid out, then measured (one forced layout
 * of them all), then mostly removed.
 */
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { GUTTER, MIN_BLOCK_WIDTH, useMaxColumns } from './calendar-overlaps.tsx';

/** What a grid of `days` columns would be told, render by render, in a scroller `width` pixels wide. */
function answers(width: number, days: number): (number | undefined)[] {
  const seen: (number | undefined)[] = [];
  function Grid() {
    const scroller = useRef<HTMLDivElement | null>(null);
    seen.push(useMaxColumns(scroller, days));
    const sized = (element: HTMLDivElement | null) => {
      // jsdom lays nothing out: this scroller is as wide as a browser would make it.
      if (element) Object.defineProperty(element, 'clientWidth', { configurable: true, value: width });
      scroller.current = element;
    };
    return <div ref={sized} />;
  }
  render(<Grid />).unmount();
  return seen;
}

describe('useMaxColumns', () => {
  it('answers nothing before the grid is measured, then how many events fit side by side', () => {
    // A week in 1,064 px: 144 px a day, two events side by side.
    const width = GUTTER + 7 * 2 * MIN_BLOCK_WIDTH;
    expect(answers(width, 7)).toEqual([undefined, 2]);
    // Wider columns fit more, never fewer than two.
    expect(answers(GUTTER + 7 * 5 * MIN_BLOCK_WIDTH, 7).at(-1)).toBe(5);
    expect(answers(GUTTER + 7 * 10, 7).at(-1)).toBe(2);
  });

  it('shows everything where nothing is laid out (a width of 0)', () => {
    expect(answers(0, 7)).toEqual([undefined, Number.POSITIVE_INFINITY]);
  });
});
