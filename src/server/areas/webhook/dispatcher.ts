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
 * changes of one event thus costs one claim per CHAIN_LENGTH deliveries rather than one each. A
 * wake-up (NOTIFY) that names only lanes this process is sending claims nothing: their new
 * deliveries wait behind what is being sent, and the claim at the lane's end takes them.
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
import { z } from 'zod';
import { jobKind } from '../../jobs/define.ts';
import type { JobLogger } from '../../jobs/queue.ts';
import { send, type SendResult } from './deliver.ts';
import { ensurePruneScheduled } from './prune.ts';
import { parseHeaders } from './rules.ts';
import { recordChanges } from '../../changes/record-entity.ts';
import { laneName, NO_EVENT_LANE } from '../../changes/fanout.ts';
import type { AttemptRow, DeliveryRow, WebhookRow } from './serialize.ts';
import type { ResolvedWebhookSettings } from './settings.ts';

export const DISPATCH_JOB = 'webhook.dispatch';
/** Claims what is due (retries, leases run out); jobs.ts gives it its handler. */
export const dispatchKind = jobKind(DISPATCH_JOB, z.null());

/** Wake-up jobs are rounded up to this, so a burst of retries shares a few jobs. */
const WAKE_BUCKET_MS = 5_000;
/** A claim lasts the time-out plus this margin (per delivery of the lane). */
const LEASE_MARGIN_MS = 5_000;
/** Deliveries of one (webhook, event) claimed together and sent in order by one lane. */
export const CHAIN_LENGTH = 50;
/** A lane's lease, in leases of one attempt (the time-out plus the margin): 2 x 15 s by default. */
const LANE_LEASES = 2;
/** A lane records what it sent at least this often (and when it ends), in one statement. */
const RECORD_EVERY_MS = 1_000;
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
  await dispatchKind.enqueue(db, clock, null, { runAt: new Date(bucket), dedupeKey: `${DISPATCH_JOB}@${bucket}`, maxAttempts: 3 });
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

/** An attempt made, not yet recorded. */
interface Sent {
  /** The claim it was sent under: settled only while the delivery is still claimed so. */
  lockedBy: string;
  webhookId: string;
  finishedAt: Date;
  attempt: Omit<AttemptRow, 'id'>;
}

interface InFlight {
  webhookId: string;
  /** Its (webhook, event) queue, as changes/fanout.ts `laneName` names it. */
  lane: string;
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
  /** The last lane claimed: the next claim's walk starts after it (round robin over the queues). */
  private cursor: { webhookId: string; lane: string } | undefined;
  private closed = false;

  /** Deliveries claimed by this dispatcher so far. */
  claimed = 0;

  /** Lanes (webhook, event) being sent right now by this process. */
  get inFlightCount(): number {
    return this.inFlight.size;
  }

  /** What `pump()` without an argument uses: the app's (extension.ts). */
  private env: DispatchEnv | undefined;

  /** The app's environment, for wake-ups that come without one (NOTIFY, tests' settle). */
  attach(env: DispatchEnv): void {
    this.env = env;
  }

