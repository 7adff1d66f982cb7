/**
 * The event's MP4 state (mp4State; public-facts.md: 0 NONE, 1 AVAILABLE, 2 GENERATING, 4 FAILED)
 * is a column of the event, so the event area writes it, whoever decides it: the asset area,
 * which makes the MP4 (`setMp4State`), or POST /event/xflow/add/ with Mp4State, which declares
 * it. In the second case the asset area follows afterwards: the `event.mp4StateSet` job (its
 * handler is the asset area's, which sits above this one) makes the file exist, removes it or
 * marks it failed. The caller records the change (its flags say why).
 */
import { and, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/database.ts';
import { events } from '../../db/tables/index.ts';
import { jobKind } from '../../jobs/define.ts';

/** The event's MP4 was declared `state`: the asset area makes its files follow. */
export const mp4StateSetKind = jobKind('event.mp4StateSet', z.object({ clientId: z.guid(), eventId: z.guid(), state: z.number().int() }));

/** Sets the event's mp4State (in the caller's transaction) when it differs; answers whether it changed. */
export async function setMp4State(db: DbOrTx, clientId: string, eventId: string, state: number, now: Date): Promise<boolean> {
  const changed = await db
    .update(events)
    .set({ mp4State: state, dateModified: now })
    .where(and(eq(events.clientId, clientId), eq(events.id, eventId), ne(events.mp4State, state)))
    .returning({ id: events.id });
  return changed.length > 0;
}
