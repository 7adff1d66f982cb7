/**
 * Publication callbacks (service-interface.md "Publication callbacks"; their rules are ours): when a
 * publication completes, each of its callback URLs (callbackUrls in publicationJson) gets one JSON
 * POST with the publication, as a durable job (`syndication.callback`) retried with backoff (5 s,
 * 10 s, 20 s ... 8 attempts) until the receiver answers 2xx. lastTriggered is the time of the
 * last call the receiver accepted; lastResult keeps the last attempt's outcome.
 *
 * The HTTP call goes through the outbound module (src/server/outbound/: address policy with
 * OUTBOUND_ALLOW_PRIVATE, no redirects, time and size limits).
 */
import type { z } from 'zod';
import type { JobHandler } from '../../jobs/queue.ts';
import type { AppServices } from '../../services.ts';
import { checkUrl } from '../../outbound/address-policy.ts';
import { outboundRequest } from '../../outbound/request.ts';
import { policyOf } from '../../outbound/settings.ts';
import { serializePublications, type CallbackJobPayload } from './core.ts';
import { findCallback, publicationById, recordCallbackResult } from './repo.ts';

export interface CallbackResult {
  ok: boolean;
  status: number | null;
  error: string | null;
}

/** One POST of a JSON body to a client's URL, under the outbound address policy; never throws. */
/** A callback answer is not kept beyond this; only its status matters. */
const CALLBACK_ANSWER_BYTES = 1024;
const CALLBACK_TIMEOUT_MS = 10_000;

/** One POST of a JSON body to a client's URL, through the outbound module; never throws. */
export async function postCallback(services: Pick<AppServices, 'outbound'>, url: string, body: unknown, headers: Record<string, string> = {}): Promise<CallbackResult> {
  const result = await outboundRequest({
    url,
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'User-Agent': 'ControlRoom-Publications/1.0', ...headers },
    timeoutMs: CALLBACK_TIMEOUT_MS,
    maxBytes: CALLBACK_ANSWER_BYTES,
    policy: policyOf(services.outbound),
    resolve: services.outbound.resolve,
  });
  if (!result.ok) return { ok: false, status: null, error: result.message };
  const ok = result.status >= 200 && result.status < 300;
  return { ok, status: result.status, error: ok ? null : `answered ${result.status}` };
}

/** Why a callback URL may not be registered (the address policy), or undefined. */
export async function callbackUrlRefusal(services: Pick<AppServices, 'outbound'>, url: string): Promise<string | undefined> {
  return checkUrl(new URL(url), policyOf(services.outbound), services.outbound.resolve);
}

export const callbackJob: JobHandler<z.output<typeof CallbackJobPayload>> = async ({ callbackId }, ctx) => {
  const callback = await findCallback(ctx.db, callbackId);
  if (!callback) return; // the publication was deleted meanwhile
  const row = await publicationById(ctx.db, callback.clientId, callback.publicationId);
  if (!row) return;
  const [publication] = await serializePublications(ctx.db, [row]);
  const result = await postCallback(ctx.services, callback.url, publication, {
    'X-ControlRoom-Callback': callback.id,
    'X-ControlRoom-Attempt': String(ctx.job.attempts),
  });
  await recordCallbackResult(ctx.db, callback, { ...(result.ok ? { lastTriggered: ctx.clock.now() } : {}), lastResult: result.ok ? String(result.status) : result.error });
  if (!result.ok) throw new Error(`callback ${callback.url}: ${result.error}`);
};
