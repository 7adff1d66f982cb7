// @vitest-environment node
// The in-process service needs Node's module transform; test-dom.ts supplies the DOM (see there).
import '#app/test-dom.ts';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { endpoints, EventState, Mp4State, type Event } from '#schema';
import { renderWithApp } from '#app/test-utils.tsx';
import { createMediaServices } from '#server/areas/media/services.ts';
import { settleMedia } from '#testing/asset.ts';
import { insertEvent } from '#testing/event-row.ts';
import { servicePerFile } from '#testing/page-service.ts';
import { createTestClient } from '#testing/client.ts';
import { EventAssetsTab } from './event-assets-tab.tsx';

// The real media tools, with a switch to make the sprite fail as a timed-out ffmpeg run would.
const media = createMediaServices();
let spriteFails = false;
const sprite = media.encoder.sprite.bind(media.encoder);
media.encoder.sprite = (...args) => (spriteFails ? Promise.reject(new Error('ffmpeg did not finish a sprite within 120 s')) : sprite(...args));

const fixture = servicePerFile({ now: new Date(), services: { media }, afterEach: () => void (spriteFails = false) });

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
    expect(await within(mp4).findByText('Not made')).toBeTruthy();
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
    expect(mp4.textContent).toContain('with a thumbnail and a sprite (system assets).');
    const card = await screen.findByRole('group', { name: 'Asset MP4' });
    expect(within(card).getByText('System')).toBeTruthy();
    expect(card.textContent).not.toMatch(CODES);
  });

  it('says exactly which parts came with the MP4: a sprite that failed is not claimed', async () => {
    spriteFails = true;
    const event = await createVod('MP4 without its sprite');
    await fixture.service.call(endpoints.asset.generateVodFile, { params: { id: event.id }, body: {} });
    await settleMedia(fixture.t);
    renderTab(event);
    const mp4 = await screen.findByRole('region', { name: 'MP4 of the event' });
    expect(await within(mp4).findByText('Ready')).toBeTruthy();
    expect(mp4.textContent).toContain('with a thumbnail (system asset); the sprite could not be made.');
    expect(mp4.textContent).not.toContain('and a sprite');
  });

  it('does not call an MP4 "Ready" when its file is not there (a demo VOD), and makes it on request', async () => {
    // Marked AVAILABLE, as the demo's finished events are, with no file ever made.
    const id = await insertEvent(fixture.t, { title: 'Marked, never made', state: EventState.values.VOD_PUBLIC, mp4State: Mp4State.values.AVAILABLE, scheduledEnd: new Date(Date.now() + 20_000) });
    const event = (await fixture.service.call(endpoints.event.get, { params: { id } }))!;
    renderTab(event);
    const mp4 = await screen.findByRole('region', { name: 'MP4 of the event' });
    expect(await within(mp4).findByText('File missing')).toBeTruthy();
    expect(within(mp4).queryByText('Ready')).toBeNull();
    expect(within(mp4).queryByRole('link', { name: 'Open the MP4' })).toBeNull();
    expect(mp4.textContent).toContain('its file is not there');

    await userEvent.setup().click(within(mp4).getByRole('button', { name: 'Generate MP4' }));
    expect(await within(mp4).findByText('Being made')).toBeTruthy();
    await settleMedia(fixture.t);
    expect(await within(mp4).findByText('Ready', {}, { timeout: 10_000 })).toBeTruthy();
    expect(mp4.textContent).toContain('with a thumbnail and a sprite');
  });
});
