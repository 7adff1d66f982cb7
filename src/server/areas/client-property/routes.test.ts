/** Client properties: all 7 operations through the real routing, with templates stored as property configurations. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type PropertyConfigurationContent } from '#schema';
import type { ApiClient } from '#client';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { createStrangerClient, createTestClient } from '#testing/client.ts';
import { propertyConfigurations } from '../../db/tables/index.ts';
import { changesOf, flagsOf } from '#testing/changes.ts';
import { failure, MISSING } from '#testing/custom-property.ts';
import { insertEvent } from '#testing/event-row.ts';

let t: TestApp;
let api: ApiClient;
let stranger: Awaited<ReturnType<typeof createStrangerClient>>;
let broadcast: string;
let archive: string;

const BROADCAST: PropertyConfigurationContent = {
  configuration: [
    { name: 'rightsHolder', displayName: 'Rights holder', type: 'TextField', category: 'rights', key: 'holder', defaultValue: '', required: true },
    {
      name: 'territory',
      displayName: 'Territory',
      type: 'SelectList',
      category: 'rights',
      key: 'territory',
      defaultValue: 'Worldwide',
      required: false,
      additionalProperties: { options: ['Worldwide', 'Europe', 'Domestic only'] },
    },
    { name: 'subtitled', displayName: 'Live subtitles', type: 'CheckBox', category: 'accessibility', key: 'subtitles', defaultValue: 'false', required: false },
    {
      name: 'firstAired',
      displayName: 'First aired',
      type: 'DateField',
      category: 'broadcast',
      key: 'firstAired',
      defaultValue: '',
      required: false,
      additionalProperties: { dateFormat: 'dd/MM/yyyy' },
    },
    { name: 'onAir', displayName: 'On air', type: 3, category: 'broadcast', key: 'onAir', defaultValue: null, required: false },
  ],
};

const ARCHIVE: PropertyConfigurationContent = {
  configuration: [{ name: 'shelf', displayName: 'Shelf', type: 'TextField', category: 'archive', key: 'shelf', defaultValue: 'A1', required: false }],
};

async function insertTemplate(name: string, content: PropertyConfigurationContent | string, clientId = t.clientId, referenceId?: string): Promise<string> {
  const now = t.clock.now();
  const [row] = await t.database.db
    .insert(propertyConfigurations)
    .values({
      clientId,
      name,
      referenceId: referenceId ?? null,
      configurationJson: typeof content === 'string' ? content : JSON.stringify(content),
      dateCreated: now,
      dateModified: now,
    })
    .returning({ id: propertyConfigurations.id });
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  api = createTestClient(t);
  stranger = await createStrangerClient(t);
  broadcast = await insertTemplate('Broadcast', BROADCAST, t.clientId, 'PC-BROADCAST');
  archive = await insertTemplate('Archive', ARCHIVE);
});
afterAll(() => t.close());

const valuesOf = (list: { name: string; value: string }[]) => Object.fromEntries(list.map((p) => [p.name, p.value]));

describe('validating', () => {
  it('answers 200 with a map of name to message, empty when valid', async () => {
    const invalid = await api.call(endpoints.clientProperty.validate, {
      body: { templateId: broadcast, values: { territory: 'Mars', subtitled: 'yes', firstAired: '2026-01-15', onAir: '25:00', extra: 'x' } },
    });
    expect(invalid).toEqual({
      rightsHolder: 'Rights holder is required',
      territory: 'Territory must be one of: Worldwide, Europe, Domestic only',
      subtitled: 'Live subtitles must be true or false',
      firstAired: 'First aired must be a date in the format dd/MM/yyyy (for example 15/01/2026)',
      onAir: 'On air must be a time in the format HH:mm (for example 14:30)',
      extra: 'extra is not a property of the template',
    });
    expect(await api.call(endpoints.clientProperty.validate, { body: { templateId: broadcast, values: { rightsHolder: 'Ada Ltd' } } })).toEqual({});
  });

  it('refuses an unknown template with 400 on body.templateId', async () => {
    const error = await failure(api.call(endpoints.clientProperty.validate, { body: { templateId: MISSING, values: {} } }));
    expect(error.status).toBe(400);
    expect(error.fieldErrors[0]?.field).toBe('body.templateId');
  });
});

describe('adding', () => {
  it('writes the values as custom properties, with the defaults of optional fields, and links the template', async () => {
    const eventId = await insertEvent(t, { title: 'apply' });
    const result = await api.call(endpoints.clientProperty.create, {
      params: { eventId },
      body: { templateId: broadcast, values: { rightsHolder: 'Ada Ltd', subtitled: 'TRUE', firstAired: '15/01/2026' } },
    });
    expect(valuesOf(result)).toEqual({ rightsHolder: 'Ada Ltd', territory: 'Worldwide', subtitled: 'true', firstAired: '15/01/2026', onAir: '' });
    expect(result[1]).toEqual({
      name: 'territory',
      displayName: 'Territory',
      type: 'SelectList',
      category: 'rights',
      key: 'territory',
      defaultValue: 'Worldwide',
      value: 'Worldwide',
      required: false,
      additionalProperties: { options: ['Worldwide', 'Europe', 'Domestic only'] },
    });
    expect(result[0]).not.toHaveProperty('additionalProperties');
    expect(result[4]).toMatchObject({ type: 3, defaultValue: null });

    const event = await api.call(endpoints.event.get, { params: { id: eventId } });
    expect(event?.customPropertyConfigurationId).toBe(broadcast);
    expect(event?.customProperties.map((p) => [p.category, p.key, p.value])).toEqual([
      ['accessibility', 'subtitles', 'true'],
      ['broadcast', 'firstAired', '15/01/2026'],
      ['rights', 'holder', 'Ada Ltd'],
      ['rights', 'territory', 'Worldwide'],
    ]);
    expect((await changesOf(t.database.db, eventId)).map(flagsOf)).toEqual([['metadataChanged']]);
  });

  it('writes nothing when a value is invalid: 400 with the map in data', async () => {
    const eventId = await insertEvent(t, { title: 'invalid' });
    const error = await failure(
      api.call(endpoints.clientProperty.create, { params: { eventId }, body: { templateId: broadcast, values: { rightsHolder: 'Ada', territory: 'Mars' } } }),
    );
    expect(error.status).toBe(400);
    expect((error.body?.data as { errors: unknown }).errors).toEqual({ territory: 'Territory must be one of: Worldwide, Europe, Domestic only' });
    expect(error.fieldErrors).toEqual([{ field: 'body.values.territory', message: 'Territory must be one of: Worldwide, Europe, Domestic only' }]);
    const event = await api.call(endpoints.event.get, { params: { id: eventId } });
    expect(event).toMatchObject({ customPropertyConfigurationId: null, customProperties: [] });
    expect(await changesOf(t.database.db, eventId)).toEqual([]);
  });

  it('removes the properties of the previous template, keeping properties outside any template', async () => {
    const eventId = await insertEvent(t, { title: 'switch' });
    await api.call(endpoints.customProperty.upsert, { body: { eventId, category: 'own', key: 'note', value: 'kept' } });
    await api.call(endpoints.clientProperty.create, { params: { eventId }, body: { templateId: broadcast, values: { rightsHolder: 'Ada' } } });
    const result = await api.call(endpoints.clientProperty.create, { params: { eventId }, body: { templateId: archive, values: {} } });
    expect(valuesOf(result)).toEqual({ shelf: 'A1' });
    const properties = await api.call(endpoints.customProperty.list, { query: { eventId } });
    expect(properties.map((p) => `${p.category}/${p.key}=${p.value}`)).toEqual(['archive/shelf=A1', 'own/note=kept']);
    expect((await api.call(endpoints.event.get, { params: { id: eventId } }))?.customPropertyConfigurationId).toBe(archive);
  });

  it('overwrites when the same template is applied again, keeping the ids of the properties it updates', async () => {
    const eventId = await insertEvent(t, { title: 'again' });
    await api.call(endpoints.clientProperty.create, {
      params: { eventId },
      body: { templateId: broadcast, values: { rightsHolder: 'Ada', territory: 'Europe', firstAired: '01/01/2026' } },
    });
    const holder = (await api.call(endpoints.customProperty.list, { query: { eventId, key: 'holder' } }))[0]!;
    const again = await api.call(endpoints.clientProperty.create, { params: { eventId }, body: { templateId: broadcast, values: { rightsHolder: 'Ada' } } });
    expect(valuesOf(again)).toMatchObject({ rightsHolder: 'Ada', territory: 'Worldwide', firstAired: '' });
    expect((await api.call(endpoints.customProperty.list, { query: { eventId, key: 'holder' } }))[0]).toEqual(holder);
  });

  it('answers 404 for an unknown event', async () => {
    const error = await failure(api.call(endpoints.clientProperty.create, { params: { eventId: MISSING }, body: { templateId: broadcast, values: {} } }));
    expect(error.status).toBe(404);
  });
});

describe('updating and reading', () => {
  it('merges values, keeping the template; a blank optional value removes its property', async () => {
    const eventId = await insertEvent(t, { title: 'merge' });
    await api.call(endpoints.clientProperty.create, { params: { eventId }, body: { templateId: broadcast, values: { rightsHolder: 'Ada', firstAired: '01/02/2026' } } });
    const before = (await changesOf(t.database.db, eventId)).length;
    const updated = await api.call(endpoints.clientProperty.update, { params: { eventId }, body: { values: { territory: 'Europe', firstAired: '' } } });
    expect(valuesOf(updated)).toEqual({ rightsHolder: 'Ada', territory: 'Europe', subtitled: 'false', firstAired: '', onAir: '' });
    expect(await api.call(endpoints.customProperty.list, { query: { eventId, key: 'firstAired' } })).toEqual([]);
    expect((await changesOf(t.database.db, eventId)).length).toBe(before + 1);

    // The same values again change nothing, and record nothing.
    await api.call(endpoints.clientProperty.update, { params: { eventId }, body: { values: { territory: 'Europe' } } });
    expect((await changesOf(t.database.db, eventId)).length).toBe(before + 1);
  });

  it('refuses invalid values (the merged set counts) and writes nothing', async () => {
    const eventId = await insertEvent(t, { title: 'merge-bad' });
    await api.call(endpoints.clientProperty.create, { params: { eventId }, body: { templateId: broadcast, values: { rightsHolder: 'Ada' } } });
    const error = await failure(api.call(endpoints.clientProperty.update, { params: { eventId }, body: { values: { rightsHolder: '', territory: 'Europe' } } }));
    expect(error.status).toBe(400);
    expect((error.body?.data as { errors: unknown }).errors).toEqual({ rightsHolder: 'Rights holder is required' });
    expect(valuesOf((await api.call(endpoints.clientProperty.get, { params: { eventId } }))!)).toMatchObject({ rightsHolder: 'Ada', territory: 'Worldwide' });
  });

  it('refuses to update an event without a template', async () => {
    const eventId = await insertEvent(t, { title: 'no-template' });
    const error = await failure(api.call(endpoints.clientProperty.update, { params: { eventId }, body: { values: {} } }));
    expect(error.status).toBe(400);
    expect(error.message).toContain('has no client property template');
  });

  it('reads values back from the event’s custom properties; 204 without a template', async () => {
    const eventId = await insertEvent(t, { title: 'read' });
    expect(await api.call(endpoints.clientProperty.get, { params: { eventId } })).toBeNull();
    await api.call(endpoints.clientProperty.create, { params: { eventId }, body: { templateId: archive, values: { shelf: 'B2' } } });
    await api.call(endpoints.customProperty.upsert, { body: { eventId, category: 'archive', key: 'shelf', value: 'C3' } });
    expect(valuesOf((await api.call(endpoints.clientProperty.get, { params: { eventId } }))!)).toEqual({ shelf: 'C3' });
    expect((await failure(api.call(endpoints.clientProperty.get, { params: { eventId: MISSING } }))).status).toBe(404);
  });
});

describe('templates', () => {
  it('list the fields with empty values, by id (glued to the path) and by reference', async () => {
    const byId = await api.call(endpoints.clientProperty.getTemplate, { params: { templateId: broadcast } });
    expect(byId.map((p) => p.name)).toEqual(['rightsHolder', 'territory', 'subtitled', 'firstAired', 'onAir']);
    expect(byId.every((p) => p.value === '')).toBe(true);
    const raw = await t.app.inject({ method: 'GET', url: `/api/clientproperty/template${broadcast}`, headers: t.headers() });
    expect(raw.statusCode).toBe(200);
    expect(await api.call(endpoints.clientProperty.getTemplateByReference, { query: { id: 'PC-BROADCAST' } })).toEqual(byId);
    expect(await api.call(endpoints.clientProperty.getTemplateByReference, { query: { id: 'nope' } })).toBeNull();
    expect((await failure(api.call(endpoints.clientProperty.getTemplate, { params: { templateId: MISSING } }))).status).toBe(404);
  });

  it('say clearly when a stored template cannot be read', async () => {
    const broken = await insertTemplate('Broken', '{"configuration": [{"name": "x"}]}');
    const error = await failure(api.call(endpoints.clientProperty.getTemplate, { params: { templateId: broken } }));
    expect(error.status).toBe(400);
    expect(error.message).toContain('configurationJson is not valid');
  });
});

describe('deleting', () => {
  it('answers 410, removing the template’s properties and the link, keeping the others', async () => {
    const eventId = await insertEvent(t, { title: 'delete' });
    await api.call(endpoints.customProperty.upsert, { body: { eventId, category: 'own', key: 'note', value: 'kept' } });
    await api.call(endpoints.clientProperty.create, { params: { eventId }, body: { templateId: broadcast, values: { rightsHolder: 'Ada' } } });
    const response = await t.app.inject({ method: 'DELETE', url: `/api/clientproperty/${eventId}`, headers: t.headers() });
    expect(response.statusCode).toBe(410);
    expect(await api.call(endpoints.clientProperty.get, { params: { eventId } })).toBeNull();
    const event = await api.call(endpoints.event.get, { params: { id: eventId } });
    expect(event).toMatchObject({ customPropertyConfigurationId: null, customProperties: [{ category: 'own', key: 'note', value: 'kept' }] });
    expect((await changesOf(t.database.db, eventId)).map(flagsOf).at(-1)).toEqual(['metadataChanged']);
  });
});

describe('tenancy', () => {
  it('keeps templates and events to their client', async () => {
    const eventId = await insertEvent(t, { title: 'mine' });
    await api.call(endpoints.clientProperty.create, { params: { eventId }, body: { templateId: archive, values: {} } });
    const other = stranger.api;
    const theirs = await insertEvent(t, { title: 'theirs', clientId: stranger.tenant.clientId });
    const template = await failure(other.call(endpoints.clientProperty.create, { params: { eventId: theirs }, body: { templateId: broadcast, values: {} } }));
    expect(template.fieldErrors[0]?.field).toBe('body.templateId');
    expect((await failure(other.call(endpoints.clientProperty.validate, { body: { templateId: broadcast, values: {} } }))).status).toBe(400);
    expect((await failure(other.call(endpoints.clientProperty.get, { params: { eventId } }))).status).toBe(404);
    expect((await failure(other.call(endpoints.clientProperty.update, { params: { eventId }, body: { values: { shelf: 'x' } } }))).status).toBe(404);
    expect((await failure(other.call(endpoints.clientProperty.delete, { params: { eventId } }))).status).toBe(404);
    expect((await failure(other.call(endpoints.clientProperty.getTemplate, { params: { templateId: broadcast } }))).status).toBe(404);
    expect(await other.call(endpoints.clientProperty.getTemplateByReference, { query: { id: 'PC-BROADCAST' } })).toBeNull();
    expect(valuesOf((await api.call(endpoints.clientProperty.get, { params: { eventId } }))!)).toEqual({ shelf: 'A1' });
  });
});
