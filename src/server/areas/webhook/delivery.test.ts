/**
 * Webhook delivery against real HTTP receivers on 127.0.0.1: what is sent, retries and backoff,
 * order per (webhook, event), a receiver that is down or slow, and tenancy. Time is the test's
 * ManualClock: `settle` moves it from one wake-up to the next, so an hour of retries takes a moment.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, WebhookNotificationFormSchema, WebhookNotificationSchema } from '#schema';
import type { ApiClient } from '#client';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { createTestClient } from '#testing/client.ts';
import { recordEventChange } from '../../changes/record.ts';
import { deliverDue, deliveriesOf, recordChange, settle } from '#testing/webhook.ts';
import { insertEvent } from '#testing/event-row.ts';
import { Receiver, type Answer, type Received } from '#testing/webhook-receiver.ts';
import { webhookAttempts } from '../../db/tables/webhooks.ts';
import { listenForChanges } from '../../changes/listen.ts';
import { WEBHOOKS_CHANNEL } from '../../changes/fanout.ts';
import { dispatcherFor } from './dispatcher.ts';
import { asc, eq } from 'drizzle-orm';

let t: TestApp;
let api: ApiClient;
const receivers: Receiver[] = [];

async function receiver(): Promise<Receiver> {
  const r = await new Receiver().start();
  receivers.push(r);
  return r;
}

beforeAll(async () => {
  t = await createTestApp({ services: { webhooks: { allowPrivate: true } } });
  api = createTestClient(t);
});
afterEach(async () => {
  // Each test starts without webhooks, so the next one's deliveries are its own.
  await settle(t);
  for (const w of (await api.call(endpoints.webhook.list, {})) ?? []) await api.call(endpoints.webhook.delete, { params: { id: w.id } });
});
afterAll(async () => {
  for (const r of receivers) await r.stop();
  await t.close();
});

async function attemptsOf(deliveryId: string, app: TestApp = t) {
  return app.database.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId)).orderBy(asc(webhookAttempts.attempt));
}

/** Every request for a seq came only after each lower seq of its event had been accepted. */
function expectOrderPerEvent(received: Received[], eventOf: (r: Received) => string): void {
  const accepted = new Map<string, Set<number>>();
  const seen = new Map<string, Set<number>>();
  for (const r of received) {
    const event = eventOf(r);
    const done = accepted.get(event) ?? new Set<number>();
    const all = seen.get(event) ?? new Set<number>();
    for (const earlier of all) if (earlier < r.seq! && !done.has(earlier)) throw new Error(`seq ${r.seq} of ${event} was sent before ${earlier} was delivered`);
    all.add(r.seq!);
    if (r.answered >= 200 && r.answered < 300) done.add(r.seq!);
    accepted.set(event, done);
    seen.set(event, all);
  }
}

