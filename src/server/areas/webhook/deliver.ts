/**
 * One HTTP attempt of a webhook call: a real POST through the service's one way out
 * (outbound/request.ts: the address policy on the address the connection really uses, no
 * redirects, a time-out), with the answer kept to 1 KB. A 3xx is a failed attempt.
 */
import type { AddressPolicy, Resolver } from '../../outbound/address-policy.ts';
import { outboundRequest } from '../../outbound/request.ts';

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

/** Text PostgreSQL can store (no NUL) and a person can read. */
function clean(text: string): string {
  // eslint-disable-next-line no-control-regex -- removing NUL is the point
  return text.replace(/\u0000/g, '\uFFFD');
}

function retryAfter(header: string | string[] | undefined): number | undefined {
  const text = Array.isArray(header) ? header[0] : header;
  if (!text) return undefined;
  if (/^\d+$/.test(text.trim())) return Number(text.trim());
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.round((at - Date.now()) / 1000));
}

/** Sends one POST through the outbound module; never throws: every failure is in the result. */
export async function send(options: SendOptions): Promise<SendResult> {
  const result = await outboundRequest({
    url: options.url,
    method: 'POST',
    headers: options.headers,
    body: options.body,
    policy: options.policy,
    resolve: options.resolve,
    timeoutMs: options.timeoutMs,
    maxBytes: EXCERPT_BYTES,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (!result.ok) return { statusCode: null, responseExcerpt: null, error: clean(result.message), latencyMs: result.latencyMs };
  const excerpt = result.body.toString('utf8');
  const wait = result.status === 429 || result.status === 503 ? retryAfter(result.headers['retry-after']) : undefined;
  return {
    statusCode: result.status,
    responseExcerpt: excerpt === '' ? null : clean(excerpt),
    error: null,
    latencyMs: result.latencyMs,
    ...(wait === undefined ? {} : { retryAfterSeconds: wait }),
  };
}
