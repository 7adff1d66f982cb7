/**
 * Another area's change that is a change of the event for webhooks and the change feed (its
 * assets, its MP4, its publications): an `Updated` change carrying the event as it is now, in the
 * caller's transaction. Nothing for an event that is not the client's.
 */
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { events } from '../../db/tables/index.ts';
import { recordEventChange, type ChangeFlags } from '../../changes/record.ts';
import type { Clock } from '../../jobs/clock.ts';

export async function recordEventUpdate(db: DbOrTx, clock: Clock, clientId: string, eventId: string, flags: ChangeFlags = {}): Promise<void> {
  const [event] = await db
    .select({ refId: events.refId, externalId: events.externalId, state: events.state, mp4State: events.mp4State, provisionState: events.provisionState })
    .from(events)
    .where(and(eq(events.clientId, clientId), eq(events.id, eventId)));
  if (!event) return;
  await recordEventChange(db, clock, { clientId, eventId, action: 'Updated', event, flags });
}
