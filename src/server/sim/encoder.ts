/**
 * The simulated encoder (sim/ is the only place that knows its delays and faults): it implements
 * the live area's encoder adapter (areas/live/encoder.ts).
 */
import type { ChannelConfiguration } from '#schema';
import type { Encoder, EncoderState, EncoderStatus } from '../areas/live/index.ts';
import type { Clock } from '../jobs/clock.ts';

// ---- The simulated encoder ---------------------------------------------------------------------

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

interface Run {
  publishingPoints: string[];
  startRequestedAt: Date;
  readyAt: Date;
  stopRequestedAt: Date | null;
  stoppedAt: Date | null;
  error: string | null;
}

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
  private readonly runs = new Map<string, Run>();
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

  async start(eventId: string, channel: ChannelConfiguration): Promise<{ readyAt: Date }> {
    const now = this.clock.now();
    this.forgetOld(now);
    const current = this.runs.get(eventId);
    const state = current ? stateOf(current, now) : 'idle';
    if (current && (state === 'starting' || state === 'running')) return { readyAt: current.readyAt };
    // Stopping: the encoder starts again once it has stopped.
    const from = current && state === 'stopping' && current.stoppedAt ? current.stoppedAt : now;
    const run: Run = {
      publishingPoints: publishingPointsOf(channel),
      startRequestedAt: now,
      readyAt: new Date(from.getTime() + this.startDelayMs),
      stopRequestedAt: null,
      stoppedAt: null,
      error: this.startFault?.(eventId, channel) ?? null,
    };
    this.runs.set(eventId, run);
    return { readyAt: run.readyAt };
  }

  async stop(eventId: string): Promise<{ stoppedAt: Date }> {
    const now = this.clock.now();
    const current = this.runs.get(eventId);
    const state = current ? stateOf(current, now) : 'idle';
    if (!current || state === 'idle') return { stoppedAt: now };
    if (current.stoppedAt) return { stoppedAt: current.stoppedAt };
    current.stopRequestedAt = now;
    current.stoppedAt = state === 'failed' ? now : new Date(now.getTime() + this.stopDelayMs);
    return { stoppedAt: current.stoppedAt };
  }

  async status(eventId: string): Promise<EncoderStatus> {
    const now = this.clock.now();
    const run = this.runs.get(eventId);
    if (!run) {
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

  private forgetOld(now: Date): void {
    for (const [eventId, run] of this.runs) {
      if (run.stoppedAt && now.getTime() - run.stoppedAt.getTime() > this.forgetAfterMs) this.runs.delete(eventId);
    }
  }
}

function stateOf(run: Run, now: Date): EncoderState {
  const t = now.getTime();
  if (run.stoppedAt) return t >= run.stoppedAt.getTime() ? 'stopped' : 'stopping';
  if (t < run.readyAt.getTime()) return 'starting';
  return run.error ? 'failed' : 'running';
}
