/**
 * The media lane: the job worker's second way of running jobs, for long media work (ffmpeg: an
 * asset, an event's MP4, a VOD download; kinds defined with `{ lane: 'media' }`, define.ts).
 * docs/decisions/001-queues.md says why there is one queue (the jobs table) with two ways to run it.
 *
 * - Outside the rounds: a round (queue.ts) runs its jobs and waits for all of them before it
 *   claims more, which suits short work; a 2-hour MP4 in a round would hold every automation
 *   start, encoder check and publication step due meanwhile. The lane claims its own jobs (the
 *   rounds never claim them) and runs each beside the rounds.
 * - Bounded and in order: at most `concurrency` at once in a process (MEDIA_CONCURRENCY), taken
 *   by priority (1 first, the job's `priority`), then by when they were due; a job that ends frees
 *   its slot for the next. Work already running is not interrupted by a later, higher-priority one.
 * - Durable: a lane job is a job row like any other. While it runs its lease is renewed, so a
 *   process that dies leaves it to another one once the lease passes; a process that closes stops
 *   its ffmpeg runs (the context's `signal`) and gives the jobs back, due at once, their attempt
 *   not counted.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { jobs } from '../db/tables/jobs.ts';
import { loggableError } from '../logging.ts';
import type { Clock } from './clock.ts';
import type { JobLogger, JobRow } from './queue.ts';

export interface LaneHost {
  db: Db;
  clock: Clock;
  workerId: string;
  leaseMs: number;
  log: JobLogger;
  /** Runs a job's handler, recording a failure (retry or give up); answers whether it succeeded. */
  execute(job: JobRow, signal: AbortSignal): Promise<boolean>;
  /** Told after each job (what it wrote is visible now). */
  finished(job: JobRow): Promise<void> | void;
}

export class MediaLane {
  private readonly running = new Map<string, { done: Promise<void>; abort: AbortController }>();
  private closing = false;
  private filling: Promise<number> | undefined;

  constructor(
    private readonly host: LaneHost,
    /** The kinds that run here. */
    readonly types: readonly string[],
    /** Jobs at once in this process. */
    readonly concurrency: number,
  ) {}

  /** Lane jobs running in this process now. */
  get load(): number {
    return this.running.size;
  }

  /** Claims due lane jobs for the free slots and starts them; answers how many it started. One fill at a time. */
  fill(): Promise<number> {
    if (this.types.length === 0 || this.closing) return Promise.resolve(0);
    this.filling ??= this.claimAndStart().finally(() => (this.filling = undefined));
    return this.filling;
  }

  private async claimAndStart(): Promise<number> {
    const free = this.concurrency - this.running.size;
    if (free <= 0) return 0;
    const { db, clock, workerId, leaseMs } = this.host;
    const now = clock.now();
    const claimed = await db
      .update(jobs)
      .set({ status: 'running', lockedBy: workerId, lockedUntil: new Date(now.getTime() + leaseMs), attempts: sql`${jobs.attempts} + 1` })
      .where(
        inArray(
          jobs.id,
          sql`(select ${jobs.id} from ${jobs}
            where ${jobs.type} = any(${sql.param([...this.types])}::text[])
              and ((${jobs.status} = 'pending' and ${jobs.runAt} <= ${now}) or (${jobs.status} = 'running' and ${jobs.lockedUntil} < ${now}))
            order by ${jobs.priority}, ${jobs.runAt}
            limit ${free}
            for update skip locked)`,
        ),
      )
      .returning();
    claimed.sort((a, b) => a.priority - b.priority || a.runAt.getTime() - b.runAt.getTime());
    for (const job of claimed) this.start(job);
    return claimed.length;
  }

  private start(job: JobRow): void {
    const abort = new AbortController();
    const mine = and(eq(jobs.id, job.id), eq(jobs.lockedBy, this.host.workerId));
    // The lease follows the work for as long as it runs (real time: ffmpeg takes what it takes).
    const renew = setInterval(() => {
      void this.host.db
        .update(jobs)
        .set({ lockedUntil: new Date(this.host.clock.now().getTime() + this.host.leaseMs) })
        .where(mine)
        .catch(() => undefined);
    }, Math.max(1_000, Math.floor(this.host.leaseMs / 3)));
    renew.unref?.();
    const done = (async () => {
      try {
        const ok = await this.host.execute(job, abort.signal);
        if (abort.signal.aborted) {
          // Closing: given back, due at once, this attempt not counted.
          await this.host.db
            .update(jobs)
            .set({ status: 'pending', runAt: this.host.clock.now(), lockedBy: null, lockedUntil: null, attempts: sql`greatest(${jobs.attempts} - 1, 0)` })
            .where(mine);
        } else if (ok) {
          await this.host.db.update(jobs).set({ status: 'done', finishedAt: this.host.clock.now(), lockedBy: null, lockedUntil: null, lastError: null }).where(mine);
        }
        await this.host.finished(job);
      } catch (error) {
        this.host.log.error({ jobId: job.id, type: job.type, err: loggableError(error).message }, 'media lane: the job could not be settled');
      } finally {
        clearInterval(renew);
        this.running.delete(job.id);
        // A slot is free: the next one.
        if (!this.closing) void this.fill().catch((error: unknown) => this.host.log.error({ err: loggableError(error).message }, 'media lane: claiming failed'));
      }
    })();
    this.running.set(job.id, { done, abort });
  }

  /** Waits until no lane job runs in this process (tests, the bench). */
  async idle(): Promise<void> {
    while (this.running.size > 0 || this.filling) {
      await Promise.allSettled([...[...this.running.values()].map((r) => r.done), ...(this.filling ? [this.filling] : [])]);
    }
  }

  /** Stops claiming, stops the work in hand (given back to the queue), and waits for it to settle. */
  async close(): Promise<void> {
    this.closing = true;
    for (const { abort } of this.running.values()) abort.abort();
    await this.idle();
  }
}
