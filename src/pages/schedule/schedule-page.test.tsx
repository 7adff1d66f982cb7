// @vitest-environment node
// The in-process service needs Node's module transform; test-dom.ts supplies the DOM (see there).
import '#app/test-dom.ts';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { endpoints, EventState } from '#schema';
import { renderWithApp } from '#app/test-utils.tsx';
import { events as eventsTable } from '#server/db/tables/index.ts';
import { seedDemoData } from '#server/demo/seed.ts';
import { servicePerFile } from '#testing/page-service.ts';
import { createTestClient } from '#testing/client.ts';
import { dayOf, startOfDay } from '#pages/events/index.ts';
import SchedulePage from './schedule-page.tsx';

const tomorrow = startOfDay(new Date(), 1);
const at = (hour: number, minute = 0) => new Date(tomorrow.getFullYear(), tomorrow.getMonth(), tomorrow.getDate(), hour, minute);
const CLASH_CHANNEL = 'Overnight Feed';
const clash = { first: { id: randomUUID(), title: 'Overnight qualifier — stream A' }, second: { id: randomUUID(), title: 'Overnight qualifier — stream B' } };

const fixture = servicePerFile({
  now: new Date(),
  seed: async (t, client) => {
    await seedDemoData(t.database.db, t.clientId, t.clock);
    // Two events booked at once on a channel of their own: the demo's channels have events at any
    // hour (one live now may run past midnight), which would make conflicts of their own.
    const esports = (await client.call(endpoints.channel.list, { query: {} })).find((c) => c.name === 'Esports Live')!;
    const channel = await client.call(endpoints.channel.upsert, { body: { name: CLASH_CHANNEL, referenceId: 'overnight-feed', configurationJson: esports.configurationJson } });
    const stamp = new Date();
    await t.database.db.insert(eventsTable).values([
      { ...clash.first, clientId: t.clientId, channelId: channel.id, state: EventState.values.PRE_LIVE, scheduledStart: at(2), scheduledEnd: at(4), dateCreated: stamp, dateModified: stamp },
      { ...clash.second, clientId: t.clientId, channelId: channel.id, state: EventState.values.PRE_LIVE, scheduledStart: at(3), scheduledEnd: at(5), dateCreated: stamp, dateModified: stamp },
    ]);
  },
});

function renderPage(path: string) {
  return renderWithApp(<SchedulePage />, { client: createTestClient(fixture.t), path });
}

