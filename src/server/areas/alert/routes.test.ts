/** GET /alerts and POST /alerts/acknowledge: what needs an operator, from the data, and seeing it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { endpoints, EventState, type Alert } from '#schema';
import type { ApiClient } from '#client';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { createStrangerClient, createTestClient } from '#testing/client.ts';
import { insertEvent } from '#testing/event-row.ts';
import { activeDestination, advance, setFaults } from '#testing/syndication.ts';
import { recordChange, settle } from '#testing/webhook.ts';
import { Receiver } from '#testing/webhook-receiver.ts';
import { assets, events, syndicationDestinations } from '#server/db/tables/index.ts';

let t: TestApp;
let api: ApiClient;
const receiver = new Receiver();

beforeAll(async () => {
  await receiver.start();
  t = await createTestApp({ now: '2026-04-01T09:00:00Z', services: { webhooks: { allowPrivate: true, maxAttempts: 2 } } });
  api = createTestClient(t);
});
afterAll(async () => {
  await t.close();
  await receiver.stop();
});

const alerts = async (includeAcknowledged = false) => api.call(endpoints.alert.list, { query: { includeAcknowledged } });
const find = (list: { alerts: Alert[] }, id: string) => list.alerts.find((a) => a.id === id);

describe('the alert centre', () => {
  it('gathers webhook deliveries given up into one alert per webhook, over once one gets through again', async () => {
    receiver.respond = () => ({ status: 500 });
    const eventId = await insertEvent(t, { title: 'Hooked' });
    const webhook = await api.call(endpoints.webhook.upsert, { body: { webhookUrl: receiver.url('/down'), useJsonBody: true } });
    for (let i = 0; i < 2; i++) await recordChange(t, eventId);
    await settle(t);
    const alert = find(await alerts(), `webhookGaveUp:${webhook.id}`)!;
    expect(alert).toMatchObject({ kind: 'webhookGaveUp', severity: 'error', count: 2, subject: { type: 'webhook', id: webhook.id }, acknowledgedAt: null });

    receiver.respond = () => ({ status: 200 });
    const [failed] = (await api.call(endpoints.webhook.deliveries, { params: { id: webhook.id }, query: { status: 'failed' } }))!.results;
    t.clock.advance(1_000);
    await api.call(endpoints.webhook.redeliver, { params: { deliveryId: failed!.id } });
    await settle(t);
    expect(find(await alerts(), `webhookGaveUp:${webhook.id}`)).toBeUndefined();
    await api.call(endpoints.webhook.delete, { params: { id: webhook.id } });
  });

  it('lists a failed publication until it is recreated, and an acknowledged one only when asked', async () => {
    const eventId = await insertEvent(t, { state: EventState.values.LIVE_PUBLISHED, title: 'Cup final' });
    const bad = await activeDestination(t, api, 'SocialNetwork', 'Bad page');
    await setFaults(api, bad.id, 'streamRejected');
    const [publication] = await api.call(endpoints.livePublication.create, {
      body: { eventId, startInstantly: true, publications: [{ destinationId: bad.id, publicationJson: JSON.stringify({ sn_title: 'Final' }) }] },
    });
    await advance(t, 3_000);
    const id = `publicationFailed:${publication!.id}`;
    const listed = await alerts();
    expect(find(listed, id)).toMatchObject({ kind: 'publicationFailed', title: 'Live publication failed on Bad page', eventId, eventTitle: 'Cup final', subject: { type: 'publication' } });
    expect(find(listed, id)!.detail).toMatch(/rejected/);
    expect(listed.open).toBe(listed.alerts.length);

    expect(await api.call(endpoints.alert.acknowledge, { body: { ids: [id] } })).toEqual({ acknowledged: 1 });
    const after = await alerts();
    expect(find(after, id)).toBeUndefined();
    expect(after.acknowledged).toBeGreaterThanOrEqual(1);
    expect(find(await alerts(true), id)!.acknowledgedAt).toBe(t.clock.now().toISOString());

    await setFaults(api, bad.id, '');
    await api.call(endpoints.livePublication.recreate, { body: { eventId, publicationId: publication!.id, destinationId: bad.id, removeOriginal: true } });
    expect(find(await alerts(true), id)).toBeUndefined();
  });

  it('reopens an acknowledged alert when its trouble happens again; shows encoder faults of streaming events only', async () => {
    const eventId = await insertEvent(t, { title: 'Archive', mp4State: 4 });
    const id = `mp4Failed:${eventId}`;
    expect(find(await alerts(), id)).toMatchObject({ kind: 'mp4Failed', subject: { type: 'event', id: eventId } });
    await api.call(endpoints.alert.acknowledge, { body: { ids: [id] } });
    expect(find(await alerts(), id)).toBeUndefined();
    t.clock.advance(60_000);
    await t.database.db.update(events).set({ dateModified: t.clock.now() }).where(eq(events.id, eventId));
    expect(find(await alerts(), id)).toMatchObject({ acknowledgedAt: null });

    const live = await insertEvent(t, { title: 'Studio feed', state: EventState.values.LIVE_PUBLISHED });
    await api.call(endpoints.encoderHealth.setFault, { params: { id: live }, body: { fault: 'ingestLost' } });
    expect(find(await alerts(), `encoderFault:${live}`)).toMatchObject({ severity: 'error', title: 'The encoder receives no signal: Studio feed' });
    await t.database.db.update(events).set({ state: EventState.values.INSTANT_VOD }).where(eq(events.id, live));
    expect(find(await alerts(), `encoderFault:${live}`)).toBeUndefined();
  });

  it('names failed assets and destinations whose authorisation was refused, and keeps them to their client', async () => {
    const eventId = await insertEvent(t, { title: 'Clips' });
    const now = t.clock.now();
    const [asset] = await t.database.db
      .insert(assets)
      .values({ clientId: t.clientId, eventId, name: 'Goal GIF', path: `${eventId}/goal.gif`, extension: 'gif', state: 2, type: 1, priority: 0, error: 'storage unavailable', dateCreated: now, dateModified: now })
      .returning({ id: assets.id });
    const destination = await api.call(endpoints.mediaDestination.create, { body: { name: 'Refused', target: 'VideoSite' } });
    await t.database.db.update(syndicationDestinations).set({ activation: { status: 'denied' } }).where(eq(syndicationDestinations.id, destination.id));
    const list = await alerts();
    expect(find(list, `assetFailed:${asset!.id}`)).toMatchObject({ detail: 'storage unavailable', eventTitle: 'Clips' });
    expect(find(list, `destinationNotAuthorised:${destination.id}`)).toMatchObject({ title: 'Refused is not authorised on VideoSite' });
    // Newest first.
    expect(list.alerts.map((a) => a.at)).toEqual([...list.alerts.map((a) => a.at)].sort().reverse());

    const stranger = await createStrangerClient(t);
    expect(await stranger.api.call(endpoints.alert.list, { query: {} })).toEqual({ alerts: [], open: 0, acknowledged: 0 });
  });
});
