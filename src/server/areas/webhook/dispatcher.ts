/**
 * Webhook delivery: the deliveries table is a small durable queue of its own, drained by one
 * dispatcher per database handle (per app) with bounded concurrency.
 *
 * Why not one job per delivery: the job worker runs the jobs it claims one after the other, so a
 * receiver taking 10 s would hold every other job (other webhooks, encoders, automation) for 10 s.
 * Here a job only *starts* deliveries and returns; the HTTP calls run beside the worker, at most
 * `concurrency` lanes at once and `perWebhookConcurrency` per webhook, so a slow receiver holds
 * only its own slots and never the API or the other receivers.
 *
 * A lane is one (webhook, event) queue: one claim takes its first deliveries (up to CHAIN_LENGTH,
 * as long as each is due), and the lane sends them one after the other, in seq order. A burst of
 * changes of one event thus costs one claim per CHAIN_LENGTH deliveries rather than one each.
 *
 * Guarantees:
 * - At least once. A delivery is claimed (status `sending`, attempt counted, lease until the
 *   time-out has surely passed) before its POST and settled after it. If the process dies in
 *   between, the lease runs out and the delivery is sent again: the receiver may get a
 *   notification twice, with the same X-ControlRoom-Delivery id and a higher
 *   X-ControlRoom-Attempt. Receivers de-duplicate on the delivery id.
 * - Order per (webhook, event): a delivery is claimed only with every earlier one (lower seq) for
 *   the same webhook and event that is still open, in one lane that sends them in order; a lane
 *   stops at the first delivery that is not delivered and hands the rest back unsent (their
 *   attempt not counted), so they wait behind it. Claims are serialised across processes (an
 *   advisory lock in the claim's transaction), so two processes never hold parts of one queue.
 *   A later change never overtakes an earlier one, retries included.
 * - Retries: any answer but 2xx, or no answer, is retried after 30 s, 1, 2, 4, 8, 16, 32 min (8
 *   attempts over ~1 h; a 429/503 Retry-After longer than that wait is honoured), then the delivery
 *   is `failed` and the next one of its (webhook, event) may go.
 * - Durable: everything is in rows. Each claim and each retry also schedules a `webhook.dispatch`
 *   job at the time the lease or the retry falls due, so after a restart the queue resumes by itself
 *   (a delivery cut by a crash goes again once its lease is over: the time-out plus 5 s).
 * - Quiet when idle: a wake-up that finds nothing to claim schedules nothing.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { webhookNotificationToForm, type WebhookNotification } from '#schema';
import type { Db, DbOrTx } from '../../db/database.ts';
import { webhookAttempts, webhookDeliveries, webhooks } from '../../db/tables/webhooks.ts';
import type { Clock } from '../../jobs/clock.ts';
import { enqueue, type JobLogger } from '../../jobs/queue.ts';
import { send, type SendResult } from './deliver.ts';
import { ensurePruneScheduled } from './prune.ts';
import { parseHeaders } from './rules.ts';
import type { AttemptRow, DeliveryRow, WebhookRow } from './serialize.ts';
import type { ResolvedWebhookSettings } from './settings.ts';

export const DISPATCH_JOB = 'webhook.dispatch';

/** Wake-up jobs are rounded up to this, so a burst of retries shares a few jobs. */
const WAKE_BUCKET_MS = 5_000;
/** A claim lasts the time-out plus this margin (per delivery of the lane). */
const LEASE_MARGIN_MS = 5_000;
/** Deliveries of one (webhook, event) claimed together and sent in order by one lane. */
export const CHAIN_LENGTH = 50;
/** A lane's lease, in leases of one attempt (the time-out plus the margin): 2 x 15 s by default. */
const LANE_LEASES = 2;
/** Serialises the claims of every process on one database (pg_advisory_xact_lock). */
const CLAIM_LOCK = 7_316_502_119;

export interface DispatchEnv {
  db: Db;
  clock: Clock;
  log: JobLogger;
  settings: ResolvedWebhookSettings;
}