// The name is the visible title, then the rest (jsdom spaces the block parts differently from browsers).
const link = (title: string) => screen.findByRole('link', { name: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*,`) });

describe('SchedulePage, with data from the in-process service', () => {
  it('places events on their day in the week, and marks the two booked at once on one channel', async () => {
    renderPage(`/schedule?date=${dayOf(tomorrow)}`);
    const first = await link(clash.first.title);
    const second = await link(clash.second.title);
    // On tomorrow's column, at 02:00 (two hours of a 48-px hour).
    const column = first.closest('[data-day]')!;
    expect(column.getAttribute('data-day')).toBe(String(tomorrow.getTime()));
    expect((first as HTMLElement).style.top).toBe(`${2 * 48 + 1}px`);
    expect(first.getAttribute('data-conflict')).toBe('true');
    expect(second.getAttribute('data-conflict')).toBe('true');
    expect(first.textContent).toMatch(/on Overnight Feed, Pre-live, conflicts with another event on this channel$/);
    // The demo schedule itself has no double bookings that week.
    expect(document.querySelectorAll('[data-conflict]')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Conflicts: 1' })).toBeTruthy();
  });

  it('lists the conflicts, each a way to the events', async () => {
    const user = userEvent.setup();
    renderPage(`/schedule?date=${dayOf(tomorrow)}`);
    await link(clash.first.title);
    await user.click(screen.getByRole('button', { name: 'Conflicts: 1' }));
    const list = await screen.findByRole('list', { name: 'Conflicting events' });
    const item = within(list).getByRole('listitem');
    expect(within(item).getByText(/^Overnight Feed · /)).toBeTruthy();
    expect(within(item).getByRole('link', { name: new RegExp(`^${clash.first.title}`) }).getAttribute('href')).toBe(`/events/${clash.first.id}`);
    expect(within(item).getByRole('link', { name: new RegExp(`^${clash.second.title}`) }).getAttribute('href')).toBe(`/events/${clash.second.id}`);
  });

  it('draws a lane per channel on the timeline, with the live events marked', async () => {
    const live = await fixture.service.call(endpoints.event.list, { query: { eventState: 'LIVE_PUBLISHED,LIVE_UNPUBLISHED', pageSize: 50 } });
    expect(live.totalCount).toBeGreaterThan(0);
    renderPage('/schedule?mode=timeline&zoom=1d');
    const timeline = await screen.findByRole('region', { name: 'Channel timeline' });
    const lanes = await within(timeline).findAllByRole('group');
    expect(lanes.map((lane) => lane.getAttribute('data-lane'))).toEqual(
      expect.arrayContaining(['Culture & Faith', 'Esports Live', 'Main Stage HD', 'News 24', 'Sports Arena 1', 'Sports Arena 2']),
    );
    for (const event of live.results.filter((e) => e.channel)) {
      const block = await waitFor(() => {
        const found = timeline.querySelector(`[data-event-id="${event.id}"]`);
        expect(found).not.toBeNull();
        return found!;
      });
      expect(block.closest('[data-lane]')!.getAttribute('data-lane')).toBe(event.channel);
      expect(block.getAttribute('data-live')).toBe('true');
    }
    expect(timeline.querySelector('[data-now-line]')).not.toBeNull();
  });

  it('keeps the view in the URL and opens an event when it is chosen', async () => {
    const user = userEvent.setup();
    const { router } = renderPage(`/schedule?date=${dayOf(tomorrow)}`);
    await link(clash.first.title);
    await user.click(screen.getByRole('button', { name: 'Channel timeline' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?date=${dayOf(tomorrow)}&mode=timeline`));
    await user.click(screen.getByRole('button', { name: '3 days' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('zoom')).toBe('3d'));
    await user.click(await link(clash.second.title));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/events/${clash.second.id}`));
  });
});

describe('SchedulePage: rescheduling with the keyboard', () => {
  const stored = async (id: string) => (await fixture.service.call(endpoints.event.get, { params: { id } }))!;

  it('moves an event, says where, and Undo puts it back', async () => {
    const user = userEvent.setup();
    renderPage(`/schedule?date=${dayOf(tomorrow)}`);
    const block = (await link(clash.second.title)) as HTMLElement;
    expect(block.getAttribute('aria-describedby')).toBe('schedule-move-help');
    block.focus();
    await user.keyboard(' ');
    for (let i = 0; i < 8; i++) await user.keyboard('{ArrowDown}');
    expect(document.querySelector('[data-move-ghost]')).not.toBeNull();
    await user.keyboard('{Enter}');
    const moved = await screen.findByText(new RegExp(`^Moved “${clash.second.title}” to `));
    await waitFor(async () => expect(new Date((await stored(clash.second.id)).scheduledStart!).getTime()).toBe(at(5).getTime()));
    expect(new Date((await stored(clash.second.id)).scheduledEnd!).getTime()).toBe(at(7).getTime());
    await user.click(within(moved.closest('[role="status"]') as HTMLElement).getByRole('button', { name: 'Undo' }));
    await waitFor(async () => expect(new Date((await stored(clash.second.id)).scheduledStart!).getTime()).toBe(at(3).getTime()));
  });

  it('shows the clash before the drop and asks; Cancel leaves the event where it was', async () => {
    const user = userEvent.setup();
    renderPage(`/schedule?date=${dayOf(tomorrow)}`);
    const block = (await link(clash.second.title)) as HTMLElement;
    block.focus();
    await user.keyboard(' ');
    for (let i = 0; i < 4; i++) await user.keyboard('{ArrowUp}');
    expect(document.querySelector('[data-move-ghost]')!.getAttribute('data-clashes')).toBe(clash.first.title);
    expect((await link(clash.first.title)).getAttribute('data-clash')).toBe('true');
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Move onto a booked time?' });
    expect(dialog.textContent).toContain(`overlaps “${clash.first.title}”`);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(new Date((await stored(clash.second.id)).scheduledStart!).getTime()).toBe(at(3).getTime());
  });
});
