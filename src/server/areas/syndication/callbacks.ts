/**
 * Publication callbacks (service-interface.md "Publication callbacks"; their rules are ours): when a
 * publication completes, each of its callback URLs (callbackUrls in publicationJson) gets one JSON
 * POST with the publication, as a durable job (`syndication.callback`) retried with backoff (5 s,
 * 10 s, 20 s ... 8 attempts) until the receiver answers 2xx. lastTriggered is the time of the
 * last call the receiver accepted; lastResult keeps the last attempt's outcome.
 *
 * The HTTP call goes through `postCallback`, the one seam to the service's outbound requests
 * (today the webhooks' delivery and address policy: WEBHOOKS_ALLOW_PRIVATE applies; merge note:
 * point it at the shared outbound module).
 */
import { eq } from 'drizzle-orm';
import { publicationCallbacks, publications } from '../../db/tables/syndication.ts';
import type { JobHandler } from '../../jobs/queue.ts';
import type { AppServices } from '../../services.ts';
import { checkUrl } from '../webhook/address-policy.ts';
import { send } from '../webhook/deliver.ts';
import { resolveSettings } from '../webhook/settings.ts';
import { serializePublications } from './core.ts';

export interface CallbackResult {
  ok: boolean;
  status: number | null;
  error: string | null;
}

/** One POST of a JSON body to a client's URL, under the outbound address policy; never throws. */
export async function postCallback(services: AppServices, url: string, body: unknown, headers: Record<string, string> = {}): Promise<CallbackResult> {
  const settings = resolveSettings(services.webhooks);
  const result = await send({
    url,
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'User-Agent': 'ControlRoom-Publications/1.0', ...headers },
    timeoutMs: settings.timeoutMs,
    policy: settings.policy,
    resolve: settings.resolve,
  });
  const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  return { ok, status: result.statusCode, error: ok ? null : (result.error ?? `answered ${result.statusCode}`) };
}

/** Why a callback URL may not be registered (the address policy), or undefined. */
export async function callbackUrlRefusal(services: AppServices, url: string): Promise<string | undefined> {
  const settings = resolveSettings(services.webhooks);
  return checkUrl(new URL(url), settings.policy, settings.resolve);
}

export const callbackJob: JobHandler = async (payload, ctx) => {
  const callbackId = (payload as { callbackId?: string } | null)?.callbackId;
  if (!callbackId) throw new Error('syndication.callback: no callbackId');
  const [callback] = await ctx.db.select().from(publicationCallbacks).where(eq(publicationCallbacks.id, callbackId));
  if (!callback) return; // the publication was deleted meanwhile
  const [row] = await ctx.db.select().from(publications).where(eq(publications.id, callback.publicationId));
  if (!row) return;
  const [publication] = await serializePublications([row], { db: ctx.db, clock: ctx.clock, services: ctx.services });
  const result = await postCallback(ctx.services, callback.url, publication, {
    'X-ControlRoom-Callback': callback.id,
    'X-ControlRoom-Attempt': String(ctx.job.attempts),
  });
  await ctx.db
    .update(publicationCallbacks)
    .set({ ...(result.ok ? { lastTriggered: ctx.clock.now() } : {}), lastResult: result.ok ? String(result.status) : result.error })
    .where(eq(publicationCallbacks.id, callback.id));
  if (!result.ok) throw new Error(`callback ${callback.url}: ${result.error}`);
};
