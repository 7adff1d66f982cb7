/**
 * Tenancy by construction (docs/README.md "Tenancy"): every client-owned table carries
 * `client_id`; one with an `id` has the key `(client_id, id)`, and a reference from one
 * client-owned row to another is the pair `(client_id, x_id) -> parent(client_id, id)`. A row can
 * then only point at a row of its own client: the database refuses a cross-client reference,
 * whatever a query forgets. `src/server/db/tenancy.test.ts` walks the catalog and holds every
 * table to it.
 */
import { foreignKey, unique, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** The `(client_id, id)` key of a client-owned table, which the references of other tables name. */
export function clientKey(table: string, t: { clientId: AnyPgColumn; id: AnyPgColumn }) {
  return unique(`${table}_client_key`).on(t.clientId, t.id);
}

/**
 * A reference to a row of the same client: `(client_id, <column>) -> parent(client_id, id)`.
 * Chain `.onDelete('cascade')`. For `set null`, the migration spells `ON DELETE SET NULL (<column>)`
 * (PostgreSQL 15+), so that only the reference is cleared, never client_id.
 */
export function sameClient(name: string, clientId: AnyPgColumn, column: AnyPgColumn, parent: { clientId: AnyPgColumn; id: AnyPgColumn }) {
  return foreignKey({ name, columns: [clientId, column], foreignColumns: [parent.clientId, parent.id] });
}
