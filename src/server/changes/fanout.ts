/**
 * The fan-out of a change to webhooks, done by the writer: recordEventChange (changes/record.ts)
 * puts `changeDeliveries` in the one statement that records the change, so the deliveries commit
 * (or roll back) with the write itself: one per webhook of the client that is system-wide or the
 * event's own, `pending` and due at once. No job, no queue between the change and its deliveries:
 * a write that was answered has its deliveries, whatever happens to the process after.
 *
 * The statement also sends NOTIFY on WEBHOOKS_CHANNEL when it created any, delivered at commit to
 * every process listening (PGlite: this one): their dispatchers claim what is due
 * (areas/webhook/extension.ts). Here, with the change log, rather than in the webhook area: the
 * recorder puts it in its statement, and the webhook area (which reads the log's notifications)
 * sits above the change log, not beside it.
 *
 * Order per (webhook, event): the seq of the change; writers of one event hold its row lock, so
 * its changes commit in seq order.
 */
import { sql, type SQL } from 'drizzle-orm';
import { webhookDeliveries, webhooks } from '../db/tables/webhooks.ts';
import { toNotification, type NotificationSource } from './notification.ts';

/**
 * The channel the dispatchers of every process listen on. The payload names the (webhook, event)
 * lanes that got deliveries, `webhookId/eventId` separated by commas, when there are at most
 * NAMED_LANES of them; else it is empty.
 */
export const WEBHOOKS_CHANNEL = 'control_room_webhook_deliveries';

/** A NOTIFY names at most this many lanes (its payload must stay under PostgreSQL's 8,000 bytes). */
const NAMED_LANES = 16;

/**
 * The lane of a delivery without an event (a redelivered test of a system-wide webhook), as
 * webhook_deliveries_open_idx and the dispatcher name it.
 */
export const NO_EVENT_LANE = '00000000-0000-0000-0000-000000000000';

/** A lane as a NOTIFY names it (`wakeDispatchers`). */
export function laneName(webhookId: string, eventId: string | null): string {
  return `${webhookId}/${eventId ?? NO_EVENT_LANE}`;
}

/**
 * A data-modifying CTE body (`name as (...)` is the caller's) that inserts the deliveries of the
 * changes in CTE `change` (columns seq, client_id, event_id, and `payload` when `source` is left
 * out: each change's own notification, for a batch), answering the webhook of each.
 * `max_attempts` is left null: the dispatcher's setting applies (it is fixed at the first claim).
 */
export function changeDeliveries(change: SQL, source: NotificationSource | undefined, now: Date): SQL {
  const payload = source ? sql`${JSON.stringify(toNotification(source))}::jsonb` : sql`c.payload`;
  return sql`
    insert into ${webhookDeliveries} (client_id, webhook_id, event_id, seq, kind, payload, status, next_attempt_at, created_at)
    select c.client_id, w.id, c.event_id, c.seq, 'change', ${payload}, 'pending', ${now}, ${now}
    from ${change} c join ${webhooks} w on w.client_id = c.client_id and (w.event_id is null or w.event_id = c.event_id)
    returning webhook_id, event_id`;
}

/** A scalar expression that sends NOTIFY on WEBHOOKS_CHANNEL once if CTE `created` has any row, naming its lanes. */
export function wakeDispatchers(created: SQL): SQL {
  const laneKey = sql.raw(`webhook_id::text || '/' || coalesce(event_id, '${NO_EVENT_LANE}'::uuid)::text`);
  return sql`(select pg_notify(${WEBHOOKS_CHANNEL}, case when count(distinct ${laneKey}) <= ${NAMED_LANES} then string_agg(distinct ${laneKey}, ',') else '' end)
    from ${created} having count(*) > 0)`;
}
