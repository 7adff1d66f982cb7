/**
 * The one way out (DESIGN.md "Outbound requests"): every request the service makes to a URL a
 * client chose goes through `outboundRequest` — webhooks (areas/webhook/deliver.ts), the MP4
 * probe of compositions (areas/compose/media-probe.ts), and the publication callbacks and
 * syndication targets still to come.
 *
 * - Address policy (address-policy.ts) on the address the socket really connects to, after DNS
 *   resolution (a name rebound to 127.0.0.1 after it was checked is refused); an IP literal in the
 *   URL is judged before anything is sent. OUTBOUND_ALLOW_PRIVATE allows loopback and private
 *   addresses; the cloud metadata address is refused always.
 * - Only http: and https:. No redirects: a 3xx is the answer (the caller treats it as a failure),
 *   so a receiver cannot send the request elsewhere.
 * - Time limit for the whole exchange, size limit for the answer (the rest is not read).
 * - Connections are kept alive and reused (a webhook's receiver gets many requests in a row), but
 *   only by requests under the same policy and resolver as the one that judged the socket's
 *   address (one pool per policy and resolver, `agentFor`), and each request judges the address
 *   of a reused socket again before it is sent. A socket is reused only after its answer was read
 *   to the end; one cut short (time-out, too long an answer, abort) is closed.
 * - Never throws: the outcome says what happened, with `kind` for the caller's own use. Callers
 *   that answer a client with it use `UNIFORM_FAILURE`, so that a refused address, a closed port
 *   and an open one that does not answer properly cannot be told apart (and `minFailureMs` evens
 *   out their timing).
 */
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import { refusal, systemResolver, urlHost, type AddressPolicy, type Resolver } from './address-policy.ts';

export interface OutboundRequest {
  url: string;
  method?: 'GET' | 'POST' | 'HEAD';
  headers?: Record<string, string>;
  body?: string | Buffer;
  policy: AddressPolicy;
  /** Default: the system's DNS. */
  resolve?: Resolver;
  /** The whole exchange, connection to the last byte read. */
  timeoutMs: number;
  /** Bytes of the answer's body kept; the rest is not read. */
  maxBytes: number;
  /** Cuts the request short (the service is stopping). */
  signal?: AbortSignal;
  /** A failure is answered no sooner than this after the start (timing does not tell kinds apart). Default 0. */
  minFailureMs?: number;
}

export type FailureKind = 'invalid-url' | 'refused-address' | 'timeout' | 'aborted' | 'network';

export type OutboundResult =
  | {
      ok: true;
      status: number;
      headers: http.IncomingHttpHeaders;
      /** Up to maxBytes of the body. */
      body: Buffer;
      /** The body was longer than maxBytes (and was not read to its end). */
      truncated: boolean;
      latencyMs: number;
    }
  | { ok: false; kind: FailureKind; message: string; latencyMs: number };

/** What a client is told when an outbound request failed, whatever the reason. */
export const UNIFORM_FAILURE = 'could not be fetched (refused by the address policy, unreachable, or no valid answer in time)';

class RefusedAddress extends Error {
  override readonly name = 'RefusedAddress';
}

/** A DNS lookup for the socket that refuses what the policy refuses, so a rebound name cannot slip through. */
export function safeLookup(policy: AddressPolicy, resolve: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
        if (wanted.length === 0) {
          callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 4);
          return;
        }
        for (const { address } of wanted) {
          const why = refusal(address, policy);
          if (why) {
            callback(new RefusedAddress(`${hostname} resolves to ${why}`), '', 4);
            return;
          }
        }
        if (options.all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, wanted);
        else callback(null, wanted[0]!.address, wanted[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 4),
    );
  };
}

const KNOWN: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset by the receiver',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed (temporary)',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'connection timed out',
  EPIPE: 'connection closed by the receiver',
};

function describeNetworkError(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  // eslint-disable-next-line no-control-regex -- NUL cannot be stored as text
  const text = e.code && KNOWN[e.code] ? `${KNOWN[e.code]} (${e.code})` : (e.message ?? String(error)).replace(/\u0000/g, '\uFFFD');
  return text.slice(0, 500);
}

/** Connection pools, one per (scheme, policy) for each resolver (tests pass their own). */
const agents = new WeakMap<Resolver, Map<string, http.Agent>>();

/** How long an idle kept-alive connection stays open. */
const IDLE_SOCKET_MS = 5_000;

