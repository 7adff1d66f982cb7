/** Tenants and their API keys. Every other table carries `client_id` and every query filters by it. */
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clientKey } from './tenancy.ts';

export const clients = pgTable('clients', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Unique, human name of the tenant (`default`, `acme`); the `Client` header of syndication calls. */
  name: text('name').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** SHA-256 of the key, hex. Keys are long random strings, so a fast hash is enough (no salt needed). */
    keyHash: text('key_hash').notNull().unique(),
    /** The first characters of the key, so an operator can tell keys apart in `npm run keys -- list`. */
    prefix: text('prefix').notNull(),
    label: text('label'),
    /** What the key may do (DESIGN.md "Trust"): viewer, operator or admin; admin for a key made before roles. */
    role: text('role', { enum: ['viewer', 'operator', 'admin'] })
      .notNull()
      .default('admin'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [clientKey('api_keys', t), index('api_keys_client_idx').on(t.clientId)],
);
