/**
 * Pruning the delivery log (prune.ts): finished deliveries older than the retention go with their
 * attempts, deliveries still to be sent stay, and the job runs only while there is something to
 * prune. Time is the test's ManualClock.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '#schema';
import type { ApiClient } from '#client';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { createTestClient } from '#testing/client.ts';
import { jobs } from '../../db/tables/jobs.ts';
import { webhookAttempts, webhookDeliveries } from '../../db/tables/webhooks.ts';
import { PRUNE_BUCKET_MS, PRUNE_JOB } from './prune.ts';
import { toNotification } from '../../changes/notification.ts';
import { parseConfig } from '../../config.ts';
import { DEFAULT_RETENTION_DAYS } from './settings.ts';
import { deliverDue, recordChange, settle } from '#testing/webhook.ts';
import { insertEvent } from '#testing/event-row.ts';
import { Receiver } from '#testing/webhook-receiver.ts';

const DAY = 86_400_000;
const RETENTION = 7 * DAY;

let t: TestApp;
let api: ApiClient;
let receiver: Receiver;
let brokenReceiver: Receiver;

beforeAll(async () => {
  t = await createTestApp({
    now: '2026-03-01T10:20:00.000Z',
    services: { webhooks: { allowPrivate: true, retentionMs: RETENTION, maxAttempts: 2, backoffMs: () => 60_000 } },
  });
  api = createTestClient(t);
  receiver = await new Receiver().start();
  brokenReceiver = await new Receiver().start();
  brokenReceiver.respond = () => ({ status: 500, body: 'down for maintenance' });
});
afterAll(async () => {
  await receiver.stop();
  await brokenReceiver.stop();
  await t.close();
});

const db = () => t.database.db;

async function pendingPruneJobs() {
  return db()
    .select({ runAt: jobs.runAt })
    .from(jobs)
    .where(and(eq(jobs.type, PRUNE_JOB), eq(jobs.status, 'pending')))
    .orderBy(asc(jobs.runAt));
}

async function deliveryIds(webhookId: string): Promise<string[]> {
  const rows = await db().select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhookId));
  return rows.map((r) => r.id).sort();
}

describe('pruning the delivery log', () => {
  it('deletes finished deliveries older than the retention with their attempts, keeps newer and unsent ones, and stops when nothing is left', async () => {
    const eventId = await insertEvent(t, { title: 'Pruned' });
    const ok = await api.call(endpoints.webhook.upsert, { body: { webhookUrl: receiver.url('/ok'), useJsonBody: true } });
    const broken = await api.call(endpoints.webhook.upsertForEvent, { body: { eventId, webhookUrl: brokenReceiver.url('/broken'), useJsonBody: true } });
    // The broken webhook's receiver answers 500: it gives up after its 2 attempts; the other delivers.
    await recordChange(t, eventId);
    await settle(t);
    const day0 = t.clock.now().getTime();
    const [firstOk] = await deliveryIds(ok.id);
    const [firstBroken] = await deliveryIds(broken.id);
    const statuses = await db().select({ status: webhookDeliveries.status }).from(webhookDeliveries).where(inArray(webhookDeliveries.id, [firstOk!, firstBroken!]));
    expect(statuses.map((s) => s.status).sort()).toEqual(['delivered', 'failed']);

    // A prune job is due when the first of them expires, on an hour boundary; none before.
    const [job] = await pendingPruneJobs();
    expect(job).toBeDefined();
    expect(job!.runAt.getTime() % PRUNE_BUCKET_MS).toBe(0);
    expect(job!.runAt.getTime()).toBeGreaterThanOrEqual(day0 - 60_000 + RETENTION);
    expect(job!.runAt.getTime()).toBeLessThanOrEqual(day0 + RETENTION + PRUNE_BUCKET_MS);

    // A delivery that is still to be sent, long ago: never pruned.
    const [unsent] = await db()
      .insert(webhookDeliveries)
      .values({
        clientId: t.clientId,
        webhookId: ok.id,
        eventId,
        seq: null,
        kind: 'redelivery',
        payload: { ...toNotification({ eventId, action: 'Updated', referenceId: null, externalId: null, state: 0, mp4State: 0, provisionState: null }) },
        status: 'pending',
        maxAttempts: 2,
        nextAttemptAt: new Date(day0 + 400 * DAY),
        createdAt: new Date(day0 - 100 * DAY),
      })
      .returning({ id: webhookDeliveries.id });

    // Six days later, another change: still within the retention, nothing goes.
    t.clock.set(new Date(day0 + 6 * DAY));
    await recordChange(t, eventId, { flags: { stateChanged: true } });
    // (settle would wait for the unsent one too): the broken webhook's retry comes a minute later.
    for (let i = 0; i < 3; i++) {
      await deliverDue(t);
      t.clock.advance(65_000);
    }
    const day6 = t.clock.now().getTime();
    expect(await deliveryIds(ok.id)).toHaveLength(3);
    expect(await pendingPruneJobs()).toHaveLength(1);

    // Past the first deliveries' retention: they go, with their attempts; the later ones and the unsent one stay.
    t.clock.set(new Date(day0 + RETENTION + PRUNE_BUCKET_MS));
    await t.runJobs();
    const left = await deliveryIds(ok.id);
    expect(left).not.toContain(firstOk);
    expect(left).toContain(unsent!.id);
    expect(left).toHaveLength(2);
    expect(await deliveryIds(broken.id)).toHaveLength(1);
    const orphanAttempts = await db().select().from(webhookAttempts).where(inArray(webhookAttempts.deliveryId, [firstOk!, firstBroken!]));
    expect(orphanAttempts).toEqual([]);
    const log = await api.call(endpoints.webhook.deliveries, { params: { id: ok.id }, query: {} });
    expect(log!.totalCount).toBe(2);

    // The next run is due when the day-6 deliveries expire.
    const [next] = await pendingPruneJobs();
    expect(next!.runAt.getTime()).toBeGreaterThanOrEqual(day6 + RETENTION - 60_000);
    expect(next!.runAt.getTime()).toBeLessThanOrEqual(day6 + RETENTION + PRUNE_BUCKET_MS);

    // Then every finished delivery is gone and no prune job is left: an idle service stays quiet.
    t.clock.set(new Date(day6 + RETENTION + 2 * PRUNE_BUCKET_MS));
    await t.runJobs();
    expect(await deliveryIds(ok.id)).toEqual([unsent!.id]);
    expect(await deliveryIds(broken.id)).toEqual([]);
    expect(await pendingPruneJobs()).toEqual([]);
    t.clock.advance(30 * DAY);
    expect(await t.runJobs()).toBe(0);
    await db().delete(webhookDeliveries).where(eq(webhookDeliveries.id, unsent!.id));
  });

  it('keeps one job for many deliveries finishing in the same hour', async () => {
    const eventId = await insertEvent(t, { title: 'Burst' });
    receiver.respond = () => ({ status: 200 });
    await api.call(endpoints.webhook.upsertForEvent, { body: { eventId, webhookUrl: receiver.url('/burst'), useJsonBody: false } });
    for (let i = 0; i < 5; i++) await recordChange(t, eventId);
    await settle(t);
    expect(await pendingPruneJobs()).toHaveLength(1);
    await api.call(endpoints.webhook.test, { params: { id: (await api.call(endpoints.webhook.listForEvent, { params: { eventsId: eventId } }))![0]!.id } });
    expect(await pendingPruneJobs()).toHaveLength(1);
  });
});

describe('WEBHOOKS_RETENTION_DAYS (config.ts)', () => {
  it('defaults to 30 days, takes a positive number of days, and refuses anything else with a reason', () => {
    expect(DEFAULT_RETENTION_DAYS).toBe(30);
    expect(parseConfig({}).webhooksRetentionDays).toBe(30);
    expect(parseConfig({ WEBHOOKS_RETENTION_DAYS: ' ' }).webhooksRetentionDays).toBe(30);
    expect(parseConfig({ WEBHOOKS_RETENTION_DAYS: '7' }).webhooksRetentionDays).toBe(7);
    expect(parseConfig({ WEBHOOKS_RETENTION_DAYS: '0.5' }).webhooksRetentionDays).toBe(0.5);
    for (const bad of ['0', '-3', 'ten', '1e3', '5000']) {
      expect(() => parseConfig({ WEBHOOKS_RETENTION_DAYS: bad })).toThrow(`WEBHOOKS_RETENTION_DAYS must be a number of days above 0 and up to 3650 (fractions allowed, e.g. 30 or 0.5), not "${bad}"`);
    }
  });
});
