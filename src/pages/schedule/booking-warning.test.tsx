// @vitest-environment node
// The in-process service needs Node's module transform; test-dom.ts supplies the DOM (see there).
import '#app/test-dom.ts';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { EventState } from '#schema';
import { seedLookups } from '#testing/event-writes.ts';
import { renderWithApp } from '#app/test-utils.tsx';
import { servicePerFile } from '#testing/page-service.ts';
import { createTestClient } from '#testing/client.ts';
import { insertEvent } from '#testing/event-row.ts';
import { BookingWarning } from './booking-warning.tsx';

const at = (hour: number) => new Date(Date.UTC(2030, 0, 15, hour));

const fixture = servicePerFile({
  now: new Date(),
  seed: async (t) => {
    // Main and Backup.
    const ids = await seedLookups(t.database.db, t.clientId);
    const booked = await insertEvent(t, { title: 'Derby night', channelId: ids.channel, state: EventState.values.PRE_LIVE, scheduledStart: at(18), scheduledEnd: at(20) });
    await insertEvent(t, { title: 'Elsewhere', channelId: ids.otherChannel, scheduledStart: at(21), scheduledEnd: at(22) });
    return { booked };
  },
});

const render = (props: Parameters<typeof BookingWarning>[0]) => renderWithApp(<BookingWarning {...props} />, { client: createTestClient(fixture.t), path: '/' });

describe('BookingWarning', () => {
  it('names the other event on the channel at that time, with links to it and to the schedule', async () => {
    render({ channel: 'Main', start: at(19).toISOString(), end: at(21).toISOString() });
    const warning = await screen.findByRole('status');
    expect(within(warning).getByText('Main is already booked then')).toBeTruthy();
    expect(within(warning).getByRole('link', { name: 'Derby night' }).getAttribute('href')).toBe(`/events/${fixture.seeded.booked}`);
    expect(within(warning).getByRole('link', { name: 'on the schedule' }).getAttribute('href')).toMatch(new RegExp(`^/schedule\\?view=day&date=2030-01-1[56]&event=${fixture.seeded.booked}$`));
  });

  it('says nothing for the event itself, another channel, no channel or a free time', async () => {
    const cases = [
      { channel: 'Main', start: at(18).toISOString(), end: at(20).toISOString(), eventId: fixture.seeded.booked },
      { channel: 'Backup', start: at(18).toISOString(), end: at(20).toISOString() },
      { channel: null, start: at(18).toISOString(), end: at(20).toISOString() },
      { channel: 'Main', start: at(20).toISOString(), end: null },
    ];
    for (const props of cases) {
      const { unmount } = render(props);
      await new Promise((resolve) => setTimeout(resolve, 1200));
      expect(screen.queryByRole('status')).toBeNull();
      unmount();
    }
  });
});
