/**
 * A foreign id answers as an unknown one, on every operation of the interface that takes an id
 * in its path: client B owns the demo data (and a row of each kind the demo does not make);
 * client A calls each operation with B's id and with an id nobody has, and gets the same status
 * and body (the id aside). Afterwards none of B's rows has changed. The operations come from the
 * schema module, so a new operation is covered (or the test says which resource it cannot find).
 * Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, type Endpoint } from '#schema';
import { createTestApp, type TestApp, type TestTenant } from '#testing/app.ts';
import { insertEvent } from '#testing/event-row.ts';
import { insertRow, selectRows } from '#testing/rows.ts';
import { seedDemoData } from './demo/seed.ts';

/** Where an id of a path comes from: a column of B's rows (optionally filtered), and what an unknown one looks like. */
interface Source {
  table: string;
  column?: string;
  where?: string;
  unknown?: () => string;
}

const text = () => `unknown_${randomUUID().slice(0, 8)}`;
const events: Source = { table: 'events', where: 'date_deleted is null' };
const publicationsOf = (where: string): Source => ({ table: 'publications', where });

/** The resource an `{id}` names, by the operation's area (the part of its id before the dot). */
const BY_AREA: Record<string, Source> = {
  archiverCapture: { table: 'archiver_captures', unknown: text },
  archiverPlayoutProfile: { table: 'archiver_profiles', unknown: text },
  archiverStream: { table: 'archiver_streams', unknown: () => '987654' },
  archiverflow: { table: 'archiverflows' },
  asset: { table: 'assets' },
  category: { table: 'categories' },
  channelProfile: { table: 'channel_profiles' },
  channel: { table: 'channels' },
  chapterPointCustomProperty: { table: 'chapter_point_custom_properties' },
  chapterPoint: { table: 'chapter_points' },
  customProperty: { table: 'custom_properties' },
  destination: { table: 'syndication_destinations', where: `api = 'direct'` },
  directVodPublication: publicationsOf(`api = 'direct' and kind = 'vod'`),
  eventType: { table: 'event_types' },
  event: events,
  infrastructureProfile: { table: 'infrastructure_profiles' },
  livePublication: publicationsOf(`kind = 'live'`),
  mediaDestinationProperty: { table: 'syndication_destination_properties' },
  mediaDestination: { table: 'syndication_destinations', where: `api = 'media'` },
  propertyConfiguration: { table: 'property_configurations' },
  room: { table: 'rooms' },
  tag: { table: 'tags' },
  vodDownload: { table: 'vod_downloads' },
  vodPublication: publicationsOf(`api = 'media' and kind = 'vod'`),
  webhook: { table: 'webhooks', where: 'event_id is null' },
  xflow: { table: 'xflows' },
  publicationMonitor: { table: 'publications' },
};

/** Operations whose `{id}` names something else than their area's resource. */
const BY_OPERATION: Record<string, Source> = {
  'asset.vodFile': events,
  'asset.generateVodFile': events,
  'channelProfile.upsertForEvent': events,
  'channelProfile.getForEvent': events,
  'channelProfile.deleteForEvent': events,
  'customProperty.bulkUpsert': events,
  'eventType.setForEvent': events,
  'tag.setForEvent': events,
  'tag.listForEvent': events,
  'event.listByChannel': { table: 'channels' },
  'search.indexEvent': events,
  'search.indexChapterPoint': { table: 'chapter_points' },
  'vodDownload.mail': { table: 'mails' },
  'webhook.updateForEvent': { table: 'webhooks', where: 'event_id is not null' },
  'webhook.getForEvent': { table: 'webhooks', where: 'event_id is not null' },
  'webhook.deleteForEvent': { table: 'webhooks', where: 'event_id is not null' },
};

/** Other path parameters, by name. */
const BY_PARAM: Record<string, Source | ((area: string) => Source)> = {
  eventId: events,
  'event-id': events,
  eventid: events,
  eventsId: events,
  sourceEventId: events,
  chapterPointId: { table: 'chapter_points' },
  destinationId: { table: 'syndication_destinations', where: `api = 'media'` },
  deliveryId: { table: 'webhook_deliveries' },
  publicationId: publicationsOf(`kind = 'live'`),
  transactionId: (area) => ({ ...BY_AREA[area]!, column: 'transaction_id' }),
  contentId: (area) => ({ ...BY_AREA[area]!, column: 'content_id', where: `${BY_AREA[area]!.where ?? 'true'} and content_id is not null`, unknown: text }),
  referenceid: { ...events, column: 'ref_id', where: 'date_deleted is null and ref_id is not null', unknown: text },
};

/** Path parameters that name no client's row. */
const NOT_AN_ID = new Set(['templateId', 'flag', 'text']);

