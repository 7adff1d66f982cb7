/**
 * Deleting, restoring and cloning events (routes of the original service, public-facts.md §4).
 * Each records its change (webhook Action Deleted, Restored, or Added for a clone) and lets the
 * automation schedule follow, in the caller's transaction.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, getTableColumns, isNotNull, isNull } from 'drizzle-orm';
import { Mp4State } from '#schema';
import { recordEventChange } from '../../changes/record.ts';
import type { DbOrTx } from '../../db/database.ts';
import { customProperties, eventCategories, events, eventTags } from '../../db/tables/index.ts';
import { scheduleAutomation } from './automation.ts';
import { getEvent } from './repo.ts';
import { addedFlags, busyReason, cloneState } from './rules.ts';
import type { EventRecord } from './serialize.ts';
import { changeEvent, lockEvent, reread, type EventInsert, type WriteContext } from './write.ts';

export type DeleteOutcome = { done: true } | { done: false; reason: 'missing' } | { done: false; reason: 'busy'; why: string };

/**
 * Soft delete (dateDeleted; the event moves to GET /event/deleted/) or, with `hard`, removal of
 * the row and what hangs off it. A hard delete also purges an event already soft-deleted. An
 * event that is streaming, starting, stopping or provisioning is not deleted: its encoder or
 * infrastructure would be left running with nothing to stop it.
 */
export async function deleteEvent(w: WriteContext, id: string, hard: boolean): Promise<DeleteOutcome> {
  await lockEvent(w.db, w.clientId, id);
  const record = await getEvent(w.db, w.clientId, id, { includeDeleted: hard });
  if (!record) return { done: false, reason: 'missing' };
  const why = busyReason(record.event);
  if (why) return { done: false, reason: 'busy', why };

  const wasDeleted = record.event.dateDeleted !== null;
  if (hard) {
    // Its categories, tags and custom properties go with it (ON DELETE CASCADE).
    await w.db.delete(events).where(and(eq(events.clientId, w.clientId), eq(events.id, id)));
  } else {
    await w.db
      .update(events)
      .set({ dateDeleted: w.clock.now(), dateModified: w.clock.now() })
      .where(and(eq(events.clientId, w.clientId), eq(events.id, id), isNull(events.dateDeleted)));
  }
  // Purging an event already in the bin is no news to a subscriber: it was told at the soft delete.
  if (!wasDeleted) {
    await recordEventChange(w.db, w.clock, { clientId: w.clientId, eventId: id, action: 'Deleted', event: changeEvent(record.event) });
  }
  await scheduleAutomation(w.db, w.clock, w.clientId, id);
  return { done: true };
}

/**
 * Brings back a soft-deleted event. An event that is not deleted is answered as it is (restoring
 * twice is not an error); undefined when the client has no such event at all.
 */
export async function restoreEvent(w: WriteContext, id: string): Promise<EventRecord | undefined> {
  await lockEvent(w.db, w.clientId, id);
  const record = await getEvent(w.db, w.clientId, id, { includeDeleted: true });
  if (!record || record.event.dateDeleted === null) return record;
  await w.db
    .update(events)
    .set({ dateDeleted: null, dateModified: w.clock.now() })
    .where(and(eq(events.clientId, w.clientId), eq(events.id, id), isNotNull(events.dateDeleted)));
  const restored = await reread(w, id);
  await recordEventChange(w.db, w.clock, { clientId: w.clientId, eventId: id, action: 'Restored', event: changeEvent(restored.event) });
  await scheduleAutomation(w.db, w.clock, w.clientId, id);
  return restored;
}

/** Columns the database computes (generated columns): never copied. */
const COPYABLE = Object.entries(getTableColumns(events))
  .filter(([, column]) => !(column as { generated?: unknown }).generated && !(column as { generatedIdentity?: unknown }).generatedIdentity)
  .map(([key]) => key);

/**
 * A copy of an event as a new event: a new id and content id, the title with " (copy)", no
 * reference or external id (they name the original elsewhere), in the waiting state of its kind
 * (PRE_LIVE for live events, PRE_VOD otherwise), with nothing of what happened to the original:
 * no actual or captured times, MP4, provisioning, compose playlist, channel profile or archiver
 * capture. Schedule, settings, categories, tags and custom properties are copied.
 */
export async function cloneEvent(w: WriteContext, source: EventRecord): Promise<EventRecord> {
  const now = w.clock.now();
  const id = randomUUID();
  const copied = Object.fromEntries(COPYABLE.map((key) => [key, (source.event as Record<string, unknown>)[key]])) as EventInsert;
  await w.db.insert(events).values({
    ...copied,
    id,
    clientId: w.clientId,
    title: `${source.event.title} (copy)`,
    refId: null,
    externalId: null,
    contentId: randomUUID(),
    state: cloneState(source.event.state),
    mp4State: Mp4State.values.NONE,
    provisionState: null,
    provisionInfo: null,
    actualLiveStart: null,
    actualLiveEnd: null,
    captureVodStart: null,
    captureVodEnd: null,
    capturingLive2Vod: false,
    liveComposePlaylistId: null,
    channelProfileId: null,
    archiverCaptureId: null,
    archiverProfileId: null,
    dateCreated: now,
    dateModified: now,
    dateDeleted: null,
  });
  await copyChildren(w.db, w.clientId, source, id);
  const record = await reread(w, id);
  await recordEventChange(w.db, w.clock, { clientId: w.clientId, eventId: id, action: 'Added', event: changeEvent(record.event), flags: addedFlags(record.event) });
  await scheduleAutomation(w.db, w.clock, w.clientId, id);
  return record;
}

async function copyChildren(db: DbOrTx, clientId: string, source: EventRecord, eventId: string): Promise<void> {
  if (source.categories.length > 0) {
    await db.insert(eventCategories).values(source.categories.map((c, position) => ({ clientId, eventId, categoryId: c.id, position })));
  }
  if (source.tags.length > 0) await db.insert(eventTags).values(source.tags.map((t) => ({ clientId, eventId, tagId: t.id })));
  if (source.customProperties.length > 0) {
    await db
      .insert(customProperties)
      .values(source.customProperties.map((p) => ({ clientId, eventId, category: p.category, key: p.key, value: p.value })));
  }
}
