/**
 * Named prepared statements for every parameterised query, on both databases.
 *
 * Drizzle sends each query as an unnamed statement, which PostgreSQL parses and plans afresh every
 * time. For the event list (nine joined relations and sub-selects) planning is most of the cost:
 * on PGlite `EXPLAIN ANALYZE` showed 65 ms planning against 8 ms execution. A named statement is
 * parsed once per connection, and after five executions PostgreSQL keeps a generic plan when it is
 * no worse than the custom ones (`plan_cache_mode = auto`), so planning drops out of the hot path.
 * Measured on PGlite, idle machine, demo data: the events page 13.5 -> 4.6 ms, one event 8.4 -> 2.1 ms
 * (src/bench/exp: see docs/performance.md).
 *
 * The name is derived from the text, so a connection never holds two statements for one text and a
 * text always maps to the same name (node-postgres remembers per connection which names it has
 * parsed). Only queries with parameters are named: the statements without any are migrations, DDL,
 * BEGIN/COMMIT and `select 1`, which gain nothing. The number of names is bounded (a query whose
 * text varies with its input, such as an `in (...)` list of a different length each time, would
 * otherwise grow every connection's statements without end); past the bound queries go unnamed.
 */
import pg from 'pg';

/** Distinct statement texts given a name in this process; past it, queries run unnamed. */
export const MAX_NAMED_STATEMENTS = 2_000;

const names = new Map<string, string>();

/** The statement name for this text, or undefined when it goes unnamed. */
export function statementName(text: string): string | undefined {
  const known = names.get(text);
  if (known !== undefined || names.size >= MAX_NAMED_STATEMENTS) return known;
  const name = `cr${names.size}`;
  names.set(text, name);
  return name;
}

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  values?: unknown;
}

function withName(config: unknown, values: unknown): unknown {
  if (!config || typeof config !== 'object') return config;
  const query = config as QueryConfigLike;
  if (typeof query.text !== 'string' || query.name !== undefined) return config;
  const params = Array.isArray(values) ? values : query.values;
  if (!Array.isArray(params) || params.length === 0) return config;
  const name = statementName(query.text);
  return name === undefined ? config : { ...query, name };
}

/** A node-postgres client that names its parameterised statements (see above); the pools use it as their `Client`. */
export class PreparingClient extends pg.Client {
  // pg's query() has a dozen overloads; this only rewrites the config and passes everything on.
  override query(...args: unknown[]): never {
    const [config, values] = args;
    return (super.query as (...a: unknown[]) => never)(withName(config, values), ...args.slice(1));
  }
}
