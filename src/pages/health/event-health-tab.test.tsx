// @vitest-environment node
// The in-process service needs Node's module transform; test-dom.ts supplies the DOM (see there).
import '#app/test-dom.ts';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { endpoints, EventState } from '#schema';
import { renderWithApp } from '#app/test-utils.tsx';
import { servicePerFile } from '#testing/page-service.ts';
import { createTestClient } from '#testing/client.ts';
import { insertEvent } from '#testing/event-row.ts';
import { EventHealthTab } from './event-health-tab.tsx';

const fixture = servicePerFile({ now: new Date() });

async function sample(times: number) {
  for (let i = 0; i < times; i++) {
    fixture.t.clock.advance(10_000);
    await fixture.t.runJobs();
  }
}

describe('the Health tab', () => {
  it('shows the encoder’s figures, a switched fault with what it means, its episode and the points; the fault is switched from the tab', async () => {
    const t = fixture.t;
    const id = await insertEvent(t, { state: EventState.values.LIVE_PUBLISHED, title: 'Studio' });
    await fixture.service.call(endpoints.encoderHealth.get, { params: { id }, query: {} });
    await sample(3);
    await fixture.service.call(endpoints.encoderHealth.setFault, { params: { id }, body: { fault: 'pointDown' } });
    await sample(2);
    const event = (await fixture.service.call(endpoints.event.get, { params: { id } }))!;

    const user = userEvent.setup();
    renderWithApp(<EventHealthTab event={event} />, { client: createTestClient(t), path: `/events/${id}?tab=health` });
    expect(await screen.findByText('Degraded')).toBeTruthy();
    expect(screen.getByText(/^Publishing point down since/)).toBeTruthy();
    expect(screen.getByText('0 of 1 up')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Fault episodes' })).getByText(/^Publishing point down: .*–now$/)).toBeTruthy();
    const points = screen.getByRole('table', { name: 'Publishing points' });
    expect(within(points).getByText('Down')).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: 'Simulate a fault' }));
    await user.click(await screen.findByRole('option', { name: 'None' }));
    await waitFor(async () => expect((await fixture.service.call(endpoints.encoderHealth.get, { params: { id }, query: {} })).fault).toBeNull());
  }, 60_000);
});
