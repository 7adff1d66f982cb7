/**
 * The outbound module's settings (outbound/request.ts), `services.outbound`: whether loopback and
 * private addresses may be called (OUTBOUND_ALLOW_PRIVATE, alias WEBHOOKS_ALLOW_PRIVATE: read in
 * config.ts, passed by main.ts), and the DNS resolver (tests replace it). services.ts fills them
 * in once: without a choice, private addresses are refused and the system's resolver answers.
 */
import { systemResolver, type AddressPolicy, type Resolver } from './address-policy.ts';

export interface OutboundSettings {
  /** Allow loopback and private addresses. */
  allowPrivate: boolean;
  /** DNS resolution. */
  resolve: Resolver;
}

export function resolveOutboundSettings(settings: Partial<OutboundSettings> | undefined): OutboundSettings {
  return { allowPrivate: settings?.allowPrivate ?? false, resolve: settings?.resolve ?? systemResolver };
}

/** The address policy of these settings. */
export function policyOf(settings: OutboundSettings): AddressPolicy {
  return { allowPrivate: settings.allowPrivate };
}