function agentFor(protocol: string, policy: AddressPolicy, resolve: Resolver): http.Agent {
  let pools = agents.get(resolve);
  if (!pools) agents.set(resolve, (pools = new Map()));
  const key = `${protocol}|${JSON.stringify(policy)}`;
  let agent = pools.get(key);
  if (!agent) {
    const options: http.AgentOptions = { keepAlive: true, maxSockets: 64, maxFreeSockets: 16, timeout: IDLE_SOCKET_MS, scheduling: 'lifo' };
    agent = protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
    pools.set(key, agent);
  }
  return agent;
}

export async function outboundRequest(options: OutboundRequest): Promise<OutboundResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const result = await attempt(options, elapsed);
  if (!result.ok && options.minFailureMs && result.kind !== 'aborted') {
    const wait = options.minFailureMs - (performance.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    return { ...result, latencyMs: elapsed() };
  }
  return result;
}

function attempt(options: OutboundRequest, elapsed: () => number): Promise<OutboundResult> {
  const fail = (kind: FailureKind, message: string): OutboundResult => ({ ok: false, kind, message, latencyMs: elapsed() });
  let url: URL;
  try {
    url = new URL(options.url);
  } catch {
    return Promise.resolve(fail('invalid-url', 'is not a URL'));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return Promise.resolve(fail('invalid-url', 'must be an http(s) URL'));
  if (url.username || url.password) return Promise.resolve(fail('invalid-url', 'must not carry a user name or password'));
  const host = urlHost(url);
  // An address written in the URL never goes through a lookup: judge it here.
  if (isIP(host)) {
    const why = refusal(host, options.policy);
    if (why) return Promise.resolve(fail('refused-address', `refused: ${why}`));
  }

  return new Promise<OutboundResult>((resolvePromise) => {
    let settled = false;
    let timedOut = false;
    const controller = new AbortController();
    /** `keep`: the exchange ended cleanly, its connection may serve the next request. */
    const finish = (result: OutboundResult, keep = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (!keep) controller.abort();
      resolvePromise(result);
    };
    const failWith = (error: unknown) => {
      if (timedOut) finish(fail('timeout', `no complete answer within ${options.timeoutMs / 1000} s (time-out)`));
      else if (options.signal?.aborted) finish(fail('aborted', 'interrupted: the service was stopping'));
      else if (error instanceof RefusedAddress || (error as { cause?: unknown })?.cause instanceof RefusedAddress) {
        const refused = error instanceof RefusedAddress ? error : ((error as { cause: RefusedAddress }).cause);
        finish(fail('refused-address', `refused: ${refused.message}`));
      } else finish(fail('network', describeNetworkError(error)));
    };
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.timeoutMs);
    const onAbort = () => controller.abort();
    if (options.signal?.aborted) controller.abort();
    options.signal?.addEventListener('abort', onAbort);

    const client = url.protocol === 'https:' ? https : http;
    const body = options.body === undefined ? undefined : Buffer.isBuffer(options.body) ? options.body : Buffer.from(options.body, 'utf8');
    let request: http.ClientRequest;
    try {
      request = client.request(url, {
        method: options.method ?? 'GET',
        headers: { ...options.headers, ...(body ? { 'Content-Length': String(body.length) } : {}) },
        lookup: safeLookup(options.policy, options.resolve ?? systemResolver),
        agent: agentFor(url.protocol, options.policy, options.resolve ?? systemResolver),
        signal: controller.signal,
      });
    } catch (error) {
      failWith(error);
      return;
    }
    request.on('error', failWith);
    // A reused connection was judged when it was opened: judge its address again for this request.
    request.on('socket', (socket) => {
      const address = socket.connecting ? undefined : socket.remoteAddress;
      const why = address ? refusal(address, options.policy) : undefined;
      if (why) request.destroy(new RefusedAddress(`${host} is connected to ${why}`));
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      /** `complete`: the body was read to its end, so the connection can be reused. */
      const done = (complete: boolean) => {
        const all = Buffer.concat(chunks);
        finish(
          {
            ok: true,
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: all.subarray(0, options.maxBytes),
            truncated: truncated || all.length > options.maxBytes,
            latencyMs: elapsed(),
          },
          complete,
        );
        if (!complete) response.destroy();
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size > options.maxBytes) {
          truncated = true;
          done(false);
        }
      });
      // Once the status line is in, it is the outcome, even if the body is cut short.
      response.on('end', () => done(true));
      response.on('error', () => done(false));
      response.on('close', () => done(false));
    });
    request.end(body);
  });
}
