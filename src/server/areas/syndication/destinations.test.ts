/** Media destinations, their activation workflow and their properties, through the real routing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '#schema';
import type { ApiClient } from '#client';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { createStrangerClient, createTestClient, failure } from '#testing/client.ts';
import { activeDestination, authorise, setFaults } from '#testing/syndication.ts';

let t: TestApp;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  api = createTestClient(t);
});
afterAll(() => t.close());

const authorisePath = (description: string | null) => /\/api\/sim\/targets\/authorise\/\S+/.exec(description ?? '')![0];

describe('media destinations', () => {
  it('adds by target name or value, reads back destinationJson as configJson, lists with filters, updates and deletes', async () => {
    const a = await api.call(endpoints.mediaDestination.create, { body: { name: 'Main channel', target: 'videosite', destinationJson: '{"channel":"main"}' } });
    expect(a).toMatchObject({ name: 'Main channel', target: 2, configJson: '{"channel":"main"}', active: false });
    const b = await api.call(endpoints.mediaDestination.create, { body: { name: 'Page', target: 0 } });
    expect(b).toMatchObject({ target: 0, configJson: '{}', active: false });

    expect((await api.call(endpoints.mediaDestination.list, { query: { targetFilter: 'VideoSite' } })).map((d) => d.id)).toContain(a.id);
    expect((await api.call(endpoints.mediaDestination.list, { query: { targetFilter: 'VideoSite' } })).map((d) => d.id)).not.toContain(b.id);
    expect(await api.call(endpoints.mediaDestination.list, { query: { onlyActive: true } })).toEqual([]);

    const updated = await api.call(endpoints.mediaDestination.update, { params: { id: a.id }, body: { name: 'Renamed', target: 'VideoSite', destinationJson: '{}' } });
    expect(updated).toMatchObject({ id: a.id, name: 'Renamed', configJson: '{}' });
    expect(await api.call(endpoints.mediaDestination.get, { params: { id: a.id } })).toEqual(updated);

    expect(await api.call(endpoints.mediaDestination.delete, { params: { id: b.id } })).toBeNull();
    expect((await failure(api.call(endpoints.mediaDestination.get, { params: { id: b.id } }))).status).toBe(404);
  });

  it('answers 400 naming the field for an unknown target, a bad destinationJson or target filter', async () => {
    const e1 = await failure(api.call(endpoints.mediaDestination.create, { body: { name: 'X', target: 'Telegraph' } }));
    expect(e1.status).toBe(400);
    expect(e1.fieldErrors[0]!.field).toBe('body.target');
    const e2 = await failure(api.call(endpoints.mediaDestination.create, { body: { name: 'X', target: 2, destinationJson: '{nope' } }));
    expect(e2.fieldErrors[0]!.field).toBe('body.destinationJson');
    const e3 = await failure(api.call(endpoints.mediaDestination.list, { query: { targetFilter: 'Telegraph' } }));
    expect(e3.fieldErrors[0]!.field).toBe('query.targetFilter');
  });
});

describe('activation', () => {
  it('asks for the authorisation page, which the simulated target serves; allowing activates the destination', async () => {
    const d = await api.call(endpoints.mediaDestination.create, { body: { name: 'Social page', target: 'SocialNetwork' } });
    const step = await api.call(endpoints.mediaDestination.activate, { params: { id: d.id } });
    expect(step).toMatchObject({ actionRequired: true, actionTitle: 'Authorise Control Room on SocialNetwork' });
    const path = authorisePath(step.actionDescription);
    // Asking again while pending gives the same page.
    expect(authorisePath((await api.call(endpoints.mediaDestination.activate, { params: { id: d.id } })).actionDescription)).toBe(path);

    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Allow Control Room to publish to SocialNetwork?');
    expect(page.body).toContain('Social page');

    const allowed = await t.app.inject({ method: 'POST', url: path, payload: 'decision=allow', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(allowed.body).toContain('Control Room is authorised');
    expect((await api.call(endpoints.mediaDestination.get, { params: { id: d.id } })).active).toBe(true);
    expect(await api.call(endpoints.mediaDestination.activate, { params: { id: d.id } })).toMatchObject({ actionRequired: false, actionTitle: 'Active' });
    // The link is used up.
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
  });

  it('stays inactive when the user denies or the platform refuses (notAuthorised), and a revoked authorisation needs a new one', async () => {
    const d = await api.call(endpoints.mediaDestination.create, { body: { name: 'Blog', target: 'MicroBlog' } });
    let path = authorisePath((await api.call(endpoints.mediaDestination.activate, { params: { id: d.id } })).actionDescription);
    const denied = await t.app.inject({ method: 'POST', url: path, payload: 'decision=deny', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(denied.body).toContain('Not authorised');
    const again = await api.call(endpoints.mediaDestination.activate, { params: { id: d.id } });
    expect(again).toMatchObject({ actionRequired: true, actionTitle: 'Authorisation on MicroBlog was refused' });

    await setFaults(api, d.id, 'notAuthorised');
    path = authorisePath(again.actionDescription);
    const refused = await t.app.inject({ method: 'POST', url: path, payload: 'decision=allow', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(refused.body).toContain('notAuthorised');
    expect((await api.call(endpoints.mediaDestination.get, { params: { id: d.id } })).active).toBe(false);

    const ok = await activeDestination(t, api, 'VideoSite');
    await setFaults(api, ok.id, 'notAuthorised');
    const revoked = await api.call(endpoints.mediaDestination.activate, { params: { id: ok.id } });
    expect(revoked).toMatchObject({ actionRequired: true, actionTitle: 'VideoSite revoked the authorisation' });
    expect((await api.call(endpoints.mediaDestination.get, { params: { id: ok.id } })).active).toBe(false);
  });

  it('activates Custom destinations without authorisation; active= repairs and resets', async () => {
    const d = await api.call(endpoints.mediaDestination.create, { body: { name: 'RTMP', target: 'Custom' } });
    expect(await api.call(endpoints.mediaDestination.activate, { params: { id: d.id } })).toMatchObject({ actionRequired: false });
    expect((await api.call(endpoints.mediaDestination.get, { params: { id: d.id } })).active).toBe(true);

    const v = await api.call(endpoints.mediaDestination.create, { body: { name: 'Videos', target: 'VideoSite' } });
    expect(await api.call(endpoints.mediaDestination.setActive, { params: { id: v.id }, query: { active: true } })).toMatchObject({ active: true });
    expect(await api.call(endpoints.mediaDestination.activate, { params: { id: v.id } })).toMatchObject({ actionRequired: false });
    expect(await api.call(endpoints.mediaDestination.setActive, { params: { id: v.id }, query: { active: false } })).toMatchObject({ active: false });
    expect(await api.call(endpoints.mediaDestination.activate, { params: { id: v.id } })).toMatchObject({ actionRequired: true });
    // Another target is another account: the activation starts again.
    const a = await activeDestination(t, api, 'MediaPlatform');
    expect((await api.call(endpoints.mediaDestination.update, { params: { id: a.id }, body: { name: a.name, target: 'VideoSite' } })).active).toBe(false);
  });
});

describe('activation with the response cache', () => {
  it('a destination read before the authorisation page was allowed is read active after it (the page drops the cached answer)', async () => {
    const cached = await createTestApp({ responseCache: true });
    try {
      const client = createTestClient(cached);
      const d = await client.call(endpoints.destination.create, { body: { name: 'Cached site', target: 'VideoSite', configJson: '{}' } });
      const step = await client.call(endpoints.destination.activate, { params: { id: d.id } });
      // The dialog's read while the operator is on the platform's page: cached, not active.
      expect((await client.call(endpoints.destination.get, { params: { id: d.id } }))!.active).toBe(false);
      await authorise(cached, step.actionDescription ?? '');
      expect((await client.call(endpoints.destination.get, { params: { id: d.id } }))!.active).toBe(true);
    } finally {
      await cached.close();
    }
  });
});

describe('destination properties', () => {
  it('adds, updates on (category, key), reads and deletes in every way the interface lists', async () => {
    const d = await api.call(endpoints.mediaDestination.create, { body: { name: 'Props', target: 'Custom' } });
    const p1 = await api.call(endpoints.mediaDestinationProperty.upsert, { body: { destinationId: d.id, category: 'ingest', key: 'region', value: 'eu' } });
    expect(p1).toMatchObject({ destinationId: d.id, category: 'ingest', key: 'region', value: 'eu', client: t.clientName });
    const same = await api.call(endpoints.mediaDestinationProperty.upsert, { body: { destinationId: d.id, category: 'ingest', key: 'region', value: 'us' } });
    expect(same).toMatchObject({ id: p1.id, value: 'us' });
    const byId = await api.call(endpoints.mediaDestinationProperty.upsert, { body: { id: p1.id, destinationId: d.id, category: 'ingest', key: 'zone', value: 'a' } });
    expect(byId).toMatchObject({ id: p1.id, key: 'zone' });
    const p2 = await api.call(endpoints.mediaDestinationProperty.upsert, { body: { destinationId: d.id, category: 'tags', key: 'a', value: '1' } });
    await api.call(endpoints.mediaDestinationProperty.upsert, { body: { destinationId: d.id, category: 'tags', key: 'b', value: '2' } });

    expect(await api.call(endpoints.mediaDestinationProperty.list, { params: { destinationId: d.id } })).toHaveLength(3);
    expect(await api.call(endpoints.mediaDestinationProperty.list, { params: { destinationId: d.id }, query: { category: 'tags' } })).toHaveLength(2);
    expect(await api.call(endpoints.mediaDestinationProperty.list, { params: { destinationId: d.id }, query: { value: '2' } })).toHaveLength(1);
    expect(await api.call(endpoints.mediaDestinationProperty.get, { params: { id: p2.id } })).toEqual(p2);
    expect(await api.call(endpoints.mediaDestinationProperty.getByKey, { params: { destinationId: d.id }, query: { category: 'tags', key: 'a' } })).toEqual(p2);

    // Required query parameters.
    const missing = await t.app.inject({ method: 'GET', url: `/api/media/destinationproperty/${d.id}?category=tags`, headers: t.headers() });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.fields[0].field).toBe('query.key');

    await api.call(endpoints.mediaDestinationProperty.deleteByKey, { params: { destinationId: d.id }, query: { category: 'tags', key: 'b' } });
    await api.call(endpoints.mediaDestinationProperty.delete, { params: { id: p2.id } });
    expect((await failure(api.call(endpoints.mediaDestinationProperty.get, { params: { id: p2.id } }))).status).toBe(404);
    await api.call(endpoints.mediaDestinationProperty.deleteAll, { params: { destinationId: d.id } });
    expect(await api.call(endpoints.mediaDestinationProperty.list, { params: { destinationId: d.id } })).toEqual([]);

    const bad = await failure(api.call(endpoints.mediaDestinationProperty.upsert, { body: { destinationId: p1.id, category: 'a', key: 'b', value: 'c' } }));
    expect(bad.fieldErrors[0]!.field).toBe('body.destinationId');
  });
});

describe('tenancy', () => {
  it("hides one client's destinations and properties from another", async () => {
    const d = await api.call(endpoints.mediaDestination.create, { body: { name: 'Mine', target: 'Custom' } });
    const p = await api.call(endpoints.mediaDestinationProperty.upsert, { body: { destinationId: d.id, category: 'a', key: 'b', value: 'c' } });
    const stranger = await createStrangerClient(t);
    expect(await stranger.api.call(endpoints.mediaDestination.list, {})).toEqual([]);
    expect((await failure(stranger.api.call(endpoints.mediaDestination.get, { params: { id: d.id } }))).status).toBe(404);
    expect((await failure(stranger.api.call(endpoints.mediaDestination.delete, { params: { id: d.id } }))).status).toBe(404);
    expect((await failure(stranger.api.call(endpoints.mediaDestination.activate, { params: { id: d.id } }))).status).toBe(404);
    expect((await failure(stranger.api.call(endpoints.mediaDestinationProperty.get, { params: { id: p.id } }))).status).toBe(404);
    expect((await failure(stranger.api.call(endpoints.mediaDestinationProperty.list, { params: { destinationId: d.id } }))).status).toBe(404);
    const e = await failure(stranger.api.call(endpoints.mediaDestinationProperty.upsert, { body: { destinationId: d.id, category: 'a', key: 'b', value: 'x' } }));
    expect(e.fieldErrors[0]!.field).toBe('body.destinationId');
    expect((await api.call(endpoints.mediaDestinationProperty.get, { params: { id: p.id } })).value).toBe('c');
  });
});
