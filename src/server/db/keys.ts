/**
 * Clients (tenants) and their API keys. Keys are stored as SHA-256 hashes: the plain key is shown
 * once, when it is created (or given by the operator through API_KEY).
 */
import { isGuid } from '#schema';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Role } from '#schema';
import { CACHE_CHANNEL } from '../http/response-cache.ts';
import type { DbOrTx } from './database.ts';
import { apiKeys, clients } from './tables/clients.ts';

export interface AuthenticatedClient {
  clientId: string;
  clientName: string;
  /** The key the request carried: who acted, in the activity trail. */
  keyId: string;
  keyLabel: string | null;
  /** What the key may do (DESIGN.md "Trust"); the binder checks it against each operation's role. */
  role: Role;
}

/** No key: the service itself acting for a client (the demo seed), with every right. */
export const NO_KEY_ID = '00000000-0000-0000-0000-000000000000';

export function serviceClient(clientId: string, clientName: string): AuthenticatedClient {
  return { clientId, clientName, keyId: NO_KEY_ID, keyLabel: 'the service', role: 'admin' };
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** A new random key: 32 bytes, base64url, with a prefix that says what it is. */
export function generateKey(): string {
  return `cr_${randomBytes(32).toString('base64url')}`;
}

const PREFIX_LENGTH = 8;

export async function ensureClient(db: DbOrTx, name: string): Promise<string> {
  const existing = await db.select({ id: clients.id }).from(clients).where(eq(clients.name, name));
  if (existing[0]) return existing[0].id;
  const inserted = await db.insert(clients).values({ name }).onConflictDoNothing().returning({ id: clients.id });
  if (inserted[0]) return inserted[0].id;
  // Another process created it between our select and insert.
  const again = await db.select({ id: clients.id }).from(clients).where(eq(clients.name, name));
  return again[0]!.id;
}

/** Creates a key for the client (creating the client if needed), admin unless a role is given. Returns the plain key, once. */
export async function createKey(db: DbOrTx, clientName: string, label?: string, role: Role = 'admin'): Promise<{ id: string; key: string }> {
  const clientId = await ensureClient(db, clientName);
  const key = generateKey();
  const [row] = await db
    .insert(apiKeys)
    .values({ clientId, keyHash: hashKey(key), prefix: key.slice(0, PREFIX_LENGTH), label: label ?? null, role })
    .returning({ id: apiKeys.id });
  return { id: row!.id, key };
}

/**
 * Makes sure the given key works for the client with the given role: created if unknown, kept (its
 * role set to the one given) if it already belongs to that client. A key that belongs to another
 * client is an operator mistake worth stopping for.
 */
export async function ensureKey(db: DbOrTx, clientName: string, key: string, role: Role = 'admin'): Promise<void> {
  if (key.length < 8) throw new Error(`The API key for client "${clientName}" is too short (8 characters at least)`);
  const clientId = await ensureClient(db, clientName);
  const keyHash = hashKey(key);
  const existing = await db.select().from(apiKeys).where(eq(apiKeys.keyHash, keyHash));
  const row = existing[0];
  if (!row) {
    await db.insert(apiKeys).values({ clientId, keyHash, prefix: key.slice(0, PREFIX_LENGTH), label: 'API_KEY', role }).onConflictDoNothing();
    return;
  }
  if (row.clientId !== clientId) throw new Error(`The API key given for client "${clientName}" already belongs to another client`);
  if (row.revokedAt || row.role !== role) {
    await db.update(apiKeys).set({ revokedAt: null, role }).where(eq(apiKeys.id, row.id));
    // A process that remembers the key (http/response-cache.ts) learns its new role.
    await db.execute(sql`select pg_notify(${CACHE_CHANNEL}, 'keys:*')`);
  }
}

export async function clientForKey(db: DbOrTx, key: string): Promise<AuthenticatedClient | undefined> {
  const rows = await db
    .select({ clientId: clients.id, clientName: clients.name, keyId: apiKeys.id, keyLabel: apiKeys.label, role: apiKeys.role })
    .from(apiKeys)
    .innerJoin(clients, eq(clients.id, apiKeys.clientId))
    .where(and(eq(apiKeys.keyHash, hashKey(key)), isNull(apiKeys.revokedAt)));
  return rows[0];
}

export interface KeyInfo {
  id: string;
  client: string;
  prefix: string;
  label: string | null;
  role: Role;
  createdAt: Date;
  revokedAt: Date | null;
}

export async function listKeys(db: DbOrTx): Promise<KeyInfo[]> {
  return db
    .select({
      id: apiKeys.id,
      client: clients.name,
      prefix: apiKeys.prefix,
      label: apiKeys.label,
      role: apiKeys.role,
      createdAt: apiKeys.createdAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .innerJoin(clients, eq(clients.id, apiKeys.clientId))
    .orderBy(clients.name, apiKeys.createdAt);
}

/** Revokes by key id or by the key's prefix. Returns how many keys were revoked. */
export async function revokeKey(db: DbOrTx, idOrPrefix: string, now: Date): Promise<number> {
  const isUuid = isGuid(idOrPrefix);
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(isUuid ? eq(apiKeys.id, idOrPrefix) : eq(apiKeys.prefix, idOrPrefix), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  // Every service process drops the keys it remembers (http/response-cache.ts), at commit.
  if (rows.length > 0) await db.execute(sql`select pg_notify(${CACHE_CHANNEL}, 'keys:*')`);
  return rows.length;
}
