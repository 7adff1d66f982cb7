/**
 * What the metadata areas (custom properties, chapter points, client properties, channel
 * profiles) share about the events they hang off: finding the caller's event, and recording one
 * change per event and request, whatever number of rows the request touched.
 */
import { isGuid } from '#schema';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { events } from '../../db/tables/index.ts';
import { recordEventChange, type ChangeFlags } from '../../changes/record.ts';
import type { Clock } from '../../jobs/clock.ts';
import { changeEvent, writeEvents } from '../event/index.ts';


export interface EventRef {
  id: string;
  customPropertyConfigurationId: string | null;
  channelProfileId: string | null;
}

/**
 * The client's event, or undefined. A deleted event counts as absent: its metadata can be neither
 * read nor changed until it is restored, as it leaves every list but GET /event/deleted/.
 */
export async function findEvent(db: DbOrTx, clientId: string, eventId: string): Promise<EventRef | undefined> {
  if (!isGuid(eventId)) return undefined;
  const [row] = await db
    .select({ id: events.id, customPropertyConfigurationId: events.customPropertyConfigurationId, channelProfileId: events.channelProfileId })
    .from(events)
    .where(and(eq(events.clientId, clientId), eq(events.id, eventId), isNull(events.dateDeleted)));
  return row;
}

/**
 * Collects the events a request changed and the flags of each, then records one change per event
 * (action Updated) in the request's transaction. Each recorded event also counts as modified
 * (dateModified), so that clients syncing with GET /event/?fromModified= see metadata changes.
 */
export class EventChanges {
  private readonly pending = new Map<string, ChangeFlags>();

  add(eventId: string, flags: ChangeFlags): this {
    const merged: ChangeFlags = { ...this.pending.get(eventId) };
    for (const [name, value] of Object.entries(flags) as [keyof ChangeFlags, boolean | undefined][]) {
      if (value) merged[name] = true;
    }
    this.pending.set(eventId, merged);
    return this;
  }

  get size(): number {
    return this.pending.size;
  }

  async record(db: DbOrTx, clock: Clock, clientId: string): Promise<void> {
    const now = clock.now();
    for (const [eventId, flags] of this.pending) {
      const [row] = await writeEvents(db, clientId, eventId, { dateModified: now });
      if (!row) continue;
      await recordEventChange(db, clock, { clientId, eventId, action: 'Updated', event: changeEvent(row), flags });
    }
    this.pending.clear();
  }
}
