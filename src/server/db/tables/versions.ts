/**
 * Versions of the records an operator edits (DESIGN.md "Trust"; src/server/http/trust.ts): each
 * such table has a `version` column, a number from one sequence shared by every table (so a record
 * deleted and made again never takes an old version back), set on insert and moved on by the
 * trigger `control_next_version` (migration 0020) on every update that changes the row and does
 * not set the version itself. The binder sets it itself when what it answers changed through
 * another table (a playlist's items, an event's client properties) or did not change at all.
 */
import { sql } from 'drizzle-orm';
import { bigint, pgSequence } from 'drizzle-orm/pg-core';

export const recordVersions = pgSequence('record_versions');

/** The `version` column of a versioned table. */
export const versionColumn = () =>
  bigint({ mode: 'number' })
    .notNull()
    .default(sql`nextval('record_versions')`);
