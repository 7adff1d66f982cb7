// @vitest-environment node
// The in-process service needs Node's module transform; test-dom.ts supplies the DOM (see there).
import '#app/test-dom.ts';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { endpoints, type BillingResolution, type BillingStatistics } from '#schema';
import { createApiClient } from '#client';
import { renderWithApp } from '#app/test-utils.tsx';
import { channels, customProperties, events } from '#server/db/tables/index.ts';
import { servicePerFile } from '#testing/page-service.ts';
import { insertRow } from '#testing/rows.ts';
import { createTestClient } from '#testing/client.ts';
import { routeFetch } from '#testing/route-fetch.ts';
import { formatMinutes } from './billing-figures.ts';
import BillingPage from './billing-page.tsx';

const d = (iso: string) => new Date(iso);

const fixture = servicePerFile({
  now: '2026-03-20T12:00:00Z',
  seed: async (t) => {
    const db = t.database.db;
    const stamp = d('2026-03-01T00:00:00Z');
    const [a, b] = await db
      .insert(channels)
      .values([
        { clientId: t.clientId, name: 'Arena', configurationJson: '{}', dateCreated: stamp, dateModified: stamp },
        { clientId: t.clientId, name: 'Beach', configurationJson: '{}', dateCreated: stamp, dateModified: stamp },
      ])
      .returning({ id: channels.id });
    const live = async (channelId: string, start: string, end: string, resolution?: string, drm = false) => {
      const [row] = await db
        .insert(events)
        .values({
          clientId: t.clientId,
          title: `Live ${start}`,
          state: 5,
          channelId,
          actualLiveStart: d(start),
          actualLiveEnd: d(end),
          drmJson: drm ? '{"drm_provider":"THIRDPARTY"}' : null,
          dateCreated: stamp,
          dateModified: stamp,
        })
        .returning({ id: events.id });
      if (resolution) await db.insert(customProperties).values({ clientId: t.clientId, eventId: row!.id, category: 'billing', key: 'resolution', value: resolution });
    };
    // Early March: two channels at once on the 3rd; later: UHD with DRM, SD, and HD again.
    await live(a!.id, '2026-03-03T18:00:00Z', '2026-03-03T20:30:00Z');
    await live(b!.id, '2026-03-03T19:00:00Z', '2026-03-03T20:00:00Z', 'SD');
    await live(a!.id, '2026-03-12T09:00:00Z', '2026-03-12T10:45:00Z', 'UHD', true);
    await live(b!.id, '2026-03-15T23:00:00Z', '2026-03-16T01:00:00Z', 'HD');
    // A VOD asset created in March, of one hour.
    await db.insert(events).values({
      clientId: t.clientId,
      title: 'Archive VOD',
      state: 11,
      scheduledStart: d('2026-03-05T10:00:00Z'),
      scheduledEnd: d('2026-03-05T11:00:00Z'),
      dateCreated: d('2026-03-05T09:00:00Z'),
      dateModified: d('2026-03-05T09:00:00Z'),
    });
    // A publication that streamed the UHD event to a destination on the 12th.
    const destination = randomUUID();
    await insertRow(t.database, 'syndication_destinations', { id: destination, client_id: t.clientId });
    await insertRow(t.database, 'publications', { client_id: t.clientId, destination_id: destination, kind: 'live', state: 3, date_created: stamp, date_started: d('2026-03-12T09:00:00Z'), date_completed: d('2026-03-12T10:45:00Z'), date_modified: d('2026-03-12T10:45:00Z') });
  },
});

const billing = (startPeriod: string, endPeriod: string, resolution: BillingResolution = 'HD') =>
  fixture.service.call(endpoints.stats.billing, { query: { startPeriod, endPeriod, resolution } });

/** Days as the page writes them, in the test's locale. */
const dayFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const days = (first: string, last: string) => `${dayFormat.formatRange(d(first), d(last))} (UTC)`.replace(/\s+/g, ' ');

const card = (name: string) => screen.getByRole('region', { name });
const figure = (name: string) => within(card(name)).getByTestId('figure').textContent;

/** Every card shows the service's figure for the period. */
async function expectFigures(expected: BillingStatistics, resolution: BillingResolution = 'HD') {
  await waitFor(() => expect(figure('Live minutes')).toBe(`${formatMinutes(expected.live.usage.eventMinutes)}min`));
  expect(figure(`${resolution} usage`)).toBe(`${formatMinutes(expected.live.usageForResolution.eventMinutes)}min`);
  expect(figure('Simultaneous channels')).toBe(`${expected.live.maxSimultaneousChannels}at peak`);
  expect(figure('Storage')).toBe(expected.storage.friendlyFormat);
  expect(figure('CDN delivery')).toBe(expected.cdns.friendlyFormat);
  expect(figure('DRM licences')).toBe(String(expected.drm.totalDrmLicenses));
  expect(figure('24/7 channel minutes')).toBe(`${formatMinutes(expected.live.usage.twentyFourSevenMinutes)}min`);
  expect(figure('Assets created')).toBe(String(expected.vod.totalAssets + expected.vodCompose.totalAssets + expected.archiver.totalAssets));
}

