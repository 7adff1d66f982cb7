/**
 * How webhooks are delivered. main.ts passes the settings of config.ts (OUTBOUND_ALLOW_PRIVATE
 * or its alias WEBHOOKS_ALLOW_PRIVATE as `allowPrivate`, WEBHOOKS_RETENTION_DAYS as
 * `retentionMs`); tests pass `services: { webhooks: {...} }` to buildApp (createTestApp) to allow
 * receivers on 127.0.0.1 or to shorten the policy. Unset, the defaults below apply; services.ts
 * resolves them once (`resolveSettings`), and the area reads `services.webhooks`.
 */
import { DEFAULT_WEBHOOKS_RETENTION_DAYS } from '../../config.ts';
import { systemResolver, type AddressPolicy, type Resolver } from '../../outbound/address-policy.ts';

export interface WebhookSettings {
  /** Allow loopback and private addresses. Default false (main.ts passes OUTBOUND_ALLOW_PRIVATE). */
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
   * sent are never pruned. Default 30 days (main.ts passes WEBHOOKS_RETENTION_DAYS).
   */
  retentionMs?: number;
}

export type ResolvedWebhookSettings = Required<WebhookSettings> & { policy: AddressPolicy };

/** 30 s, 1, 2, 4, 8, 16, 32 min: the 8th attempt comes ~63 min after the first. */
export const defaultBackoffMs = (attempt: number): number => Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempt - 1));

const DAY_MS = 24 * 60 * 60_000;
export const DEFAULT_RETENTION_DAYS = DEFAULT_WEBHOOKS_RETENTION_DAYS;

export function resolveSettings(settings: WebhookSettings | undefined): ResolvedWebhookSettings {
  const allowPrivate = settings?.allowPrivate ?? false;
  return {
    allowPrivate,
    timeoutMs: 10_000,
    maxAttempts: 8,
    backoffMs: defaultBackoffMs,
    concurrency: 32,
    perWebhookConcurrency: 4,
    resolve: systemResolver,
    shutdownGraceMs: 5_000,
    retentionMs: DEFAULT_RETENTION_DAYS * DAY_MS,
    ...(Object.fromEntries(Object.entries(settings ?? {}).filter(([, v]) => v !== undefined)) as WebhookSettings),
    policy: { allowPrivate },
  };
}
