/**
 * Authentication (public-facts.md §1): an API key in `API-KEY` or `X-Auth-Key`; a missing or
 * unknown key is 401. The key's client is the tenant of the request. An optional `Client: <name>`
 * header (the syndication part of the original accepts one) must name the key's client, else 401.
 *
 * It runs as an onRequest hook, before the body is read or parsed, so that a caller without a key
 * learns nothing from the service: not whether its JSON was valid, nor its content type accepted.
 * Each request looks its key up in the database (by hash, through a unique index), or, when the
 * response cache is on, in its memory of keys seen within its time-to-live (5 s), which a
 * revocation drops: `npm run keys -- revoke` notifies every process on PostgreSQL (and PGlite's
 * CLI never runs beside the service), so a revoked key stops working at once.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { clientForKey, hashKey, type AuthenticatedClient } from '../db/keys.ts';
import type { ResponseCache } from './response-cache.ts';
import { sendError, unauthorized } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated tenant; set by `authenticate` on every operation route. */
    client: AuthenticatedClient | null;
  }
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  const trimmed = text?.trim();
  return trimmed ? trimmed : undefined;
}

/** The key a request carries, `API-KEY` first. */
export function presentedKey(request: FastifyRequest): string | undefined {
  return header(request, 'api-key') ?? header(request, 'x-auth-key');
}

export function createAuthenticate(db: Db, cache?: ResponseCache) {
  return async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    const key = presentedKey(request);
    if (!key) {
      return sendError(request, reply, unauthorized('An API key is required: send it in the API-KEY (or X-Auth-Key) header'));
    }
    // A key longer than any we issue is not looked up at all.
    let client: AuthenticatedClient | undefined;
    if (key.length <= 512) {
      const keyHash = cache ? hashKey(key) : '';
      client = cache?.clientOfKey<AuthenticatedClient>(keyHash);
      if (!client) {
        client = await clientForKey(db, key);
        if (client && cache) cache.rememberKey(keyHash, client);
      }
    }
    if (!client) {
      return sendError(request, reply, unauthorized('The API key is not valid (unknown or revoked)'));
    }
    const claimed = header(request, 'client');
    if (claimed !== undefined && claimed.toLowerCase() !== client.clientName.toLowerCase()) {
      return sendError(request, reply, unauthorized('The Client header does not name the client this API key belongs to'));
    }
    request.client = client;
    request.log = request.log.child({ client: client.clientName });
    return undefined;
  };
}
