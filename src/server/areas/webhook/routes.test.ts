/** The 10 webhook operations and the extension records, through the real routing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '#schema';
import type { ApiClient } from '#client';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { createStrangerClient, createTestClient, failure } from '#testing/client.ts';
import { recordChange, settle } from '#testing/webhook.ts';
import { insertEvent } from '#testing/event-row.ts';
import { Receiver } from '#testing/webhook-receiver.ts';

let t: TestApp;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp({ services: { webhooks: { allowPrivate: true } } });
  api = createTestClient(t);
});
afterAll(() => t.close());

const hook = (n: number) => `https://hooks.example.com/in/${n}`;
const headers = (list: { name: string; value: string }[]) => JSON.stringify({ headers: list });

describe('system-wide webhooks', () => {
  it('answers 204 while there are none, then adds, lists, gets, updates and deletes', async () => {
    expect(await api.call(endpoints.webhook.list, {})).toBeNull();

    const added = await api.call(endpoints.webhook.upsert, {
      body: { webhookUrl: hook(1), useJsonBody: true, additionalPropertiesJson: headers([{ name: 'X-Token', value: 'abc' }]) },
    });
    expect(added).toMatchObject({
      webhookUrl: hook(1),
      useJsonBody: true,
      useHttpBasicAuthentication: false,
      username: null,
      password: null,
      additionalPropertiesJson: headers([{ name: 'X-Token', value: 'abc' }]),
    });
    expect(await api.call(endpoints.webhook.get, { params: { id: added.id } })).toEqual(added);

    // POST with an id updates that webhook.
    const viaPost = await api.call(endpoints.webhook.upsert, {
      body: { id: added.id, webhookUrl: hook(2), useHttpBasicAuthentication: true, username: 'me', password: 'secret' },
    });
    expect(viaPost).toMatchObject({ id: added.id, webhookUrl: hook(2), useHttpBasicAuthentication: true, username: 'me', useJsonBody: false });
    expect(viaPost.additionalPropertiesJson).toBeNull();

    const viaPut = await api.call(endpoints.webhook.update, { params: { id: added.id }, body: { webhookUrl: hook(3), additionalPropertiesJson: '' } });
    expect(viaPut).toMatchObject({ id: added.id, webhookUrl: hook(3), additionalPropertiesJson: null });

    t.clock.advance(1_000);
    const second = await api.call(endpoints.webhook.upsert, { body: { webhookUrl: hook(4) } });
    expect((await api.call(endpoints.webhook.list, {}))?.map((w) => w.id)).toEqual([added.id, second.id]);

    expect(await api.call(endpoints.webhook.delete, { params: { id: added.id } })).toBeNull();
    expect(await api.call(endpoints.webhook.get, { params: { id: added.id } })).toBeNull();
    // Deleting again (or what never was) is still a 200.
    await api.call(endpoints.webhook.delete, { params: { id: added.id } });
    await api.call(endpoints.webhook.delete, { params: { id: second.id } });
    expect(await api.call(endpoints.webhook.list, {})).toBeNull();
  });

  it('answers 404 for an update of a webhook that does not exist', async () => {
    const missing = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';
    expect((await failure(api.call(endpoints.webhook.update, { params: { id: missing }, body: { webhookUrl: hook(1) } }))).status).toBe(404);
    expect((await failure(api.call(endpoints.webhook.upsert, { body: { id: missing, webhookUrl: hook(1) } }))).status).toBe(404);
  });
});

describe('event-specific webhooks', () => {
  it('are added at /webook/event/ (sic), listed per event, updated, moved and deleted', async () => {
    const match = await insertEvent(t, { title: 'Match' });
    const concert = await insertEvent(t, { title: 'Concert' });
    expect(await api.call(endpoints.webhook.listForEvent, { params: { eventsId: match } })).toBeNull();

    const added = await api.call(endpoints.webhook.upsertForEvent, { body: { eventId: match, webhookUrl: hook(10), useJsonBody: true } });
    expect(added).toMatchObject({ eventId: match, webhookUrl: hook(10), useJsonBody: true });
    expect(await api.call(endpoints.webhook.getForEvent, { params: { id: added.id } })).toEqual(added);
    expect(await api.call(endpoints.webhook.listForEvent, { params: { eventsId: match } })).toEqual([added]);

    // Each kind answers on its own routes only.
    expect(await api.call(endpoints.webhook.get, { params: { id: added.id } })).toBeNull();
    expect(await api.call(endpoints.webhook.list, {})).toBeNull();
    await api.call(endpoints.webhook.delete, { params: { id: added.id } });
    expect(await api.call(endpoints.webhook.getForEvent, { params: { id: added.id } })).toEqual(added);

    const moved = await api.call(endpoints.webhook.updateForEvent, { params: { id: added.id }, body: { eventId: concert, webhookUrl: hook(11) } });
    expect(moved).toMatchObject({ id: added.id, eventId: concert, webhookUrl: hook(11), useJsonBody: false });
    expect(await api.call(endpoints.webhook.listForEvent, { params: { eventsId: match } })).toBeNull();

    const viaPost = await api.call(endpoints.webhook.upsertForEvent, { body: { id: added.id, eventId: concert, webhookUrl: hook(12) } });
    expect(viaPost).toMatchObject({ id: added.id, webhookUrl: hook(12) });

    await api.call(endpoints.webhook.deleteForEvent, { params: { id: added.id } });
    expect(await api.call(endpoints.webhook.getForEvent, { params: { id: added.id } })).toBeNull();
  });

  it('need an event of the client that exists', async () => {
    const error = await failure(
      api.call(endpoints.webhook.upsertForEvent, { body: { eventId: '3f2504e0-4f89-11d3-9a0c-0305e82c3301', webhookUrl: hook(1) } }),
    );
    expect(error.status).toBe(400);
    expect(error.fieldErrors).toEqual([{ field: 'body.eventId', message: 'there is no event 3f2504e0-4f89-11d3-9a0c-0305e82c3301' }]);
  });
});

describe('bad input', () => {
  it.each([
    ['a missing headers property', '{}', 'headers'],
    ['another property beside headers', '{"headers":[],"timeout":5}', 'timeout'],
    ['an empty header name', headers([{ name: '', value: 'x' }]), 'headers[0].name'],
    ['an empty header value', headers([{ name: 'X-A', value: '' }]), 'headers[0].value'],
    ['text that is not JSON', '{headers:', 'not valid JSON'],
    ['a header name with a space', headers([{ name: 'X A', value: '1' }]), 'not a valid HTTP header name'],
    ['a header value with a line break', headers([{ name: 'X-A', value: '1\r\nHost: evil' }]), 'line breaks'],
    ['a header the service sets', headers([{ name: 'content-type', value: 'text/plain' }]), 'set by the service'],
    ['a header of the delivery protocol', headers([{ name: 'X-ControlRoom-Attempt', value: '1' }]), 'set by the service'],
    ['a header listed twice', headers([{ name: 'X-A', value: '1' }, { name: 'x-a', value: '2' }]), 'listed twice'],
    ['a header value of more than 4096 characters', headers([{ name: 'X-A', value: 'v'.repeat(4097) }]), 'headers[0].value: must be at most 4096 characters'],
    ['a header name of more than 256 characters', headers([{ name: 'X'.repeat(257), value: '1' }]), 'headers[0].name: must be at most 256 characters'],
    ['more than 50 headers', headers(Array.from({ length: 51 }, (_, i) => ({ name: `X-H${i}`, value: '1' }))), 'at most 50 extra headers'],
  ])('rejects additionalPropertiesJson with %s, naming the field and the problem', async (_, text, problem) => {
    const error = await failure(api.call(endpoints.webhook.upsert, { body: { webhookUrl: hook(1), additionalPropertiesJson: text } }));
    expect(error.status).toBe(400);
    expect(error.fieldErrors.map((f) => f.field)).toEqual(['body.additionalPropertiesJson']);
    expect(error.fieldErrors[0]!.message).toContain(problem);
    expect(error.message).toContain('body.additionalPropertiesJson');
  });

  it('rejects an Authorization header while basic authentication is on, and accepts it otherwise', async () => {
    const text = headers([{ name: 'Authorization', value: 'Bearer t0ken' }]);
    const error = await failure(
      api.call(endpoints.webhook.upsert, { body: { webhookUrl: hook(1), useHttpBasicAuthentication: true, username: 'u', additionalPropertiesJson: text } }),
    );
    expect(error.fieldErrors[0]).toMatchObject({ field: 'body.additionalPropertiesJson', message: expect.stringContaining('basic authentication') });
    const ok = await api.call(endpoints.webhook.upsert, { body: { webhookUrl: hook(1), additionalPropertiesJson: text } });
    await api.call(endpoints.webhook.delete, { params: { id: ok.id } });
  });

  it.each([
    ['ftp://hooks.example.com/in', 'body.webhookUrl'],
    ['file:///etc/passwd', 'body.webhookUrl'],
    ['not a url', 'body.webhookUrl'],
    ['https://user:pass@hooks.example.com/in', 'body.webhookUrl'],
    [`https://hooks.example.com/${'a'.repeat(2030)}`, 'body.webhookUrl'],
  ])('rejects the webhookUrl %s', async (url, field) => {
    const error = await failure(api.call(endpoints.webhook.upsert, { body: { webhookUrl: url } }));
    expect(error.status).toBe(400);
    expect(error.fieldErrors.map((f) => f.field)).toEqual([field]);
  });

  it('rejects basic authentication without a user name, or with a ":" in it', async () => {
    const none = await failure(api.call(endpoints.webhook.upsert, { body: { webhookUrl: hook(1), useHttpBasicAuthentication: true } }));
    expect(none.fieldErrors.map((f) => f.field)).toEqual(['body.username']);
    const colon = await failure(api.call(endpoints.webhook.upsert, { body: { webhookUrl: hook(1), useHttpBasicAuthentication: true, username: 'a:b' } }));
    expect(colon.fieldErrors).toEqual([{ field: 'body.username', message: expect.stringContaining('":"') }]);
  });

  it('writes nothing when a request is refused', async () => {
    await failure(api.call(endpoints.webhook.upsert, { body: { webhookUrl: hook(1), additionalPropertiesJson: '{}' } }));
    expect(await api.call(endpoints.webhook.list, {})).toBeNull();
  });
});

describe('the address policy at registration', () => {
  let strict: TestApp;
  let strictApi: ApiClient;
  beforeAll(async () => {
    // As in production by default (WEBHOOKS_ALLOW_PRIVATE off), with a DNS of our own.
    const names: Record<string, string> = { 'public.test': '93.184.216.34', 'internal.test': '10.1.2.3', 'metadata.test': '169.254.169.254' };
    strict = await createTestApp({
      services: {
        webhooks: {
          allowPrivate: false,
          resolve: async (host) => (names[host] ? [{ address: names[host]!, family: 4 }] : Promise.reject(new Error('ENOTFOUND'))),
        },
      },
    });
    strictApi = createTestClient(strict);
  });
  afterAll(() => strict.close());

  it.each([
    'http://127.0.0.1:8080/hook',
    'http://localhost/hook',
    'http://[::1]/hook',
    'http://10.0.0.5/hook',
    'http://172.16.3.4/hook',
    'http://192.168.1.1/hook',
    'http://[fd12::1]/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://[fe80::1]/hook',
    'http://0.0.0.0/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://internal.test/hook',
    'http://metadata.test/hook',
  ])('refuses %s by default', async (url) => {
    const error = await failure(strictApi.call(endpoints.webhook.upsert, { body: { webhookUrl: url } }));
    expect(error.status).toBe(400);
    expect(error.fieldErrors).toEqual([{ field: 'body.webhookUrl', message: expect.stringMatching(/may not call/) }]);
  });

  it('accepts public addresses, and names that do not resolve yet (checked again at delivery)', async () => {
    for (const url of ['https://public.test/hook', 'http://93.184.216.34/hook', 'https://not-yet.test/hook']) {
      const added = await strictApi.call(endpoints.webhook.upsert, { body: { webhookUrl: url } });
      await strictApi.call(endpoints.webhook.delete, { params: { id: added.id } });
    }
  });

  it('with private addresses allowed, still refuses link-local and the metadata address', async () => {
    await api.call(endpoints.webhook.delete, { params: { id: (await api.call(endpoints.webhook.upsert, { body: { webhookUrl: 'http://127.0.0.1:9/x' } })).id } });
    await api.call(endpoints.webhook.delete, { params: { id: (await api.call(endpoints.webhook.upsert, { body: { webhookUrl: 'http://10.0.0.5/x' } })).id } });
    for (const url of ['http://169.254.169.254/', 'http://[fd00:ec2::254]/', 'http://169.254.1.1/', 'http://[fe80::1]/', 'http://0.0.0.0/']) {
      const error = await failure(api.call(endpoints.webhook.upsert, { body: { webhookUrl: url } }));
      expect(error.fieldErrors[0]?.field).toBe('body.webhookUrl');
    }
  });
});

describe('delivery log, test and redelivery', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await new Receiver().start();
  });
  afterAll(() => receiver.stop());

  it('sends a test notification at once and answers the attempt', async () => {
    const eventId = await insertEvent(t, { title: 'Tested', refId: 'ref-Tested' });
    const webhook = await api.call(endpoints.webhook.upsertForEvent, { body: { eventId, webhookUrl: receiver.url('/t'), useJsonBody: true } });
    receiver.respond = () => ({ status: 202, body: 'thanks' });
    const attempt = await api.call(endpoints.webhook.test, { params: { id: webhook.id } });
    expect(attempt).toMatchObject({ attempt: 1, statusCode: 202, responseExcerpt: 'thanks', error: null, outcome: 'delivered', nextRetryAt: null });
    const got = receiver.received.at(-1)!;
    expect(got.headers['x-controlroom-test']).toBe('true');
    expect(got.fields).toMatchObject({ eventId, referenceId: 'ref-Tested', state: 'PRE_LIVE', action: 'Updated' });

    receiver.respond = () => ({ status: 500, body: 'x'.repeat(5000) });
    t.clock.advance(1_000);
    const failed = await api.call(endpoints.webhook.test, { params: { id: webhook.id } });
    expect(failed).toMatchObject({ statusCode: 500, outcome: 'failed', error: 'the receiver answered 500' });
    expect(failed.responseExcerpt).toHaveLength(1024);

    const log = await api.call(endpoints.webhook.deliveries, { params: { id: webhook.id }, query: {} });
    expect(log?.totalCount).toBe(2);
    expect(log?.results.map((d) => [d.kind, d.status])).toEqual([
      ['test', 'failed'],
      ['test', 'delivered'],
    ]);
    await api.call(endpoints.webhook.deleteForEvent, { params: { id: webhook.id } });
  });

  it('pages the log newest first and redelivers a delivery as a new one', async () => {
    receiver.respond = () => ({ status: 200 });
    const eventId = await insertEvent(t, { title: 'Logged' });
    const webhook = await api.call(endpoints.webhook.upsert, { body: { webhookUrl: receiver.url('/log'), useJsonBody: true } });
    for (let i = 0; i < 3; i++) await recordChange(t, eventId, { state: i });
    await settle(t);

    const page1 = await api.call(endpoints.webhook.deliveries, { params: { id: webhook.id }, query: { pageSize: 2 } });
    expect(page1).toMatchObject({ pageSize: 2, pageNumber: 1, totalCount: 3 });
    const seqs = page1!.results.map((d) => d.seq!);
    expect(seqs[0]).toBeGreaterThan(seqs[1]!);
    expect(page1!.results[0]).toMatchObject({ kind: 'change', status: 'delivered', attemptCount: 1, lastStatusCode: 200, eventId });
    expect(page1!.results[0]!.attempts).toEqual([expect.objectContaining({ attempt: 1, statusCode: 200, outcome: 'delivered' })]);
    const page2 = await api.call(endpoints.webhook.deliveries, { params: { id: webhook.id }, query: { pageSize: 2, pageNumber: 2 } });
    expect(page2!.results).toHaveLength(1);
    expect(await api.call(endpoints.webhook.deliveries, { params: { id: webhook.id }, query: { status: 'failed' } })).toMatchObject({ totalCount: 0 });
    const csv = (await api.call(endpoints.webhook.exportDeliveriesCsv, { params: { id: webhook.id }, query: {} })).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(csv).toHaveLength(4);
    expect(csv[1]!.split(',').slice(0, 5)).toEqual([page1!.results[0]!.id, eventId, 'change', 'Updated', 'delivered']);
    expect((await failure(api.call(endpoints.webhook.exportDeliveriesCsv, { params: { id: '3f2504e0-4f89-11d3-9a0c-0305e82c3301' }, query: {} }))).status).toBe(404);

    const original = page2!.results[0]!;
    const before = receiver.received.length;
    const again = await api.call(endpoints.webhook.redeliver, { params: { deliveryId: original.id } });
    expect(again).toMatchObject({ kind: 'redelivery', redeliveryOf: original.id, seq: original.seq, status: 'pending' });
    expect(again.id).not.toBe(original.id);
    await settle(t);
    expect(receiver.received.length).toBe(before + 1);
    expect(receiver.received.at(-1)).toMatchObject({ deliveryId: again.id, attempt: 1, seq: original.seq });
    expect(await api.call(endpoints.webhook.delivery, { params: { deliveryId: again.id } })).toMatchObject({ status: 'delivered', attemptCount: 1 });
    await api.call(endpoints.webhook.delete, { params: { id: webhook.id } });
    // The log goes with its webhook.
    expect(await api.call(endpoints.webhook.deliveries, { params: { id: webhook.id }, query: {} })).toBeNull();
    expect(await api.call(endpoints.webhook.delivery, { params: { deliveryId: again.id } })).toBeNull();
  });

  it('answers 404 for a test or redelivery of what does not exist', async () => {
    const missing = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';
    expect((await failure(api.call(endpoints.webhook.test, { params: { id: missing } }))).status).toBe(404);
    expect((await failure(api.call(endpoints.webhook.redeliver, { params: { deliveryId: missing } }))).status).toBe(404);
  });
});

describe('tenancy', () => {
  it("keeps one client's webhooks, events and delivery log from another", async () => {
    const stranger = await createStrangerClient(t);
    const eventId = await insertEvent(t, { title: 'Private' });
    const system = await api.call(endpoints.webhook.upsert, { body: { webhookUrl: hook(20) } });
    const specific = await api.call(endpoints.webhook.upsertForEvent, { body: { eventId, webhookUrl: hook(21) } });

    expect(await stranger.api.call(endpoints.webhook.list, {})).toBeNull();
    expect(await stranger.api.call(endpoints.webhook.get, { params: { id: system.id } })).toBeNull();
    expect(await stranger.api.call(endpoints.webhook.getForEvent, { params: { id: specific.id } })).toBeNull();
    expect(await stranger.api.call(endpoints.webhook.listForEvent, { params: { eventsId: eventId } })).toBeNull();
    expect(await stranger.api.call(endpoints.webhook.deliveries, { params: { id: system.id }, query: {} })).toBeNull();

    expect((await failure(stranger.api.call(endpoints.webhook.update, { params: { id: system.id }, body: { webhookUrl: hook(0) } }))).status).toBe(404);
    expect((await failure(stranger.api.call(endpoints.webhook.upsert, { body: { id: system.id, webhookUrl: hook(0) } }))).status).toBe(404);
    expect((await failure(stranger.api.call(endpoints.webhook.test, { params: { id: system.id } }))).status).toBe(404);
    // Nor can it hang a webhook on the other client's event.
    const onTheirs = await failure(stranger.api.call(endpoints.webhook.upsertForEvent, { body: { eventId, webhookUrl: hook(0) } }));
    expect(onTheirs.fieldErrors[0]?.field).toBe('body.eventId');

    await stranger.api.call(endpoints.webhook.delete, { params: { id: system.id } });
    await stranger.api.call(endpoints.webhook.deleteForEvent, { params: { id: specific.id } });
    expect(await api.call(endpoints.webhook.get, { params: { id: system.id } })).toEqual(system);
    expect(await api.call(endpoints.webhook.getForEvent, { params: { id: specific.id } })).toEqual(specific);

    await api.call(endpoints.webhook.delete, { params: { id: system.id } });
    await api.call(endpoints.webhook.deleteForEvent, { params: { id: specific.id } });
  });
});
