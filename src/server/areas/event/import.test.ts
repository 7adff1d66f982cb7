/** POST /event/import/ (many events at once) through the real routing and database. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { endpoints, EventState, type EventBody } from '#schema';
import type { ApiClient, ApiError } from '#client';
import { activity } from '../../db/tables/trust.ts';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { createTestClient, failure } from '#testing/client.ts';
import { changesOf, flagsOf } from '#testing/changes.ts';
import { eventCount, seedLookups, tagNames, type Lookups } from '#testing/event-writes.ts';
import { deliveriesOf } from '#testing/webhook.ts';

let t: TestApp;
let api: ApiClient;
let ids: Lookups;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-04-01T09:00:00Z', services: { webhooks: { allowPrivate: true } } });
  api = createTestClient(t);
  ids = await seedLookups(t.database.db, t.clientId);
});
afterAll(() => t.close());

const importAll = (body: EventBody[]) => api.call(endpoints.eventImport.importMany, { body });
const fieldsOf = (error: ApiError) => error.fieldErrors.map((f) => f.field);

describe('POST /event/import/', () => {
  it('adds every event in the order sent, with its lookups, tags, categories, change and activity entry', async () => {
    const before = await eventCount(t.database.db, t.clientId);
    // Nothing listens there: the deliveries are counted, not sent.
    const webhook = await api.call(endpoints.webhook.upsert, { body: { webhookUrl: 'http://127.0.0.1:9/import', useJsonBody: true } });
    const bodies: EventBody[] = Array.from({ length: 600 }, (_, i) => ({
      Title: `Imported ${i}`,
      RefId: `IMPORT-${i}`,
      ScheduledStart: new Date(Date.UTC(2026, 5, 1) + i * 3_600_000).toISOString(),
      ...(i % 100 === 0 ? { ChannelId: ids.channel, CategoryId: ids.category, Tags: [{ name: 'Imported' }, { name: 'imported' }] } : {}),
    }));
    const answer = await importAll(bodies);
    expect(answer.map((e) => e.title)).toEqual(bodies.map((b) => b.Title));
    expect(await eventCount(t.database.db, t.clientId)).toBe(before + 600);
    const first = answer[0]!;
    expect(first).toMatchObject({ refId: 'IMPORT-0', channelId: ids.channel, state: EventState.values.PRE_LIVE });
    expect(first.tags!.map((tag) => tag.name)).toEqual(['Imported']);
    expect(answer[100]!.tags!.map((tag) => tag.id)).toEqual(first.tags!.map((tag) => tag.id));
    expect(first.categories!.map((c) => c.id)).toEqual([ids.category]);
    expect(await api.call(endpoints.event.get, { params: { id: answer[1]!.id } })).toMatchObject({ title: 'Imported 1', refId: 'IMPORT-1' });
    const changes = await changesOf(t.database.db, first.id);
    expect(changes.map((c) => c.action)).toEqual(['Added']);
    expect(flagsOf(changes[0]!)).toEqual(flagsOf((await changesOf(t.database.db, (await api.call(endpoints.event.upsert, { body: { Title: 'One', ChannelId: ids.channel } })).id))[0]!));
    const deliveries = (await deliveriesOf(t, webhook.id)).filter((d) => answer.some((e) => e.id === d.eventId));
    expect(deliveries).toHaveLength(600);
    expect(deliveries[0]!.payload).toMatchObject({ eventId: first.id, action: 'Added', referenceId: 'IMPORT-0', metadataChanged: true });
    expect(deliveries.map((d) => d.eventId)).toEqual(answer.map((e) => e.id));
    const entries = await t.database.db.select().from(activity).where(eq(activity.entityId, answer[599]!.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ operation: 'eventImport.importMany', entity: 'event' });
  });

  it('adds nothing when one row is wrong, and names the row and the field', async () => {
    const before = await eventCount(t.database.db, t.clientId);
    const tagsBefore = await tagNames(t.database.db, t.clientId);
    const error = await failure(
      importAll([
        { Title: 'Fine', Tags: [{ name: 'never-made' }] },
        { Title: 'Fine too' },
        { Title: 'Wrong channel', ChannelId: randomUUID() },
        { Title: 'Too long a window', DvrLength: 86_401 },
        { Title: 'Live', EventState: EventState.values.LIVE_PUBLISHED },
        { Id: randomUUID(), Title: 'With an id' },
      ]),
    );
    expect(error.status).toBe(400);
    expect(fieldsOf(error).sort()).toEqual(['body.2.ChannelId', 'body.3.DvrLength', 'body.4.EventState', 'body.5.Id']);
    expect(await eventCount(t.database.db, t.clientId)).toBe(before);
    expect(await tagNames(t.database.db, t.clientId)).toEqual(tagsBefore);
  });

  it('names the row of a body the schema refuses', async () => {
    const error = await failure(importAll([{ Title: 'Fine' }, { Title: '' }]));
    expect(error.status).toBe(400);
    expect(fieldsOf(error)).toEqual(['body.1.Title']);
  });

  it('refuses another client\'s ids', async () => {
    const stranger = await t.createTenant();
    const theirs = await seedLookups(t.database.db, stranger.clientId);
    const error = await failure(importAll([{ Title: 'Theirs', RoomId: theirs.room }]));
    expect(fieldsOf(error)).toEqual(['body.0.RoomId']);
  });
});
