/** The durable job table: every asynchronous effect of the service is a row here. */
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { clients } from './clients.ts';

export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for system jobs that belong to no tenant. */
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<unknown>(),
    /** pending -> running -> done | failed (running -> pending again on a retry). */
    status: text('status', { enum: ['pending', 'running', 'done', 'failed'] }).notNull().default('pending'),
    runAt: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** 1 (first) to 10 (last): the media lane takes its work in this order, then by run_at (jobs/media-lane.ts). */
    priority: integer('priority').notNull().default(5),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    /** A worker's claim; once it passes, another worker may take the job (its worker died). */
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    /** At most one pending or running job per key: scheduling the same thing twice replaces nothing. */
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('jobs_due_idx').on(t.status, t.runAt),
    index('jobs_lane_idx').on(t.type, t.priority, t.runAt).where(sql`${t.status} = 'pending'`),
    uniqueIndex('jobs_dedupe_idx').on(t.dedupeKey).where(sql`${t.status} in ('pending', 'running')`),
  ],
);
