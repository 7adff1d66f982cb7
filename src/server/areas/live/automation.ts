/**
 * Live automation from an event's flags and schedule (auto start, publish, end), as durable jobs.
 * Every write path that changes an event's schedule or automation flags calls this afterwards,
 * in the same transaction.
 */
import type { DbOrTx } from '../../db/database.ts';
import type { Clock } from '../../jobs/clock.ts';

export async function scheduleAutomation(_db: DbOrTx, _clock: Clock, _clientId: string, _eventId: string): Promise<void> {
  // Filled in by the live-states work.
}
