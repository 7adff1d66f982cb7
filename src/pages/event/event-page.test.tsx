// @vitest-environment node
// The in-process service needs Node's module transform; test-dom.ts supplies the DOM (see there).
import '#app/test-dom.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { endpoints, EventBody, type Event } from '#schema';
import { loadEventTabs, renderWithApp } from '#app/test-utils.tsx';
import { seedDemoData } from '#server/demo/seed.ts';
import { servicePerFile } from '#testing/page-service.ts';
import { createTestClient } from '#testing/client.ts';
import { emptyEntry, serializeDrm } from './drm.ts';
import { eventToFormValues, formToBody } from './event-form-values.ts';
import EventPage from '#app/event-tabs.tsx';

beforeAll(loadEventTabs, 120_000);

/** The demo data, and one of each kind of reference an event takes. */
const fixture = servicePerFile({
  seed: async (t, service) => {
    await seedDemoData(t.database.db, t.clientId, t.clock);
    const [channels, rooms, types, categories, xflows, profiles] = await Promise.all([
      service.call(endpoints.channel.list, {}),
      service.call(endpoints.room.list, {}),
      service.call(endpoints.eventType.list, {}),
      service.call(endpoints.category.list, {}),
      service.call(endpoints.xflow.list, {}),
      service.call(endpoints.infrastructureProfile.list, {}),
    ]);
    return {
      channel: channels[0]!,
      room: rooms[0]!.id,
      eventType: types[0]!.id,
      category: categories[0]!.id,
      xflow: xflows[0]!.id,
      profile: profiles[0]!.id,
    };
  },
});

function createEvent(body: Partial<EventBody> = {}): Promise<Event> {
  return fixture.service.call(endpoints.event.upsert, { body: { Title: 'Evening concert', ChannelId: fixture.seeded.channel.id, ...body } });
}

/** The page at its real route, with the list as the place "Events" leads to. */
function renderPage(path: string) {
  return renderWithApp(
    <Routes>
      <Route path="/events/:id" element={<EventPage />} />
      <Route path="/events" element={<p>The events list</p>} />
    </Routes>,
    { client: createTestClient(fixture.t), path },
  );
}

