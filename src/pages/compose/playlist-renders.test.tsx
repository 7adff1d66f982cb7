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
import type * as RowModule from './playlist-row.tsx';

/**
 * How many times a row's content and its shell (the sortable <li>) have rendered. The real
 * components render as they do in the app, with their own memo comparison; the wrappers only
 * count. (A count of renders, not a time: a drag step that re-renders every row is what makes a
 * long playlist drag slowly.)
 */
const rowContentRenders = vi.hoisted(() => ({ count: 0 }));
const rowShellRenders = vi.hoisted(() => ({ count: 0 }));
function counted<Props extends object>(component: unknown, counter: { count: number }) {
  const memoised = component as { type: FunctionComponent<Props>; compare: ((a: Props, b: Props) => boolean) | null };
  const Render = memoised.type;
  return memo(function Counted(props: Props) {
    counter.count++;
    return <Render {...props} />;
  }, memoised.compare ?? undefined);
}
vi.mock('./playlist-row-content.tsx', async (importOriginal) => {
  const original = await importOriginal<typeof RowContentModule>();
  return { ...original, RowContent: counted<ComponentProps<typeof original.RowContent>>(original.RowContent, rowContentRenders) };
});
vi.mock('./playlist-row.tsx', async (importOriginal) => {
  const original = await importOriginal<typeof RowModule>();
  return { ...original, PlaylistRow: counted<ComponentProps<typeof original.PlaylistRow>>(original.PlaylistRow, rowShellRenders) };
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

// jsdom lays nothing out and has no scrolling: a step brings the list into the window's view.
Element.prototype.scrollIntoView ??= () => {};

const ITEMS = 40;
/** What the playlist last told a screen reader about a lifted row, and what the editor said of its last edit. */
const liveRegion = () => document.querySelector('[data-testid="playlist-announcement"]')?.textContent ?? '';
const editorRegion = () => document.querySelector('[data-testid="editor-announcement"]')?.textContent ?? '';
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
  it('lifts a row with Space and moves it with the arrows, rendering only the rows that move; drops, undoes and cancels', async () => {
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
    const key = row.dataset.rowKey!;
    const title = recorded[5 % recorded.length]!.title;
    const order = () => rows().map((r) => r.dataset.rowKey);
    const before = order();
    // Focusing makes the row the one Tab reaches (it and the first row render): before counting.
    await act(async () => row.focus());
    rowContentRenders.count = 0;
    rowShellRenders.count = 0;
    await user.keyboard(' ');
    expect(liveRegion()).toBe(`Picked up item 6 of 40, ${title}. Use the up and down arrows to move it, Space to drop it, Escape to cancel.`);
    // Lifting marks the row: its shell changes, what it shows does not, and no other row renders.
    expect(rowShellRenders.count).toBe(1);
    expect(rowContentRenders.count).toBe(0);

    const steps = 3;
    for (let step = 0; step < steps; step++) {
      await user.keyboard('{ArrowUp}');
      await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    }
    expect(liveRegion()).toBe('Position 3 of 40.');
    // Each step swaps the lifted row with the one above: those two render (their number, start and
    // place change), the others do not. dnd-kit's keyboard drag rendered every row's shell per step.
    expect(rowShellRenders.count).toBe(2 * steps + 1);
    expect(rowContentRenders.count).toBe(2 * steps);
    expect(document.activeElement).toBe(document.querySelector(`[data-row-key="${key}"]`));

    await user.keyboard(' ');
    expect(liveRegion()).toBe(`Dropped ${title} at position 3 of 40.`);
    await waitFor(() => expect(editorRegion()).toBe('Moved 1 item to position 3.'));
    expect(order()[2]).toBe(key);
    expect(order().filter((k) => k !== key)).toEqual(before.filter((k) => k !== key));

    // The whole move is one edit: undo puts the row back where it was lifted.
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(order()).toEqual(before));
    expect(editorRegion()).toBe('Undone: moved 1 item to position 3.');

    // Escape puts a lifted row back; nothing to undo or save.
    document.querySelector<HTMLElement>(`[data-row-key="${key}"]`)!.focus();
    await user.keyboard(' {ArrowDown}{ArrowDown}');
    expect(liveRegion()).toBe('Position 8 of 40.');
    await user.keyboard('{Escape}');
    expect(liveRegion()).toBe(`Moving cancelled. ${title} is back at position 6.`);
    expect(order()).toEqual(before);
    expect(document.querySelector('[data-lifted]')).toBeNull();
  }, 60_000);
});
