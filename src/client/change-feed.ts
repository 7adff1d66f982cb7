/**
 * The reader of a service's change feed (`GET {baseUrl}/changes`, Server-Sent Events; see
 * DESIGN.md "Change feed"), framework-free. A browser EventSource cannot send the API-KEY header,
 * so the stream is read with fetch and parsed by eventsource-parser (`createSseParser`).
 *
 * - A message's `data` is a WebhookNotification (a change of an event); `onChange` gets it with
 *   its id (the change seq). An `event: change` is a change of another record (EntityChange:
 *   a publication, an asset, a download...); `onEntityChange` gets it.
 * - `event: ready` ends the replay (its id is the position reached): the feed is `live` from then on.
 * - On a dropped stream it reconnects with exponential backoff (from the server's `retry:` hint),
 *   sending `Last-Event-ID`, so no change is lost; `ready` says `complete: false` when the service
 *   no longer holds every change since that id (the caller then refreshes everything).
 * - A service without the feed (404, 405, 501, or an answer that is not an event stream) makes the
 *   status `polling`: the caller polls instead. It looks again now and then (the service may be
 *   upgraded).
 * - A stream that says nothing (not even the heartbeat comment) for `staleAfterMs` is taken as
 *   dead (a sleeping laptop, a proxy that dropped it) and replaced.
 * - `pause()` closes the stream and remembers where it was; `resume()` catches up from there.
 *
 * @example
 * const feed = openChangeFeed({ baseUrl: '/api', apiKey, onChange: ({ notification }) => ..., onStatus: (s) => ... });
 * feed.close();
 */
import { createParser } from 'eventsource-parser';
import { EntityChangeSchema, PresenceChangeSchema, WebhookNotificationSchema, type EntityChange, type PresenceChange, type WebhookNotification } from '#schema';

// ---- The event-stream parser ----------------------------------------------------------------------

export interface SseMessage {
  /** `message` unless the stream said `event: <type>`. */
  type: string;
  data: string;
  /** The last event id after this message (the stream's, carried over from earlier messages). */
  lastEventId: string;
}

export interface SseParserHandlers {
  onMessage(message: SseMessage): void;
  /** A `retry:` field: the reconnection time the server asks for, in ms. */
  onRetry?(ms: number): void;
}

export interface SseParser {
  /** Feeds decoded text; any split of the stream into chunks gives the same messages. */
  push(text: string): void;
  readonly lastEventId: string;
}

/**
 * The WHATWG event-stream rules (partial lines across chunks, CR/LF/CRLF, a BOM, comments, unknown
 * fields) are eventsource-parser's; this adds what a reconnecting reader needs of them: the type
 * an EventSource gives a message (`message` by default) and the last event id carried over.
 */
export function createSseParser(handlers: SseParserHandlers, initialLastEventId = ''): SseParser {
  let lastEventId = initialLastEventId;
  const parser = createParser({
    onEvent: (event) => {
      if (event.id !== undefined && !event.id.includes('\0')) lastEventId = event.id;
      handlers.onMessage({ type: event.event || 'message', data: event.data, lastEventId });
    },
    onRetry: (ms) => handlers.onRetry?.(ms),
  });
  return {
    push: (text) => parser.feed(text),
    get lastEventId() {
      return lastEventId;
    },
  };
}

// ---- The feed reader --------------------------------------------------------------------------------

/**
 * - `connecting`: the first attempt, not yet answered.
 * - `live`: the stream is open and caught up; changes arrive as they happen.
 * - `reconnecting`: the stream dropped or the service answered with an error; trying again.
 * - `polling`: the service has no change feed; the caller polls.
 * - `offline`: the service cannot be reached (or refuses the key); trying again.
 * - `paused`: `pause()`d (the tab is hidden); `resume()` catches up.
 * - `closed`: `close()`d.
 */
