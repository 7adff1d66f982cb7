/**
 * The outbound module's settings (outbound/request.ts): whether loopback and private addresses
 * may be called (OUTBOUND_ALLOW_PRIVATE, alias WEBHOOKS_ALLOW_PRIVATE; read in config.ts), and the
 * DNS resolver (tests replace it). Tests and embedders pass `services.outbound` to buildApp.
 */
import { parseConfig } from '../config.ts';
import type { AppServices } from '../services.ts';
import { systemResolver, type AddressPolicy, type Resolver } from './address-policy.ts';

export interface OutboundSettings {
  /** Allow loopback and private addresses. Default: OUTBOUND_ALLOW_PRIVATE (false). */
  allowPrivate?: boolean;
  resolve?: Resolver;
}

declare module '../services.ts' {
  interface AppServices {
    /** Every request to a URL a client chose (src/server/outbound/). */
    outbound?: OutboundSettings;
  }
}

let fromEnvironment: boolean | undefined;
/** OUTBOUND_ALLOW_PRIVATE (or WEBHOOKS_ALLOW_PRIVATE) as config.ts reads it; main.ts has already refused an invalid value. */
export function allowPrivateFromEnvironment(): boolean {
  if (fromEnvironment === undefined) {
    try {
      fromEnvironment = parseConfig(process.env).outboundAllowPrivate;
    } catch {
      fromEnvironment = false;
    }
  }
  return fromEnvironment;
}

export function outboundPolicy(services: AppServices): AddressPolicy {
  return { allowPrivate: services.outbound?.allowPrivate ?? allowPrivateFromEnvironment() };
}

export function outboundResolver(services: AppServices): Resolver {
  return services.outbound?.resolve ?? systemResolver;
}
