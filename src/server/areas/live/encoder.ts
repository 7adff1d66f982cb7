/**
 * The encoder adapter (AppServices.encoder): what the service asks of the encoders of a channel when a live event
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
import type { DbOrTx } from '../../db/database.ts';

/**
 * Where an event stands on the encoder. `idle`: never started here (or forgotten, after a
 * long while: a job that finds `idle` where it expected `starting` sends `start` again). `failed`: the start did not succeed; see `error`.
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

/** The event an encoder works for, and its client. */
export interface EncoderRef {
  clientId: string;
  eventId: string;
}

/**
 * Each call takes the handle it runs on: the caller's, in its transaction when it has one (the
 * live area calls the encoder with the event's row locked, which serialises the commands for an
 * event). The simulated encoder keeps its runs in the service's database through it, so a restart
 * and a second process see the same encoders; a real one would ignore it.
 */
export interface Encoder {
  /** Asks the channel's encoders to publish the event. Answers when they expect to be ready. */
  start(db: DbOrTx, ref: EncoderRef, channel: ChannelConfiguration): Promise<{ readyAt: Date }>;
  /** Asks them to stop. Answers when they expect to have stopped. */
  stop(db: DbOrTx, ref: EncoderRef): Promise<{ stoppedAt: Date }>;
  /** How far the last command got, at the adapter's current time. */
  status(db: DbOrTx, ref: EncoderRef): Promise<EncoderStatus>;
}

