/** A change of an event's assets goes to webhooks and the change feed as a change of the event (AssetsChanged, and whatever else `flags` says). */
import type { ChangeFlags } from '../../changes/record.ts';
import type { DbOrTx } from '../../db/database.ts';
import type { Clock } from '../../jobs/clock.ts';
import { recordEventUpdate } from '../event/index.ts';

export async function recordAssetChange(db: DbOrTx, clock: Clock, clientId: string, eventId: string, flags: ChangeFlags = {}): Promise<void> {
  await recordEventUpdate(db, clock, clientId, eventId, { assetsChanged: true, ...flags });
}
