/** Channel profiles: all 9 operations through the real routing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type AudioInputBody, type ChannelProfile } from '#schema';
import type { ApiClient } from '#client';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { createStrangerClient, createTestClient } from '#testing/client.ts';
import { changesOf, flagsOf } from '#testing/changes.ts';
import { failure, MISSING } from '#testing/custom-property.ts';
import { insertEvent } from '#testing/event-row.ts';

let t: TestApp;
let api: ApiClient;
let stranger: Awaited<ReturnType<typeof createStrangerClient>>;

beforeAll(async () => {
  t = await createTestApp();
  api = createTestClient(t);
  stranger = await createStrangerClient(t);
});
afterAll(() => t.close());

const input = (LanguageCode: string, AudioChannel: number, extra: Partial<AudioInputBody> = {}): AudioInputBody => ({ LanguageCode, AudioChannel, ...extra });
const shape = (p: ChannelProfile) => p.audioInputs.map((i) => `${i.audioChannel}:${i.languageCode}${i.audioEnabled ? '' : ' (off)'}`);

async function eventWithProfile(title: string, inputs = [input('en', 0), input('fr', 1)]) {
  const eventId = await insertEvent(t, { title: title });
  const profile = await api.call(endpoints.channelProfile.create, { body: { EventId: eventId, AudioInputs: inputs } });
  return { eventId, profile };
}

describe('adding', () => {
  it('adds the event’s profile, inputs ordered by audio channel, and links the event', async () => {
    const { eventId, profile } = await eventWithProfile('add', [input('de', 2), input('en', 0, { AudioEnabled: false }), input('fr', 1)]);
    expect(shape(profile)).toEqual(['0:en (off)', '1:fr', '2:de']);
    expect(await api.call(endpoints.channelProfile.get, { params: { id: profile.id } })).toEqual(profile);
    expect(await api.call(endpoints.channelProfile.getForEvent, { params: { id: eventId } })).toEqual(profile);
    expect((await api.call(endpoints.event.get, { params: { id: eventId } }))?.channelProfileId).toBe(profile.id);
    expect((await changesOf(t.database.db, eventId)).map(flagsOf)).toEqual([['audioChanged']]);
  });

  it('refuses a second profile for the same event', async () => {
    const { eventId, profile } = await eventWithProfile('second');
    const error = await failure(api.call(endpoints.channelProfile.create, { body: { EventId: eventId, AudioInputs: [input('en', 0)] } }));
    expect(error.status).toBe(400);
    expect(error.fieldErrors[0]).toMatchObject({ field: 'body.EventId', message: expect.stringContaining(profile.id) });
  });

  it('refuses duplicate languages (any case) and audio channels, naming the input', async () => {
    const eventId = await insertEvent(t, { title: 'duplicates' });
    const language = await failure(
      api.call(endpoints.channelProfile.create, { body: { EventId: eventId, AudioInputs: [input('en', 0), input('fr', 1), input('EN', 2)] } }),
    );
    expect(language.status).toBe(400);
    expect(language.fieldErrors).toEqual([{ field: 'body.AudioInputs.2.LanguageCode', message: expect.stringMatching(/already used by input/) }]);
    const channel = await failure(api.call(endpoints.channelProfile.create, { body: { EventId: eventId, AudioInputs: [input('en', 3), input('fr', 3)] } }));
    expect(channel.fieldErrors).toEqual([{ field: 'body.AudioInputs.1.AudioChannel', message: expect.stringMatching(/already used by input/) }]);
    expect(await api.call(endpoints.channelProfile.getForEvent, { params: { id: eventId } })).toBeNull();
    expect(await changesOf(t.database.db, eventId)).toEqual([]);
  });

  it('refuses an unknown event with 400 on body.EventId', async () => {
    const error = await failure(api.call(endpoints.channelProfile.create, { body: { EventId: MISSING, AudioInputs: [] } }));
    expect(error.fieldErrors[0]?.field).toBe('body.EventId');
  });
});

describe('updating', () => {
  it('matches inputs by id and by audio channel, keeping their ids; inputs left out are removed', async () => {
    const { eventId, profile } = await eventWithProfile('update', [input('en', 0), input('fr', 1), input('de', 2)]);
    const [en, fr] = profile.audioInputs;
    const updated = await api.call(endpoints.channelProfile.update, {
      params: { id: profile.id },
      body: {
        AudioInputs: [
          // No id, but channel 1 exists: that input (fr) is updated.
          input('es', 1, { AudioEnabled: false }),
          // By id: en moves to channel 5.
          input('en', 5, { Id: en!.id }),
          input('it', 3),
        ],
      },
    });
    expect(shape(updated)).toEqual(['1:es (off)', '3:it', '5:en']);
    expect(updated.audioInputs.find((i) => i.audioChannel === 1)!.id).toBe(fr!.id);
    expect(updated.audioInputs.find((i) => i.audioChannel === 5)!.id).toBe(en!.id);
    expect(updated.id).toBe(profile.id);
    expect((await changesOf(t.database.db, eventId)).map(flagsOf)).toEqual([['audioChanged'], ['audioChanged']]);

    // Languages can swap channels in one request.
    const swapped = await api.call(endpoints.channelProfile.update, {
      params: { id: profile.id },
      body: { AudioInputs: [input('en', 1), input('es', 5)] },
    });
    expect(shape(swapped)).toEqual(['1:en', '5:es']);
  });

  it('records nothing when the inputs do not change', async () => {
    const { eventId, profile } = await eventWithProfile('same');
    await api.call(endpoints.channelProfile.update, { params: { id: profile.id }, body: { AudioInputs: [input('fr', 1), input('en', 0)] } });
    expect(await changesOf(t.database.db, eventId)).toHaveLength(1);
  });

  it('refuses an input id used by another profile and the same id twice; 404 for an unknown profile', async () => {
    const a = await eventWithProfile('ids-a');
    const b = await eventWithProfile('ids-b');
    const foreign = await failure(
      api.call(endpoints.channelProfile.update, { params: { id: a.profile.id }, body: { AudioInputs: [input('en', 0, { Id: b.profile.audioInputs[0]!.id })] } }),
    );
    expect(foreign.fieldErrors).toEqual([{ field: 'body.AudioInputs.0.Id', message: 'is the id of another audio input' }]);
    const own = a.profile.audioInputs[0]!.id;
    const twice = await failure(
      api.call(endpoints.channelProfile.update, { params: { id: a.profile.id }, body: { AudioInputs: [input('en', 0, { Id: own }), input('fr', 1, { Id: own })] } }),
    );
    expect(twice.fieldErrors).toEqual([{ field: 'body.AudioInputs.1.Id', message: 'is already given by input 0' }]);
    expect(await api.call(endpoints.channelProfile.get, { params: { id: a.profile.id } })).toEqual(a.profile);
    expect((await failure(api.call(endpoints.channelProfile.update, { params: { id: MISSING }, body: { AudioInputs: [] } }))).status).toBe(404);
  });

  it('adds or updates by event', async () => {
    const eventId = await insertEvent(t, { title: 'by-event' });
    const added = await api.call(endpoints.channelProfile.upsertForEvent, { params: { id: eventId }, body: { AudioInputs: [input('nl', 0)] } });
    const again = await api.call(endpoints.channelProfile.upsertForEvent, { params: { id: eventId }, body: { AudioInputs: [input('nl', 0), input('en', 1)] } });
    expect(again.id).toBe(added.id);
    expect(again.audioInputs[0]!.id).toBe(added.audioInputs[0]!.id);
    expect(shape(again)).toEqual(['0:nl', '1:en']);
    expect((await api.call(endpoints.event.get, { params: { id: eventId } }))?.channelProfileId).toBe(added.id);
    expect((await failure(api.call(endpoints.channelProfile.upsertForEvent, { params: { id: MISSING }, body: { AudioInputs: [] } }))).status).toBe(404);
  });
});

describe('reading', () => {
  it('lists the client’s profiles; 204 for an event without one', async () => {
    const { profile } = await eventWithProfile('listed');
    const list = await api.call(endpoints.channelProfile.list, {});
    expect(list).toContainEqual(profile);
    const bare = await insertEvent(t, { title: 'bare' });
    expect(await api.call(endpoints.channelProfile.getForEvent, { params: { id: bare } })).toBeNull();
    expect((await failure(api.call(endpoints.channelProfile.get, { params: { id: MISSING } }))).status).toBe(404);
  });
});

describe('cloning', () => {
  it('gives the target the source’s inputs, creating its profile', async () => {
    const source = await eventWithProfile('clone-src', [input('en', 0), input('fr', 1, { AudioEnabled: false })]);
    const target = await insertEvent(t, { title: 'clone-dst' });
    const cloned = await api.call(endpoints.channelProfile.clone, { query: { sourceEventId: source.eventId, targetEventId: target } });
    expect(shape(cloned)).toEqual(['0:en', '1:fr (off)']);
    expect(cloned.id).not.toBe(source.profile.id);
    expect((await api.call(endpoints.event.get, { params: { id: target } }))?.channelProfileId).toBe(cloned.id);
    expect(await api.call(endpoints.channelProfile.getForEvent, { params: { id: source.eventId } })).toEqual(source.profile);
  });

  it('replaces the target’s inputs in its own profile, and moves with removeSource', async () => {
    const source = await eventWithProfile('move-src', [input('de', 0)]);
    const target = await eventWithProfile('move-dst', [input('en', 0), input('fr', 1)]);
    const moved = await api.call(endpoints.channelProfile.clone, { query: { sourceEventId: source.eventId, targetEventId: target.eventId, removeSource: true } });
    expect(moved.id).toBe(target.profile.id);
    expect(shape(moved)).toEqual(['0:de']);
    expect(moved.audioInputs[0]!.id).toBe(target.profile.audioInputs[0]!.id);
    expect(await api.call(endpoints.channelProfile.getForEvent, { params: { id: source.eventId } })).toBeNull();
    expect((await api.call(endpoints.event.get, { params: { id: source.eventId } }))?.channelProfileId).toBeNull();
    expect((await changesOf(t.database.db, source.eventId)).map(flagsOf)).toEqual([['audioChanged'], ['audioChanged']]);
    expect((await changesOf(t.database.db, target.eventId)).map(flagsOf)).toEqual([['audioChanged'], ['audioChanged']]);
  });

  it('refuses the same event, a source without a profile and unknown events', async () => {
    const { eventId } = await eventWithProfile('clone-bad');
    const bare = await insertEvent(t, { title: 'clone-bare' });
    expect((await failure(api.call(endpoints.channelProfile.clone, { query: { sourceEventId: eventId, targetEventId: eventId } }))).fieldErrors[0]?.field).toBe(
      'query.targetEventId',
    );
    expect((await failure(api.call(endpoints.channelProfile.clone, { query: { sourceEventId: bare, targetEventId: eventId } }))).status).toBe(404);
    expect((await failure(api.call(endpoints.channelProfile.clone, { query: { sourceEventId: eventId, targetEventId: MISSING } }))).status).toBe(404);
  });
});

describe('deleting', () => {
  it('deletes by id and by event, clearing the event’s channelProfileId', async () => {
    const a = await eventWithProfile('del-a');
    expect(await api.call(endpoints.channelProfile.delete, { params: { id: a.profile.id } })).toBeNull();
    expect((await api.call(endpoints.event.get, { params: { id: a.eventId } }))?.channelProfileId).toBeNull();
    expect((await failure(api.call(endpoints.channelProfile.delete, { params: { id: a.profile.id } }))).status).toBe(404);
    expect((await changesOf(t.database.db, a.eventId)).map(flagsOf)).toEqual([['audioChanged'], ['audioChanged']]);

    const b = await eventWithProfile('del-b');
    expect(await api.call(endpoints.channelProfile.deleteForEvent, { params: { id: b.eventId } })).toBeNull();
    expect(await api.call(endpoints.channelProfile.getForEvent, { params: { id: b.eventId } })).toBeNull();
    expect((await failure(api.call(endpoints.channelProfile.deleteForEvent, { params: { id: b.eventId } }))).status).toBe(404);
    // A new profile can be added once the old one is gone.
    await api.call(endpoints.channelProfile.create, { body: { EventId: b.eventId, AudioInputs: [input('en', 0)] } });
  });
});

describe('tenancy', () => {
  it('keeps every client to its own profiles and events', async () => {
    const { eventId, profile } = await eventWithProfile('mine');
    const other = stranger.api;
    expect(await other.call(endpoints.channelProfile.list, {})).toEqual([]);
    expect((await failure(other.call(endpoints.channelProfile.get, { params: { id: profile.id } }))).status).toBe(404);
    expect((await failure(other.call(endpoints.channelProfile.getForEvent, { params: { id: eventId } }))).status).toBe(404);
    expect((await failure(other.call(endpoints.channelProfile.update, { params: { id: profile.id }, body: { AudioInputs: [] } }))).status).toBe(404);
    expect((await failure(other.call(endpoints.channelProfile.upsertForEvent, { params: { id: eventId }, body: { AudioInputs: [] } }))).status).toBe(404);
    expect((await failure(other.call(endpoints.channelProfile.delete, { params: { id: profile.id } }))).status).toBe(404);
    expect((await failure(other.call(endpoints.channelProfile.deleteForEvent, { params: { id: eventId } }))).status).toBe(404);
    expect((await failure(other.call(endpoints.channelProfile.create, { body: { EventId: eventId, AudioInputs: [] } }))).fieldErrors[0]?.field).toBe(
      'body.EventId',
    );
    const theirs = await insertEvent(t, { title: 'theirs', clientId: stranger.tenant.clientId });
    expect((await failure(other.call(endpoints.channelProfile.clone, { query: { sourceEventId: eventId, targetEventId: theirs } }))).status).toBe(404);
    const taken = await failure(
      other.call(endpoints.channelProfile.create, { body: { EventId: theirs, AudioInputs: [input('en', 0, { Id: profile.audioInputs[0]!.id })] } }),
    );
    expect(taken.fieldErrors[0]?.field).toBe('body.AudioInputs.0.Id');
    expect(await api.call(endpoints.channelProfile.get, { params: { id: profile.id } })).toEqual(profile);
  });
});
