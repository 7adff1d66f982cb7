/**
 * The event area's reads built once: Drizzle builds a statement's text from its query builder on
 * every call, and for the event list (ninety columns, a dozen sub-selects) that was ~13 % of a
 * request's CPU on the event loop, and more in the garbage it left. A statement is built once per
 * shape (which conditions, which order...) and database handle, with placeholders, and then only
 * executed with its values. Statements in a transaction are built each time (the transaction's
 * handle lives for one request).
 */
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/database.ts';

export interface PreparedRead<T> {
  execute(values: Record<string, unknown>): Promise<T[]>;
}

/** Shapes kept per handle at most; past it the oldest is built again when asked for. */
const MAX_SHAPES = 500;
const byHandle = new WeakMap<object, Map<string, PreparedRead<unknown>>>();

/**
 * The statement of this shape on this handle, built by `build` the first time. The name given to
 * Drizzle is none: the driver names statements by their text (db/prepared-statements.ts).
 */
export function prepared<T>(db: DbOrTx, shape: string, build: () => { prepare(name: string): PreparedRead<T> }): PreparedRead<T> {
  if (db instanceof PgTransaction) return build().prepare(undefined as unknown as string);
  let shapes = byHandle.get(db);
  if (!shapes) byHandle.set(db, (shapes = new Map()));
  let statement = shapes.get(shape) as PreparedRead<T> | undefined;
  if (!statement) {
    if (shapes.size >= MAX_SHAPES) shapes.delete(shapes.keys().next().value!);
    statement = build().prepare(undefined as unknown as string);
    shapes.set(shape, statement as PreparedRead<unknown>);
  }
  return statement;
}
