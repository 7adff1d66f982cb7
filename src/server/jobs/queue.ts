/**
 * A durable job queue in the service's own database. Every asynchronous effect (encoder start,
 * scheduled automation, webhook delivery, ...) is a row in `jobs`, so it survives a restart.
 *
 * - Workers claim due jobs with `FOR UPDATE SKIP LOCKED` and a lease: two workers, in one
 *   process or in several sharing a PostgreSQL server, never run the same job at once; a job
 *   whose worker died is taken again once its lease has passed.
 * - A failed job is retried with exponential backoff until `maxAttempts`, then marked failed.
 * - Time comes from the Clock: tests move it and call `runDue()` instead of sleeping.
 * - Kinds are typed (define.ts: `defineJob(jobKind(name, payloadSchema), handler, { concurrency })`); the
 *   worker claims a batch per round and runs each kind's jobs with that kind's own bound, the
 *   kinds beside each other. Long media work (kinds of `{ lane: 'media' }`) is never claimed by a
 *   round: the media lane (media-lane.ts) runs it beside the rounds, by priority.
 * - It wakes when work arrives: a job due now sends NOTIFY on JOBS_CHANNEL with the insert (so
 *   at commit, never for a rollback); every worker listening on the database (this process on
 *   PGlite, every process on PostgreSQL) looks at once. It also polls, in case a wake-up is lost.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/database.ts';
import { jobs } from '../db/tables/jobs.ts';
import { loggableError } from '../logging.ts';
import type { AppServices } from '../services.ts';
import type { Clock } from './clock.ts';
import type { AnyJobDefinition } from './define.ts';
import { MediaLane } from './media-lane.ts';

/** NOTIFY channel of jobs due now (see above); the payload is the job's type. */
export const JOBS_CHANNEL = 'control_room_jobs';

export type JobRow = typeof jobs.$inferSelect;

export interface EnqueueOptions {
  type: string;
  payload: unknown;
  clientId?: string | null;
  /** When to run; now when omitted. */
  runAt?: Date;
  /** 1 (first) to 10 (last), for the media lane's order. Default 5. */
  priority?: number;
  maxAttempts?: number;
  /**
   * At most one pending or running job per key. Enqueueing again with the same key moves the
   * pending job to the new time and payload instead of adding a second one (a rescheduled auto start).
   */
  dedupeKey?: string;
}

export interface Backoff {
  /** Delay before retry number `attempt` (1 = the first retry). */
  delayMs(attempt: number): number;
}

/** 5 s, 10 s, 20 s ... capped at 10 minutes. Deterministic, so tests can step through it. */
export const exponentialBackoff = (baseMs = 5_000, capMs = 600_000): Backoff => ({
  delayMs: (attempt) => Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1)),
});

export async function enqueue(db: DbOrTx, clock: Clock, options: EnqueueOptions): Promise<string> {
  const now = clock.now();
  const values = {
    type: options.type,
    payload: options.payload ?? null,
    clientId: options.clientId ?? null,
    runAt: options.runAt ?? now,
    priority: options.priority ?? 5,
    maxAttempts: options.maxAttempts ?? 5,
    dedupeKey: options.dedupeKey ?? null,
    createdAt: now,
  };
  if (options.dedupeKey) {
    // The job with the key may change state between these statements (another process, or the
    // worker finishing it): look again then.
    for (let round = 0; ; round++) {
      const updated = await db
        .update(jobs)
        .set({ payload: values.payload, runAt: values.runAt, priority: values.priority, maxAttempts: values.maxAttempts })
        .where(and(eq(jobs.dedupeKey, options.dedupeKey), eq(jobs.status, 'pending')))
        .returning({ id: jobs.id });
      if (updated[0]) return updated[0].id;
      const inserted = await db.insert(jobs).values(values).onConflictDoNothing().returning({ id: jobs.id });
      if (inserted[0]) return inserted[0].id;
      // The job with this key is running right now; it stays the one job for the key.
      const running = await db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.dedupeKey, options.dedupeKey), eq(jobs.status, 'running')));
      if (running[0]) return running[0].id;
      if (round >= 3) throw new Error(`could not queue the job ${options.dedupeKey}: its key kept changing hands`);
    }
  }
  if (values.runAt.getTime() > now.getTime()) {
    const [row] = await db.insert(jobs).values(values).returning({ id: jobs.id });
    return row!.id;
  }
  // Due now: the wake-up travels with the insert (one round trip), delivered at commit.
  const result = await db.execute(sql`
    with inserted as (
      insert into ${jobs} (type, payload, client_id, run_at, priority, max_attempts, created_at)
      values (${values.type}, ${JSON.stringify(values.payload)}::jsonb, ${values.clientId}, ${values.runAt}, ${values.priority}, ${values.maxAttempts}, ${values.createdAt})
      returning id
    )
    select id, pg_notify(${JOBS_CHANNEL}, ${values.type}) from inserted`);
  return (result as unknown as { rows: { id: string }[] }).rows[0]!.id;
}

