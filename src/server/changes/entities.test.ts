/**
 * Every record a page shows goes on the change feed when its state changes (EntityChange,
 * record-entity.ts): publications, destinations, downloads with their progress, mail, webhook
 * deliveries and assets, each from the one place its state changes (the archiver's are in
 * areas/archiver/changes.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, EventState } from '#schema';
import type { ApiClient } from '#client';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { createTestClient } from '#testing/client.ts';
import { entityChangesOf, newestChangeSeq } from '#testing/changes.ts';
import { recordedEvent, seedComposeFixture, type ComposeFixture } from '#testing/compose.ts';
import { insertEvent } from '#testing/event-row.ts';
import { activeDestination, addAudioInput, advance } from '#testing/syndication.ts';
import { recordChange, settle } from '#testing/webhook.ts';
import { Receiver } from '#testing/webhook-receiver.ts';
import { settleMedia } from '#testing/asset.ts';
import { MailboxMailer } from '../sim/mail.ts';
import { createMediaServices } from '../areas/media/services.ts';

let t: TestApp;
let api: ApiClient;
let fixture: ComposeFixture;
const receiver = new Receiver();

beforeAll(async () => {
  const mailer = new MailboxMailer({ now: () => t.clock.now() });
  t = await createTestApp({ services: { outbound: { allowPrivate: true }, webhooks: { allowPrivate: true }, mailer, media: createMediaServices() } });
  api = createTestClient(t);
  fixture = await seedComposeFixture(t);
  await receiver.start();
}, 120_000);
afterAll(async () => {
  await receiver.stop();
  await t.close();
});

const since = () => newestChangeSeq(t.database.db);

describe('records on the change feed', () => {
  it('a destination: made, activated (the platform authorises it), deleted', async () => {
    const from = await since();
    const destination = await activeDestination(t, api, 'VideoSite');
    await api.call(endpoints.mediaDestination.delete, { params: { id: destination.id } });
    const said = await entityChangesOf(t.database.db, 'destination', from);
    expect(said[0]).toBe(`destination ${destination.id} Added`);
    expect(said).toContain(`destination ${destination.id} Updated`);
    expect(said.at(-1)).toBe(`destination ${destination.id} Deleted`);
  });

  it('a live publication: made, each change of state, deleted; with the event it publishes', async () => {
    const eventId = await insertEvent(t, { state: EventState.values.LIVE_PUBLISHED });
    const audio = await addAudioInput(t, eventId);
    const destination = await activeDestination(t, api, 'VideoSite');
    const from = await since();
    const [created] = await api.call(endpoints.livePublication.create, { body: { eventId, publications: [{ audioInputId: audio, destinationId: destination.id, publicationJson: JSON.stringify({ vs_title: 'The match' }) }] } });
    await advance(t, 2_000);
    await api.call(endpoints.livePublication.start, { body: { eventId, publicationId: created!.id, destinationId: destination.id } });
    await api.call(endpoints.livePublication.delete, { body: { eventId, publications: [{ publicationId: created!.id, destinationId: destination.id, hardDelete: true }] } });
    const said = await entityChangesOf(t.database.db, 'publication', from);
    expect(said[0]).toBe(`publication ${created!.id} Added`);
    expect(said).toContain(`publication ${created!.id} Updated`);
    expect(said.at(-1)).toBe(`publication ${created!.id} Deleted`);
  });

  it('a VOD download: requested, its progress while it is made, ready, its mail sent (and the mail kept); deleted', async () => {
    const match = await recordedEvent(t, fixture, 60, 'Feed match');
    const from = await since();
    const created = await api.call(endpoints.vodDownload.create, {
      body: { emailAddress: 'editor@example.com', downloadClips: [{ eventId: match.id, start: '00:00:04', end: '00:00:40', isMasterClip: true }] },
    });
    await t.runJobs();
    await api.call(endpoints.vodDownload.delete, { params: { id: created.id } });
    const said = await entityChangesOf(t.database.db, 'download', from);
    expect(said[0]).toBe(`download ${created.id} Added @0%`);
    expect(said.some((line) => /Updated @([1-9]\d?)%$/.test(line))).toBe(true);
    expect(said.filter((line) => line === `download ${created.id} Updated`).length).toBeGreaterThanOrEqual(2);
    expect(said.at(-1)).toBe(`download ${created.id} Deleted`);
    const [mail] = await api.call(endpoints.vodDownload.mailbox, {});
    expect(await entityChangesOf(t.database.db, 'mail', from)).toEqual([`mail ${mail!.id} Added`]);
  });

  it('webhook deliveries: one change per webhook whose deliveries were sent', async () => {
    const webhook = await api.call(endpoints.webhook.upsert, { body: { webhookUrl: receiver.url('/hook') } });
    const eventId = await insertEvent(t, {});
    const from = await since();
    await recordChange(t, eventId);
    await recordChange(t, eventId);
    await settle(t);
    const said = await entityChangesOf(t.database.db, 'delivery', from);
    expect(said.length).toBeGreaterThan(0);
    expect(new Set(said)).toEqual(new Set([`delivery ${webhook.id} Updated`]));
  });

  it('an asset: made by the media work, with its event', async () => {
    const event = await recordedEvent(t, fixture, 30, 'Feed asset');
    const from = await since();
    const image = await api.call(endpoints.asset.createImage, { body: { eventId: event.id, name: 'Kick-off', time: '00:00:05.200' } });
    await settleMedia(t);
    expect(await entityChangesOf(t.database.db, 'asset', from)).toEqual([`asset ${image.id} Updated`]);
  });
});
