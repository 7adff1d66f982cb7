/** All 8 event type operations through the real routing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '#schema';
import type { ApiClient } from '#client';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { createTestClient, failure } from '#testing/client.ts';
import { insertEvent } from '#testing/event-row.ts';
import { and, eq } from 'drizzle-orm';
import { eventChanges } from '../../db/tables/index.ts';

let t: TestApp;
let api: ApiClient;
let otherApi: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  api = createTestClient(t);
  otherApi = createTestClient(t, { tenant: await t.createTenant() });
});
afterAll(() => t.close());

/** The changes recorded for an event (what webhooks and the change feed carry). */
async function changesOf(eventId: string) {
  return t.database.db
    .select({ action: eventChanges.action, metadataChanged: eventChanges.metadataChanged })
    .from(eventChanges)
    .where(and(eq(eventChanges.clientId, t.clientId), eq(eventChanges.eventId, eventId)));
}

describe('event types', () => {
  it('adds, lists by name, gets and finds by reference', async () => {
    const match = await api.call(endpoints.eventType.create, { body: { name: 'Match', referenceId: 'ET-M', colour: '#1E88E5' } });
    expect(match).toMatchObject({ name: 'Match', referenceId: 'ET-M', colour: '#1e88e5' });
    const concert = await api.call(endpoints.eventType.create, { body: { name: 'concert', colour: '#8e24aa' } });
    expect(concert.referenceId).toBeNull();

    expect((await api.call(endpoints.eventType.list, {})).map((e) => e.name)).toEqual(['concert', 'Match']);
    expect(await api.call(endpoints.eventType.get, { params: { id: match.id } })).toEqual(match);
    expect(await api.call(endpoints.eventType.getByReference, { query: { id: 'ET-M' } })).toEqual(match);
    expect(await api.call(endpoints.eventType.getByReference, { query: { id: 'nope' } })).toBeNull();
  });

  it('refuses a missing name, a bad colour and a name already used (any case)', async () => {
    const bad = await failure(api.call(endpoints.eventType.create, { body: { name: ' ', colour: 'red' } }));
    expect(bad.status).toBe(400);
    expect(bad.fieldErrors.map((f) => f.field).sort()).toEqual(['body.colour', 'body.name']);
    const clash = await failure(api.call(endpoints.eventType.create, { body: { name: 'MATCH', colour: '#000000' } }));
    expect(clash.status).toBe(400);
    expect(clash.fieldErrors).toEqual([{ field: 'body.name', message: 'an event type named "MATCH" already exists' }]);
  });

  it('updates, keeping its own name free and refusing another type’s', async () => {
    const [concert, match] = await api.call(endpoints.eventType.list, {});
    const renamed = await api.call(endpoints.eventType.update, {
      params: { id: concert!.id },
      body: { name: 'Concert', referenceId: 'ET-C', colour: '#abcdef' },
    });
    expect(renamed).toEqual({ id: concert!.id, name: 'Concert', referenceId: 'ET-C', colour: '#abcdef', version: expect.any(Number) });
    const clash = await failure(api.call(endpoints.eventType.update, { params: { id: concert!.id }, body: { name: match!.name, colour: '#abcdef' } }));
    expect(clash.status).toBe(400);
    const missing = await failure(
      api.call(endpoints.eventType.update, { params: { id: '00000000-0000-4000-8000-000000000000' }, body: { name: 'X', colour: '#abcdef' } }),
    );
    expect(missing.status).toBe(404);
  });

  it('sets the type of an event and lists a type’s events', async () => {
    const [, match] = await api.call(endpoints.eventType.list, {});
    const first = await insertEvent(t, { title: 'Derby' });
    const second = await insertEvent(t, { title: 'Cup tie' });
    await api.call(endpoints.eventType.setForEvent, { params: { id: first }, body: { eventTypeId: match!.id } });
    await api.call(endpoints.eventType.setForEvent, { params: { id: second }, body: { eventTypeId: match!.id } });
    const event = await api.call(endpoints.event.get, { params: { id: first } });
    expect(event).toMatchObject({ eventTypeId: match!.id, eventType: 'Match', eventTypeColour: '#1e88e5' });
    // A change of type is a change of the event; setting the type it already has is none.
    expect(await changesOf(first)).toEqual([{ action: 'Updated', metadataChanged: true }]);
    await api.call(endpoints.eventType.setForEvent, { params: { id: first }, body: { eventTypeId: match!.id } });
    expect(await changesOf(first)).toHaveLength(1);

    const page = await api.call(endpoints.eventType.events, { params: { id: match!.id }, query: { pageSize: 1 } });
    expect(page.totalCount).toBe(2);
    expect(page.results).toHaveLength(1);

    const unknownType = await failure(
      api.call(endpoints.eventType.setForEvent, { params: { id: first }, body: { eventTypeId: '00000000-0000-4000-8000-000000000000' } }),
    );
    expect(unknownType.fieldErrors[0]?.field).toBe('body.eventTypeId');
    const unknownEvent = await failure(
      api.call(endpoints.eventType.setForEvent, { params: { id: '00000000-0000-4000-8000-000000000000' }, body: { eventTypeId: match!.id } }),
    );
    expect(unknownEvent.status).toBe(404);
  });

  it('deletes a type in use by clearing it from its events, each recording a change', async () => {
    const [, match] = await api.call(endpoints.eventType.list, {});
    const before = await api.call(endpoints.eventType.events, { params: { id: match!.id } });
    expect(before.results.length).toBeGreaterThan(0);
    const recorded = new Map(await Promise.all(before.results.map(async (e) => [e.id, (await changesOf(e.id)).length] as const)));
    t.clock.advance(60_000);
    expect(await api.call(endpoints.eventType.delete, { params: { id: match!.id } })).toBeNull();
    expect(await api.call(endpoints.eventType.get, { params: { id: match!.id } })).toBeNull();
    for (const e of before.results) {
      const after = await api.call(endpoints.event.get, { params: { id: e.id } });
      expect(after).toMatchObject({ eventTypeId: null, eventType: null, eventTypeColour: null, dateModified: t.clock.now().toISOString() });
      expect(await changesOf(e.id)).toHaveLength(recorded.get(e.id)! + 1);
    }
    expect((await failure(api.call(endpoints.eventType.delete, { params: { id: match!.id } }))).status).toBe(404);
  });

  it('keeps every client to its own types', async () => {
    const [concert] = await api.call(endpoints.eventType.list, {});
    expect(await otherApi.call(endpoints.eventType.list, {})).toEqual([]);
    expect(await otherApi.call(endpoints.eventType.get, { params: { id: concert!.id } })).toBeNull();
    expect(await otherApi.call(endpoints.eventType.getByReference, { query: { id: 'ET-C' } })).toBeNull();
    expect((await failure(otherApi.call(endpoints.eventType.delete, { params: { id: concert!.id } }))).status).toBe(404);
    expect(
      (await failure(otherApi.call(endpoints.eventType.update, { params: { id: concert!.id }, body: { name: 'Hijack', colour: '#000000' } }))).status,
    ).toBe(404);
    // Another client may use the same name, and cannot give its events a type it does not own.
    await otherApi.call(endpoints.eventType.create, { body: { name: 'Concert', colour: '#000000' } });
    const theirs = await insertEvent(t, { title: 'Their event', clientId: (await t.createTenant()).clientId });
    expect((await failure(api.call(endpoints.eventType.setForEvent, { params: { id: theirs }, body: { eventTypeId: concert!.id } }))).status).toBe(404);
    expect(await api.call(endpoints.eventType.get, { params: { id: concert!.id } })).toMatchObject({ name: 'Concert' });
  });
});
