/**
 * The activity trail and presence (DESIGN.md "Trust"; src/server/http/trust.ts).
 *
 * - `activity`: one row per successful write (and per change background work makes), written in
 *   the write's own transaction: who (a key: its id, label and role at the time; or `system` with
 *   the work's name), when, the operation, the record, and the fields changed with their values
 *   before and after (secrets masked). Read newest first by `seq`.
 * - `presence`: which pages have which record open, announced again every 20 s; an announcement
 *   older than a minute is gone. Keyed by the page (`session`), so two tabs of one key are two.
 */
import { bigserial, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { clientKey } from './tenancy.ts';

const clientId = () =>
  uuid()
    .notNull()
    .references(() => clients.id, { onDelete: 'cascade' });
const stamp = () => timestamp({ withTimezone: true, mode: 'date' });

export interface StoredChange {
  field: string;
  before: unknown;
  after: unknown;
}

export const activity = pgTable(
  'activity',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: clientId(),
    seq: bigserial({ mode: 'number' }).notNull(),
    at: stamp().notNull(),
    /** The key that acted (kept as it was: a key revoked later still names its entries); null for background work. */
    keyId: uuid(),
    keyLabel: text(),
    role: text({ enum: ['viewer', 'operator', 'admin'] }),
    /** The background work that acted (`automation`, `encoder`...); null for a key. */
    system: text(),
    operation: text().notNull(),
    entity: text().notNull(),
    entityId: text(),
    changes: jsonb().$type<StoredChange[]>().notNull(),
    transactionId: text(),
  },
  (t) => [
    clientKey('activity', t),
    index('activity_client_seq_idx').on(t.clientId, t.seq),
    index('activity_client_entity_idx').on(t.clientId, t.entity, t.entityId, t.seq),
    index('activity_client_key_idx').on(t.clientId, t.keyId, t.seq),
  ],
);

export const presence = pgTable(
  'presence',
  {
    clientId: clientId(),
    entity: text().notNull(),
    entityId: text().notNull(),
    session: text().notNull(),
    keyId: uuid().notNull(),
    keyLabel: text(),
    role: text({ enum: ['viewer', 'operator', 'admin'] }).notNull(),
    since: stamp().notNull(),
    seenAt: stamp().notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.entity, t.entityId, t.session] })],
);
