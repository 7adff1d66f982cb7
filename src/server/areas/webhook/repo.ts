/** Webhooks and their delivery log in the database. Every query filters by client. */
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { WebhookDeliveryStatus } from '#schema';
import type { DbOrTx } from '../../db/database.ts';
import { webhookAttempts, webhookDeliveries, webhooks } from '../../db/tables/webhooks.ts';
import { events } from '../../db/tables/events.ts';
import type { AttemptRow, DeliveryRow, WebhookRow } from './serialize.ts';

/** System-wide webhooks and event-specific ones answer on different routes; each route sees only its kind. */
export type WebhookKind = 'system' | 'event';

export interface WebhookValues {
  eventId: string | null;
  webhookUrl: string;
  useHttpBasicAuthentication: boolean;
  useJsonBody: boolean;
  username: string | null;
  /** Undefined: the stored password is kept (it is write-only, so a client sending back what it read keeps it). */
  password: string | null | undefined;
  additionalPropertiesJson: string | null;
}

function ofKind(kind: WebhookKind | undefined): SQL | undefined {
  if (kind === undefined) return undefined;
  return kind === 'system' ? isNull(webhooks.eventId) : isNotNull(webhooks.eventId);
}

/** The client's webhook with this id, of this kind (any kind when omitted). */
export async function getWebhook(db: DbOrTx, clientId: string, id: string, kind?: WebhookKind): Promise<WebhookRow | undefined> {
  const [row] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.clientId, clientId), eq(webhooks.id, id), ofKind(kind)));
  return row;
}

/** The system-wide webhooks (eventId null) or those of one event, oldest first. */
export async function listWebhooks(db: DbOrTx, clientId: string, eventId: string | null): Promise<WebhookRow[]> {
  return db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.clientId, clientId), eventId === null ? isNull(webhooks.eventId) : eq(webhooks.eventId, eventId)))
    .orderBy(asc(webhooks.createdAt), asc(webhooks.id));
}

export async function insertWebhook(db: DbOrTx, clientId: string, values: WebhookValues, now: Date): Promise<WebhookRow> {
  const [row] = await db
    .insert(webhooks)
    .values({ clientId, ...values, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

export async function updateWebhook(db: DbOrTx, clientId: string, id: string, values: WebhookValues, now: Date): Promise<WebhookRow | undefined> {
  const [row] = await db
    .update(webhooks)
    .set({ ...values, updatedAt: now })
    .where(and(eq(webhooks.clientId, clientId), eq(webhooks.id, id)))
    .returning();
  return row;
}

/** Deletes the webhook (its deliveries and attempts go with it); false when there was none of that kind. */
export async function deleteWebhook(db: DbOrTx, clientId: string, id: string, kind: WebhookKind): Promise<boolean> {
  const row = await getWebhook(db, clientId, id, kind);
  if (!row) return false;
  await db.delete(webhooks).where(and(eq(webhooks.clientId, clientId), eq(webhooks.id, id)));
  return true;
}

async function attemptsOf(db: DbOrTx, deliveryIds: string[]): Promise<Map<string, AttemptRow[]>> {
  const byDelivery = new Map<string, AttemptRow[]>(deliveryIds.map((id) => [id, []]));
  if (deliveryIds.length === 0) return byDelivery;
  const rows = await db
    .select()
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.deliveryId, deliveryIds))
    .orderBy(asc(webhookAttempts.attempt), asc(webhookAttempts.startedAt));
  for (const row of rows) byDelivery.get(row.deliveryId)?.push(row);
  return byDelivery;
}

export interface DeliveryPage {
  total: number;
  rows: { delivery: DeliveryRow; attempts: AttemptRow[] }[];
}

/** A webhook's deliveries, newest first. */
export async function listDeliveries(
  db: DbOrTx,
  clientId: string,
  webhookId: string,
  page: { pageSize: number; pageNumber: number; status?: WebhookDeliveryStatus | undefined },
  /** `count: false`: a reader of every page (the CSV export) needs no total. */
  options: { count?: boolean } = {},
): Promise<DeliveryPage> {
  const where = and(
    eq(webhookDeliveries.clientId, clientId),
    eq(webhookDeliveries.webhookId, webhookId),
    page.status ? eq(webhookDeliveries.status, page.status) : undefined,
  );
  const [{ total } = { total: 0 }] = options.count === false ? [] : await db.select({ total: count() }).from(webhookDeliveries).where(where);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(where)
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.seq), desc(webhookDeliveries.id))
    .limit(page.pageSize)
    .offset((page.pageNumber - 1) * page.pageSize);
  const attempts = await attemptsOf(
    db,
    rows.map((r) => r.id),
  );
  return { total, rows: rows.map((delivery) => ({ delivery, attempts: attempts.get(delivery.id) ?? [] })) };
}

export async function getDelivery(db: DbOrTx, clientId: string, id: string): Promise<{ delivery: DeliveryRow; attempts: AttemptRow[] } | undefined> {
  const [delivery] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.clientId, clientId), eq(webhookDeliveries.id, id)));
  if (!delivery) return undefined;
  const attempts = await attemptsOf(db, [delivery.id]);
  return { delivery, attempts: attempts.get(delivery.id) ?? [] };
}

/** A delivery made by a request (a test call, a redelivery), not by a change. */
export async function insertDelivery(db: DbOrTx, values: typeof webhookDeliveries.$inferInsert): Promise<DeliveryRow> {
  const [row] = await db.insert(webhookDeliveries).values(values).returning();
  return row!;
}

/** What a notification says of the client's event (a test call's), or undefined. */
export async function eventForNotification(db: DbOrTx, clientId: string, eventId: string) {
  const [event] = await db
    .select({ refId: events.refId, externalId: events.externalId, state: events.state, mp4State: events.mp4State, provisionState: events.provisionState })
    .from(events)
    .where(and(eq(events.clientId, clientId), eq(events.id, eventId)));
  return event;
}
