/**
 * One HTTP attempt of a webhook call: a real POST over the network with a time-out, the address
 * policy applied to the addresses the connection really uses, and the answer kept to 1 KB.
 *
 * Node's `http`/`https` rather than the global fetch: the policy has to judge the address the
 * socket connects to, after DNS resolution (address-policy.ts), which `lookup` gives here and which
 * the global fetch only allows through the `undici` package's dispatcher. Redirects are never
 * followed (a 3xx is a failed attempt): following one would let a receiver aim the call anywhere.
 */
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import { refusal, urlHost, type AddressPolicy, type Resolver } from './address-policy.ts';

export interface SendOptions {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  policy: AddressPolicy;
  resolve: Resolver;
  /** Cuts the attempt short (the service is stopping). */
  signal?: AbortSignal;
}

export interface SendResult {
  /** Null when no HTTP answer came. */
  statusCode: number | null;
  responseExcerpt: string | null;
  error: string | null;
  latencyMs: number;
  /** Seconds the receiver asked to wait (Retry-After on a 429 or 503), when it did. */
  retryAfterSeconds?: number;
}

export const EXCERPT_BYTES = 1024;

class RefusedAddress extends Error {
  override readonly name = 'RefusedAddress';
}

/** A DNS lookup for the socket that refuses what the policy refuses, so a rebound name cannot slip through. */
function safeLookup(policy: AddressPolicy, resolve: Resolver): LookupFunction {
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

/** Text PostgreSQL can store (no NUL) and a person can read. */
function clean(text: string): string {
  // eslint-disable-next-line no-control-regex -- removing NUL is the point
  return text.replace(/\u0000/g, '\uFFFD');
}

function describeError(error: unknown, timeoutMs: number, timedOut: boolean, aborted: boolean): string {
  if (timedOut) return `no complete answer within ${timeoutMs / 1000} s (time-out)`;
  if (aborted) return 'interrupted: the service was stopping';
  if (error instanceof RefusedAddress) return `refused: ${error.message}`;
  const e = error as NodeJS.ErrnoException;
  const known: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ECONNRESET: 'connection reset by the receiver',
    ENOTFOUND: 'host not found',
    EAI_AGAIN: 'host name lookup failed (temporary)',
    EHOSTUNREACH: 'host unreachable',
    ENETUNREACH: 'network unreachable',
    ETIMEDOUT: 'connection timed out',
    EPIPE: 'connection closed by the receiver',
  };
  const text = e.code && known[e.code] ? `${known[e.code]} (${e.code})` : (e.message ?? String(error));
  return clean(text).slice(0, 500);
}

function retryAfter(header: string | string[] | undefined): number | undefined {
  const text = Array.isArray(header) ? header[0] : header;
  if (!text) return undefined;
  if (/^\d+$/.test(text.trim())) return Number(text.trim());
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.round((at - Date.now()) / 1000));
}

/** Sends one POST; never throws: every failure is in the result. */
export function send(options: SendOptions): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(options.url);
  const host = urlHost(url);

  // An address written in the URL never goes through a lookup: judge it here.
  if (isIP(host)) {
    const why = refusal(host, options.policy);
    if (why) return Promise.resolve({ statusCode: null, responseExcerpt: null, error: `refused: ${why}`, latencyMs: elapsed() });
  }

  return new Promise<SendResult>((resolvePromise) => {
    let settled = false;
    let timedOut = false;
    const controller = new AbortController();
    const finish = (result: Omit<SendResult, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      controller.abort();
      resolvePromise({ ...result, latencyMs: elapsed() });
    };
    const fail = (error: unknown) =>
      finish({ statusCode: null, responseExcerpt: null, error: describeError(error, options.timeoutMs, timedOut, options.signal?.aborted ?? false) });
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.timeoutMs);
    const onAbort = () => controller.abort();
    if (options.signal?.aborted) controller.abort();
    options.signal?.addEventListener('abort', onAbort);

    const client = url.protocol === 'https:' ? https : http;
    const body = Buffer.from(options.body, 'utf8');
    let request: http.ClientRequest;
    try {
      request = client.request(url, {
        method: 'POST',
        headers: { ...options.headers, 'Content-Length': String(body.length) },
        lookup: safeLookup(options.policy, options.resolve),
        // A fresh connection for each call: no socket is shared between receivers or reused
        // after its address was judged.
        agent: false,
        signal: controller.signal,
      });
    } catch (error) {
      fail(error);
      return;
    }
    request.on('error', fail);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const excerpt = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8');
        const status = response.statusCode ?? 0;
        const wait = status === 429 || status === 503 ? retryAfter(response.headers['retry-after']) : undefined;
        finish({
          statusCode: status,
          responseExcerpt: excerpt === '' ? null : clean(excerpt),
          error: null,
          ...(wait === undefined ? {} : { retryAfterSeconds: wait }),
        });
        response.destroy();
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        // The rest of a long answer is not read: 1 KB is all the log keeps.
        if (size >= EXCERPT_BYTES) done();
      });
      // Once the status line is in, it is the outcome, even if the body is cut short.
      response.on('end', done);
      response.on('error', done);
      response.on('close', done);
    });
    request.end(body);
  });
}