export type ChangeFeedStatus = 'connecting' | 'live' | 'reconnecting' | 'polling' | 'offline' | 'paused' | 'closed';

export interface FeedChange {
  /** The SSE id: the change's seq on the reference service. */
  id: string;
  notification: WebhookNotification;
}

/** A change of a record other than an event (`event: change`). */
export interface FeedEntityChange {
  /** The SSE id: the change's seq. */
  id: string;
  change: EntityChange;
}

export interface FeedReady {
  /** The position reached (resume from here). */
  id: string;
  /** False when changes after the resume point are no longer held by the service: refresh everything. */
  complete: boolean;
  /** Whether this stream resumed from an earlier position (false: it began at the present). */
  resumed: boolean;
  /** When the request that led here was sent (Date.now()). */
  requestedAt: number;
}

export interface FeedStatusDetail {
  /** Why it is not live, in words, for a tooltip. */
  reason?: string;
  /** When the next attempt is due (Date.now() scale), while waiting to reconnect. */
  retryAt?: number;
  /** The HTTP status that led here, if any. */
  httpStatus?: number;
}

export interface ChangeFeedOptions {
  /** The API's base URL, as the connection has it: `/api` or `https://host/api`. */
  baseUrl: string;
  apiKey: string;
  /** Default: the global fetch. */
  fetch?: typeof fetch;
  /** Resume after this id (a change seq) instead of starting at the present. */
  lastEventId?: string;
  /** Only the changes of this event. */
  eventId?: string;
  onChange(change: FeedChange): void;
  /** Changes of the other records (publications, assets, downloads, captures...). */
  onEntityChange?(change: FeedEntityChange): void;
  /** Someone opened or left a record (`event: presence`, no change of data): ask who is there now. */
  onPresence?(change: PresenceChange): void;
  onReady?(ready: FeedReady): void;
  onStatus?(status: ChangeFeedStatus, detail: FeedStatusDetail): void;
  /** First reconnection delay when the server gives no `retry:` hint. Default 1 s. */
  initialRetryMs?: number;
  /** Longest reconnection delay. Default 30 s. */
  maxRetryMs?: number;
  /** How long a stream may say nothing before it is replaced. Default 45 s (the service sends a comment every 15 s). */
  staleAfterMs?: number;
  /** How often to look again for a feed on a service without one. Default 5 minutes. */
  noFeedRetryMs?: number;
  /** For jitter; tests pass a constant. Default Math.random. */
  random?: () => number;
}

export interface ChangeFeed {
  readonly status: ChangeFeedStatus;
  /** Where the feed stands: the id to resume after. */
  readonly lastEventId: string | undefined;
  /** Closes the stream, keeping the position. */
  pause(): void;
  /** Reconnects from the position kept (after `pause()`), or at once when waiting to retry. */
  resume(): void;
  /** Ends it for good. */
  close(): void;
}

/** What tells "this service has no change feed" apart from "the feed failed this time". */
function isNoFeedStatus(status: number): boolean {
  return status === 404 || status === 405 || status === 501;
}

export function isEventStream(contentType: string | null): boolean {
  return contentType !== null && contentType.split(';')[0]!.trim().toLowerCase() === 'text/event-stream';
}