describe('what a receiver gets', () => {
  it('JSON with enumeration names, basic authentication, extra headers and the delivery headers', async () => {
    const r = await receiver();
    const eventId = await insertEvent(t, { title: 'Json' });
    const webhook = await api.call(endpoints.webhook.upsert, {
      body: {
        webhookUrl: r.url('/json'),
        useJsonBody: true,
        useHttpBasicAuthentication: true,
        username: 'hook-user',
        password: 'pä55',
        additionalPropertiesJson: JSON.stringify({ headers: [{ name: 'X-Token', value: 'abc' }] }),
      },
    });
    const seq = await recordChange(t, eventId, { state: 2, refId: 'R-1', flags: { stateChanged: true, isForced: true } });
    await settle(t);

    expect(r.received).toHaveLength(1);
    const got = r.received[0]!;
    expect(got.headers.authorization).toBe(`Basic ${Buffer.from('hook-user:pä55').toString('base64')}`);
    expect(got.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(got.headers.authorization).toBe(`Basic ${Buffer.from('hook-user:pä55').toString('base64')}`);
    expect(got.headers['x-token']).toBe('abc');
    // The password is write-only: sent to the receiver, never answered.
    expect(webhook).toMatchObject({ password: null, passwordSet: true });
    expect(JSON.stringify(await api.call(endpoints.webhook.get, { params: { id: webhook.id } }))).not.toContain('pä55');
    expect(JSON.stringify(await api.call(endpoints.webhook.list, {}))).not.toContain('pä55');
    // Sending back what was read (password null) keeps it.
    const { id: _id, passwordSet: _set, ...read } = (await api.call(endpoints.webhook.get, { params: { id: webhook.id } }))!;
    await api.call(endpoints.webhook.update, { params: { id: webhook.id }, body: read });
    expect(got.seq).toBe(seq);
    expect(got.attempt).toBe(1);
    const [delivery] = await deliveriesOf(t, webhook.id);
    expect(got.deliveryId).toBe(delivery!.id);
    expect(WebhookNotificationSchema.parse(got.fields)).toEqual({
      eventId,
      referenceId: 'R-1',
      externalId: null,
      state: 'LIVE_PUBLISHED',
      stateChanged: true,
      metadataChanged: false,
      thumbnailChanged: false,
      isForced: true,
      audioChanged: false,
      mp4State: 'NONE',
      mp4StateChanged: false,
      chapterPointsChanged: false,
      assetsChanged: false,
      provisionState: null,
      provisionStateChanged: false,
      capturingLive2VodFlagChanged: false,
      action: 'Updated',
    });
    // After the update that sent back the webhook as read, the receiver still gets the password.
    await recordChange(t, eventId, { state: 3, refId: 'R-1', flags: { stateChanged: true } });
    await settle(t);
    expect(r.received[1]?.headers.authorization).toBe(`Basic ${Buffer.from('hook-user:pä55').toString('base64')}`);
  });

  it('form-encoded PascalCase parameters when useJsonBody is false', async () => {
    const r = await receiver();
    const eventId = await insertEvent(t, { title: 'Form' });
    await api.call(endpoints.webhook.upsert, { body: { webhookUrl: r.url('/form') } });
    await recordChange(t, eventId, { state: 5, action: 'Deleted', refId: 'R-2', flags: { metadataChanged: true } });
    await settle(t);

    const got = r.received[0]!;
    expect(got.headers['content-type']).toBe('application/x-www-form-urlencoded; charset=utf-8');
    expect(got.headers.authorization).toBeUndefined();
    expect(got.fields).toMatchObject({ EventId: eventId, ReferenceId: 'R-2', State: '5', MetadataChanged: 'true', StateChanged: 'false', Action: 'Deleted', ProvisionState: '' });
    expect(WebhookNotificationFormSchema.parse(got.fields)).toMatchObject({ State: 5, MetadataChanged: true, Action: 'Deleted' });
  });

  it("system-wide webhooks get every event of their client, event-specific ones their event, and no other client's", async () => {
    const all = await receiver();
    const one = await receiver();
    const match = await insertEvent(t, { title: 'Match' });
    const other = await insertEvent(t, { title: 'Other' });
    await api.call(endpoints.webhook.upsert, { body: { webhookUrl: all.url(), useJsonBody: true } });
    await api.call(endpoints.webhook.upsertForEvent, { body: { eventId: match, webhookUrl: one.url(), useJsonBody: true } });
    const stranger = await t.createTenant();
    const theirs = await insertEvent(t, { title: 'Theirs', clientId: stranger.clientId });
    await recordChange(t, match);
    await recordChange(t, other);
    await recordChange(t, theirs, { clientId: stranger.clientId });
    await settle(t);

    expect(all.received.map((r) => r.fields.eventId).sort()).toEqual([match, other].sort());
    expect(one.received.map((r) => r.fields.eventId)).toEqual([match]);
  });
});

describe('retries', () => {
  it('retries any answer but 2xx with exponential backoff; the same delivery id, a higher attempt', async () => {
    const r = await receiver();
    const eventId = await insertEvent(t, { title: 'Flaky' });
    const webhook = await api.call(endpoints.webhook.upsert, { body: { webhookUrl: r.url(), useJsonBody: true } });
    let calls = 0;
    r.respond = () => ({ status: ++calls <= 2 ? 500 : 200, body: calls <= 2 ? 'boom' : 'ok' });
    await recordChange(t, eventId);
    const t0 = t.clock.now().getTime();
    await settle(t);

    expect(r.received.map((x) => x.attempt)).toEqual([1, 2, 3]);
    expect(new Set(r.received.map((x) => x.deliveryId)).size).toBe(1);
    const [delivery] = await deliveriesOf(t, webhook.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 3, lastStatusCode: 200, lastError: null });
    const attempts = await attemptsOf(delivery!.id);
    expect(attempts.map((a) => [a.outcome, a.statusCode, a.responseExcerpt])).toEqual([
      ['retry', 500, 'boom'],
      ['retry', 500, 'boom'],
      ['delivered', 200, 'ok'],
    ]);
    expect(attempts[0]!.nextRetryAt!.getTime() - t0).toBe(30_000);
    expect(attempts[1]!.nextRetryAt!.getTime() - attempts[1]!.startedAt.getTime()).toBe(60_000);
    expect(attempts[0]!.error).toBe('the receiver answered 500');
  });

  it('gives up after 8 attempts over about an hour, then lets the next change of the event go', async () => {
    const r = await receiver();
    const eventId = await insertEvent(t, { title: 'Down' });
    const webhook = await api.call(endpoints.webhook.upsert, { body: { webhookUrl: r.url(), useJsonBody: true } });
    r.respond = (x) => ({ status: x.seq === first ? 503 : 200 });
    const first = await recordChange(t, eventId);
    const second = await recordChange(t, eventId);
    const elapsed = await settle(t);

    expect(r.received.filter((x) => x.seq === first).map((x) => x.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(r.received.at(-1)).toMatchObject({ seq: second, attempt: 1, answered: 200 });
    expect(elapsed).toBeGreaterThan(60 * 60_000);
    expect(elapsed).toBeLessThan(70 * 60_000);
    const [a, b] = await deliveriesOf(t, webhook.id);
    expect(a).toMatchObject({ status: 'failed', attempts: 8, lastStatusCode: 503 });
    expect(b).toMatchObject({ status: 'delivered' });
    expect((await attemptsOf(a!.id)).at(-1)).toMatchObject({ outcome: 'failed', nextRetryAt: null });
  });

  it('honours a Retry-After longer than the backoff, and does not follow redirects', async () => {
    const r = await receiver();
    const eventId = await insertEvent(t, { title: 'Busy' });
    const webhook = await api.call(endpoints.webhook.upsert, { body: { webhookUrl: r.url(), useJsonBody: true } });
    let calls = 0;
    r.respond = (): Answer => {
      calls += 1;
      if (calls === 1) return { status: 503, headers: { 'Retry-After': '600' } };
      if (calls === 2) return { status: 302, headers: { Location: 'http://169.254.169.254/latest/meta-data' } };
      return { status: 204 };
    };
    await recordChange(t, eventId);
    await settle(t);
    const [delivery] = await deliveriesOf(t, webhook.id);
    const attempts = await attemptsOf(delivery!.id);
    expect(attempts.map((a) => a.statusCode)).toEqual([503, 302, 204]);
    expect(attempts[0]!.nextRetryAt!.getTime() - attempts[0]!.startedAt.getTime()).toBe(600_000);
    expect(attempts[1]!.error).toBe('the receiver answered 302 (redirects are not followed)');
    expect(r.received).toHaveLength(3);
  });

  it('records network errors and time-outs as attempts to retry', async () => {
    const slowApp = await createTestApp({ services: { webhooks: { allowPrivate: true, timeoutMs: 300 } } });
    try {
      const slowApi = createTestClient(slowApp);
      const r = await receiver();
      const eventId = await insertEvent(slowApp, { title: 'Timeout' });
      const webhook = await slowApi.call(endpoints.webhook.upsert, { body: { webhookUrl: r.url(), useJsonBody: true } });
      let calls = 0;
      r.respond = () => (++calls === 1 ? { delayMs: 2_000 } : { status: 200 });
      await r.stop();
      await recordChange(slowApp, eventId);
      await deliverDue(slowApp);
      await r.start();
      await settle(slowApp);
      const [delivery] = await deliveriesOf(slowApp, webhook.id);
      const rows = await attemptsOf(delivery!.id, slowApp);
      expect(rows.map((a) => [a.outcome, a.statusCode])).toEqual([
        ['retry', null],
        ['retry', null],
        ['delivered', 200],
      ]);
      expect(rows[0]!.error).toBe('connection refused (ECONNREFUSED)');
      expect(rows[1]!.error).toBe('no complete answer within 0.3 s (time-out)');
      expect(rows[1]!.latencyMs).toBeGreaterThanOrEqual(250);
    } finally {
      await slowApp.close();
    }
  });
});

describe('reliability', () => {
  it('a receiver down for a while gets every notification once it is back, none twice', async () => {
    const r = await receiver();
    const a = await insertEvent(t, { title: 'A' });
    const b = await insertEvent(t, { title: 'B' });
    const webhook = await api.call(endpoints.webhook.upsert, { body: { webhookUrl: r.url(), useJsonBody: true } });
    await r.stop();
    const seqs: number[] = [];
    for (let i = 0; i < 5; i++) seqs.push(await recordChange(t, i % 2 ? a : b, { state: i }));
    // Down for three rounds of retries (30 s, 1 min, 2 min).
    await deliverDue(t);
    for (let round = 0; round < 3; round++) {
      t.clock.advance(5 * 60_000);
      await deliverDue(t);
    }
    expect(r.received).toHaveLength(0);
    await r.start();
    await settle(t);

    expect(r.received.map((x) => x.seq).sort()).toEqual(seqs);
    expect(new Set(r.received.map((x) => x.deliveryId)).size).toBe(5);
    expect(r.received.every((x) => x.answered === 200)).toBe(true);
    expectOrderPerEvent(r.received, (x) => String(x.fields.eventId));
    const deliveries = await deliveriesOf(t, webhook.id);
    expect(deliveries.every((d) => d.status === 'delivered')).toBe(true);
    // Only the first of each event was tried while the receiver was down: the others waited their turn.
    expect(deliveries.filter((d) => d.attempts > 1)).toHaveLength(2);
  });

  it('1 000 changes in a burst reach the receiver, in order per event, through random failures', async () => {
    const r = await receiver();
    const eventIds: string[] = [];
    for (let i = 0; i < 10; i++) eventIds.push(await insertEvent(t, { title: `Burst ${i}` }));
    await api.call(endpoints.webhook.upsert, { body: { webhookUrl: r.url(), useJsonBody: true } });
    // Deterministic "random" failures: about one answer in ten is a 500.
    let x = 7;
    r.respond = () => {
      x = (x * 1103515245 + 12345) % 2 ** 31;
      return { status: x % 10 === 0 ? 500 : 200 };
    };
    const bySeq = new Map<number, string>();
    // Written as a busy service would: ten changes to as many events per transaction.
    for (let i = 0; i < 100; i++) {
      await t.database.db.transaction(async (tx) => {
        for (let j = 0; j < 10; j++) {
          const eventId = eventIds[(i * 7 + j * 3) % 10]!;
          const seq = await recordEventChange(tx, t.clock, {
            clientId: t.clientId,
            eventId,
            action: 'Updated',
            event: { refId: null, externalId: null, state: j % 3, mp4State: 0, provisionState: null },
            flags: { stateChanged: true },
          });
          bySeq.set(seq!, eventId);
        }
      });
    }
    await settle(t);

    const accepted = r.accepted;
    expect(accepted).toHaveLength(1000);
    expect(new Set(accepted.map((a) => a.seq)).size).toBe(1000);
    for (const a of r.received) expect(a.fields.eventId).toBe(bySeq.get(a.seq!));
    expectOrderPerEvent(r.received, (a) => String(a.fields.eventId));
    // Duplicates only where a retry was due: each request of a delivery has its own attempt number.
    const attemptsById = new Map<string, number[]>();
    for (const a of r.received) attemptsById.set(a.deliveryId, [...(attemptsById.get(a.deliveryId) ?? []), a.attempt]);
    for (const list of attemptsById.values()) expect(list).toEqual(list.map((_, i) => i + 1));
  }, 120_000);
});

describe('a slow receiver', () => {
  it('slows neither the API, nor the job worker, nor deliveries to other webhooks', async () => {
    const app = await createTestApp({ services: { webhooks: { allowPrivate: true, perWebhookConcurrency: 2 } } });
    try {
      const client = createTestClient(app);
      const slow = await receiver();
      const fast = await receiver();
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      slow.respond = async () => {
        await released;
        return { status: 200 };
      };
      const events: string[] = [];
      for (let i = 0; i < 4; i++) events.push(await insertEvent(app, { title: `Slow ${i}` }));
      await client.call(endpoints.webhook.upsert, { body: { webhookUrl: slow.url('/slow'), useJsonBody: true } });
      await client.call(endpoints.webhook.upsert, { body: { webhookUrl: fast.url('/fast'), useJsonBody: true } });

      // Four events change: the slow receiver holds two requests (its share), the fast one gets all four.
      for (const e of events) await recordChange(app, e);
      const workerStarted = Date.now();
      await deliverDue(app, { wait: false });
      expect(Date.now() - workerStarted).toBeLessThan(3_000);
      await fast.waitFor(() => fast.accepted.length === 4);
      await slow.waitFor(() => slow.received.length === 2);
      expect(slow.received.every((x) => x.answered === 0)).toBe(true);

      // The API answers at once meanwhile.
      const apiStarted = Date.now();
      await client.call(endpoints.webhook.list, {});
      expect(Date.now() - apiStarted).toBeLessThan(1_000);

      // A later change still reaches the fast receiver while the slow one holds its requests.
      await recordChange(app, events[0]!);
      await deliverDue(app, { wait: false });
      await fast.waitFor(() => fast.accepted.length === 5);
      expect(slow.received).toHaveLength(2);

      release();
      await settle(app);
      expect(slow.accepted).toHaveLength(5);
      expectOrderPerEvent(slow.received, (x) => String(x.fields.eventId));
    } finally {
      await app.close();
    }
  }, 30_000);
});

describe('the address policy at delivery', () => {
  it('refuses a name that resolves to a refused address when sent (DNS rebinding)', async () => {
    const r = await receiver();
    let lookups = 0;
    const app = await createTestApp({
      services: {
        webhooks: {
          allowPrivate: false,
          // Public when registered, loopback (where the receiver is) when delivered.
          resolve: async () => [{ address: ++lookups === 1 ? '93.184.216.34' : '127.0.0.1', family: 4 }],
        },
      },
    });
    try {
      const client = createTestClient(app);
      const eventId = await insertEvent(app, { title: 'Rebound' });
      const port = new URL(r.url()).port;
      const webhook = await client.call(endpoints.webhook.upsert, { body: { webhookUrl: `http://rebind.test:${port}/hook`, useJsonBody: true } });
      await recordChange(app, eventId);
      await deliverDue(app);
      const [delivery] = await deliveriesOf(app, webhook.id);
      const [attempt] = await attemptsOf(delivery!.id, app);
      expect(attempt).toMatchObject({ statusCode: null, outcome: 'retry' });
      expect(attempt!.error).toMatch(/^refused: rebind\.test resolves to 127\.0\.0\.1 is a loopback address/);
      expect(r.received).toHaveLength(0);
    } finally {
      await app.close();
    }
  });
});

describe('an idle service', () => {
  it('schedules no more wake-ups once everything is delivered', async () => {
    const r = await receiver();
    const eventId = await insertEvent(t, { title: 'Quiet' });
    await api.call(endpoints.webhook.upsert, { body: { webhookUrl: r.url(), useJsonBody: true } });
    await recordChange(t, eventId);
    await settle(t);
    expect(r.accepted).toHaveLength(1);
    // The wake-ups already scheduled (a lease's) run once, and start nothing more.
    let ran = 0;
    for (let i = 0; i < 12; i++) {
      t.clock.advance(5 * 60_000);
      ran += await t.runJobs();
    }
    expect(ran).toBeLessThanOrEqual(1);
    expect(await t.runJobs()).toBe(0);
  });
});

describe('webhooks that go away', () => {
  it('a deleted webhook gets nothing more; its pending deliveries go with it', async () => {
    const r = await receiver();
    const eventId = await insertEvent(t, { title: 'Gone' });
    const webhook = await api.call(endpoints.webhook.upsert, { body: { webhookUrl: r.url(), useJsonBody: true } });
    r.respond = () => ({ status: 500 });
    await recordChange(t, eventId);
    await deliverDue(t);
    expect(r.received).toHaveLength(1);
    await api.call(endpoints.webhook.delete, { params: { id: webhook.id } });
    await settle(t);
    expect(r.received).toHaveLength(1);
    expect(await deliveriesOf(t, webhook.id)).toEqual([]);
  });
});

describe('wake-ups', () => {
  /** The payloads of the dispatchers' NOTIFY while `run` runs, once the LISTEN is in place. */
  async function notifications(run: () => Promise<void>, count: number): Promise<string[]> {
    const payloads: string[] = [];
    const listener = listenForChanges(t.database.db, { channel: WEBHOOKS_CHANNEL, onNotify: (payload) => void payloads.push(payload) })!;
    try {
      await listener.ready;
      await run();
      for (let i = 0; i < 200 && payloads.length < count; i++) await new Promise((resolve) => setTimeout(resolve, 10));
      return payloads;
    } finally {
      await listener.close();
    }
  }

  it('name the lanes that got deliveries; a process sending every one of them claims nothing for it', async () => {
    const r = await receiver();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    r.respond = async () => {
      await released;
      return { status: 200 };
    };
    const eventId = await insertEvent(t, { title: 'Named' });
    const other = await insertEvent(t, { title: 'Other' });
    const webhook = await api.call(endpoints.webhook.upsert, { body: { webhookUrl: r.url(), useJsonBody: true } });
    const [first] = await notifications(() => recordChange(t, eventId).then(() => undefined), 1);
    const lane = `${webhook.id}/${eventId}`;
    expect(first).toBe(lane);

    const dispatcher = dispatcherFor(t.database.db);
    expect(dispatcher.sendsAll(lane)).toBe(false);
    await deliverDue(t, { wait: false });
    await r.waitFor(() => r.received.length === 1);
    // Sending the lane: a wake-up for it alone would find its next delivery waiting behind this one.
    expect(dispatcher.sendsAll(lane)).toBe(true);
    expect(dispatcher.sendsAll(`${lane},${webhook.id}/${other}`)).toBe(false);
    expect(dispatcher.sendsAll('')).toBe(false);
    // The next change of the event waits, and the claim at the lane's end sends it.
    await recordChange(t, eventId);
    release();
    await settle(t);
    expect(r.accepted.map((x) => x.seq)).toEqual([...r.accepted.map((x) => x.seq)].sort((a, b) => a! - b!));
    expect(r.accepted).toHaveLength(2);
    expect(dispatcher.sendsAll(lane)).toBe(false);
  });

  it('name no lanes when a write makes deliveries for more than sixteen', async () => {
    await receiver().then((r) => api.call(endpoints.webhook.upsert, { body: { webhookUrl: r.url(), useJsonBody: true } }));
    const body = Array.from({ length: 17 }, (_, i) => ({ Title: `Imported ${i}` }));
    const payloads = await notifications(async () => {
      await api.call(endpoints.eventImport.importMany, { body });
    }, 1);
    expect(payloads).toEqual(['']);
  });
});
