/**
 * How webhooks are delivered. main.ts gives nothing and gets the defaults below (the address
 * policy from OUTBOUND_ALLOW_PRIVATE or its alias WEBHOOKS_ALLOW_PRIVATE (outbound/settings.ts), the delivery log's retention from WEBHOOKS_RETENTION_DAYS);
 * tests pass `services: { webhooks: {...} }` to buildApp (createTestApp) to allow receivers on
 * 127.0.0.1 or to shorten the policy, without environment variables.
 *
 * | Variable                | Default | Meaning                                                                 |
 * |-------------------------|---------|-------------------------------------------------------------------------|
 * | OUTBOUND_ALLOW_PRIVATE (alias WEBHOOKS_ALLOW_PRIVATE) | false | `true` lets webhooks (and every outbound request) call loopback and private addresses |
 * | WEBHOOKS_RETENTION_DAYS | 30      | days a finished delivery (delivered or given up) stays in the delivery log; fractions allowed (0.5 = 12 h) |
 */
import { systemResolver, type AddressPolicy, type Resolver } from '../../outbound/address-policy.ts';
import { allowPrivateFromEnvironment } from '../../outbound/settings.ts';

export interface WebhookSettings {
  /** Allow loopback and private addresses. Default: OUTBOUND_ALLOW_PRIVATE / WEBHOOKS_ALLOW_PRIVATE (false). */
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
  /**
   * How long a finished delivery (delivered, or failed after its last attempt) and its attempts
   * stay in the delivery log before the prune job (prune.ts) deletes them. Deliveries still to be
   * sent are never pruned. Default: WEBHOOKS_RETENTION_DAYS, else 30 days.
   */
  retentionMs?: number;
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

const DAY_MS = 24 * 60 * 60_000;
export const DEFAULT_RETENTION_DAYS = 30;

/**
 * WEBHOOKS_RETENTION_DAYS: a positive number of days (fractions allowed), at most 10 years.
 * Answers the retention in ms, or a message saying what is wrong (the default applies then).
 */
export function parseRetentionDays(raw: string | undefined): { retentionMs: number; problem?: string } {
  const text = raw?.trim();
  const fallback = DEFAULT_RETENTION_DAYS * DAY_MS;
  if (text === undefined || text === '') return { retentionMs: fallback };
  const days = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || !(days > 0) || days > 3650) {
    return {
      retentionMs: fallback,
      problem: `WEBHOOKS_RETENTION_DAYS must be a number of days greater than 0 and at most 3650 (e.g. 30 or 0.5), not "${text}"; keeping ${DEFAULT_RETENTION_DAYS} days`,
    };
  }
  return { retentionMs: Math.round(days * DAY_MS) };
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
    retentionMs: parseRetentionDays(process.env.WEBHOOKS_RETENTION_DAYS).retentionMs,
    ...(Object.fromEntries(Object.entries(settings ?? {}).filter(([, v]) => v !== undefined)) as WebhookSettings),
    policy: { allowPrivate },
  };
}
