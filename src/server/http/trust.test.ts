/**
 * Trust in the binder (trust.ts) on one resource, step by step: the ETag of a GET, If-Match on a
 * write (412 writes nothing, a match writes and answers the next version), the activity entry of
 * a write and none for a refused one, roles, and a write through another table moving the version.
 * Every operation is walked by trust-walk.test.ts. Runs on PGlite, and on PostgreSQL when
 * DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, Mp4State, type ActivityEntry } from '#schema';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp, type TestTenant } from '#testing/app.ts';
import { insertEvent } from '#testing/event-row.ts';
import { makeMp4File } from '#testing/asset.ts';
import { seedLiveFixture } from '#testing/live.ts';
import { captureBody } from '#testing/archiver.ts';
import { createTestClient } from '#testing/client.ts';
import { activeDestination, advance } from '#testing/syndication.ts';
import { archiverCaptures } from '../db/tables/index.ts';
import { scheduleAutomation } from '../areas/event/index.ts';

let t: TestApp;
let operator: TestTenant & { keyId: string };
let viewer: TestTenant & { keyId: string };

beforeAll(async () => {
  t = await createTestApp();
  operator = await t.createKeyFor('operator', t, 'Desk 2');
  viewer = await t.createKeyFor('viewer');
}, 120_000);
afterAll(() => t?.close());

async function call(method: string, url: string, options: { key?: string; payload?: unknown; headers?: Record<string, string> } = {}) {
  const response = await t.app.inject({
    method: method as 'GET',
    url: `/api${url}`,
    headers: { 'API-KEY': options.key ?? t.key, ...options.headers },
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
  });
  return { status: response.statusCode, etag: response.headers.etag as string | undefined, body: response.body ? (JSON.parse(response.body) as Record<string, unknown>) : null };
}

async function trail(query: string): Promise<ActivityEntry[]> {
  return (await call('GET', `/activity/?${query}`)).body!.items as ActivityEntry[];
}

describe('versions', () => {
  it('answers a strong ETag and the version field, and refuses a stale If-Match with 412, writing nothing', async () => {
    const id = await insertEvent(t, { title: 'Cup final' });
    const read = await call('GET', `/event/${id}`);
    expect(read.etag).toBe(`"${read.body!.version}"`);

    const stale = await call('POST', '/event/', { payload: { Id: id, Title: 'Cup final (late)' }, headers: { 'If-Match': '"0"' } });
    expect(stale.status).toBe(412);
    expect(stale.body).toMatchObject({
      errorType: 'PreconditionFailed',
      exceptionType: 'PreconditionFailedException',
      data: { version: read.body!.version, current: { id, title: 'Cup final' } },
    });
    expect(stale.body!.exceptionMessage).toContain(`its version is now "${read.body!.version}"`);
    expect((await call('GET', `/event/${id}`)).body!.title).toBe('Cup final');
    expect(await trail(`entity=event&id=${id}`)).toEqual([]);

    const saved = await call('POST', '/event/', { payload: { Id: id, Title: 'Cup final 2026' }, headers: { 'If-Match': read.etag! } });
    expect(saved.status).toBe(201);
    expect(saved.etag).toBe(`"${saved.body!.version}"`);
    expect(saved.body!.version).not.toBe(read.body!.version);
    expect((await call('GET', `/event/${id}`)).etag).toBe(saved.etag);
    // The version it was read at no longer matches.
    expect((await call('POST', '/event/', { payload: { Id: id, Title: 'again' }, headers: { 'If-Match': read.etag! } })).status).toBe(412);
    // Without If-Match, as the interface says.
    expect((await call('POST', '/event/', { payload: { Id: id, Title: 'no check' } })).status).toBe(201);
  });

  it('takes *, a list of versions, and never a weak validator', async () => {
    const id = await insertEvent(t, { title: 'Lists' });
    const { etag } = await call('GET', `/event/${id}`);
    expect((await call('PUT', `/event/${id}/externalupdate/true`, { headers: { 'If-Match': `W/${etag}` } })).status).toBe(412);
    const listed = await call('PUT', `/event/${id}/externalupdate/true`, { headers: { 'If-Match': `"1", ${etag}` } });
    expect(listed.status).toBe(200);
    expect((await call('PUT', `/event/${id}/externalupdate/false`, { headers: { 'If-Match': '*' } })).status).toBe(200);
    expect((await call('PUT', `/event/00000000-0000-4000-8000-000000000000/externalupdate/false`, { headers: { 'If-Match': '*' } })).status).toBe(412);
  });

  it('keeps the version of a write that changes nothing, and moves it for a change made through another table', async () => {
    const id = await insertEvent(t, { title: 'Same' });
    const { etag } = await call('GET', `/event/${id}`);
    const same = await call('POST', '/event/', { payload: { Id: id, Title: 'Same' }, headers: { 'If-Match': etag! } });
    expect(same.status, JSON.stringify(same.body)).toBe(201);
    expect(same.etag).toBe(etag);

    // Its tags are rows of their own: setting them still moves the event's version.
    await call('POST', '/tag/', { payload: { name: `tag-${id.slice(0, 6)}` } });
    const tagged = await call('PUT', `/tag/event/${id}`, { payload: [{ name: `tag-${id.slice(0, 6)}` }] });
    expect(tagged.status).toBe(200);
    expect((await call('GET', `/event/${id}`)).etag).not.toBe(etag);
  });

  it('carries the version in lists too', async () => {
    const id = await insertEvent(t, { title: 'Listed' });
    const list = await call('GET', `/event/?search=Listed&pageSize=5`);
    const row = (list.body!.results as { id: string; version: number }[]).find((e) => e.id === id)!;
    expect(`"${row.version}"`).toBe((await call('GET', `/event/${id}`)).etag);
  });
});

describe('the activity trail', () => {
  it('records who changed which fields, before and after, and nothing for a refused write', async () => {
    const id = await insertEvent(t, { title: 'Before' });
    await call('POST', '/event/', { key: operator.key, payload: { Id: id, Title: 'After', Description: 'New' }, headers: { 'X-Transaction-ID': 'tx-1' } });
    const [entry, ...more] = await trail(`entity=event&id=${id}`);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actor: { clientId: t.clientId, keyId: operator.keyId, keyLabel: 'Desk 2', role: 'operator', system: null },
      operation: 'event.upsert',
      entity: 'event',
      entityId: id,
      transactionId: 'tx-1',
    });
    expect(entry!.changes).toEqual(
      expect.arrayContaining([
        { field: 'title', before: 'Before', after: 'After' },
        { field: 'description', before: null, after: 'New' },
      ]),
    );
    expect(entry!.changes.map((c) => c.field)).not.toContain('dateModified');

    expect((await call('POST', '/event/', { payload: { Id: id, Title: '' } })).status).toBe(400);
    expect((await call('POST', '/event/', { key: viewer.key, payload: { Id: id, Title: 'x' } })).status).toBe(403);
    expect(await trail(`entity=event&id=${id}`)).toHaveLength(1);
  });

  it('masks secrets and filters by actor, operation and time', async () => {
    const created = await call('POST', '/webhook/', {
      payload: { webhookUrl: 'https://hooks.example.com/a', useHttpBasicAuthentication: true, useJsonBody: true, username: 'u', password: 'hunter2' },
    });
    expect(created.status).toBe(200);
    const [entry] = await trail(`entity=webhook&id=${created.body!.id as string}`);
    // Write-only (answers carry passwordSet, never the password): the trail says it was set.
    expect(entry!.changes).toContainEqual({ field: 'passwordSet', before: null, after: true });
    expect(JSON.stringify(entry)).not.toContain('hunter2');
    expect((await trail(`operation=webhook.`)).every((e) => e.operation.startsWith('webhook.'))).toBe(true);
    expect((await trail(`actor=${operator.keyId}`)).every((e) => e.actor.keyId === operator.keyId)).toBe(true);
    expect(await trail(`from=2999-01-01T00:00:00Z`)).toEqual([]);
  });

  it('is read by its own client only', async () => {
    const stranger = await t.createTenant();
    expect((await call('GET', '/activity/', { key: stranger.key })).body).toMatchObject({ items: [], totalCount: 0 });
  });
});

describe('background work', () => {
  it('records what automation and the encoder change, each under its own name', async () => {
    const { channelId } = await seedLiveFixture(t.database.db, t.clientId, t.clock.now());
    const id = await insertEvent(t, { channelId, autoStart: true, scheduledStart: new Date(t.clock.now().getTime() + 60_000) });
    await scheduleAutomation(t.database.db, t.clock, t.clientId, id);
    for (let i = 0; i < 20; i++) {
      t.clock.advance(5_000);
      await t.runJobs();
    }
    const entries = await trail(`entity=event&id=${id}&actor=system`);
    expect(entries.map((e) => [e.actor.system, e.operation, e.changes.find((c) => c.field === 'stateString')?.after])).toEqual([
      ['encoder', 'encoder.state', 'LIVE_UNPUBLISHED'],
      ['automation', 'automation.state', 'LIVE_STARTING'],
    ]);
    expect(entries[0]!.actor).toMatchObject({ clientId: t.clientId, keyId: null, keyLabel: null, role: null });
  });

  it('records what syndication does with a publication on its target', async () => {
    const api = createTestClient(t);
    const start = t.clock.now();
    const eventId = await insertEvent(t, { mp4State: Mp4State.values.AVAILABLE, scheduledStart: start, scheduledEnd: new Date(start.getTime() + 20_000) });
    // A publication uploads the file that is there.
    await makeMp4File(t, eventId);
    const destination = await activeDestination(t, api, 'SocialNetwork');
    const [publication] = await api.call(endpoints.vodPublication.create, { body: { eventId, publications: [{ destinationId: destination.id, publicationJson: '{"sn_title":"Replay"}' }] } });
    await advance(t, 20_000);
    const entries = await trail(`entity=publication&id=${publication!.id}`);
    expect(entries.at(-1)).toMatchObject({ operation: 'vodPublication.create', actor: { keyId: expect.any(String) } });
    expect(entries.filter((e) => e.actor.system === 'syndication').length).toBeGreaterThan(0);
  });

  it('leaves a capture\'s version as it is while the archiver records it', async () => {
    expect((await call('POST', '/archivercapture/', { payload: captureBody({ id: 'walk_capture', active: false }) })).status).toBe(200);
    const read = await call('GET', '/archivercapture/walk_capture');
    await t.database.db.update(archiverCaptures).set({ recordedUntil: t.clock.now() }).where(eq(archiverCaptures.id, 'walk_capture'));
    expect((await call('GET', '/archivercapture/walk_capture')).etag).toBe(read.etag);
  });
});

describe('roles', () => {
  it('refuses what the key may not do with 403 naming the role, and says what the key may do', async () => {
    const refused = await call('POST', '/eventtype/', { key: viewer.key, payload: { name: 'x', colour: '#ffffff' } });
    expect(refused.status).toBe(403);
    expect(refused.body!.exceptionMessage).toMatch(/role is viewer: it may read, and change nothing\. eventType\.create .* needs an admin key/);
    expect(refused.body!.data).toMatchObject({ role: 'viewer', required: 'admin' });
    expect((await call('POST', '/eventtype/', { key: operator.key, payload: { name: 'x', colour: '#ffffff' } })).status).toBe(403);
    expect((await call('GET', '/eventtype/', { key: viewer.key })).status).toBe(200);
    expect((await call('GET', '/session/', { key: operator.key })).body).toEqual({
      clientId: t.clientId,
      clientName: t.clientName,
      keyId: operator.keyId,
      keyLabel: 'Desk 2',
      role: 'operator',
    });
  });

  it('declares a role above viewer on every GET of the interface that writes', () => {
    expect(endpoints.event.restore.role).toBe('operator');
    expect(endpoints.vodDownload.retry.role).toBe('operator');
  });
});
