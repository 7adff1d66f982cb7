/**
 * The encoder adapter: what the service asks of the encoders of a channel when a live event
 * starts and stops (DESIGN.md: "The simulated world", "Time and background work").
 *
 * A real encoder takes seconds to start publishing and to stop, so the interface is a request
 * and a report: `start` and `stop` answer at once with the time the encoder expects to be done,
 * and `status` reports, at any time, how far it got. The service drives an event's state with
 * jobs from these answers, e.g. PRE_LIVE -> LIVE_STARTING (start; a job at `readyAt`) ->
 * LIVE_UNPUBLISHED once `status` says `running`; LIVE_STOPPING (stop; a job at `stoppedAt`) ->
 * INSTANT_VOD once it says `stopped`. Nothing waits or sleeps.
 *
 * Commands are idempotent, so a job that runs twice (at-least-once delivery), or that runs after
 * a restart, may simply send its command again:
 * - `start` while starting or running answers the same `readyAt`; while stopping, the encoder
 *   starts again once stopped.
 * - `stop` while stopping answers the same `stoppedAt`; for an event the encoder is not running
 *   it answers at once (stopped now).
 */
import type { ChannelConfiguration } from '#schema';
import type { Clock } from '../jobs/clock.ts';

/**
 * Where an event stands on the encoder. `idle`: never started here (or forgotten: the simulated
 * encoder keeps its state in memory, so after a restart a job that finds `idle` where it expected
 * `starting` sends `start` again). `failed`: the start did not succeed; see `error`.
 */
export type EncoderState = 'idle' | 'starting' | 'running' | 'stopping' | 'stopped' | 'failed';

/** One publishing point, as the Event's video structure lists it (`publishingPointUrls`). */
export interface PublishingPointStatus {
  url: string;
  /** The encoder state on this point, e.g. `running`. */
  state: EncoderState;
  /** The point has received the stream at least once. */
  hasStarted: boolean;
  lastUpdated: Date;
  receivingData: boolean;
}

export interface EncoderStatus {
  eventId: string;
  state: EncoderState;
  /** The stream is arriving at the publishing points (state `running`). */
  receivingData: boolean;
  startRequestedAt: Date | null;
  /** When the stream is (or was) ready: the time of the running state; null before any start. */
  readyAt: Date | null;
  stopRequestedAt: Date | null;
  stoppedAt: Date | null;
  /** The primary (and secondary) publishing point of each encoder of the channel, in encoder order. */
  publishingPoints: PublishingPointStatus[];
  /** Why the start failed (state `failed`). */
  error: string | null;
}

export interface Encoder {
  /** Asks the channel's encoders to publish the event. Answers when they expect to be ready. */
  start(eventId: string, channel: ChannelConfiguration): Promise<{ readyAt: Date }>;
  /** Asks them to stop. Answers when they expect to have stopped. */
  stop(eventId: string): Promise<{ stoppedAt: Date }>;
  /** How far the last command got, at the adapter's current time. */
  status(eventId: string): Promise<EncoderStatus>;
}

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
