// @vitest-environment node
// The in-process service needs Node's module transform; test-dom.ts supplies the DOM (see there).
import '#app/test-dom.ts';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { endpoints, type ChapterPoint, type Event } from '#schema';
import { renderWithApp, whenEnabled } from '#app/test-utils.tsx';
import { servicePerFile } from '#testing/page-service.ts';
import { createTestClient } from '#testing/client.ts';
import { ChapterPointsTab } from './chapter-points-tab.tsx';

const fixture = servicePerFile({ now: new Date() });

interface Match {
  event: Event;
  first: ChapterPoint;
  goal: ChapterPoint;
  second: ChapterPoint;
}

/** A match: two halves, a goal in the first with a property. */
async function match(): Promise<Match> {
  const created = await fixture.service.call(endpoints.event.upsert, { body: { Title: 'Harbour derby' } });
  const event = (await fixture.service.call(endpoints.event.get, { params: { id: created.id } }))!;
  const point = (body: { title: string; startTime: string; endTime?: string; parentId?: string; tag?: string; propertyModels?: { category: string; key: string; value: string }[] }) =>
    fixture.service.call(endpoints.chapterPoint.upsert, { body: { eventId: event.id, ...body } });
  const first = await point({ title: 'First half', startTime: '00:15:00', endTime: '01:02:00', tag: 'half' });
  const goal = await point({ title: 'Goal — Okonkwo 23’', startTime: '00:38:00', parentId: first.id, tag: 'goal', propertyModels: [{ category: 'match', key: 'scorer', value: 'J. Okonkwo' }] });
  const second = await point({ title: 'Second half', startTime: '01:17:00.500', tag: 'half' });
  return { event, first, goal, second };
}

function renderTab(event: Event, search = '') {
  return renderWithApp(<ChapterPointsTab event={event} />, { client: createTestClient(fixture.t), path: `/events/${event.id}?tab=chapters${search}` });
}

const tree = () => screen.findByRole('tree', { name: 'Chapter points' });