export function changeFeedUrl(baseUrl: string, eventId?: string): string {
  const origin = typeof location === 'undefined' ? 'http://localhost' : location.origin;
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}/changes`, origin);
  if (eventId) url.searchParams.set('eventId', eventId);
  return url.toString();
}

class StreamStopped extends Error {}

/** A message's JSON, or undefined when it is not JSON (the schema then refuses it). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Hands a change to the caller; a failing listener does not stop the stream. */
function deliver(call: () => void): void {
  try {
    call();
  } catch {
    // The caller's failure is its own.
  }
}

/** Lets go of an answer not read to its end: its body, and the request (so its connection closes). */
function discard(response: Response, attempt: AbortController): void {
  attempt.abort(new StreamStopped('answer not used'));
  void response.body?.cancel().catch(() => undefined);
}

export function openChangeFeed(options: ChangeFeedOptions): ChangeFeed {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const initialRetryMs = options.initialRetryMs ?? 1_000;
  const maxRetryMs = options.maxRetryMs ?? 30_000;
  const staleAfterMs = options.staleAfterMs ?? 45_000;
  const noFeedRetryMs = options.noFeedRetryMs ?? 300_000;
  const random = options.random ?? Math.random;
  const url = changeFeedUrl(options.baseUrl, options.eventId);

  let status: ChangeFeedStatus = 'connecting';
  let lastEventId = options.lastEventId;
  /** The server's `retry:` hint, when it gave one. */
  let serverRetryMs: number | undefined;
  /** Failed attempts in a row (reset once a stream is live). */
  let failures = 0;
  let everConnected = false;
  let paused = false;
  let closed = false;
  let controller: AbortController | undefined;
  let waitTimer: ReturnType<typeof setTimeout> | undefined;
  let wake: (() => void) | undefined;
  /** Bumped by pause() and close(): the loop of an earlier generation stops. */
  let currentGeneration = 0;

  const setStatus = (next: ChangeFeedStatus, detail: FeedStatusDetail = {}) => {
    status = next;
    try {
      options.onStatus?.(next, detail);
    } catch {
      // The caller's failure is its own; the feed goes on.
    }
  };

  const backoffMs = () => {
    const base = Math.max(serverRetryMs ?? initialRetryMs, 250);
    const delay = Math.min(maxRetryMs, base * 2 ** Math.max(0, failures - 1));
    // Between 75 % and 100 %: many dashboards dropped at once do not come back at once.
    return Math.round(delay * (0.75 + 0.25 * random()));
  };

  /** Waits `ms`, or less when resumed, woken (the browser came online) or closed. */
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      wake = () => {
        clearTimeout(waitTimer);
        wake = undefined;
        resolve();
      };
      waitTimer = setTimeout(() => wake?.(), ms);
    });

  const onOnline = () => wake?.();
  if (typeof window !== 'undefined') window.addEventListener('online', onOnline);

  /** Reads one stream to its end; resolves when it ends, rejects on a failure. */
  async function readStream(response: Response, requestedAt: number, resumed: boolean, attempt: AbortController): Promise<void> {
    const body = response.body;
    if (!body) throw new Error('the answer has no body');
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let staleTimer: ReturnType<typeof setTimeout> | undefined;
    const armStale = () => {
      clearTimeout(staleTimer);
      staleTimer = setTimeout(() => attempt.abort(new StreamStopped('the stream went quiet')), staleAfterMs);
    };
    const parser = createSseParser(
      {
        onRetry: (ms) => {
          serverRetryMs = ms;
        },
        onMessage: (message) => {
          if (message.lastEventId !== '') lastEventId = message.lastEventId;
          if (message.type === 'ready') {
            let complete = true;
            try {
              complete = (JSON.parse(message.data) as { complete?: unknown }).complete !== false;
            } catch {
              // A ready without a readable body is still the end of the replay.
            }
            failures = 0;
            everConnected = true;
            setStatus('live');
            options.onReady?.({ id: message.lastEventId, complete, resumed, requestedAt });
            return;
          }
          if (message.type === 'change') {
            const change = EntityChangeSchema.safeParse(parseJson(message.data));
            if (change.success) deliver(() => options.onEntityChange?.({ id: message.lastEventId, change: change.data }));
            return;
          }
          if (message.type === 'presence') {
            try {
              const change = PresenceChangeSchema.safeParse(JSON.parse(message.data));
              if (change.success) options.onPresence?.(change.data);
            } catch {
              // Not readable, or a failing listener: the stream goes on.
            }
            return;
          }
          if (message.type !== 'message') return;
          const notification = WebhookNotificationSchema.safeParse(parseJson(message.data));
          if (notification.success) deliver(() => options.onChange({ id: message.lastEventId, notification: notification.data }));
        },
      },
      lastEventId ?? '',
    );
    armStale();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        armStale();
        parser.push(decoder.decode(value, { stream: true }));
      }
      // An unfinished message at the end is dropped, as the standard says: nothing is fed after it.
      parser.push(decoder.decode());
    } finally {
      clearTimeout(staleTimer);
      void reader.cancel().catch(() => undefined);
    }
  }

  /** One connection loop; a pause ends it (its generation is over) and a resume starts the next. */
  async function run(generation: number): Promise<void> {
    const over = () => closed || generation !== currentGeneration;
    while (!over()) {
      if (status !== 'polling' && status !== 'offline') setStatus(everConnected || failures > 0 ? 'reconnecting' : 'connecting');
      const attempt = new AbortController();
      controller = attempt;
      const resumed = lastEventId !== undefined;
      const requestedAt = Date.now();
      const headers: Record<string, string> = { Accept: 'text/event-stream', 'API-KEY': options.apiKey };
      if (lastEventId !== undefined) headers['Last-Event-ID'] = lastEventId;

      let response: Response;
      try {
        response = await doFetch(url, { headers, signal: attempt.signal, cache: 'no-store' });
      } catch {
        if (over()) return;
        failures++;
        const retryAt = Date.now() + backoffMs();
        setStatus('offline', { reason: 'The change feed cannot be reached', retryAt });
        await wait(retryAt - Date.now());
        continue;
      }
      if (over()) {
        discard(response, attempt);
        return;
      }

      if (isNoFeedStatus(response.status) || (response.ok && !isEventStream(response.headers.get('content-type')))) {
        discard(response, attempt);
        setStatus('polling', {
          reason: response.ok ? 'The service answers, but not with an event stream' : `The service has no change feed (HTTP ${response.status})`,
          httpStatus: response.status,
          retryAt: Date.now() + noFeedRetryMs,
        });
        await wait(noFeedRetryMs);
        continue;
      }
      if (response.status === 400 && lastEventId !== undefined) {
        // The service does not know our position (another service behind the same URL?): start afresh.
        discard(response, attempt);
        lastEventId = undefined;
        continue;
      }
      if (!response.ok) {
        discard(response, attempt);
        failures++;
        const retryAt = Date.now() + backoffMs();
        const refused = response.status === 401 || response.status === 403;
        setStatus(refused ? 'offline' : 'reconnecting', {
          reason: refused ? 'The service refused the API key' : `The change feed answered HTTP ${response.status}`,
          httpStatus: response.status,
          retryAt,
        });
        await wait(retryAt - Date.now());
        continue;
      }

      try {
        await readStream(response, requestedAt, resumed, attempt);
      } catch {
        // A network failure or our own abort (stale, pause, close): decided below.
      }
      // Whatever ended the stream, the request is over: let go of its connection.
      attempt.abort(new StreamStopped('stream ended'));
      if (over()) return;
      failures++;
      const retryAt = Date.now() + backoffMs();
      setStatus('reconnecting', { reason: 'The change feed was interrupted', retryAt });
      await wait(retryAt - Date.now());
    }
  }

  void run(currentGeneration);

  return {
    get status() {
      return status;
    },
    get lastEventId() {
      return lastEventId;
    },
    pause() {
      if (closed || paused) return;
      paused = true;
      currentGeneration++;
      controller?.abort(new StreamStopped('paused'));
      wake?.();
      setStatus('paused');
    },
    resume() {
      if (closed) return;
      if (paused) {
        paused = false;
        failures = 0;
        void run(currentGeneration);
      } else {
        wake?.();
      }
    },
    close() {
      if (closed) return;
      closed = true;
      currentGeneration++;
      controller?.abort(new StreamStopped('closed'));
      wake?.();
      if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
      setStatus('closed');
    },
  };
}
