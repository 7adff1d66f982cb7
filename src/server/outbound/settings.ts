/**
 * The outbound module's settings (outbound/request.ts): whether loopback and private addresses
 * may be called (OUTBOUND_ALLOW_PRIVATE, alias WEBHOOKS_ALLOW_PRIVATE: read in config.ts, passed
 * by main.ts), and the DNS resolver (tests replace it). Tests and embedders pass
 * `services.outbound` to buildApp; without it, private addresses are refused.
 */
import type { AppServices } from '../services.ts';
import { systemResolver, type AddressPolicy, type Resolver } from './address-policy.ts';

export interface OutboundSettings {
  /** Allow loopback and private addresses. Default false (main.ts passes OUTBOUND_ALLOW_PRIVATE). */
  allowPrivate?: boolean;
  resolve?: Resolver;
}

declare module '../services.ts' {
  interface AppServices {
    /** Every request to a URL a client chose (src/server/outbound/). */
    outbound?: OutboundSettings;
  }
}

export function outboundPolicy(services: AppServices): AddressPolicy {
  return { allowPrivate: services.outbound?.allowPrivate ?? false };
}

export function outboundResolver(services: AppServices): Resolver {
  return services.outbound?.resolve ?? systemResolver;
}
