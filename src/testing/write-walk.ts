/**
 * A successful call of every write operation, for the tests that walk them all (the activity
 * trail, versions, roles: src/server/trust-walk.test.ts). Each recipe makes what its call needs
 * (through the API as an admin, or from the demo tenant the walk runs on) and answers the call,
 * with the record its activity entry names and the fields the entry must show as changed.
 * A new write operation fails the walk until it has a recipe here (write-calls*.ts).
 */
import { randomUUID } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { ApiClient } from '#client';
import type { TestApp } from './app.ts';
import { insertEvent, type EventValues } from './event-row.ts';
import { selectRows } from './rows.ts';

export interface WriteCall {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  /** The record the activity entry names; default: the id the operation record declares, or the one it made. */
  entityId?: string;
  /** Fields the entry shows as changed (a subset). */
  fields?: readonly string[];
  /** Runs the call while the clock moves (an operation that waits for the encoder). */
  waits?: boolean;
}

export interface Walk {
  t: TestApp;
  /** The main tenant's admin key, for making what a call needs. */
  api: ApiClient;
  /** The first row a query answers; throws when there is none (the demo lacks what the recipe expects). */
  row<T extends Record<string, unknown>>(query: SQL): Promise<T>;
  /** A new event of the main tenant (event-row.ts). */
  event(values?: EventValues): Promise<string>;
  /** A name nobody has used. */
  unique(prefix: string): string;
}

export type WriteRecipe = (w: Walk) => Promise<WriteCall>;

export function createWalk(t: TestApp, api: ApiClient): Walk {
  return {
    t,
    api,
    async row<T extends Record<string, unknown>>(query: SQL) {
      const [row] = await selectRows<T>(t.database, query);
      if (!row) throw new Error('the walk found no row for its query: the demo tenant lacks what a recipe expects');
      return row;
    },
    event: (values = {}) => insertEvent(t, values),
    unique: (prefix) => `${prefix}-${randomUUID().slice(0, 8)}`,
  };
}
