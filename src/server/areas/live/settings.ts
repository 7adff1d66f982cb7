/**
 * Settings of the live area, passed as `services.live` (all optional; services.ts resolves them once).
 */
export interface LiveSettings {
  /**
   * How long PUT /event/state/{id} with waitUntilCompleted=true (and PUT /event/forcerestart/{id})
   * waits for the encoder, in real milliseconds. Past it the request answers with the event as
   * it stands (LIVE_STARTING or LIVE_STOPPING) and the background job finishes the transition,
   * rather than running into a client's or proxy's time-out. Default 30 s.
   */
  waitTimeoutMs?: number;
  /** How often a waiting request asks the encoder again, in real milliseconds. Default 100 ms. */
  waitPollMs?: number;
}

export const DEFAULT_WAIT_TIMEOUT_MS = 30_000;
export const DEFAULT_WAIT_POLL_MS = 100;
