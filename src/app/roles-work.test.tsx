// @vitest-environment node
// The in-process service needs Node's module transform; test-dom.ts supplies the DOM (see there).
import '#app/test-dom.ts';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { endpoints, EventState } from '#schema';
import { renderApp } from '#app/test-utils.tsx';
import { captureBody } from '#testing/archiver.ts';
import { recordedEvent } from '#testing/compose.ts';
import { insertEvent } from '#testing/event-row.ts';
import { seedLiveFixture } from '#testing/live.ts';
import { servicePerFile } from '#testing/page-service.ts';
import { createTestClient } from '#testing/client.ts';
import { activeDestination } from '#testing/syndication.ts';

/**
 * The day-to-day pages walked with a viewer, an operator and an admin key (DESIGN.md "Trust"):
 * publications, assets, downloads and captures are an operator's work, archiver flows an admin's.
 * What the key cannot do is off or left out, and the page says why.
 */
const FLOW = JSON.stringify({ archiverflows: [{ name: 'Role flow', type: 'ArchiverFlow', outputUrls: [{ streamProtocol: 'HLS', cdnPrimaryUrl: 'https://cdn.example.com/{capture_id}/master.m3u8', originPrimaryUrl: 'https://origin.example.com/{capture_id}/master.m3u8' }] }] });

const fixture = servicePerFile({
  now: new Date(),
  // The webhook posts to a closed loopback port: its test delivery fails, and the log has a row.
  services: { webhooks: { allowPrivate: true } },
  seed: async (t, service) => {
    const live = await seedLiveFixture(t.database.db, t.clientId, t.clock.now());
    const match = await recordedEvent(t, live, 60, 'Role final');
    await service.call(endpoints.vodDownload.create, { body: { emailAddress: 'editor@example.com', contentId: 'role-cut', mp4Filename: 'Role cut', downloadClips: [{ eventId: match.id, end: '00:00:04' }] } });
    const site = await activeDestination(t, service, 'VideoSite', 'Role channel');
    const eventId = await insertEvent(t, { title: 'Role publish', state: EventState.values.PRE_LIVE });
    await service.call(endpoints.livePublication.create, { body: { eventId, startInstantly: false, publications: [{ destinationId: site.id, publicationJson: JSON.stringify({ vs_title: 'Role' }) }] } });
    await service.call(endpoints.asset.createImage, { body: { eventId: match.id, name: 'Role still', time: '00:00:01.000' } });
    await service.call(endpoints.archiverCapture.create, { body: captureBody({ id: 'role_capture' }) });
    await service.call(endpoints.archiverflow.create, { body: { name: 'Role flow', configurationJson: FLOW } });
    const hook = await service.call(endpoints.webhook.upsert, { body: { webhookUrl: 'http://127.0.0.1:9/role-hook', useJsonBody: true } });
    await service.call(endpoints.webhook.test, { params: { id: hook.id } });
    return {
      eventId,
      hookId: hook.id,
      viewer: await t.createKeyFor('viewer', t, 'Guest'),
      operator: await t.createKeyFor('operator', t, 'Night shift'),
      admin: await t.createKeyFor('admin', t, 'Head of ops'),
    };
  },
});

type Key = 'viewer' | 'operator' | 'admin';
const open = (key: Key, path: string) => renderApp({ client: createTestClient(fixture.t, { tenant: fixture.seeded[key] }), path });
const disabled = (element: HTMLElement) => element.matches(':disabled') || element.getAttribute('aria-disabled') === 'true';
const VIEWER_REASON = /^Needs an operator or admin key: this key is a viewer key/;

describe('The publication monitor with the key’s role', () => {
  it.each([
    ['viewer', true],
    ['operator', false],
  ] as const)('a %s key: the row actions and the bulk Start are off = %s, and it is told why', async (key, off) => {
    const user = userEvent.setup();
    open(key, '/publications');
    const grid = await screen.findByRole('grid', { name: 'Publications' }, { timeout: 10_000 });
    const row = await within(grid).findByRole('row', { name: /Role channel/ }, { timeout: 10_000 });
    await waitFor(() => expect(screen.queryByTestId('role-notice') !== null).toBe(off));
    if (off) expect(screen.getByTestId('role-notice').textContent).toMatch(VIEWER_REASON);
    await user.click(within(row).getByRole('button', { name: /^Actions for the publication/ }));
    const menu = await screen.findByRole('menu');
    expect(disabled(within(menu).getByRole('menuitem', { name: 'Start' }))).toBe(off);
    expect(within(menu).queryByRole('note') !== null).toBe(off);
    await user.keyboard('{Escape}');
    await user.click(within(row).getByRole('checkbox'));
    expect(disabled(await screen.findByRole('button', { name: /^Start 1/ }))).toBe(off);
  }, 60_000);

  it('a viewer key on the event’s Publications tab: the publish buttons are off, and it says why', async () => {
    open('viewer', `/events/${fixture.seeded.eventId}?tab=publications`);
    const live = await screen.findByRole('button', { name: 'Add live publications' }, { timeout: 10_000 });
    await waitFor(() => expect(disabled(live)).toBe(true));
    expect(disabled(screen.getByRole('button', { name: 'Publish directly' }))).toBe(true);
    expect(disabled(screen.getByRole('button', { name: 'Publish VOD' }))).toBe(true);
    expect(screen.getByTestId('role-notice').textContent).toMatch(VIEWER_REASON);
  }, 60_000);
});

