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
 * - A fresh connection for each request: no socket is shared between receivers or reused after
 *   its address was judged.
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
    const finish = (result: OutboundResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      controller.abort();
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
        agent: false,
        signal: controller.signal,
      });
    } catch (error) {
      failWith(error);
      return;
    }
    request.on('error', failWith);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      const done = () => {
        const all = Buffer.concat(chunks);
        finish({
          ok: true,
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: all.subarray(0, options.maxBytes),
          truncated: truncated || all.length > options.maxBytes,
          latencyMs: elapsed(),
        });
        response.destroy();
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= options.maxBytes) {
          truncated = size > options.maxBytes;
          done();
        }
      });
      // Once the status line is in, it is the outcome, even if the body is cut short.
      response.on('end', done);
      response.on('error', done);
      response.on('close', done);
    });
    request.end(body);
  });
}
