// @vitest-environment node
// The in-process service needs Node's module transform; test-dom.ts supplies the DOM (see there).
import '#app/test-dom.ts';
import { describe, expect, it, vi } from 'vitest';
import { memo, type ComponentProps, type FunctionComponent } from 'react';
import { act, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { endpoints } from '#schema';
import { renderWithApp } from '#app/test-utils.tsx';
import { seedDemoData } from '#server/demo/seed.ts';
import { servicePerFile } from '#testing/page-service.ts';
import { createTestClient } from '#testing/client.ts';
import ComposePage from './compose-page.tsx';
import type * as RowContentModule from './playlist-row-content.tsx';

/**
 * How many times a row's content has rendered. The real RowContent renders as it does in the
 * app, with its own memo comparison; the wrapper only counts. (A count of renders, not a time: a
 * drag step that re-renders every row's content is what makes a long playlist drag slowly.)
 */
const rowContentRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('./playlist-row-content.tsx', async (importOriginal) => {
  const original = await importOriginal<typeof RowContentModule>();
  type Props = ComponentProps<typeof original.RowContent>;
  const memoised = original.RowContent as unknown as { type: FunctionComponent<Props>; compare: ((a: Props, b: Props) => boolean) | null };
  const Render = memoised.type;
  const RowContent = memo(function CountedRowContent(props: Props) {
    rowContentRenders.count++;
    return <Render {...props} />;
  }, memoised.compare ?? undefined);
  return { ...original, RowContent };
});

const fixture = servicePerFile({
  now: new Date(),
  seed: async (t, service) => {
    await seedDemoData(t.database.db, t.clientId, t.clock);
    const list = await service.call(endpoints.event.list, { query: { eventState: 'INSTANT_VOD,VOD_PUBLIC,VOD_PRIVATE', pageSize: 100, orderColumn: 'Title' } });
    const recorded = list.results.filter((e) => e.actualLiveStart && e.actualLiveEnd);
    const workflowId = (await service.call(endpoints.xflow.list, {}))[0]!.id;
    return { recorded, workflowId };
  },
});

// jsdom lays nothing out and has no scrolling: dnd-kit's keyboard sensor scrolls the lifted row
// into view. (Without layout every row has the same box, so the row under the lifted one stays
// the first: the steps re-render what a step re-renders, without the list's order changing.)
Element.prototype.scrollIntoView ??= () => {};

const ITEMS = 40;
/** What dnd-kit last told a screen reader. */
const liveRegion = () => document.querySelector('[id^="DndLiveRegion"]')?.textContent ?? '';
const rows = () => [...document.querySelectorAll<HTMLElement>('[data-row-key]')].sort((a, b) => Number(a.dataset.index) - Number(b.dataset.index));

/** Waits until the rows have stopped rendering (the sources' lookups and durations arrive one by one). */
async function settled(): Promise<void> {
  for (let i = 0; i < 40; i++) {
    const before = rowContentRenders.count;
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    if (rowContentRenders.count === before) return;
  }
  throw new Error('The playlist rows kept rendering');
}

describe('dragging in a long playlist', () => {
  it('lifts a row and moves it with the arrows without rendering the other rows again', async () => {
    const { recorded, workflowId } = fixture.seeded;
    const items = Array.from({ length: ITEMS }, (_, i) => ({ type: 0, value: recorded[i % recorded.length]!.id, properties: { note: `item ${i + 1}` }, markers: null }));
    const id = await fixture.service.call(endpoints.compose.create, {
      body: { event: { workflowId, title: 'Long playlist event', categoryIds: [], setPrivateAFterGeneration: false, vodDrm: false }, playlist: { name: 'Long playlist', looped: false, liveStreamStart: null, items } },
    });
    const user = userEvent.setup({ delay: null });
    renderWithApp(
      <Routes>
        <Route path="/compose/:eventId" element={<ComposePage />} />
      </Routes>,
      { client: createTestClient(fixture.t), path: `/compose/${id}` },
    );
    // The rows show their sources' titles once the lookups are in; their durations follow.
    await waitFor(() => expect(rows()[0]?.getAttribute('aria-label')).toContain(recorded[0]!.title), { timeout: 15_000 });
    await settled();
    const shown = rows().length;
    expect(shown).toBeGreaterThan(8);

    const row = rows()[5]!;
    row.focus();
    rowContentRenders.count = 0;
    await user.keyboard(' ');
    await waitFor(() => expect(liveRegion()).toMatch(/^Position \d+ of 40/));
    // Lifting dims the row: its shell changes, what it shows does not.
    expect(rowContentRenders.count).toBe(0);

    for (let step = 0; step < 3; step++) {
      await user.keyboard('{ArrowUp}');
      await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    }
    await waitFor(() => expect(liveRegion()).toMatch(/^Position \d+ of 40/));
    // Each step moves rows by a transform on their shells; their content stays as it was.
    expect(rowContentRenders.count).toBe(0);

    await user.keyboard(' ');
    await waitFor(() => expect(liveRegion()).toMatch(/^Dropped .* at position \d+ of 40/));
    // The drop reorders the list: the rows whose place or timing changed render again, once.
  }, 60_000);
});