/** The wake-up bucket of a time: the next 5 s boundary after it. */
function bucketOf(at: Date): number {
  return Math.ceil((at.getTime() + 1) / WAKE_BUCKET_MS) * WAKE_BUCKET_MS;
}

/** Schedules a `webhook.dispatch` job at (or just after) `at`; one job per 5 s bucket. */
export async function scheduleDispatch(db: DbOrTx, clock: Clock, at: Date): Promise<void> {
  const bucket = bucketOf(at);
  await enqueue(db, clock, { type: DISPATCH_JOB, payload: null, runAt: new Date(bucket), dedupeKey: `${DISPATCH_JOB}@${bucket}`, maxAttempts: 3 });
}

export function leaseMs(settings: ResolvedWebhookSettings): number {
  return settings.timeoutMs + LEASE_MARGIN_MS;
}

/** A lane's lease: when deliveries claimed by a process that died are claimed again. */
export function laneLeaseMs(settings: ResolvedWebhookSettings): number {
  return leaseMs(settings) * LANE_LEASES;
}

/** The request a delivery makes: headers and body as the webhook asks for them. */
export function buildRequest(webhook: WebhookTarget, delivery: Pick<DeliveryRow, 'id' | 'seq' | 'kind' | 'payload'>, attempt: number) {
  const notification = delivery.payload as WebhookNotification;
  const body = webhook.useJsonBody ? JSON.stringify(notification) : new URLSearchParams(webhookNotificationToForm(notification)).toString();
  const headers: Record<string, string> = {};
  // Extra headers first: the service's own come after and win (rules.ts refuses collisions at registration).
  for (const { name, value } of parseHeaders(webhook.additionalPropertiesJson)) headers[name] = value;
  Object.assign(headers, {
    'Content-Type': webhook.useJsonBody ? 'application/json; charset=utf-8' : 'application/x-www-form-urlencoded; charset=utf-8',
    'User-Agent': 'ControlRoom-Webhooks/1.0',
    'X-ControlRoom-Delivery': delivery.id,
    'X-ControlRoom-Attempt': String(attempt),
  });
  if (delivery.seq !== null) headers['X-ControlRoom-Seq'] = String(delivery.seq);
  if (delivery.kind === 'test') headers['X-ControlRoom-Test'] = 'true';
  if (webhook.useHttpBasicAuthentication) {
    headers.Authorization = `Basic ${Buffer.from(`${webhook.username ?? ''}:${webhook.password ?? ''}`, 'utf8').toString('base64')}`;
  }
  return { body, headers };
}

/** What sending a delivery needs of it. */
export type DeliveryToSend = Pick<DeliveryRow, 'id' | 'clientId' | 'webhookId' | 'eventId' | 'seq' | 'kind' | 'payload' | 'attempts' | 'maxAttempts' | 'lockedBy'>;
/** What sending needs of its webhook. */
export type WebhookTarget = Pick<WebhookRow, 'webhookUrl' | 'useJsonBody' | 'useHttpBasicAuthentication' | 'username' | 'password' | 'additionalPropertiesJson'>;

interface ClaimedRow {
  id: string;
  client_id: string;
  webhook_id: string;
  event_id: string | null;
  seq: string | number | null;
  kind: DeliveryRow['kind'];
  payload: unknown;
  attempts: number;
  max_attempts: number;
  locked_by: string | null;
  webhook_url: string;
  use_json_body: boolean;
  use_http_basic_authentication: boolean;
  username: string | null;
  password: string | null;
  additional_properties_json: string | null;
}