/** Cancels the pending job with this key (or these keys), if any (an auto start switched off). */
export async function cancelByKey(db: DbOrTx, dedupeKey: string | readonly string[]): Promise<boolean> {
  const keys = typeof dedupeKey === 'string' ? [dedupeKey] : [...dedupeKey];
  const rows = await db
    .delete(jobs)
    .where(and(keys.length === 1 ? eq(jobs.dedupeKey, keys[0]!) : inArray(jobs.dedupeKey, keys), eq(jobs.status, 'pending')))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export interface JobContext {
  job: JobRow;
  db: Db;
  clock: Clock;
  log: JobLogger;
  services: AppServices;
  /** Aborted when the process closes while the job runs (media lane: it is given back to the queue). */
  signal: AbortSignal;
}

export interface JobLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export type JobHandler<P = unknown> = (payload: P, context: JobContext) => Promise<void>;

export interface WorkerOptions {
  db: Db;
  clock: Clock;
  /** The kinds this worker runs (define.ts); a job of another kind fails with "No handler". */
  jobs: readonly AnyJobDefinition[];
  /** What the handlers get as `services` (services.ts createServices). */
  services: AppServices;
  log?: JobLogger;
  /** Distinguishes workers in `locked_by`. */
  workerId?: string;
  /** How long a claimed job is this worker's before another may take it. */
  leaseMs?: number;
  backoff?: Backoff;
  /** Jobs claimed per round (at most; each kind then runs with its own concurrency). */
  batchSize?: number;
  /** Real-time polling interval of `start()`. */
  pollIntervalMs?: number;
  /** Media lane jobs at once in this process (MEDIA_CONCURRENCY). Default 2. */
  laneConcurrency?: number;
  /**
   * Told after each job has run (done or failed), with its client: what it wrote is visible now
   * (the response cache drops that client's answers; http/response-cache.ts). Must not throw.
   */
  onJobFinished?: (job: JobRow) => Promise<void> | void;
}

const silentLog: JobLogger = { info() {}, warn() {}, error() {} };

export class JobWorker {
  readonly workerId: string;
  private readonly options: Required<Omit<WorkerOptions, 'workerId' | 'onJobFinished'>> & Pick<WorkerOptions, 'onJobFinished'>;
  private readonly kinds: Map<string, AnyJobDefinition>;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = true;
  /** A wake-up came while a round was running: look again at once after it. */
  private wakeRequested = false;
  private readonly startListeners = new Set<() => void>();
  /** The kinds the rounds leave to the media lane. */
  private readonly laneTypes: string[];
  readonly lane: MediaLane;

  constructor(options: WorkerOptions) {
    this.workerId = options.workerId ?? `worker-${randomUUID().slice(0, 8)}`;
    this.options = {
      log: silentLog,
      leaseMs: 60_000,
      backoff: exponentialBackoff(),
      batchSize: 20,
      pollIntervalMs: 500,
      laneConcurrency: 2,
      ...options,
    };
    this.kinds = new Map(options.jobs.map((job) => [job.name, job]));
    this.laneTypes = options.jobs.filter((job) => job.options.lane === 'media').map((job) => job.name);
    const { db, clock, leaseMs, log } = this.options;
    this.lane = new MediaLane(
      { db, clock, workerId: this.workerId, leaseMs, log, execute: (job, signal) => this.runOne(job, signal), finished: (job) => this.options.onJobFinished?.(job) },
      this.laneTypes,
      Math.max(1, this.options.laneConcurrency),
    );
  }

  /** Claims due jobs (and jobs whose lease has passed) for a round of this worker, in one statement; never the media lane's. */
  async claim(limit = this.options.batchSize): Promise<JobRow[]> {
    const now = this.options.clock.now();
    const leaseUntil = new Date(now.getTime() + this.options.leaseMs);
    const rows = await this.options.db
      .update(jobs)
      .set({ status: 'running', lockedBy: this.workerId, lockedUntil: leaseUntil, attempts: sql`${jobs.attempts} + 1` })
      .where(
        inArray(
          jobs.id,
          sql`(select ${jobs.id} from ${jobs}
            where ((${jobs.status} = 'pending' and ${jobs.runAt} <= ${now})
               or (${jobs.status} = 'running' and ${jobs.lockedUntil} < ${now}))
              ${this.laneTypes.length > 0 ? sql`and ${jobs.type} <> all(${sql.param(this.laneTypes)}::text[])` : sql``}
            order by ${jobs.runAt}
            limit ${limit}
            for update skip locked)`,
        ),
      )
      .returning();
    return rows.sort((a, b) => a.runAt.getTime() - b.runAt.getTime());
  }

  /**
   * Runs a job's handler; answers whether it succeeded (a failure is recorded here: retry or give
   * up; not when `signal` was aborted: the media lane gives such a job back itself).
   */
  private async runOne(job: JobRow, signal: AbortSignal = new AbortController().signal): Promise<boolean> {
    const { db, clock, log, backoff, services } = this.options;
    const kind = this.kinds.get(job.type);
    const mine = and(eq(jobs.id, job.id), eq(jobs.lockedBy, this.workerId));
    let giveUpNow = false;
    try {
      if (!kind) throw new Error(`No handler for job type "${job.type}"`);
      const parsed = kind.payload.safeParse(job.payload);
      if (!parsed.success) {
        giveUpNow = true;
        throw new Error(`${job.type}: the payload does not match its schema: ${parsed.error.message}`);
      }
      await kind.handler(parsed.data, { job, db, clock, log, services, signal });
      return true;
    } catch (error) {
      if (signal.aborted) return false;
      const message = loggableError(error).message;
      const giveUp = giveUpNow || job.attempts >= job.maxAttempts;
      const now = clock.now();
      await db
        .update(jobs)
        .set(
          giveUp
            ? { status: 'failed', finishedAt: now, lockedBy: null, lockedUntil: null, lastError: message }
            : { status: 'pending', runAt: new Date(now.getTime() + backoff.delayMs(job.attempts)), lockedBy: null, lockedUntil: null, lastError: message },
        )
        .where(mine);
      log[giveUp ? 'error' : 'warn']({ jobId: job.id, type: job.type, attempt: job.attempts, err: message }, giveUp ? 'job failed, giving up' : 'job failed, will retry');
      return false;
    }
  }

  /** The jobs of one kind from a round, at most the kind's concurrency at once, in claim order. */
  private async runKind(list: JobRow[], done: string[]): Promise<void> {
    const concurrency = this.kinds.get(list[0]!.type)?.options.concurrency ?? 1;
    let next = 0;
    const lane = async () => {
      while (next < list.length) {
        const job = list[next++]!;
        // PGlite answers without yielding to the event loop: give sockets (API requests, webhook
        // calls in flight) a turn between jobs, or a backlog starves the whole process.
        await new Promise((resolve) => setImmediate(resolve));
        try {
          if (await this.runOne(job)) done.push(job.id);
        } finally {
          await this.options.onJobFinished?.(job);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, list.length) }, lane));
  }

  /**
   * Runs every job due now, round after round, and the media lane's until it is idle, until none
   * is left; returns how many ran (tests and the bench: the worker's own polling never waits for
   * the lane). Jobs a handler schedules for "now" run in the same call; later ones wait for the
   * clock. A round's finished jobs are marked done together, in one statement (a crash before it
   * runs them again: at least once, as a crash during a job always did).
   */
  async runDue(): Promise<number> {
    let total = 0;
    for (;;) {
      const ran = await this.runRounds();
      const started = await this.lane.fill();
      await this.lane.idle();
      total += ran + started;
      if (ran === 0 && started === 0) return total;
    }
  }

  /** Rounds until none is due (the media lane's jobs are not theirs); answers how many ran. */
  private async runRounds(): Promise<number> {
    let total = 0;
    for (;;) {
      const claimed = await this.claim();
      if (claimed.length === 0) return total;
      const byKind = new Map<string, JobRow[]>();
      for (const job of claimed) byKind.set(job.type, [...(byKind.get(job.type) ?? []), job]);
      const done: string[] = [];
      await Promise.all([...byKind.values()].map((list) => this.runKind(list, done)));
      if (done.length > 0) {
        await this.options.db
          .update(jobs)
          .set({ status: 'done', finishedAt: this.options.clock.now(), lockedBy: null, lockedUntil: null, lastError: null })
          .where(and(inArray(jobs.id, done), eq(jobs.lockedBy, this.workerId)));
      }
      total += claimed.length;
    }
  }

  /** Polls in real time until stopped. `wake()` makes it look at once (after an enqueue). */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
    for (const listener of this.startListeners) listener();
  }

  /** Whether it runs by itself (`start()`), rather than only when a test calls `runDue()`. */
  get started(): boolean {
    return !this.stopped;
  }

  /**
   * Work driven beside the queue (webhook delivery, woken by NOTIFY) starts with the worker:
   * `listener` is called at `start()` (at once when started already). Must not throw.
   */
  onStart(listener: () => void): void {
    this.startListeners.add(listener);
    if (!this.stopped) listener();
  }

  wake(): void {
    if (this.stopped) return;
    void this.lane.fill().catch((error: unknown) => this.options.log.error({ err: loggableError(error).message }, 'media lane: claiming failed'));
    if (this.running) this.wakeRequested = true;
    else this.schedule(0);
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
    this.timer.unref?.();
  }

  private async tick(): Promise<void> {
    if (this.stopped || this.running) return;
    // The lane's work goes on beside the rounds: started here, never waited for.
    void this.lane.fill().catch((error: unknown) => this.options.log.error({ err: loggableError(error).message }, 'media lane: claiming failed'));
    this.running = this.runRounds().catch((error: unknown) => {
      this.options.log.error({ err: loggableError(error).message }, 'job worker round failed');
      return 0;
    });
    this.wakeRequested = false;
    await this.running;
    this.running = undefined;
    if (!this.stopped) this.schedule(this.wakeRequested ? 0 : this.options.pollIntervalMs);
  }

  /** Stops polling, waits for the round in hand to finish, and gives the media lane's work back (media-lane.ts). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    await this.lane.close();
  }
}