function sourceOf(endpoint: Endpoint, param: string): Source | null {
  if (NOT_AN_ID.has(param)) return null;
  const area = endpoint.id.split('.')[0]!;
  if (param === 'id') return BY_OPERATION[endpoint.id] ?? BY_AREA[area] ?? null;
  const byParam = BY_PARAM[param];
  return typeof byParam === 'function' ? byParam(area) : (byParam ?? null);
}

const paramsOf = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
const fill = (path: string, values: Record<string, string>) => `/api/${path.replace(/^\//, '').replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(values[name]!))}`;

let t: TestApp;
let owner: TestTenant;

async function firstOf(source: Source): Promise<string | undefined> {
  const column = source.column ?? 'id';
  const [row] = await selectRows<{ value: unknown }>(
    t.database,
    sql`select ${sql.identifier(column)}::text as value from ${sql.identifier(source.table)} where client_id = ${owner.clientId} and ${sql.raw(source.where ?? 'true')} order by 1 limit 1`,
  );
  return row ? String(row.value) : undefined;
}

/** Every row of the owner, table by table, as text: what A's calls must leave as it is. */
async function ownerRows(): Promise<Record<string, string>> {
  const tables = await selectRows<{ table: string }>(
    t.database,
    sql`select table_name::text as "table" from information_schema.columns where table_schema = 'public' and column_name = 'client_id' order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { table } of tables) {
    const rows = await selectRows<{ row: string }>(t.database, sql`select t::text as row from ${sql.identifier(table)} t where client_id = ${owner.clientId} order by 1`);
    out[table] = rows.map((r) => r.row).join('\n');
  }
  return out;
}

interface Case {
  label: string;
  endpoint: Endpoint;
  values: Record<string, string>;
  unknown: Record<string, string>;
  payload: unknown;
}
const cases: Case[] = [];
const missing: string[] = [];
let rowsBefore: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ services: { webhooks: { allowPrivate: true } } });
  owner = await t.createTenant();
  await seedDemoData(t.database.db, owner.clientId, t.clock);
  // What the demo does not make, written straight in (their contents do not matter: A must never read them).
  const [event] = await selectRows<{ id: string }>(t.database, sql`select id::text from events where client_id = ${owner.clientId} and date_deleted is null order by 1 limit 1`);
  const c = owner.clientId;
  const webhook = randomUUID();
  await insertRow(t.database, 'webhooks', { id: webhook, client_id: c, webhook_url: 'https://hooks.example.com/b', use_http_basic_authentication: false, use_json_body: true });
  await insertRow(t.database, 'webhooks', { client_id: c, event_id: event!.id, webhook_url: 'https://hooks.example.com/b', use_http_basic_authentication: false, use_json_body: true });
  await insertRow(t.database, 'webhook_deliveries', { client_id: c, webhook_id: webhook, kind: 'test', max_attempts: 3 });
  await insertRow(t.database, 'archiverflows', { client_id: c, name: 'flow', configuration_json: '{}' });
  await insertRow(t.database, 'archiver_captures', { client_id: c, id: 'capture_b', active: false, publishing_points: '[]' });
  await insertRow(t.database, 'archiver_profiles', { client_id: c, id: 'profile_b' });
  await insertRow(t.database, 'archiver_streams', { client_id: c, profile_id: 'profile_b', capture_id: 'capture_b' });
  await insertRow(t.database, 'assets', { client_id: c, event_id: event!.id, name: 'b.jpg', path: `${event!.id}/b.jpg`, extension: 'jpg', state: 1, type: 1 });
  await insertRow(t.database, 'mails', { client_id: c });
  const direct = randomUUID();
  await insertRow(t.database, 'syndication_destinations', { id: direct, client_id: c, api: 'direct', name: 'direct', target: 1 });
  await insertRow(t.database, 'publications', { client_id: c, api: 'direct', kind: 'vod', destination_id: direct, target: 1, content_id: 'content_b', publication_json: '{}', state: 0 });

  for (const endpoint of allEndpoints) {
    const params = paramsOf(endpoint.path);
    if (params.length === 0) continue;
    const values: Record<string, string> = {};
    const unknown: Record<string, string> = {};
    let complete = true;
    for (const param of params) {
      const source = sourceOf(endpoint, param);
      if (!source) {
        values[param] = unknown[param] = param === 'flag' ? 'true' : 'x';
        continue;
      }
      const value = await firstOf(source);
      if (value === undefined) {
        missing.push(`${endpoint.id} {${param}}: the owner has no row of ${source.table}${source.where ? ` where ${source.where}` : ''}`);
        complete = false;
        continue;
      }
      values[param] = value;
      unknown[param] = (source.unknown ?? randomUUID)();
    }
    if (!complete) continue;
    // A write is sent what the owner reads at the same path (a valid body, as far as there is one).
    let payload: unknown = undefined;
    if (endpoint.method !== 'GET' && endpoint.method !== 'DELETE') {
      const read = allEndpoints.find((e) => e.method === 'GET' && e.path === endpoint.path);
      const response = read ? await t.app.inject({ method: 'GET', url: fill(read.path, values), headers: t.headers(owner) }) : undefined;
      payload = response?.statusCode === 200 ? response.json() : {};
    }
    cases.push({ label: `${endpoint.method} ${endpoint.path} (${endpoint.id})`, endpoint, values, unknown, payload });
  }
  rowsBefore = await ownerRows();
}, 120_000);
afterAll(() => t.close());

async function answer(c: Case, values: Record<string, string>) {
  const response = await t.app.inject({
    method: c.endpoint.method,
    url: fill(c.endpoint.path, values),
    headers: t.headers(),
    ...(c.payload === undefined ? {} : { payload: c.payload as object }),
  });
  let body = response.body;
  for (const value of Object.values(values)) {
    for (const form of new Set([value, encodeURIComponent(value)])) body = body.replace(new RegExp(`\\b${form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'g'), '<id>');
  }
  return { status: response.statusCode, body };
}

