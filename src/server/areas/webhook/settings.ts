/**
 * How webhooks are delivered. main.ts gives nothing and gets the defaults below (the address
 * policy from WEBHOOKS_ALLOW_PRIVATE); tests pass `services: { webhooks: {...} }` to buildApp
 * (createTestApp) to allow receivers on 127.0.0.1 or to shorten the policy, without environment
 * variables.
 */
import { parseConfig } from '../../config.ts';
import { systemResolver, type AddressPolicy, type Resolver } from './address-policy.ts';

export interface WebhookSettings {
  /** Allow loopback and private addresses. Default: WEBHOOKS_ALLOW_PRIVATE (false). */
  allowPrivate?: boolean;
  /** Time-out of one HTTP attempt, connection to last byte read. Default 10 s. */
  timeoutMs?: number;
  /** Attempts before a delivery is given up. Default 8. */
  maxAttempts?: number;
  /** Wait before attempt `attempt + 1` after attempt `attempt` failed. Default 30 s doubling: 8 attempts over ~1 h. */
  backoffMs?: (attempt: number) => number;
  /** Deliveries in flight at once in this process. Default 32. */
  concurrency?: number;
  /** Deliveries in flight at once to one webhook, so one slow receiver cannot take every slot. Default 4. */
  perWebhookConcurrency?: number;
  /** DNS resolution (tests simulate rebinding with it). Default: the system's resolver. */
  resolve?: Resolver;
  /** On shutdown, how long deliveries in flight may take before they are cut (and retried after the restart). Default 5 s. */
  shutdownGraceMs?: number;
}

declare module '../../services.ts' {
  interface AppServices {
    /** Webhook delivery (src/server/areas/webhook/settings.ts). */
    webhooks?: WebhookSettings;
  }
}

export type ResolvedWebhookSettings = Required<WebhookSettings> & { policy: AddressPolicy };

/** 30 s, 1, 2, 4, 8, 16, 32 min: the 8th attempt comes ~63 min after the first. */
export const defaultBackoffMs = (attempt: number): number => Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempt - 1));

let fromEnvironment: boolean | undefined;
/** WEBHOOKS_ALLOW_PRIVATE as config.ts reads it (main.ts has already refused an invalid value at start). */
function allowPrivateFromEnvironment(): boolean {
  if (fromEnvironment === undefined) {
    try {
      fromEnvironment = parseConfig(process.env).webhooksAllowPrivate;
    } catch {
      fromEnvironment = false;
    }
  }
  return fromEnvironment;
}

export function resolveSettings(settings: WebhookSettings | undefined): ResolvedWebhookSettings {
  const allowPrivate = settings?.allowPrivate ?? allowPrivateFromEnvironment();
  return {
    allowPrivate,
    timeoutMs: 10_000,
    maxAttempts: 8,
    backoffMs: defaultBackoffMs,
    concurrency: 32,
    perWebhookConcurrency: 4,
    resolve: systemResolver,
    shutdownGraceMs: 5_000,
    ...(Object.fromEntries(Object.entries(settings ?? {}).filter(([, v]) => v !== undefined)) as WebhookSettings),
    policy: { allowPrivate },
  };
}
