import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { openTestDatabase } from './test-database.ts';
import { clientForKey, createKey, ensureKey, listKeys, revokeKey } from './keys.ts';
import { apiKeys } from './tables/clients.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('API keys', () => {
  it('stores only a hash and finds the client by the plain key', async () => {
    const { key } = await createKey(database.db, 'acme-keys');
    const stored = await database.db.select().from(apiKeys);
    expect(stored.every((row) => row.keyHash !== key && !row.keyHash.includes(key))).toBe(true);
    expect(await clientForKey(database.db, key)).toMatchObject({ clientName: 'acme-keys' });
    expect(await clientForKey(database.db, key + 'x')).toBeUndefined();
  });

  it('keeps a configured key across restarts and refuses one that belongs to another client', async () => {
    await ensureKey(database.db, 'default-keys', 'configured-key-123');
    await ensureKey(database.db, 'default-keys', 'configured-key-123');
    expect(await clientForKey(database.db, 'configured-key-123')).toMatchObject({ clientName: 'default-keys' });
    await expect(ensureKey(database.db, 'other-keys', 'configured-key-123')).rejects.toThrow(/another client/);
  });

  it('revokes by prefix, after which the key is refused', async () => {
    const { key } = await createKey(database.db, 'revoke-keys', 'ci');
    const info = (await listKeys(database.db)).find((k) => k.client === 'revoke-keys');
    expect(info).toMatchObject({ label: 'ci', prefix: key.slice(0, 8), revokedAt: null });
    expect(await revokeKey(database.db, info!.prefix, new Date())).toBe(1);
    expect(await clientForKey(database.db, key)).toBeUndefined();
  });
});
