/**
 * Webhooks (service-interface.md "Webhooks"): all 10 operations, plus the delivery log, a test
 * call and redelivery (extension records).
 *
 * Choices where the interface is silent:
 * - The plain routes (`/webhook/`, `/webhook/{id}`) act on system-wide webhooks and the `/event/`
 *   ones on event-specific webhooks; each sees only its kind (GET answers 204 for the other kind,
 *   DELETE changes nothing and answers 200, as for a missing webhook).
 * - Updating a webhook that does not exist (POST with an unknown id, PUT) is a 404, as for every
 *   other update of this service; adding one never takes an id from the body.
 * - An event-specific webhook needs an event of the client that is not deleted (400 on body.eventId).
 * - Writes run in one transaction each (`write`), opened after the address check: that check may
 *   resolve a host name, which must not happen while a transaction holds the embedded database.
 */
import { randomUUID } from 'node:crypto';
import { endpoints, type WebhookNotification } from '#schema';
import { asService } from '../../db/tenant-scope.ts';
import { badField, notFound } from '../../http/errors.ts';
import { implement, type Implementation, type RequestContext } from '../../http/implement.ts';
import { eventExists } from '../event/index.ts';
import { dispatcherFor, leaseMs, type DispatchEnv } from './dispatcher.ts';
import {
  deleteWebhook,
  eventForNotification,
  getDelivery,
  getWebhook,
  insertDelivery,
  insertWebhook,
  listDeliveries,
  listWebhooks,
  updateWebhook,
  type WebhookValues,
} from './repo.ts';
import { checkWebhookInput } from './rules.ts';
import { toNotification } from '../../changes/notification.ts';
import { deliveryCsvRow, DELIVERY_CSV_HEADER, toAttempt, toDelivery, toEventWebhook, toWebhook } from './serialize.ts';
import { csvAnswer, mapRows, pages } from '../../http/csv.ts';

const NO_TRANSACTION = { transaction: false };

interface BodyFields {
  webhookUrl: string;
  useHttpBasicAuthentication: boolean;
  useJsonBody: boolean;
  username?: string | null | undefined;
  password?: string | null | undefined;
  additionalPropertiesJson?: string | null | undefined;
}

/** What the app's dispatcher works with when a request starts it: the service's handle, as for a job. */
function env(ctx: RequestContext): DispatchEnv {
  return { db: asService(ctx.db), clock: ctx.clock, log: ctx.log, settings: ctx.webhooks };
}

/**
 * Checks a body beyond its schema (rules.ts, the address policy: it may resolve a host name, so
 * it runs before the transaction) and gives the values to store.
 */
async function valuesOf(body: BodyFields, eventId: string | null, ctx: RequestContext): Promise<WebhookValues> {
  const settings = ctx.webhooks;
  await checkWebhookInput(body, settings.policy, settings.resolve);
  const json = body.additionalPropertiesJson;
  return {
    eventId,
    webhookUrl: body.webhookUrl,
    useHttpBasicAuthentication: body.useHttpBasicAuthentication,
    useJsonBody: body.useJsonBody,
    username: body.username ?? null,
    // Write-only: a password not given (or empty) keeps the stored one; basic authentication off forgets it.
    password: !body.useHttpBasicAuthentication ? null : body.password ? body.password : undefined,
    additionalPropertiesJson: json === undefined || json === null || json.trim() === '' ? null : json,
  };
}

/** A webhook for an event is written only while the event exists (checked in the write's transaction). */
async function requireEvent(ctx: RequestContext, eventId: string): Promise<void> {
  if (!(await eventExists(ctx.db, ctx.client.clientId, eventId))) throw badField('body.eventId', `there is no event ${eventId}`);
}

const noSuchWebhook = (id: string, kind: 'system-wide' | 'event-specific') => notFound(`There is no ${kind} webhook ${id}`);

/** The notification a test call sends: the event as it is now for an event-specific webhook, else a sample. */
async function testNotification(ctx: RequestContext, eventId: string | null): Promise<WebhookNotification> {
  const event = eventId ? await eventForNotification(ctx.db, ctx.client.clientId, eventId) : undefined;
  return toNotification({
    eventId: eventId ?? '00000000-0000-0000-0000-000000000000',
    action: 'Updated',
    referenceId: event ? event.refId : 'test',
    externalId: event ? event.externalId : null,
    state: event?.state ?? 0,
    mp4State: event?.mp4State ?? 0,
    provisionState: event ? event.provisionState : null,
  });
}

