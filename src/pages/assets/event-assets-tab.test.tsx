// @vitest-environment node
// The in-process service needs Node's module transform; test-dom.ts supplies the DOM (see there).
import '#app/test-dom.ts';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { endpoints, type Event } from '#schema';
import { renderWithApp } from '#app/test-utils.tsx';
import { settleMedia } from '#testing/asset.ts';
import { servicePerFile } from '#testing/page-service.ts';
import { createTestClient } from '#testing/client.ts';
import { EventAssetsTab } from './event-assets-tab.tsx';

const fixture = servicePerFile({ now: new Date() });

const createVod = (title: string) =>
  fixture.service.call(endpoints.event.upsert, { body: { Title: title, EventState: 'VOD_PUBLIC', ScheduledStart: '2026-01-10T10:00:00Z', ScheduledEnd: '2026-01-10T10:01:00Z' } });

function renderTab(event: Event) {
  return renderWithApp(<EventAssetsTab event={event} />, { client: createTestClient(fixture.t), path: `/events/${event.id}?tab=assets` });
}

/** The interface's codes of MP4 states, asset types and asset states: never shown as they are. */
const CODES = /\b(NONE|AVAILABLE|GENERATING|FAILED|COMPLETED|SYSTEM|IMAGE|VIDEO)\b/;

describe('the event page’s Assets tab', () => {
  it('says the MP4 state in words, not as its code', async () => {
    const event = await createVod('No MP4 yet');
    renderTab(event);
    const mp4 = await screen.findByRole('region', { name: 'MP4 of the event' });
    expect(within(mp4).getByText('Not made')).toBeTruthy();
    expect(mp4.textContent).not.toMatch(CODES);
  });

  it('says a made MP4 is ready, and names its system assets in words', async () => {
    const event = await createVod('MP4 made');
    await fixture.service.call(endpoints.asset.generateVodFile, { params: { id: event.id }, body: {} });
    await settleMedia(fixture.t);
    const made = await fixture.service.call(endpoints.event.get, { params: { id: event.id } });
    renderTab(made!);
    const mp4 = await screen.findByRole('region', { name: 'MP4 of the event' });
    expect(await within(mp4).findByText('Ready')).toBeTruthy();
    expect(mp4.textContent).not.toMatch(CODES);
    const card = await screen.findByRole('group', { name: 'Asset MP4' });
    expect(within(card).getByText('System')).toBeTruthy();
    expect(card.textContent).not.toMatch(CODES);
  });
});
