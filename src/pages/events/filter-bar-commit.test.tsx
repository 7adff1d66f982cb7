/**
 * The filter bar appears with the events list's first rows, in one commit. Nothing in it may read
 * the layout in that commit's task: the browser would lay out the whole page it has just inserted
 * there, before the rows are on screen (bench `browser`, issue 27: MUI's Autocomplete read its
 * anchor's width when a ref set it, see anchor-in-transition.ts). Rendered as the page renders it
 * (in a transition, on a root of its own rather than through act(), which would run every later
 * update at once), the reads are counted until the task that committed it has finished (a
 * mutation observer's callback runs right after that task).
 */
import { afterEach, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { finishTransitionRenders, renderPhasesInTransition, renderInTransition } from '#components/test-commit.ts';
import { DEFAULT_EVENTS_FILTERS } from './events-view.ts';
import { FilterBar } from './filter-bar.tsx';
import type { FilterLookups } from './use-filter-lookups.ts';

const LAYOUT_READS = ['clientWidth', 'clientHeight', 'offsetWidth', 'offsetHeight', 'scrollWidth', 'scrollHeight'] as const;

const lookups: FilterLookups = { channels: ['Arena 1', 'News 24'], rooms: ['Studio A'], eventTypes: [], categories: [], tags: [], loading: false };

const restores: (() => void)[] = [];
afterEach(() => {
  finishTransitionRenders();
  for (const restore of restores.splice(0)) restore();
  document.body.innerHTML = '';
});

/** Counts reads of the layout on every element from now on. */
function countLayoutReads(): { count: number } {
  const reads = { count: 0 };
  for (const name of LAYOUT_READS) {
    const descriptor = Object.getOwnPropertyDescriptor(Element.prototype, name) ?? Object.getOwnPropertyDescriptor(HTMLElement.prototype, name);
    const owner = Object.getOwnPropertyDescriptor(Element.prototype, name) ? Element.prototype : HTMLElement.prototype;
    Object.defineProperty(owner, name, {
      configurable: true,
      get() {
        reads.count++;
        return descriptor?.get?.call(this) ?? 0;
      },
    });
    restores.push(() => Object.defineProperty(owner, name, descriptor!));
  }
  const rect = Element.prototype.getBoundingClientRect;
  Element.prototype.getBoundingClientRect = function (this: Element) {
    reads.count++;
    return rect.call(this);
  };
  restores.push(() => (Element.prototype.getBoundingClientRect = rect));
  return reads;
}

it('reads no layout in the task that commits it, and its pickers still open', async () => {
  const reads = countLayoutReads();
  const view = renderInTransition(<FilterBar filters={DEFAULT_EVENTS_FILTERS} lookups={lookups} onChange={() => {}} />, () => reads.count);
  const { container } = view;

  expect(container.querySelector('input')).toBeNull();
  expect(await view.committed).toBe(0);

  // The channel picker opens with its options once its anchor has arrived.
  const channel = await waitFor(() => {
    const input = container.querySelector<HTMLInputElement>('input[placeholder="Any"]');
    if (!input) throw new Error('no channel field yet');
    return input;
  });
  await waitFor(() => expect(reads.count).toBeGreaterThan(0));
  channel.focus();
  channel.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
  await waitFor(() => expect(document.body.textContent).toContain('News 24'));
});

it('renders once in the task that commits it: its Selects and pickers get their elements in transitions', async () => {
  // A render spawned by the commit (an update at SyncLane from a ref) would also run every passive
  // effect of the page in that task, before the first rows are painted (select-display.tsx).
  const view = renderPhasesInTransition(
    <FilterBar filters={DEFAULT_EVENTS_FILTERS} lookups={lookups} onChange={() => {}} />
  );
  const { phases } = view;
  expect(await view.committed).toEqual(['mount']);
  // The elements arrive later, in renders of their own.
  await waitFor(() => expect(phases.length).toBeGreaterThan(1));
});