export const webhookRoutes: Implementation[] = [
  implement(
    endpoints.webhook.upsert,
    async ({ body }, ctx, values: WebhookValues) => {
      if (body.id) {
        if (!(await getWebhook(ctx.db, ctx.client.clientId, body.id, 'system'))) throw noSuchWebhook(body.id, 'system-wide');
        const row = await updateWebhook(ctx.db, ctx.client.clientId, body.id, values, ctx.clock.now());
        return { status: 200, body: toWebhook(row!) };
      }
      return { status: 200, body: toWebhook(await insertWebhook(ctx.db, ctx.client.clientId, values, ctx.clock.now())) };
    },
    { prepare: ({ body }, ctx) => valuesOf(body, null, ctx) },
  ),

  implement(
    endpoints.webhook.upsertForEvent,
    async ({ body }, ctx, values: WebhookValues) => {
      await requireEvent(ctx, body.eventId);
      if (body.id) {
        if (!(await getWebhook(ctx.db, ctx.client.clientId, body.id, 'event'))) throw noSuchWebhook(body.id, 'event-specific');
        const row = await updateWebhook(ctx.db, ctx.client.clientId, body.id, values, ctx.clock.now());
        return { status: 200, body: toEventWebhook(row!) };
      }
      return { status: 200, body: toEventWebhook(await insertWebhook(ctx.db, ctx.client.clientId, values, ctx.clock.now())) };
    },
    { prepare: ({ body }, ctx) => valuesOf(body, body.eventId, ctx) },
  ),

  implement(
    endpoints.webhook.update,
    async ({ params }, ctx, values: WebhookValues) => {
      if (!(await getWebhook(ctx.db, ctx.client.clientId, params.id, 'system'))) throw noSuchWebhook(params.id, 'system-wide');
      const row = await updateWebhook(ctx.db, ctx.client.clientId, params.id, values, ctx.clock.now());
      return { status: 200, body: toWebhook(row!) };
    },
    { prepare: ({ body }, ctx) => valuesOf(body, null, ctx) },
  ),

  implement(
    endpoints.webhook.updateForEvent,
    async ({ params, body }, ctx, values: WebhookValues) => {
      await requireEvent(ctx, body.eventId);
      if (!(await getWebhook(ctx.db, ctx.client.clientId, params.id, 'event'))) throw noSuchWebhook(params.id, 'event-specific');
      const row = await updateWebhook(ctx.db, ctx.client.clientId, params.id, values, ctx.clock.now());
      return { status: 200, body: toEventWebhook(row!) };
    },
    { prepare: ({ body }, ctx) => valuesOf(body, body.eventId, ctx) },
  ),

  implement(endpoints.webhook.list, async (_input, ctx) => {
    const rows = await listWebhooks(ctx.db, ctx.client.clientId, null);
    return rows.length > 0 ? { status: 200, body: rows.map(toWebhook) } : { status: 204 };
  }),

  implement(endpoints.webhook.listForEvent, async ({ params }, ctx) => {
    const rows = await listWebhooks(ctx.db, ctx.client.clientId, params.eventsId);
    return rows.length > 0 ? { status: 200, body: rows.map(toEventWebhook) } : { status: 204 };
  }),

  implement(endpoints.webhook.get, async ({ params }, ctx) => {
    const row = await getWebhook(ctx.db, ctx.client.clientId, params.id, 'system');
    return row ? { status: 200, body: toWebhook(row) } : { status: 204 };
  }),

  implement(endpoints.webhook.getForEvent, async ({ params }, ctx) => {
    const row = await getWebhook(ctx.db, ctx.client.clientId, params.id, 'event');
    return row ? { status: 200, body: toEventWebhook(row) } : { status: 204 };
  }),

  implement(endpoints.webhook.delete, async ({ params }, ctx) => {
    await deleteWebhook(ctx.db, ctx.client.clientId, params.id, 'system');
    return { status: 200 };
  }),

  implement(endpoints.webhook.deleteForEvent, async ({ params }, ctx) => {
    await deleteWebhook(ctx.db, ctx.client.clientId, params.id, 'event');
    return { status: 200 };
  }),

  // ---- Beyond the interface ----------------------------------------------------------------------

  implement(endpoints.webhook.deliveries, async ({ params, query }, ctx) => {
    if (!(await getWebhook(ctx.db, ctx.client.clientId, params.id))) return { status: 204 };
    const page = await listDeliveries(ctx.db, ctx.client.clientId, params.id, query);
    return {
      status: 200,
      body: {
        pageSize: query.pageSize,
        pageNumber: query.pageNumber,
        totalCount: page.total,
        results: page.rows.map((r) => toDelivery(r.delivery, r.attempts, env(ctx).settings.maxAttempts)),
      },
    };
  }),

  implement(endpoints.webhook.exportDeliveriesCsv, async ({ params, query }, ctx) => {
    if (!(await getWebhook(ctx.db, ctx.client.clientId, params.id))) throw notFound(`There is no webhook ${params.id}`);
    const maxAttempts = env(ctx).settings.maxAttempts;
    const rows = pages(async (offset, limit) => (await listDeliveries(ctx.db, ctx.client.clientId, params.id, { ...query, pageSize: limit, pageNumber: offset / limit + 1 }, { count: false })).rows);
    const name = `webhook-${params.id.slice(0, 8)}-deliveries-${ctx.clock.now().toISOString().slice(0, 10)}.csv`;
    return { status: 200, body: await csvAnswer(name, DELIVERY_CSV_HEADER, mapRows(rows, (r) => deliveryCsvRow(toDelivery(r.delivery, r.attempts, maxAttempts)))) };
  }),

  implement(endpoints.webhook.delivery, async ({ params }, ctx) => {
    const found = await getDelivery(ctx.db, ctx.client.clientId, params.deliveryId);
    return found ? { status: 200, body: toDelivery(found.delivery, found.attempts, env(ctx).settings.maxAttempts) } : { status: 204 };
  }),

  /** Sends in the request (the caller waits for the answer, up to the time-out), outside any transaction. */
  implement(
    endpoints.webhook.test,
    async ({ params }, ctx) => {
      const webhook = await getWebhook(ctx.db, ctx.client.clientId, params.id);
      if (!webhook) throw notFound(`There is no webhook ${params.id}`);
      const e = env(ctx);
      const now = ctx.clock.now();
      const delivery = await insertDelivery(ctx.db, {
          clientId: ctx.client.clientId,
          webhookId: webhook.id,
          eventId: webhook.eventId,
          seq: null,
          kind: 'test',
          payload: await testNotification(ctx, webhook.eventId),
          // Claimed by this request from the start: the dispatcher never takes a test.
          status: 'sending',
          attempts: 1,
          maxAttempts: 1,
          lockedBy: `request-${randomUUID()}`,
          lockedUntil: new Date(now.getTime() + leaseMs(e.settings)),
          createdAt: now,
      });
      const attempt = await dispatcherFor(e.db).attempt(e, delivery, webhook);
      return { status: 200, body: toAttempt(attempt) };
    },
    NO_TRANSACTION,
  ),

  implement(
    endpoints.webhook.redeliver,
    async ({ params }, ctx) => {
      const found = await getDelivery(ctx.db, ctx.client.clientId, params.deliveryId);
      if (!found) throw notFound(`There is no webhook delivery ${params.deliveryId}`);
      const e = env(ctx);
      const now = ctx.clock.now();
      const original = found.delivery;
      const row = await insertDelivery(ctx.db, {
          clientId: original.clientId,
          webhookId: original.webhookId,
          eventId: original.eventId,
          seq: original.seq,
          kind: 'redelivery',
          redeliveryOf: original.id,
          payload: original.payload,
          status: 'pending',
          maxAttempts: e.settings.maxAttempts,
          nextAttemptAt: now,
          createdAt: now,
      });
      await dispatcherFor(e.db).pump(e);
      return { status: 200, body: toDelivery(row, [], e.settings.maxAttempts) };
    },
    NO_TRANSACTION,
  ),
];
