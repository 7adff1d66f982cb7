/**
 * The service's own URLs (DESIGN.md "Trust"): nothing stored names this service's host or port,
 * so a restart on another port, a HOST=0.0.0.0 reached from another machine or a proxy in front
 * keeps every stream, file and player playable.
 *
 * - A URL on this service is stored with the placeholder origin `http://{service}`
 *   (`SERVICE_ORIGIN`): `http://{service}/api/stream/{event_id}/master.m3u8`. It is still a URL,
 *   so configurations keep matching their schemas (which want URLs), and it is compared as stored
 *   (the archiver's publishing points).
 * - Answers replace it with the service's URL for the request (`ServiceUrls.publicUrl` when
 *   PUBLIC_URL is set, else the request's own origin): `answerUrl`, `answerText`.
 * - Writes store a URL that names the service as the request reaches it (or PUBLIC_URL) with the
 *   placeholder: `storedUrl`, `storedText`. So an operator who saves the configuration the service
 *   answered does not write the host they used into it.
 * - Work without a request (a download's mail) uses `backgroundServiceUrl`: PUBLIC_URL, else the
 *   address this process listens on.
 */
import type { FastifyRequest } from 'fastify';

/** The stored origin of URLs on this service. `{` is allowed in a host, so the URL parses. */
export const SERVICE_ORIGIN = 'http://{service}';

export interface ServiceUrls {
  /** PUBLIC_URL: the address clients reach the service at (behind a proxy); every link starts with it. */
  publicUrl?: string;
  /** Where this process listens (main.ts sets it once listening), for work without a request when PUBLIC_URL is not set. */
  listenUrl?: string;
}

/** A Host header as a host name, IPv4 or [IPv6] address with an optional port; anything else is not used in a URL. */
const HOST_HEADER = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252}))(?::\d{1,5})?$/;

/** The service's URL as this request reaches it, without a trailing slash. */
export function requestServiceUrl(request: Pick<FastifyRequest, 'protocol' | 'headers'>, urls: ServiceUrls | undefined): string {
  return ownServiceUrls(request, urls)[0] ?? urls?.listenUrl ?? 'http://localhost';
}

/** For links made without a request; '' when neither is known (tests): the links are then paths. */
export function backgroundServiceUrl(urls: ServiceUrls | undefined): string {
  return urls?.publicUrl ?? urls?.listenUrl ?? '';
}

/** A stored URL as answered to a client of `serviceUrl`. */
export function answerUrl(url: string, serviceUrl: string): string {
  return url.startsWith(SERVICE_ORIGIN) && isBoundary(url, SERVICE_ORIGIN.length) ? serviceUrl + url.slice(SERVICE_ORIGIN.length) : url;
}

/** Stored text (a configuration's JSON) as answered: every URL on this service made absolute. */
export function answerText(text: string, serviceUrl: string): string {
  return text.includes(SERVICE_ORIGIN) ? text.replace(originPattern(SERVICE_ORIGIN), serviceUrl) : text;
}

/** A URL a client wrote, as stored: the service's own origin(s) replaced by SERVICE_ORIGIN. */
export function storedUrl(url: string, own: readonly string[]): string {
  for (const origin of own) {
    if (url.toLowerCase().startsWith(origin.toLowerCase()) && isBoundary(url, origin.length)) return SERVICE_ORIGIN + url.slice(origin.length);
  }
  return url;
}

/** Text a client wrote (a configuration's JSON), as stored. */
export function storedText(text: string, own: readonly string[]): string {
  return own.reduce((out, origin) => out.replace(originPattern(origin, 'gi'), SERVICE_ORIGIN), text);
}

/** What names this service in a client's write: PUBLIC_URL and the origin the request came through. */
export function ownServiceUrls(request: Pick<FastifyRequest, 'protocol' | 'headers'>, urls: ServiceUrls | undefined): string[] {
  const host = request.headers.host;
  const direct = typeof host === 'string' && HOST_HEADER.test(host) ? `${request.protocol}://${host.toLowerCase()}` : undefined;
  return [...new Set([urls?.publicUrl, direct].filter((u): u is string => u !== undefined))];
}

/** The origin ends where a path, query, fragment or the string does (not `:80` inside `:8080`). */
function isBoundary(url: string, at: number): boolean {
  return at === url.length || '/?#"'.includes(url[at]!);
}

function originPattern(origin: string, flags = 'g'): RegExp {
  return new RegExp(`${origin.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?=[/?#"]|$)`, flags);
}
