/**
 * The simulated encoder (sim/ is the only place that knows its delays and faults): it implements
 * the live area's encoder adapter (areas/live/encoder.ts). Its runs are rows of `encoder_runs`,
 * written through the caller's handle (in its transaction), so a restarted service and a second
 * process on the same database see the same encoders: a running event goes on running.
 */
import { and, eq, lt } from 'drizzle-orm';
import type { ChannelConfiguration } from '#schema';
import type { Encoder, EncoderRef, EncoderState, EncoderStatus } from '../areas/live/index.ts';
import type { DbOrTx } from '../db/database.ts';
import { encoderRuns } from '../db/tables/live.ts';
import type { Clock } from '../jobs/clock.ts';

export interface SimulatedEncoderOptions {
  clock: Clock;
  /** Clock time from `start` to running. Default 4 s. */
  startDelayMs?: number;
  /** Clock time from `stop` to stopped. Default 2 s. */
  stopDelayMs?: number;
  /**
   * A fault to inject: the message a start fails with (reported as `failed` at the time it would
   * have been ready), or null to succeed. Default: every start succeeds.
   */
  startFault?: (eventId: string, channel: ChannelConfiguration) => string | null;
  /** Records of events stopped longer ago than this are dropped (status `idle`). Default 1 h. */
  forgetAfterMs?: number;
}

type Run = typeof encoderRuns.$inferSelect;

function publishingPointsOf(channel: ChannelConfiguration): string[] {
  return channel.encoders.flatMap((encoder) => {
    const server = encoder.streamingServer;
    return server.secondaryPublishingPoint ? [server.primaryPublishingPoint, server.secondaryPublishingPoint] : [server.primaryPublishingPoint];
  });
}

/**
 * An encoder that takes `startDelayMs` of clock time to start and `stopDelayMs` to stop; its
 * state is derived from those times and the clock, so moving a ManualClock is all a test does.
 * What it "publishes" is the looping test programme served by stream-routes.ts.
 */
export class SimulatedEncoder implements Encoder {
  private readonly clock: Clock;
  private readonly startDelayMs: number;
  private readonly stopDelayMs: number;
  private readonly forgetAfterMs: number;
  private readonly startFault: SimulatedEncoderOptions['startFault'];

  constructor(options: SimulatedEncoderOptions) {
    this.clock = options.clock;
    this.startDelayMs = options.startDelayMs ?? 4_000;
    this.stopDelayMs = options.stopDelayMs ?? 2_000;
    this.forgetAfterMs = options.forgetAfterMs ?? 3_600_000;
    this.startFault = options.startFault;
  }

  private async run(db: DbOrTx, ref: EncoderRef): Promise<Run | undefined> {
    const [row] = await db
      .select()
      .from(encoderRuns)
      .where(and(eq(encoderRuns.clientId, ref.clientId), eq(encoderRuns.eventId, ref.eventId)));
    return row;
  }

  async start(db: DbOrTx, ref: EncoderRef, channel: ChannelConfiguration): Promise<{ readyAt: Date }> {
    const now = this.clock.now();
    // Runs stopped long ago are forgotten (status `idle`).
    await db.delete(encoderRuns).where(and(eq(encoderRuns.clientId, ref.clientId), lt(encoderRuns.stoppedAt, new Date(now.getTime() - this.forgetAfterMs))));
    const current = await this.run(db, ref);
    const state = current ? stateOf(current, now) : 'idle';
    if (current && (state === 'starting' || state === 'running')) return { readyAt: current.readyAt };
    // Stopping: the encoder starts again once it has stopped.
    const from = current && state === 'stopping' && current.stoppedAt ? current.stoppedAt : now;
    const run = {
      clientId: ref.clientId,
      eventId: ref.eventId,
      publishingPoints: publishingPointsOf(channel),
      startRequestedAt: now,
      readyAt: new Date(from.getTime() + this.startDelayMs),
      stopRequestedAt: null,
      stoppedAt: null,
      error: this.startFault?.(ref.eventId, channel) ?? null,
    };
    await db.insert(encoderRuns).values(run).onConflictDoUpdate({ target: [encoderRuns.clientId, encoderRuns.eventId], set: run });
    return { readyAt: run.readyAt };
  }

  async stop(db: DbOrTx, ref: EncoderRef): Promise<{ stoppedAt: Date }> {
    const now = this.clock.now();
    const current = await this.run(db, ref);
    const state = current ? stateOf(current, now) : 'idle';
    if (!current || state === 'idle') return { stoppedAt: now };
    if (current.stoppedAt) return { stoppedAt: current.stoppedAt };
    const stoppedAt = state === 'failed' ? now : new Date(now.getTime() + this.stopDelayMs);
    await db
      .update(encoderRuns)
      .set({ stopRequestedAt: now, stoppedAt })
      .where(and(eq(encoderRuns.clientId, ref.clientId), eq(encoderRuns.eventId, ref.eventId)));
    return { stoppedAt };
  }

  async status(db: DbOrTx, ref: EncoderRef): Promise<EncoderStatus> {
    const now = this.clock.now();
    const run = await this.run(db, ref);
    const eventId = ref.eventId;
    if (!run || (run.stoppedAt && now.getTime() - run.stoppedAt.getTime() > this.forgetAfterMs)) {
      return {
        eventId,
        state: 'idle',
        receivingData: false,
        startRequestedAt: null,
        readyAt: null,
        stopRequestedAt: null,
        stoppedAt: null,
        publishingPoints: [],
        error: null,
      };
    }
    const state = stateOf(run, now);
    const receivingData = state === 'running';
    const lastUpdated = [run.startRequestedAt, run.readyAt, run.stopRequestedAt, run.stoppedAt]
      .filter((t): t is Date => t !== null && t.getTime() <= now.getTime())
      .reduce((a, b) => (b.getTime() > a.getTime() ? b : a), run.startRequestedAt);
    const hasStarted = run.error === null && run.readyAt.getTime() <= now.getTime();
    return {
      eventId,
      state,
      receivingData,
      startRequestedAt: run.startRequestedAt,
      readyAt: run.readyAt,
      stopRequestedAt: run.stopRequestedAt,
      stoppedAt: run.stoppedAt,
      publishingPoints: run.publishingPoints.map((url) => ({ url, state, hasStarted, lastUpdated, receivingData })),
      error: state === 'failed' ? run.error : null,
    };
  }
}

function stateOf(run: Run, now: Date): EncoderState {
  const t = now.getTime();
  if (run.stoppedAt) return t >= run.stoppedAt.getTime() ? 'stopped' : 'stopping';
  if (t < run.readyAt.getTime()) return 'starting';
  return run.error ? 'failed' : 'running';
}