/** A button in the notifications, closing earlier ones (from earlier tests) that are shown first. */
async function notificationAction(name: string): Promise<HTMLElement> {
  for (let i = 0; i < 20; i++) {
    const action = screen.queryByRole('button', { name });
    if (action) return action;
    const close = screen.queryByRole('button', { name: 'Close' });
    if (close) await userEvent.setup().click(close);
    else await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return screen.findByRole('button', { name });
}

const liveControls = () => within(screen.getByRole('group', { name: 'Live controls' }));
/** The live controls that can be used now (the others keep their places, disabled), by their text. */
const buttonNames = (scope: ReturnType<typeof liveControls>) =>
  scope
    .getAllByRole('button')
    .filter((b) => !(b as HTMLButtonElement).disabled && !b.hasAttribute('aria-haspopup'))
    .map((b) => b.textContent);
/** Every place, enabled or not, in order: the same in every state. */
const places = (scope: ReturnType<typeof liveControls>) => scope.getAllByRole('button').map((b) => b.textContent || b.getAttribute('aria-label'));
const PLACES = ['Start', 'Publish', 'Unpublish', 'Suspend', 'Resume', 'Stop', 'Force restart or stop'];

describe('Event -> EventBody, through the service', () => {
  it('shows in the form every field that was saved, and saving the untouched form changes nothing', async () => {
    const body = {
      Title: 'Round trip',
      RefId: 'RT-1',
      ExternalId: 'EXT-1',
      Description: 'Every field set',
      ScheduledStart: '2026-03-12T19:00:00.000Z',
      ScheduledEnd: '2026-03-12T21:00:00.000Z',
      PublishedStart: '2026-03-12T19:05:00.000Z',
      PublishedEnd: '2026-03-12T21:00:00.000Z',
      InstantVodStart: '2026-03-12T19:10:00.000Z',
      InstantVodEnd: '2026-03-12T20:50:00.000Z',
      ScheduledProvisionAt: '2026-03-12T18:30:00.000Z',
      ScheduledTerminateAt: '2026-03-12T21:30:00.000Z',
      ArchiverStart: '2026-03-12T19:00:00.000Z',
      ArchiverEnd: '2026-03-12T21:00:00.000Z',
      RoomId: fixture.seeded.room,
      EventTypeId: fixture.seeded.eventType,
      CategoryId: fixture.seeded.category,
      ChannelId: fixture.seeded.channel.id,
      XflowId: fixture.seeded.xflow,
      RemixflowId: fixture.seeded.xflow,
      InfrastructureProfileId: fixture.seeded.profile,
      AutoStart: true,
      AutoEnd: true,
      AutoProvisionInfrastructure: true,
      AutoTerminateInfrastructure: true,
      AutoPublish: true,
      AutoStartPublications: true,
      VodEnableDrm: true,
      SetPrivateAfterGeneration: true,
      DrmJson: serializeDrm({ drm_provider: 'THIRDPARTY', drm_data: [{ ...emptyEntry('CENC'), key_id: 'kid' }] }),
      AdditionalStreamingOptions: 'audio=eng',
      TaskEngineJson: '{"tasks":[]}',
      Thumbnail: 'https://example.org/poster.jpg',
      DvrLength: 3600,
      MaxBitrate: 6000,
      MinBitrate: 500,
    } satisfies EventBody;
    const created = await fixture.service.call(endpoints.event.upsert, { body: { ...body, Tags: [{ name: 'round-trip' }] } });

    const values = eventToFormValues(created);
    expect(values).toMatchObject({ ...body, Id: created.id, Tags: [{ id: expect.any(String), name: 'round-trip' }] });

    const saved = await fixture.service.call(endpoints.event.upsert, { body: formToBody(EventBody.parse(values)) });
    expect(saved.id).toBe(created.id);
    expect(eventToFormValues(saved)).toEqual(values);
  });
});

describe('EventPage, with data from the in-process service', () => {
  it('offers only the live controls valid from the event’s state', async () => {
    const preLive = await createEvent({ Title: 'Not started yet' });
    renderPage(`/events/${preLive.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Not started yet' })).toBeTruthy();
    expect(buttonNames(liveControls())).toEqual(['Start']);
    expect(places(liveControls())).toEqual(PLACES);
    cleanup();

    const live = await fixture.service.call(endpoints.event.list, { query: { eventState: 'LIVE_PUBLISHED', pageSize: 1 } });
    renderPage(`/events/${live.results[0]!.id}`);
    await screen.findByRole('heading', { level: 1, name: live.results[0]!.title });
    expect(buttonNames(liveControls())).toEqual(['Unpublish', 'Suspend', 'Stop']);
    expect(places(liveControls())).toEqual(PLACES);
    // Force restart and force stop are apart, in a menu, each confirmed with what viewers see.
    const user = userEvent.setup();
    await user.click(liveControls().getByRole('button', { name: 'Force restart or stop' }));
    await user.click(await screen.findByRole('menuitem', { name: /^Force stop/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Force stop the encoder?' });
    expect(within(dialog).getByText(/Viewers lose the stream at once/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  });

  it('does not offer Start to an event without a channel, and says why beside it', async () => {
    const event = await createEvent({ Title: 'Nowhere to stream', ChannelId: null });
    renderPage(`/events/${event.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Nowhere to stream' });
    const start = liveControls().getByRole('button', { name: 'Start' }) as HTMLButtonElement;
    expect(start.disabled).toBe(true);
    expect(buttonNames(liveControls())).toEqual([]);
    expect(places(liveControls())).toEqual(PLACES);
    const reason = 'Start needs a channel to stream on: choose one under Channel & workflow.';
    expect(liveControls().getByText(reason, { exact: false })).toBeTruthy();
    expect(document.getElementById(start.getAttribute('aria-describedby') ?? '')?.textContent).toContain(reason);
    expect(liveControls().getByRole('link', { name: 'Choose the channel' }).getAttribute('href')).toContain('tab=general');
    // Asked anyway (another client), the service says it in words, without the event's id.
    const refused = await fixture.service.call(endpoints.event.setState, { params: { id: event.id }, body: { state: 'LIVE_UNPUBLISHED', waitUntilCompleted: false } }).catch((e: Error) => e);
    expect((refused as Error).message).toContain('The event cannot start: it has no channel to stream on.');
    expect((refused as Error).message).not.toContain(event.id);
  });

  it('confirms a start in the operator’s words, then follows the event from starting to live', async () => {
    const event = await createEvent({ Title: 'Evening concert' });
    renderPage(`/events/${event.id}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Start' }));

    const dialog = await screen.findByRole('dialog', { name: 'Start the event?' });
    expect(within(dialog).getByText(`Start the encoder for ‘Evening concert’ on channel ${fixture.seeded.channel.name}. Viewers will not see it until you publish.`)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 10_000 });

    // waitUntilCompleted=false: the service answers at once, with the event starting.
    await waitFor(() => expect(document.querySelector('[data-state="LIVE_STARTING"]')).toBeTruthy(), { timeout: 10_000 });
    // Calling off the start is where Stop is, not where Start was.
    expect(buttonNames(liveControls())).toEqual(['Stop']);
    expect(places(liveControls())).toEqual(PLACES);
    expect(await screen.findByText(/This page follows it by itself/)).toBeTruthy();

    // The encoder gets ready (clock time, jobs), and the page sees it by itself within its fast refresh.
    for (let i = 0; i < 30; i++) {
      fixture.t.clock.advance(5_000);
      await fixture.t.runJobs();
      if ((await fixture.service.call(endpoints.event.get, { params: { id: event.id } }))?.stateString === 'LIVE_UNPUBLISHED') break;
    }
    expect((await fixture.service.call(endpoints.event.get, { params: { id: event.id } }))?.stateString).toBe('LIVE_UNPUBLISHED');
    await waitFor(() => expect(document.querySelector('[data-state="LIVE_UNPUBLISHED"]')).toBeTruthy(), { timeout: 15_000 });
    expect(buttonNames(liveControls())).toEqual(['Publish', 'Suspend', 'Stop']);
  });

  it('shows the service’s reason on the field it refused', async () => {
    const event = await createEvent({ Title: 'Long DVR' });
    renderPage(`/events/${event.id}`);
    const user = userEvent.setup();
    const dvr = await screen.findByRole('textbox', { name: 'DVR window' });
    await user.clear(dvr);
    // The schema allows any whole number ≥ 0; the service allows 24 hours at most.
    await user.type(dvr, '100000');
    expect(screen.getByText('Unsaved changes in 1 field')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Must be at most 86400 seconds (24 hours)')).toBeTruthy();
    expect(dvr.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('The service did not accept the changes')).toBeTruthy();
    expect((await fixture.service.call(endpoints.event.get, { params: { id: event.id } }))?.dvrLength).toBeNull();
  });

  it('creates an event from the form and opens it', async () => {
    const { router } = renderPage('/events/new');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Title' }), 'Made in the form');
    await user.click(screen.getByRole('button', { name: 'Create event' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/events\/[0-9a-f-]{36}$/));
    expect(await screen.findByRole('heading', { level: 1, name: 'Made in the form' })).toBeTruthy();
    const id = router.state.location.pathname.split('/').pop()!;
    expect((await fixture.service.call(endpoints.event.get, { params: { id } }))?.stateString).toBe('PRE_LIVE');
  });

  it('asks before leaving with unsaved changes', async () => {
    const event = await createEvent({ Title: 'Careful' });
    const { router } = renderPage(`/events/${event.id}`);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Title' }), ' edit');
    await user.click(screen.getByRole('link', { name: 'Events' }));

    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 10_000 });
    expect(router.state.location.pathname).toBe(`/events/${event.id}`);

    await user.click(screen.getByRole('link', { name: 'Events' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Discard and leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
  });

  it('deletes an event with Undo in the notification, which restores it', async () => {
    const event = await createEvent({ Title: 'Short-lived' });
    const { router } = renderPage(`/events/${event.id}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: /Delete/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the event?' });
    expect(dialog.textContent).toContain('Delete ‘Short-lived’. It moves to Deleted events, where you can restore it.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
    expect(await fixture.service.call(endpoints.event.get, { params: { id: event.id } })).toBeNull();
    await user.click(await notificationAction('Undo'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/events/${event.id}`));
    expect((await fixture.service.call(endpoints.event.get, { params: { id: event.id } }))?.title).toBe('Short-lived');
  });

  it('says so when there is no such event', async () => {
    renderPage('/events/6f1c2a52-2b1e-4c55-9f3e-0d1d2c3b4a59');
    expect(await screen.findByRole('heading', { level: 1, name: 'This event does not exist' })).toBeTruthy();
  });
});