describe('BillingPage, with figures from the in-process service', () => {
  it('shows the service’s totals for the period, split by resolution, with how each is computed', async () => {
    renderWithApp(<BillingPage />, { client: createTestClient(fixture.t), path: '/billing?period=custom&from=2026-03-01&to=2026-03-31' });
    const march = await billing('2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z');
    // Worked out by hand: 150 + 60 + 105 + 120 minutes; channels A and B at once on the 3rd.
    expect(march.live.usage.eventMinutes).toBe(435);
    expect(march.live.maxSimultaneousChannels).toBe(2);
    await expectFigures(march);
    expect(screen.getByText(days('2026-03-01', '2026-03-31'))).toBeTruthy();
    // The split is the card's definition list (a dl carries no name of its own).
    const byResolution = card('Live minutes').querySelector('dl');
    expect(byResolution?.textContent).toBe('SD60 minHD270 minUHD105 min');
    expect(within(card('Storage')).getByText(`${march.storage.totalBytes.toLocaleString()} bytes`)).toBeTruthy();
    // From the publications of the period, not a fixed "not used".
    expect(march.live.mediaSyndication).toBe(true);
    expect(within(card('Assets created')).getByText('Media syndication used')).toBeTruthy();
    // The help says how the service counts.
    const help = within(card('Simultaneous channels')).getByRole('button', { name: 'How Simultaneous channels is computed' });
    await userEvent.setup().hover(help);
    expect((await screen.findByRole('tooltip')).textContent).toMatch(/The most channels live at one moment in the period/);
  });

  it('lists the period day by day, each day as the service counts it, and the whole period underneath', async () => {
    const { router } = renderWithApp(<BillingPage />, { client: createTestClient(fixture.t), path: '/billing?period=custom&from=2026-03-01&to=2026-03-31' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Table' }));
    await waitFor(() => expect(router.state.location.search).toContain('view=table'));
    const table = await screen.findByRole('table', { name: 'Billing per day' });
    const rows = within(table).getAllByRole('row');
    // Header, 31 days, the total.
    expect(rows).toHaveLength(33);
    const third = await billing('2026-03-03T00:00:00.000Z', '2026-03-04T00:00:00.000Z');
    const row = within(table).getByRole('rowheader', { name: dayFormat.format(d('2026-03-03')) }).closest('tr')!;
    await waitFor(() => expect(within(row).getAllByRole('cell')[0]!.textContent).toBe(formatMinutes(third.live.usage.eventMinutes)));
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['210', '150', '2', '2', third.cdns.friendlyFormat, third.storage.friendlyFormat, '0']);
    const total = within(table).getByRole('rowheader', { name: 'Whole period' }).closest('tr')!;
    expect(within(total).getAllByRole('cell')[0]!.textContent).toBe('435');
  });

  it('changes the period and the resolution in the URL, and the figures follow', { timeout: 120_000 }, async () => {
    const { router } = renderWithApp(<BillingPage />, { client: createTestClient(fixture.t), path: '/billing?period=custom&from=2026-03-01&to=2026-03-31' });
    await expectFigures(await billing('2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z'));

    fireEvent.change(screen.getByLabelText('First day (UTC)'), { target: { value: '2026-03-11' } });
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('from')).toBe('2026-03-11'));
    const fromEleventh = await billing('2026-03-11T00:00:00.000Z', '2026-04-01T00:00:00.000Z');
    expect(fromEleventh.live.usage.eventMinutes).toBe(225);
    await expectFigures(fromEleventh);
    expect(screen.getByText(days('2026-03-11', '2026-03-31'))).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'UHD' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('resolution')).toBe('UHD'));
    await expectFigures(await billing('2026-03-11T00:00:00.000Z', '2026-04-01T00:00:00.000Z', 'UHD'), 'UHD');
    expect(figure('UHD usage')).toBe('105min');

    // A day after the last one: said on the field, nothing asked.
    fireEvent.change(screen.getByLabelText('Last day (UTC)'), { target: { value: '2026-03-05' } });
    expect(await screen.findByText('The last day must not be before the first day')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Live minutes' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Last month' }));
    await waitFor(() => expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ period: 'last-month', resolution: 'UHD' }));
    expect(screen.queryByLabelText('First day (UTC)')).toBeNull();
  });

  it('says so when nothing was used in the period', async () => {
    renderWithApp(<BillingPage />, { client: createTestClient(fixture.t), path: '/billing?from=2026-01-01&to=2026-01-31' });
    expect(await screen.findByText('Nothing was used in this period')).toBeTruthy();
    expect(await within(await screen.findByRole('region', { name: 'Assets created' })).findByText('Media syndication not used')).toBeTruthy();
    await expectFigures(await billing('2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z'));
  });

  it('says what went wrong when the figures cannot be loaded, and tries again on request', async () => {
    // The service answers everything but billing, as when a proxy drops those calls.
    let down = true;
    const service = routeFetch(fixture.t.app);
    const flaky = createApiClient({
      baseUrl: '/api',
      apiKey: fixture.t.key,
      fetch: (input, init) => (down && String(input).includes('/stats/billing') ? Promise.reject(new TypeError('Failed to fetch')) : service(input, init)),
    });
    renderWithApp(<BillingPage />, { client: flaky, path: '/billing?from=2026-03-01&to=2026-03-07' });
    expect(await screen.findByText('Could not load the billing figures')).toBeTruthy();
    expect(screen.getByText(/^Cannot reach .* — is the service running\?$/)).toBeTruthy();
    down = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await expectFigures(await billing('2026-03-01T00:00:00.000Z', '2026-03-08T00:00:00.000Z'));
    expect(screen.queryByText('Could not load the billing figures')).toBeNull();
  });
});