function fromClaimedRow(row: ClaimedRow): { delivery: DeliveryToSend; webhook: WebhookTarget } {
  return {
    delivery: {
      id: row.id,
      clientId: row.client_id,
      webhookId: row.webhook_id,
      eventId: row.event_id,
      // bigint arrives as text from node-postgres.
      seq: row.seq === null ? null : Number(row.seq),
      kind: row.kind,
      payload: (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as Record<string, unknown>,
      attempts: row.attempts,
      maxAttempts: row.max_attempts,
      lockedBy: row.locked_by,
    },
    webhook: {
      webhookUrl: row.webhook_url,
      useJsonBody: row.use_json_body,
      useHttpBasicAuthentication: row.use_http_basic_authentication,
      username: row.username,
      password: row.password,
      additionalPropertiesJson: row.additional_properties_json,
    },
  };
}

interface InFlight {
  webhookId: string;
  controller: AbortController;
  done: Promise<void>;
}

const dispatchers = new WeakMap<Db, Dispatcher>();

/** The dispatcher of an app (keyed by its database handle). */
export function dispatcherFor(db: Db): Dispatcher {
  let dispatcher = dispatchers.get(db);
  if (!dispatcher) {
    dispatcher = new Dispatcher();
    dispatchers.set(db, dispatcher);
  }
  return dispatcher;
}

/** Closes the app's dispatcher (on app close): it starts nothing more, even for a job still running. */
export async function closeDispatcher(db: Db, graceMs: number): Promise<void> {
  await dispatcherFor(db).close(graceMs);
}

export class Dispatcher {
  readonly id = `dispatcher-${randomUUID().slice(0, 8)}`;
  private readonly inFlight = new Map<string, InFlight>();
  private readonly perWebhook = new Map<string, number>();
  /** Lanes sending right now (each takes one of `concurrency` slots). */
  private lanes = 0;
  /** Buckets this process has scheduled a wake-up for (still in the future), to spare the database a repeat. */
  private readonly scheduled = new Set<number>();
  private pumping: Promise<void> | undefined;
  /** When the prune job this process saw or scheduled is due (prune.ts): until then a finished delivery needs no look at the jobs. */
  private pruneDueAt: number | undefined;
  private again = false;
  private closed = false;

  /** Lanes (webhook, event) being sent right now by this process. */
  get inFlightCount(): number {
    return this.inFlight.size;
  }

  /**
   * Claims what is due and starts sending it, then returns (without waiting for the calls).
   * Calls while a pump runs fold into one more round after it.
   */
  pump(env: DispatchEnv): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.pumping) {
      this.again = true;
      return this.pumping;
    }
    this.pumping = (async () => {
      try {
        do {
          this.again = false;
          await this.claimAndStart(env);
        } while (this.again && !this.closed);
      } catch (error) {
        env.log.error({ err: error instanceof Error ? error.message : String(error) }, 'webhook dispatch failed; the next wake-up retries');
      } finally {
        this.pumping = undefined;
      }
    })();
    return this.pumping;
  }

  /** Whether a lane of this webhook is sending in this process (its end pumps again). */
  isSending(webhookId: string): boolean {
    return (this.perWebhook.get(webhookId) ?? 0) > 0;
  }

  /** Resolves once nothing is being claimed or sent (tests: the deliveries started so far are settled). */
  async idle(): Promise<void> {
    while (this.pumping || this.inFlight.size > 0) {
      await this.pumping;
      await Promise.all([...this.inFlight.values()].map((f) => f.done));
    }
  }

  /**
   * Stops starting deliveries; waits up to `graceMs` for those in flight, then cuts them short
   * (they are retried at once after the restart).
   */
  async close(graceMs: number): Promise<void> {
    this.closed = true;
    await this.pumping;
    const all = Promise.all([...this.inFlight.values()].map((f) => f.done));
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, graceMs);
    });
    await Promise.race([all, grace]);
    clearTimeout(timer);
    for (const flight of this.inFlight.values()) flight.controller.abort();
    await all;
  }

  private async claimAndStart(env: DispatchEnv): Promise<void> {
    const { db, clock, settings } = env;
    const free = settings.concurrency - this.lanes;
    if (free <= 0) return;
    const now = clock.now();
    const cap = settings.perWebhookConcurrency;
    // A lane sends its deliveries one after the other within its lease, LANE_LEASES attempts'
    // worth; it hands back what it has not started when less than one attempt's worth is left.
    const lockedUntil = new Date(now.getTime() + laneLeaseMs(settings));

    const busy = [...this.perWebhook];
    const busyTable = busy.length > 0 ? sql`(values ${sql.join(busy.map(([id, n]) => sql`(${id}::uuid, ${n}::int)`), sql`, `)})` : sql`(select null::uuid, 0::int where false)`;
    const claimable = (alias: string) => {
      const o = sql.raw(alias);
      return sql`((${o}.status = 'pending' and ${o}.next_attempt_at <= ${now}) or (${o}.status = 'sending' and ${o}.locked_until < ${now}))`;
    };

    // One statement: every open (webhook, event) queue, its deliveries in order with whether
    // each and all before it can be claimed now (due, or their sender's lease ran out); the heads
    // of the queues that can start, at most the webhook's free slots each, earliest first; and of
    // those queues, the claimable prefix up to CHAIN_LENGTH. Answered with their webhook's
    // settings as they are now.
    const claim = sql`
      with open as (
        select o.id, o.webhook_id, o.event_id, o.seq, o.created_at, o.next_attempt_at,
          row_number() over q as pos,
          bool_and(${claimable('o')}) over q as ready
        from ${webhookDeliveries} o
        where o.status in ('pending', 'sending') and o.kind <> 'test'
        window q as (partition by o.webhook_id, o.event_id order by o.seq, o.created_at)
      ), heads as (
        select h.webhook_id, h.event_id, h.next_attempt_at, h.seq, h.created_at,
          row_number() over (partition by h.webhook_id order by h.next_attempt_at, h.seq, h.created_at) as rn
        from open h
        where h.pos = 1 and h.ready
      ), chosen as (
        select c.webhook_id, c.event_id
        from heads c
        left join ${busyTable} as busy (webhook_id, n) on busy.webhook_id = c.webhook_id
        where c.rn <= ${cap} - coalesce(busy.n, 0)
        order by c.next_attempt_at, c.seq, c.created_at
        limit ${free}
      )
      update ${webhookDeliveries} d
      set status = 'sending', attempts = d.attempts + 1, locked_by = ${this.id}, locked_until = ${lockedUntil}
      from ${webhooks} w
      where w.id = d.webhook_id and d.id in (
        select o.id from open o
        join chosen c on c.webhook_id = o.webhook_id and c.event_id is not distinct from o.event_id
        where o.ready and o.pos <= ${CHAIN_LENGTH}
      )
      and ${claimable('d')}
      returning d.id, d.client_id, d.webhook_id, d.event_id, d.seq, d.kind, d.payload, d.attempts, d.max_attempts, d.locked_by, d.created_at,
        w.webhook_url, w.use_json_body, w.use_http_basic_authentication, w.username, w.password, w.additional_properties_json`;
    const wake = this.scheduled.has(bucketOf(lockedUntil)) ? undefined : lockedUntil;
    const rows = await db.transaction(async (tx) => {
      // Another process's claim commits before this one reads the queues (see Guarantees).
      await tx.execute(sql`select pg_advisory_xact_lock(${CLAIM_LOCK})`);
      // Planned for the queue as it is now, not once for all (db/prepared-statements.ts): a generic
      // plan made while the queue was near empty took 100-190 ms per claim once it held a burst.
      await tx.execute(sql`set local plan_cache_mode = force_custom_plan`);
      const claimed = (await tx.execute(claim)) as unknown as { rows: (ClaimedRow & { created_at: unknown })[] };
      // With the claim: should this process die while sending, this job finds the deliveries
      // once their lease is over.
      if (claimed.rows.length > 0 && wake) await scheduleDispatch(tx, clock, wake);
      return claimed.rows;
    });
    if (rows.length > 0 && wake) this.remember(clock, wake);
    const lanes = new Map<string, { delivery: DeliveryToSend; webhook: WebhookTarget; createdAt: number }[]>();
    for (const row of rows) {
      const key = `${row.webhook_id}/${row.event_id ?? ''}`;
      lanes.set(key, [...(lanes.get(key) ?? []), { ...fromClaimedRow(row), createdAt: new Date(row.created_at as string).getTime() }]);
    }
    const ordered = [...lanes.values()].map((lane) => lane.sort((a, b) => (a.delivery.seq ?? 0) - (b.delivery.seq ?? 0) || a.createdAt - b.createdAt));
    ordered.sort((a, b) => (a[0]!.delivery.seq ?? 0) - (b[0]!.delivery.seq ?? 0));
    for (const lane of ordered) this.start(env, lane, lockedUntil);
    // The slots may allow more than were due in this round's snapshot.
    if (ordered.length === free) this.again = true;
  }

  private async scheduleOnce(db: DbOrTx, clock: Clock, at: Date): Promise<void> {
    if (this.scheduled.has(bucketOf(at))) return;
    await scheduleDispatch(db, clock, at);
    this.remember(clock, at);
  }

  private remember(clock: Clock, at: Date): void {
    const now = clock.now().getTime();
    for (const b of this.scheduled) if (b <= now) this.scheduled.delete(b);
    this.scheduled.add(bucketOf(at));
  }

  /** Sends a lane's deliveries in order; stops at the first one not delivered and hands the rest back unsent. */
  private start(env: DispatchEnv, lane: { delivery: DeliveryToSend; webhook: WebhookTarget }[], lockedUntil: Date): void {
    const controller = new AbortController();
    const webhookId = lane[0]!.delivery.webhookId;
    const key = lane[0]!.delivery.id;
    this.lanes++;
    this.perWebhook.set(webhookId, (this.perWebhook.get(webhookId) ?? 0) + 1);
    const run = async () => {
      for (let i = 0; i < lane.length; i++) {
        const { delivery, webhook } = lane[i]!;
        let outcome: AttemptRow['outcome'] | 'lost' = 'lost';
        try {
          const leaseLeft = lockedUntil.getTime() - env.clock.now().getTime();
          if (this.closed || controller.signal.aborted || leaseLeft < leaseMs(env.settings)) {
            await this.handBack(env, lane.slice(i).map((l) => l.delivery));
            return;
          }
          outcome = (await this.attempt(env, delivery, webhook, controller.signal)).outcome;
        } catch (error) {
          env.log.error({ deliveryId: delivery.id, err: error instanceof Error ? error.message : String(error) }, 'a webhook attempt could not be recorded (its webhook was deleted, or the database failed); unless deleted, it goes again once its lease is over');
        }
        if (outcome !== 'delivered' && outcome !== 'failed') {
          // The rest wait behind this one (its retry, or its lease when it could not be recorded).
          await this.handBack(env, lane.slice(i + 1).map((l) => l.delivery)).catch(() => undefined);
          return;
        }
      }
    };
    const done = run()
      .catch(() => undefined)
      .finally(() => {
        this.inFlight.delete(key);
        this.lanes--;
        const left = (this.perWebhook.get(webhookId) ?? 1) - 1;
        if (left > 0) this.perWebhook.set(webhookId, left);
        else this.perWebhook.delete(webhookId);
        // A slot is free, and the next delivery of the same (webhook, event) may be unblocked.
        if (!this.closed) void this.pump(env);
      });
    this.inFlight.set(key, { webhookId, controller, done });
  }

  /** Claimed deliveries this lane did not send: open again, as they were (their attempt not counted), while still this sender's. */
  private async handBack(env: DispatchEnv, deliveries: DeliveryToSend[]): Promise<void> {
    if (deliveries.length === 0) return;
    await env.db.execute(sql`
      update ${webhookDeliveries} set status = 'pending', attempts = attempts - 1, locked_by = null, locked_until = null
      where id in (${sql.join(deliveries.map((d) => sql`${d.id}::uuid`), sql`, `)}) and locked_by = ${this.id} and status = 'sending'`);
  }

  /**
   * Sends a claimed delivery once and records the attempt: delivered on a 2xx, else a retry
   * after the backoff, or failed after the last attempt (tests are never retried).
   */
  async attempt(env: DispatchEnv, delivery: DeliveryToSend, webhook: WebhookTarget, signal?: AbortSignal): Promise<AttemptRow> {
    const { db, clock, settings } = env;
    const number = delivery.attempts;
    const startedAt = clock.now();
    const { body, headers } = buildRequest(webhook, delivery, number);
    const result: SendResult = await send({
      url: webhook.webhookUrl,
      body,
      headers,
      timeoutMs: settings.timeoutMs,
      policy: settings.policy,
      resolve: settings.resolve,
      ...(signal ? { signal } : {}),
    });
    const now = clock.now();
    const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    const interrupted = signal?.aborted === true && !ok;
    const last = delivery.kind === 'test' || (number >= delivery.maxAttempts && !interrupted);
    let nextRetryAt: Date | null = null;
    if (!ok && !last) {
      const backoff = interrupted ? 0 : settings.backoffMs(number);
      const asked = result.retryAfterSeconds === undefined ? 0 : Math.min(3600, result.retryAfterSeconds) * 1000;
      nextRetryAt = new Date(now.getTime() + Math.max(backoff, asked));
    }
    const outcome = ok ? 'delivered' : nextRetryAt ? 'retry' : 'failed';
    const error = result.error ?? (ok ? null : `the receiver answered ${result.statusCode}${result.statusCode! >= 300 && result.statusCode! < 400 ? ' (redirects are not followed)' : ''}`);

    // The wake-up first: should the process stop right after recording, the retry is still due.
    if (nextRetryAt) await this.scheduleOnce(db, clock, nextRetryAt);
    const attempt: Omit<AttemptRow, 'id'> = {
      deliveryId: delivery.id,
      clientId: delivery.clientId,
      attempt: number,
      url: webhook.webhookUrl,
      startedAt,
      latencyMs: result.latencyMs,
      statusCode: result.statusCode,
      responseExcerpt: result.responseExcerpt,
      error,
      outcome,
      nextRetryAt,
    };
    // One statement (atomic, and one round trip): settle the delivery, while the claim is still
    // this sender's (it may have run out and passed to another), and log the attempt, unless the
    // delivery is gone with its webhook.
    const recorded = await db.execute(sql`
      with settled as (
        update ${webhookDeliveries}
        set status = ${outcome === 'retry' ? 'pending' : outcome}, next_attempt_at = ${nextRetryAt}, locked_by = null, locked_until = null,
          last_status_code = ${result.statusCode}, last_error = ${error}, completed_at = ${outcome === 'retry' ? null : now}
        where id = ${delivery.id} and locked_by = ${delivery.lockedBy ?? this.id}
        returning id
      )
      insert into ${webhookAttempts} (delivery_id, client_id, attempt, url, started_at, latency_ms, status_code, response_excerpt, error, outcome, next_retry_at)
      select ${attempt.deliveryId}::uuid, ${attempt.clientId}::uuid, ${attempt.attempt}::int, ${attempt.url}::text, ${startedAt}::timestamptz,
        ${attempt.latencyMs}::int, ${attempt.statusCode}::int, ${attempt.responseExcerpt}::text, ${attempt.error}::text, ${attempt.outcome}::text,
        ${nextRetryAt}::timestamptz
      where exists (select 1 from ${webhookDeliveries} where id = ${delivery.id})
      returning id`);
    const [row] = (recorded as unknown as { rows: { id: string }[] }).rows;
    if (!row) throw new Error(`delivery ${delivery.id} is gone (its webhook was deleted)`);
    if (outcome !== 'retry') await this.notePruneDue(env, now);
    return { id: row.id, ...attempt };
  }

  /** A delivery finished at `finishedAt`: a prune job must be due by the time it expires (prune.ts). */
  private async notePruneDue(env: DispatchEnv, finishedAt: Date): Promise<void> {
    const { db, clock, settings, log } = env;
    if (this.pruneDueAt !== undefined && clock.now().getTime() < this.pruneDueAt) return;
    try {
      this.pruneDueAt = await ensurePruneScheduled(db, clock, new Date(finishedAt.getTime() + settings.retentionMs));
    } catch (error) {
      // The delivery is recorded; the next one to finish tries again.
      log.warn({ err: error instanceof Error ? error.message : String(error) }, 'could not schedule the pruning of the delivery log');
    }
  }
}