describe('the chapter points tab, against the in-process service', () => {
  it('shows the chapter points as a tree with timecodes; the selection is in the URL and shows its properties', async () => {
    const user = userEvent.setup();
    const m = await match();
    const { router } = renderTab(m.event);
    const t1 = await tree();
    const items = within(t1).getAllByRole('treeitem');
    expect(items.map((i) => [i.getAttribute('aria-label'), i.getAttribute('aria-level')])).toEqual([
      ['00:15:00 First half', '1'],
      ['00:38:00 Goal — Okonkwo 23’', '2'],
      ['01:17:00.500 Second half', '1'],
    ]);
    expect(screen.getByText('Select a chapter point')).toBeTruthy();

    await user.click(within(t1).getByText('Goal — Okonkwo 23’'));
    await waitFor(() => expect(router.state.location.search).toContain(`chapter=${m.goal.id}`));
    expect(screen.getByRole('heading', { level: 2, name: 'Goal — Okonkwo 23’' })).toBeTruthy();
    const properties = await screen.findByRole('region', { name: /^Custom properties/ });
    expect(await within(properties).findByText('J. Okonkwo')).toBeTruthy();
  });

  it('adds a chapter point from a typed timecode, selects it, and gives it a property in the shared table', async () => {
    const user = userEvent.setup();
    const m = await match();
    const { router } = renderTab(m.event);
    await tree();
    await user.click(screen.getByRole('button', { name: 'Add chapter point' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a chapter point' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Half-time analysis');
    const start = within(dialog).getByRole('textbox', { name: 'Start' });
    await user.clear(start);
    await user.type(start, '62:00');
    expect(within(dialog).getByText('Saved as 01:02:00')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Add chapter point' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const added = (await fixture.service.call(endpoints.chapterPoint.listForEvent, { params: { eventId: m.event.id }, query: {} })).find((p) => p.title === 'Half-time analysis')!;
    expect(added).toMatchObject({ startTime: '01:02:00', parentId: null, endTime: null, tag: null });
    await waitFor(() => expect(router.state.location.search).toContain(`chapter=${added.id}`));
    const item = await within(await tree()).findByRole('treeitem', { name: '01:02:00 Half-time analysis' });
    await waitFor(() => expect(item.getAttribute('aria-selected')).toBe('true'));

    const properties = await screen.findByRole('region', { name: /^Custom properties/ });
    // The toolbar's button (the empty table offers one too).
    await user.click(await whenEnabled(within(properties).findAllByRole('button', { name: 'Add property' }).then((buttons) => buttons[0]!)));
    const draft = within(properties).getByRole('row', { name: 'New property' });
    await user.type(within(draft).getByRole('combobox', { name: 'Category' }), 'studio');
    await user.type(within(draft).getByRole('textbox', { name: 'Key' }), 'pundit');
    await user.type(within(draft).getByRole('textbox', { name: 'Value' }), 'M. Lindqvist{Enter}');
    await waitFor(() => expect(within(properties).getByRole('row', { name: 'studio / pundit' })).toBeTruthy());
    expect(await fixture.service.call(endpoints.chapterPointCustomProperty.list, { query: { chapterPointId: added.id } })).toEqual([
      expect.objectContaining({ category: 'studio', key: 'pundit', value: 'M. Lindqvist' }),
    ]);
  }, 60_000);

  it('adds a chapter point under the selected one', async () => {
    const user = userEvent.setup();
    const m = await match();
    renderTab(m.event, `&chapter=${m.second.id}`);
    await screen.findByRole('heading', { level: 2, name: 'Second half' });
    await user.click(screen.getByRole('button', { name: 'Add under it' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a chapter point under ‘Second half’' });
    // It starts where its parent starts.
    expect((within(dialog).getByRole('textbox', { name: 'Start' }) as HTMLInputElement).value).toBe('01:17:00.500');
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Equaliser{Enter}');
    const item = await within(await tree()).findByRole('treeitem', { name: '01:17:00.500 Equaliser' });
    expect(item.getAttribute('aria-level')).toBe('2');
  });

  it('shows the service’s 400 on the field: the parent was deleted meanwhile', async () => {
    const user = userEvent.setup();
    const m = await match();
    renderTab(m.event, `&chapter=${m.second.id}`);
    await screen.findByRole('heading', { level: 2, name: 'Second half' });
    await user.click(screen.getByRole('button', { name: 'Add under it' }));
    const dialog = await screen.findByRole('dialog', { name: /^Add a chapter point under/ });
    await fixture.service.call(endpoints.chapterPoint.delete, { params: { id: m.second.id } });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Late winner');
    await user.click(within(dialog).getByRole('button', { name: 'Add chapter point' }));
    const parent = within(dialog).getByRole('combobox', { name: 'Parent' });
    await waitFor(() => expect(parent.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText(new RegExp(`^There is no chapter point ${m.second.id} in event`))).toBeTruthy();
  });

  it('refuses an end before the start on the End field, without asking the service', async () => {
    const user = userEvent.setup();
    const m = await match();
    renderTab(m.event, `&chapter=${m.first.id}`);
    await screen.findByRole('heading', { level: 2, name: 'First half' });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit ‘First half’' });
    const end = within(dialog).getByRole('textbox', { name: 'End' });
    await user.clear(end);
    await user.type(end, '00:10:00{Enter}');
    await waitFor(() => expect(end.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('endTime must not be before startTime')).toBeTruthy();
    expect((await fixture.service.call(endpoints.chapterPoint.get, { params: { id: m.first.id }, query: {} }))?.endTime).toBe('01:02:00');
  });

  it('edits the selected chapter point', async () => {
    const user = userEvent.setup();
    const m = await match();
    renderTab(m.event, `&chapter=${m.goal.id}`);
    await screen.findByRole('heading', { level: 2, name: 'Goal — Okonkwo 23’' });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit ‘Goal — Okonkwo 23’’' });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Goal — Okonkwo 24’{Enter}');
    expect(await within(await tree()).findByRole('treeitem', { name: '00:38:00 Goal — Okonkwo 24’' })).toBeTruthy();
    const saved = await fixture.service.call(endpoints.chapterPoint.get, { params: { id: m.goal.id }, query: {} });
    // The other fields and the properties stay.
    expect(saved).toMatchObject({ title: 'Goal — Okonkwo 24’', parentId: m.first.id, tag: 'goal', startTime: '00:38:00' });
    expect(saved?.chapterPointCustomProperties).toHaveLength(1);
  });

  it('deletes a chapter point after saying its children and their properties go too', async () => {
    const user = userEvent.setup();
    const m = await match();
    const { router } = renderTab(m.event, `&chapter=${m.first.id}`);
    await screen.findByRole('heading', { level: 2, name: 'First half' });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete ‘First half’?' });
    expect(confirm.textContent).toContain('The 1 chapter point under it goes too, with 1 custom property.');
    await user.click(within(confirm).getByRole('button', { name: 'Delete 2 chapter points' }));
    await waitFor(() => expect(within(screen.getByRole('tree')).getAllByRole('treeitem')).toHaveLength(1));
    expect(router.state.location.search).not.toContain('chapter=');
    expect((await fixture.service.call(endpoints.chapterPoint.listForEvent, { params: { eventId: m.event.id }, query: {} })).map((p) => p.title)).toEqual(['Second half']);
  });

  it('moves through the tree from the keyboard: arrows move the selection, ← closes a branch and → opens it', async () => {
    const user = userEvent.setup();
    const m = await match();
    const { router } = renderTab(m.event, `&chapter=${m.first.id}`);
    const t1 = await tree();
    const first = within(t1).getByRole('treeitem', { name: '00:15:00 First half' });
    expect(first.getAttribute('tabindex')).toBe('0');
    first.focus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(router.state.location.search).toContain(`chapter=${m.goal.id}`));
    expect(document.activeElement?.getAttribute('aria-label')).toBe('00:38:00 Goal — Okonkwo 23’');
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(first);
    await user.keyboard('{ArrowLeft}');
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(within(t1).queryByRole('treeitem', { name: '00:38:00 Goal — Okonkwo 23’' })).toBeNull();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('01:17:00.500 Second half');
    await user.keyboard('{ArrowUp}{ArrowRight}');
    expect(first.getAttribute('aria-expanded')).toBe('true');
  });

  it('says when there are no chapter points yet', async () => {
    const created = await fixture.service.call(endpoints.event.upsert, { body: { Title: 'No chapters' } });
    renderTab((await fixture.service.call(endpoints.event.get, { params: { id: created.id } }))!);
    expect(await screen.findByText('No chapter points yet')).toBeTruthy();
  });
});
