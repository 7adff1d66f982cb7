/**
 * Long text (a 3,000-character title, room or category name, custom property key...) answered 500
 * ("index row size exceeds btree maximum") on both databases. Every text field now has a maximum
 * in the schema module (TEXT_MAX): beyond it, 400 naming the field; at it, the value is stored.
 * Runs on PGlite, and on PostgreSQL in CI's second pass (DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_MAX } from '#schema';
import { createTestApp, type TestApp } from '#testing/app.ts';

let t: TestApp;
let eventId: string;

beforeAll(async () => {
  t = await createTestApp();
  const created = await t.app.inject({ method: 'POST', url: '/api/event/', headers: t.headers(), payload: { Title: 'Host' } });
  eventId = (created.json() as { id: string }).id;
});
afterAll(() => t.close());

const long = (n: number) => 'é'.repeat(n);

type Case = [label: string, method: 'POST' | 'PUT', url: () => string, body: (text: string) => object, field: string, max: number];

const cases: Case[] = [
  ['event Title', 'POST', () => '/api/event/', (x) => ({ Title: x }), 'body.Title', TEXT_MAX.title],
  ['event RefId', 'POST', () => '/api/event/', (x) => ({ Title: 'ok', RefId: x }), 'body.RefId', TEXT_MAX.reference],
  ['room name', 'POST', () => '/api/room/', (x) => ({ name: x }), 'body.name', TEXT_MAX.name],
  ['category name', 'POST', () => '/api/category/', (x) => ({ name: x, label: 'label-ok' }), 'body.name', TEXT_MAX.name],
  ['category label', 'POST', () => '/api/category/', (x) => ({ name: 'ok', label: x }), 'body.label', TEXT_MAX.name],
  ['custom property key', 'POST', () => '/api/customproperty/', (x) => ({ eventId, category: 'c', key: x, value: 'v' }), 'body.key', TEXT_MAX.key],
  ['custom property category', 'POST', () => '/api/customproperty/', (x) => ({ eventId, category: x, key: 'k', value: 'v' }), 'body.category', TEXT_MAX.key],
  ['chapter point title', 'POST', () => '/api/chapterpoint/', (x) => ({ eventId, title: x, startTime: '00:00:01' }), 'body.title', TEXT_MAX.title],
  ['event type name', 'POST', () => '/api/eventtype/', (x) => ({ name: x, colour: '#112233' }), 'body.name', TEXT_MAX.name],
  ['archiverflow name', 'POST', () => '/api/archiverflow/', (x) => ({ name: x, configurationJson: '{"archiverflows":[]}' }), 'body.name', TEXT_MAX.name],
  [
    'capture publishing point',
    'POST',
    () => '/api/archivercapture/',
    (x) => ({ id: 'long_point', startTime: null, endTime: null, active: false, decryptKey: null, expiresIn: null, publishingPoints: [x] }),
    'body.publishingPoints.0',
    TEXT_MAX.url,
  ],
  [
    'playout profile licence URL',
    'POST',
    () => '/api/archiverplayoutprofile/',
    (x) => ({ id: 'long_licence', expiresIn: null, key: null, issKeyIv: null, issLicenseUrl: null, widevineDrmData: null, widevineLicenseUrl: null, aesKey: null, aesKeyIv: null, aesLicenseUrl: x, captures: [] }),
    'body.aesLicenseUrl',
    TEXT_MAX.url,
  ],
];

describe('text beyond its maximum', () => {
  it.each(cases)('%s: 3,000 characters answer 400 naming the field', async (_label, method, url, body, field) => {
    const response = await t.app.inject({ method, url: url(), headers: t.headers(), payload: body(long(3_000)) });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(400);
    const fields = (response.json() as { data: { fields: { field: string; message: string }[] } }).data.fields;
    expect(fields).toContainEqual({ field, message: expect.stringMatching(/at most \d+ characters/) });
  });

  it.each(cases)('%s: the maximum itself is stored (the indexes hold it)', async (label, method, url, body) => {
    // Unique names per case, still at the maximum.
    const text = `${label.replace(/\W/g, '')}${long(1_000)}`;
    const max = cases.find((c) => c[0] === label)![5];
    const response = await t.app.inject({ method, url: url(), headers: t.headers(), payload: body(text.slice(0, max)) });
    expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(300);
  });
});

describe('the maxima in OpenAPI', () => {
  it('document maxLength', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { components: { schemas: Record<string, { properties?: Record<string, { maxLength?: number }> }> } };
    const body = doc.components.schemas.RoomBody ?? Object.values(doc.components.schemas).find((s) => s.properties?.name && s.properties.referenceId);
    expect(JSON.stringify(doc)).toContain(`"maxLength":${TEXT_MAX.title}`);
    expect(body?.properties?.name?.maxLength).toBe(TEXT_MAX.name);
  });
});