  /**
   * Claims what is due and starts sending it, then returns (without waiting for the calls).
   * Calls while a pump runs fold into one more round after it.
   */
  pump(given?: DispatchEnv): Promise<void> {
    const env = given ?? this.env;
    if (this.closed || !env) return Promise.resolve();
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

  /**
   * Whether a wake-up's NOTIFY (changes/fanout.ts `wakeDispatchers`) names only lanes this process
   * is sending: their new deliveries wait behind what is being sent, so a claim now would find
   * nothing; the claim at each lane's end takes them. False for an empty payload (lanes not named).
   */
  sendsAll(payload: string): boolean {
    if (payload === '') return false;
    const sending = new Set([...this.inFlight.values()].map((flight) => flight.lane));
    return payload.split(',').every((key) => sending.has(key));
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

    const wake = this.scheduled.has(bucketOf(lockedUntil)) ? undefined : lockedUntil;
    const claimable = (alias: string) => {
      const o = sql.raw(alias);
      return sql`((${o}.status = 'pending' and ${o}.next_attempt_at <= ${now}) or (${o}.status = 'sending' and ${o}.locked_until < ${now}))`;
    };
    const open = (alias: string) => sql.raw(`${alias}.status in ('pending', 'sending') and ${alias}.kind <> 'test'`);
    const lane = (alias: string) => sql.raw(`coalesce(${alias}.event_id, '${NO_EVENT_LANE}'::uuid)`);
    const slotsLeft = new Map<string, number>();
    const slotsOf = (webhookId: string) => slotsLeft.get(webhookId) ?? cap - (this.perWebhook.get(webhookId) ?? 0);
    const full = [...this.perWebhook].filter(([, n]) => n >= cap).map(([id]) => id);
    const notFull = full.length > 0 ? sql`and o.webhook_id not in (${sql.join(full.map((id) => sql`${id}::uuid`), sql`, `)})` : sql``;
    // Lanes first, round robin: walk the open (webhook, event) queues in index order from the
    // lane after the last one claimed, one index probe per queue (a loose scan of
    // webhook_deliveries_open_idx; webhooks with no free slot here skipped), keep those whose head
    // can start (due, or its sender's lease ran out), and stop after `want` of them: a claim
    // costs what it takes, not a look at every open delivery.
    const want = free * 2;
    const walk = (after: { webhookId: string; lane: string } | undefined, limit: number) => sql`
      with recursive queues (webhook_id, lane) as (
        (select o.webhook_id, ${lane('o')} from ${webhookDeliveries} o
         where ${open('o')} ${notFull} ${after ? sql`and (o.webhook_id, ${lane('o')}) > (${after.webhookId}::uuid, ${after.lane}::uuid)` : sql``}
         order by o.webhook_id, ${lane('o')} limit 1)
        union all
        select n.webhook_id, n.lane from queues q cross join lateral (
          select o.webhook_id, ${lane('o')} as lane from ${webhookDeliveries} o
          where ${open('o')} ${notFull} and (o.webhook_id, ${lane('o')}) > (q.webhook_id, q.lane)
          order by o.webhook_id, ${lane('o')} limit 1
        ) n
      )
      select q.webhook_id, q.lane from queues q cross join lateral (
        select ${claimable('o')} as ready from ${webhookDeliveries} o
        where ${open('o')} and o.webhook_id = q.webhook_id and ${lane('o')} = q.lane
        order by o.seq, o.created_at limit 1
      ) h
      where h.ready
      limit ${limit}`;
    type Lane = { webhook_id: string; lane: string };
    /** The walk stopped at its limit: more may wait beyond what it looked at. */
    let more = false;
    const rows = await db.transaction(async (tx) => {
      // Another process's claim commits before this one reads the queues (see Guarantees). The
      // walk is planned for the queues as they are now, not once for all (`set local
      // plan_cache_mode`, db/prepared-statements.ts): a generic plan made while the queue was near
      // empty took 100-190 ms per claim in a burst. One statement: a claim per ~9 deliveries in
      // the writes bench, each a round trip less on the session the writes wait for.
      await tx.execute(sql`select pg_advisory_xact_lock(${CLAIM_LOCK}), set_config('plan_cache_mode', 'force_custom_plan', true)`);
      let found = ((await tx.execute(walk(this.cursor, want))) as unknown as { rows: Lane[] }).rows;
      const wrapped = this.cursor !== undefined && found.length < want;
      if (wrapped) found = [...found, ...((await tx.execute(walk(undefined, want - found.length))) as unknown as { rows: Lane[] }).rows];
      const chosen: Lane[] = [];
      const seen = new Set<string>();
      for (const candidate of found) {
        const key = `${candidate.webhook_id}/${candidate.lane}`;
        if (seen.has(key) || chosen.length >= free || slotsOf(candidate.webhook_id) <= 0) continue;
        seen.add(key);
        slotsLeft.set(candidate.webhook_id, slotsOf(candidate.webhook_id) - 1);
        chosen.push(candidate);
      }
      more = found.length === want;
      this.cursor = chosen.length > 0 ? { webhookId: chosen.at(-1)!.webhook_id, lane: chosen.at(-1)!.lane } : undefined;
      if (chosen.length === 0) return [];
      // Of each chosen queue its first CHAIN_LENGTH deliveries, of which the claimable prefix is
      // claimed; answered with their webhook's settings as they are now.
      const chosenTable = sql`(values ${sql.join(chosen.map((c) => sql`(${c.webhook_id}::uuid, ${c.lane}::uuid)`), sql`, `)})`;
      const claimed = (await tx.execute(sql`
        update ${webhookDeliveries} d
        set status = 'sending', attempts = d.attempts + 1, locked_by = ${this.id}, locked_until = ${lockedUntil},
          max_attempts = coalesce(d.max_attempts, ${settings.maxAttempts}::int)
        from ${webhooks} w
        where w.id = d.webhook_id and d.id in (
          select p.id from ${chosenTable} as c (webhook_id, lane) cross join lateral (
            select f.id, bool_and(f.ready) over (order by f.seq, f.created_at) as ready
            from (
              select o.id, o.seq, o.created_at, ${claimable('o')} as ready
              from ${webhookDeliveries} o
              where ${open('o')} and o.webhook_id = c.webhook_id and ${lane('o')} = c.lane
              order by o.seq, o.created_at limit ${CHAIN_LENGTH}
            ) f
          ) p
          where p.ready
        )
        and ${claimable('d')}
        returning d.id, d.client_id, d.webhook_id, d.event_id, d.seq, d.kind, d.payload, d.attempts, d.max_attempts, d.locked_by, d.created_at,
          w.webhook_url, w.use_json_body, w.use_http_basic_authentication, w.username, w.password, w.additional_properties_json`)) as unknown as {
        rows: (ClaimedRow & { created_at: unknown })[];
      };
      // With the claim: should this process die while sending, this job finds the deliveries
      // once their lease is over.
      if (claimed.rows.length > 0 && wake) await scheduleDispatch(tx, clock, wake);
      return claimed.rows;
    });
    this.claimed += rows.length;
    if (rows.length > 0 && wake) this.remember(clock, wake);
    const lanes = new Map<string, { delivery: DeliveryToSend; webhook: WebhookTarget; createdAt: number }[]>();
    for (const row of rows) {
      const key = `${row.webhook_id}/${row.event_id ?? ''}`;
      lanes.set(key, [...(lanes.get(key) ?? []), { ...fromClaimedRow(row), createdAt: new Date(row.created_at as string).getTime() }]);
    }
    const ordered = [...lanes.values()].map((lane) => lane.sort((a, b) => (a.delivery.seq ?? 0) - (b.delivery.seq ?? 0) || a.createdAt - b.createdAt));
    ordered.sort((a, b) => (a[0]!.delivery.seq ?? 0) - (b[0]!.delivery.seq ?? 0));
    for (const lane of ordered) this.start(env, lane, lockedUntil);
    // The slots may allow more than this round's walk saw.
    if (rows.length > 0 && (more || ordered.length === free)) this.again = true;
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

  /**
   * Sends a lane's deliveries in order; stops at the first one not delivered and hands the rest
   * back unsent. What it sent is recorded in one statement when the lane ends (or every
   * RECORD_EVERY_MS while it goes on): should the process die before, those deliveries go again
   * once their lease is over (at least once, a higher attempt).
   */
  private start(env: DispatchEnv, lane: { delivery: DeliveryToSend; webhook: WebhookTarget }[], lockedUntil: Date): void {
    const controller = new AbortController();
    const webhookId = lane[0]!.delivery.webhookId;
    const key = lane[0]!.delivery.id;
    this.lanes++;
    this.perWebhook.set(webhookId, (this.perWebhook.get(webhookId) ?? 0) + 1);
    const run = async () => {
      let sent: Sent[] = [];
      let recordedAt = env.clock.now().getTime();
      let rest: DeliveryToSend[] = [];
      for (let i = 0; i < lane.length; i++) {
        const { delivery, webhook } = lane[i]!;
        const leaseLeft = lockedUntil.getTime() - env.clock.now().getTime();
        if (this.closed || controller.signal.aborted || leaseLeft < leaseMs(env.settings)) {
          rest = lane.slice(i).map((l) => l.delivery);
          break;
        }
        const one = await this.send(env, delivery, webhook, controller.signal);
        sent.push(one);
        if (one.attempt.outcome === 'retry') {
          // The rest wait behind this one (its retry).
          rest = lane.slice(i + 1).map((l) => l.delivery);
          break;
        }
        if (i < lane.length - 1 && env.clock.now().getTime() - recordedAt >= RECORD_EVERY_MS) {
          await this.record(env, sent, []);
          sent = [];
          recordedAt = env.clock.now().getTime();
        }
      }
      await this.record(env, sent, rest);
    };
    const done = run()
      .catch((error: unknown) => {
        env.log.error({ webhookId, err: error instanceof Error ? error.message : String(error) }, 'webhook attempts could not be recorded (the database failed); they go again once their lease is over');
      })
      .finally(() => {
        this.inFlight.delete(key);
        this.lanes--;
        const left = (this.perWebhook.get(webhookId) ?? 1) - 1;
        if (left > 0) this.perWebhook.set(webhookId, left);
        else this.perWebhook.delete(webhookId);
        // A slot is free, and the next delivery of the same (webhook, event) may be unblocked.
        if (!this.closed) void this.pump(env);
      });
    this.inFlight.set(key, { webhookId, lane: laneName(webhookId, lane[0]!.delivery.eventId), controller, done });
  }

  /**
   * Sends a claimed delivery once and records the attempt: delivered on a 2xx, else a retry
   * after the backoff, or failed after the last attempt (tests are never retried).
   */
  async attempt(env: DispatchEnv, delivery: DeliveryToSend, webhook: WebhookTarget, signal?: AbortSignal): Promise<AttemptRow> {
    const one = await this.send(env, delivery, webhook, signal);
    const [id] = await this.record(env, [one], []);
    if (!id) throw new Error(`delivery ${delivery.id} is gone (its webhook was deleted)`);
    return { id, ...one.attempt };
  }

  /** One HTTP attempt of a claimed delivery, and what it makes of the delivery; nothing recorded yet but a retry's wake-up. */
  private async send(env: DispatchEnv, delivery: DeliveryToSend, webhook: WebhookTarget, signal?: AbortSignal): Promise<Sent> {
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
    const last = delivery.kind === 'test' || (number >= (delivery.maxAttempts ?? settings.maxAttempts) && !interrupted);
    let nextRetryAt: Date | null = null;
    if (!ok && !last) {
      const backoff = interrupted ? 0 : settings.backoffMs(number);
      const asked = result.retryAfterSeconds === undefined ? 0 : Math.min(3600, result.retryAfterSeconds) * 1000;
      nextRetryAt = new Date(now.getTime() + Math.max(backoff, asked));
    }
    const outcome = ok ? 'delivered' : nextRetryAt ? 'retry' : 'failed';
    const error = result.error ?? (ok ? null : `the receiver answered ${result.statusCode}${result.statusCode! >= 300 && result.statusCode! < 400 ? ' (redirects are not followed)' : ''}`);
    // The wake-up first: should the process stop right after recording, the retry is still due.
    // Should it fail, the attempt is still recorded (the claim's wake-up at the lease's end
    // finds the retry then).
    if (nextRetryAt) {
      await this.scheduleOnce(db, clock, nextRetryAt).catch((error: unknown) => {
        env.log.warn({ deliveryId: delivery.id, err: error instanceof Error ? error.message : String(error) }, 'could not schedule the wake-up of a webhook retry; the lease wake-up will find it');
      });
    }
    return {
      lockedBy: delivery.lockedBy ?? this.id,
      webhookId: delivery.webhookId,
      finishedAt: now,
      attempt: {
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
      },
    };
  }

  /**
   * One statement (atomic, and one round trip) for a lane's round: settle each sent delivery,
   * while its claim is still this sender's (it may have run out and passed to another), and log
   * its attempt unless the delivery is gone with its webhook; hand `rest` back unsent (open again,
   * as they were, their attempt not counted). Answers the attempts' ids, null for a delivery gone.
   */
  private async record(env: DispatchEnv, sent: Sent[], rest: DeliveryToSend[]): Promise<(string | null)[]> {
    if (sent.length === 0 && rest.length === 0) return [];
    const { db } = env;
    const handBack = sql`
      update ${webhookDeliveries} set status = 'pending', attempts = attempts - 1, locked_by = null, locked_until = null
      where id in (${sql.join(rest.map((d) => sql`${d.id}::uuid`), sql`, `)}) and locked_by = ${this.id} and status = 'sending'`;
    if (sent.length === 0) {
      await db.execute(handBack);
      return [];
    }
    const rows = sent.map(({ lockedBy, finishedAt, attempt: a }) => {
      const status = a.outcome === 'retry' ? 'pending' : a.outcome;
      const completedAt = a.outcome === 'retry' ? null : finishedAt;
      return sql`(${a.deliveryId}::uuid, ${lockedBy}::text, ${status}::text, ${completedAt}::timestamptz, ${a.clientId}::uuid, ${a.attempt}::int, ${a.url}::text,
        ${a.startedAt}::timestamptz, ${a.latencyMs}::int, ${a.statusCode}::int, ${a.responseExcerpt}::text, ${a.error}::text, ${a.outcome}::text, ${a.nextRetryAt}::timestamptz)`;
    });
    const recorded = await db.execute(sql`
      with input (id, locked_by, status, completed_at, client_id, attempt, url, started_at, latency_ms, status_code, response_excerpt, error, outcome, next_retry_at) as (
        values ${sql.join(rows, sql`, `)}
      ), settled as (
        update ${webhookDeliveries} d
        set status = i.status, next_attempt_at = i.next_retry_at, locked_by = null, locked_until = null,
          last_status_code = i.status_code, last_error = i.error, completed_at = i.completed_at
        from input i
        where d.id = i.id and d.locked_by = i.locked_by
        returning d.id
      )${rest.length > 0 ? sql`, handed as (${handBack})` : sql``}
      insert into ${webhookAttempts} (delivery_id, client_id, attempt, url, started_at, latency_ms, status_code, response_excerpt, error, outcome, next_retry_at)
      select i.id, i.client_id, i.attempt, i.url, i.started_at, i.latency_ms, i.status_code, i.response_excerpt, i.error, i.outcome, i.next_retry_at
      from input i
      where exists (select 1 from ${webhookDeliveries} e where e.id = i.id)
      returning id, delivery_id`);
    const ids = new Map((recorded as unknown as { rows: { id: string; delivery_id: string }[] }).rows.map((r) => [r.delivery_id, r.id]));
    // The delivery logs on the change feed: one change per webhook whose deliveries moved.
    const webhooksByClient = new Map<string, Set<string>>();
    for (const s of sent) webhooksByClient.set(s.attempt.clientId, (webhooksByClient.get(s.attempt.clientId) ?? new Set()).add(s.webhookId));
    for (const [clientId, ids] of webhooksByClient) {
      await recordChanges(db, env.clock, clientId, [...ids].map((id) => ({ kind: 'delivery' as const, id, action: 'Updated' as const })));
    }
    const finished = sent.filter((s) => s.attempt.outcome !== 'retry');
    if (finished.length > 0) await this.notePruneDue(env, finished.at(-1)!.finishedAt);
    return sent.map((s) => ids.get(s.attempt.deliveryId) ?? null);
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