describe('Assets and downloads with the key’s role', () => {
  it.each([
    ['viewer', true],
    ['operator', false],
  ] as const)('a %s key: no Rename or Delete on an asset = %s', async (key, off) => {
    open(key, '/assets');
    const card = await screen.findByRole('group', { name: 'Asset Role still' }, { timeout: 10_000 });
    await waitFor(() => expect(within(card).queryByRole('button', { name: 'Rename Role still' }) === null).toBe(off));
    expect(within(card).queryByRole('button', { name: 'Delete Role still' }) === null).toBe(off);
    expect(screen.queryByTestId('role-notice') !== null).toBe(off);
  }, 60_000);

  it.each([
    ['viewer', true],
    ['operator', false],
  ] as const)('a %s key: New download off and no Delete on a download = %s', async (key, off) => {
    open(key, '/downloads');
    const grid = await screen.findByRole('grid', { name: 'Downloads' }, { timeout: 10_000 });
    const row = await within(grid).findByRole('row', { name: /Role cut\.mp4/ }, { timeout: 10_000 });
    await waitFor(() => expect(within(row).queryByRole('button', { name: 'Delete Role cut.mp4' }) === null).toBe(off));
    for (const link of screen.getAllByRole('link', { name: /New download/ })) expect(disabled(link)).toBe(off);
    if (off) expect(screen.getByTestId('role-notice').textContent).toMatch(VIEWER_REASON);
  }, 60_000);
});

describe('The archiver with the key’s role', () => {
  it.each([
    ['viewer', true],
    ['operator', false],
  ] as const)('a %s key: Add capture off, and no Edit or Delete on a capture = %s', async (key, off) => {
    open(key, '/archiver?tab=captures');
    await screen.findByText('role_capture', undefined, { timeout: 10_000 });
    await waitFor(() => expect(disabled(screen.getByRole('button', { name: 'Add capture' }))).toBe(off));
    expect(screen.queryByRole('button', { name: 'Edit the capture role_capture' }) === null).toBe(off);
    expect(screen.queryByRole('button', { name: 'Delete the capture role_capture' }) === null).toBe(off);
    expect(screen.queryByTestId('role-notice') !== null).toBe(off);
  }, 60_000);

  it.each([
    ['operator', true],
    ['admin', false],
  ] as const)('a %s key: the archiver flows are configuration; Add and the row actions off = %s', async (key, off) => {
    open(key, '/archiver?tab=flows');
    const grid = await screen.findByRole('grid', { name: 'Archiver flows' }, { timeout: 10_000 });
    await within(grid).findByText('Role flow', undefined, { timeout: 10_000 });
    await waitFor(() => expect(disabled(screen.getByRole('button', { name: 'Add archiver flow' }))).toBe(off));
    expect(within(grid).queryByRole('button', { name: /Delete the archiver flow Role flow/ }) === null).toBe(off);
    if (off) expect(screen.getByTestId('role-notice').textContent).toMatch(/^Needs an admin key: this key is an operator key.*Archiver flows are configuration/);
  }, 60_000);
});

describe('A webhook’s delivery log with the key’s role', () => {
  it.each([
    ['viewer', false],
    ['operator', false],
    ['admin', true],
  ] as const)('a %s key: Redeliver offered = %s, in the rows and for the selection', async (key, offered) => {
    const user = userEvent.setup();
    open(key, `/webhooks/${fixture.seeded.hookId}`);
    const grid = await screen.findByRole('grid', { name: 'Deliveries' }, { timeout: 30_000 });
    await within(grid).findAllByRole('button', { name: 'Show attempts' }, { timeout: 30_000 });
    // The key's role is known once the page says what it may not do (an admin's may do all of it).
    if (offered) await within(grid).findAllByRole('button', { name: 'Redeliver' }, { timeout: 10_000 });
    else expect((await screen.findByTestId('role-notice', undefined, { timeout: 10_000 })).textContent).toMatch(/^Needs an admin key/);
    expect(within(grid).queryAllByRole('button', { name: 'Redeliver' }).length > 0).toBe(offered);

    await user.click(within(grid).getAllByRole('checkbox', { name: 'Select row' })[0]!);
    const bar = await screen.findByRole('toolbar', { name: 'Bulk actions' });
    expect(disabled(within(bar).getByRole('button', { name: /^Redeliver/ }))).toBe(!offered);
    expect(within(bar).queryByRole('note')?.textContent ?? '').toMatch(offered ? /^$/ : /^Needs an admin key/);
  }, 90_000);
});
