/**
 * The event area's statements built once: Drizzle builds a statement's text from its query
 * builder on every call, and maps every row it reads field by field, asking of each field what
 * kind it is (`is`, which walks the prototype chain for the sub-selects). For the event list
 * (ninety columns, a dozen sub-selects) building was ~13 % of a request's CPU on the event loop,
 * and for a write (the locked read and the update's `returning`, built in every transaction) ~18 %
 * of the service's main thread (issue 27, profile of 1,370 updates on PGlite).
 *
 * A statement is built once per shape (which conditions, which columns, which order...), with
 * placeholders for its values, and from then on only executed with them: on any handle (the
 * service's, a client's, or a transaction's), and with its rows mapped by decoders chosen once.
 *
 * This leans on fields of Drizzle's node-postgres prepared query (`client`, `logger`, `fields`
 * with `joinsNotNullableMap`) and of a handle's session (`client`, `logger`): drizzle-orm is
 * pinned (package.json), and prepared.test.ts fails if any of them moves.
 */
import { Column, is, SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';

export interface PreparedRead<T> {
  execute(values: Record<string, unknown>): Promise<T[]>;
}

/** Shapes kept at most; past it the oldest is built again when asked for. */
const MAX_SHAPES = 500;
const built = new Map<string, Built>();

/** What Drizzle's node-postgres prepared query holds that is read or replaced here. */
interface Built extends PreparedRead<unknown> {
  client: unknown;
  logger: unknown;
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown[];
}

/**
 * The statement of this shape, built by `build` the first time any handle asks for it, to run on
 * `db`. `build` must make the same text for every handle: what differs between calls (the client,
 * the id, the values set) goes in placeholders, and everything else in `shape`.
 */
export function prepared<T>(db: DbOrTx, shape: string, build: () => { prepare(name: string): PreparedRead<T> }): PreparedRead<T> {
  let statement = built.get(shape);
  if (!statement) {
    if (built.size >= MAX_SHAPES) built.delete(built.keys().next().value!);
    // No name: the driver names statements by their text (db/prepared-statements.ts).
    statement = build().prepare(undefined as unknown as string) as unknown as Built;
    const mapper = compiledMapper(statement);
    if (mapper) statement.customResultMapper = mapper;
    built.set(shape, statement);
  }
  // A node-postgres session: the connection or pool its statements go to, and its logger.
  const { client, logger } = db._.session as unknown as { client: unknown; logger: unknown };
  if (statement.client === client && statement.logger === logger) return statement as PreparedRead<T>;
  return Object.create(statement, { client: { value: client }, logger: { value: logger } }) as PreparedRead<T>;
}

/**
 * Rows (arrays, as Drizzle asks the driver for them) into the shape of the select: what
 * `mapResultRow` does, with each field's decoder and path found once. None when the statement
 * has an outer join, whose all-null side Drizzle turns into null: its own mapping does that.
 */
function compiledMapper(statement: Built): ((rows: unknown[][]) => unknown[]) | undefined {
  const { fields, joinsNotNullableMap } = statement;
  if (!fields || Object.values(joinsNotNullableMap ?? {}).some((notNull) => !notNull)) return undefined;
  const columns = fields.map(({ path, field }) => ({ path, decoder: decoderOf(field) }));
  return (rows) =>
    rows.map((row) => {
      const result: Record<string, unknown> = {};
      for (let index = 0; index < columns.length; index++) {
        const { path, decoder } = columns[index]!;
        let node = result;
        for (let depth = 0; depth < path.length - 1; depth++) node = (node[path[depth]!] ??= {}) as Record<string, unknown>;
        const raw = row[index];
        node[path[path.length - 1]!] = raw === null ? null : decoder.mapFromDriverValue(raw);
      }
      return result;
    });
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** The decoder Drizzle's mapResultRow uses for a field: a column, an SQL expression, an aliased one, or a subquery. */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field as unknown as Decoder;
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  const aliased = field as { sql?: { decoder: Decoder }; _?: { sql: { decoder: Decoder } } };
  return aliased.sql?.decoder ?? aliased._!.sql.decoder;
}