describe('an id of another client', () => {
  it('names a row of the owner for every operation with an id in its path', () => {
    expect(missing).toEqual([]);
    expect(cases.length).toBeGreaterThan(100);
  });

  it('answers as an unknown id, on every such operation', async () => {
    const differences: { operation: string; foreign: unknown; unknown: unknown }[] = [];
    for (const c of cases) {
      const asForeign = await answer(c, c.values);
      const asUnknown = await answer(c, c.unknown);
      if (asForeign.status !== asUnknown.status || asForeign.body !== asUnknown.body) differences.push({ operation: c.label, foreign: asForeign, unknown: asUnknown });
    }
    expect(differences).toEqual([]);
  });

  it('answers an id of another client in a body byte for byte as an id nobody uses (custom properties, chapter points)', async () => {
    // The caller's own event and chapter point, to write to.
    const eventId = await insertEvent(t, { title: 'Mine' });
    const created = await t.app.inject({ method: 'POST', url: '/api/chapterpoint/', headers: t.headers(), payload: { eventId, title: 'Mine', startTime: '00:00:01' } });
    const pointId = (created.json() as { id: string }).id;
    const theirs = {
      property: (await firstOf({ table: 'custom_properties' }))!,
      point: (await firstOf({ table: 'chapter_points' }))!,
      pointProperty: (await firstOf({ table: 'chapter_point_custom_properties' }))!,
    };
    const writes: { label: string; url: string; payload: (id: string) => unknown; id: string }[] = [
      { label: 'customProperty.upsert', url: '/api/customproperty/', id: theirs.property, payload: (id) => ({ customPropertyId: id, eventId, category: 'c', key: 'k', value: 'v' }) },
      { label: 'customProperty.bulkUpsert', url: `/api/customproperty/bulk/event/${eventId}`, id: theirs.property, payload: (id) => [{ id, category: 'c', key: 'k', value: 'v' }] },
      { label: 'chapterPoint.upsert', url: '/api/chapterpoint/', id: theirs.point, payload: (id) => ({ id, eventId, title: 'T', startTime: '00:00:02' }) },
      { label: 'chapterPoint.upsert propertyModels', url: '/api/chapterpoint/', id: theirs.pointProperty, payload: (id) => ({ id: pointId, eventId, title: 'T', startTime: '00:00:02', propertyModels: [{ id, category: 'c', key: 'k', value: 'v' }] }) },
      { label: 'chapterPointCustomProperty.upsert', url: '/api/chapterpoint/customproperty/', id: theirs.pointProperty, payload: (id) => ({ id, chapterPointId: pointId, category: 'c', key: 'k', value: 'v' }) },
      { label: 'chapterPointCustomProperty.bulkUpsert', url: `/api/chapterpoint/customproperty/bulk/${pointId}`, id: theirs.pointProperty, payload: (id) => [{ id, category: 'c', key: 'k', value: 'v' }] },
    ];
    const differences: { operation: string; foreign: unknown; unknown: unknown }[] = [];
    for (const w of writes) {
      const call = async (id: string) => {
        const response = await t.app.inject({ method: 'POST', url: w.url, headers: t.headers(), payload: w.payload(id) as object });
        return { status: response.statusCode, body: response.body };
      };
      const asForeign = await call(w.id);
      const asUnknown = await call(randomUUID());
      expect(asForeign.status, w.label).toBe(400);
      if (asForeign.status !== asUnknown.status || asForeign.body !== asUnknown.body) differences.push({ operation: w.label, foreign: asForeign, unknown: asUnknown });
    }
    expect(differences).toEqual([]);
  });

  it('changes none of the owner’s rows', async () => {
    expect(await ownerRows()).toEqual(rowsBefore);
  });
});
