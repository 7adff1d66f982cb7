/**
 * The queries of publications (with their callbacks and history) and of what the area reads of
 * events and channel profiles; destinations are in destination-repo.ts, the monitor's page in
 * monitor-repo.ts. Each names the client (tenancy: the filter leads the indexes; row-level
 * security is the net under it), except a callback job's lookup of its callback by id (the
 * service's, for no client in particular).
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PublicationKind } from '#schema';
import type { DbOrTx } from '../../db/database.ts';
import { asService } from '../../db/tenant-scope.ts';
import { events } from '../../db/tables/events.ts';
import { channelProfileAudioInputs, channelProfiles } from '../../db/tables/metadata.ts';
import { publicationCallbacks, publicationHistory, publications } from '../../db/tables/syndication.ts';

export type PublicationRow = typeof publications.$inferSelect;
export type NewPublication = typeof publications.$inferInsert;
export type CallbackRow = typeof publicationCallbacks.$inferSelect;
export type HistoryRow = typeof publicationHistory.$inferSelect;
export type EventRow = typeof events.$inferSelect;
export type Api = 'media' | 'direct';

// ---- Publications -------------------------------------------------------------------------------

/** The conditions every read of one kind of publication starts with. */
export function ofKind(clientId: string, kind: PublicationKind, api: Api = 'media'): SQL[] {
  return [eq(publications.clientId, clientId), eq(publications.kind, kind), eq(publications.api, api)];
}

export interface PublicationWhere {
  id?: string;
  eventId?: string;
  destinationId?: string;
  contentId?: string;
  transactionId?: string;
}

function whereOf(w: PublicationWhere): SQL[] {
  return [
    ...(w.id !== undefined ? [eq(publications.id, w.id)] : []),
    ...(w.eventId !== undefined ? [eq(publications.eventId, w.eventId)] : []),
    ...(w.destinationId !== undefined ? [eq(publications.destinationId, w.destinationId)] : []),
    ...(w.contentId !== undefined ? [eq(publications.contentId, w.contentId)] : []),
    ...(w.transactionId !== undefined ? [eq(publications.transactionId, w.transactionId)] : []),
  ];
}

/** The newest publication of a kind matching `where`; locked for the transaction with `lock`. */
export async function findPublication(db: DbOrTx, clientId: string, kind: PublicationKind, api: Api, where: PublicationWhere, options: { lock?: boolean } = {}): Promise<PublicationRow | undefined> {
  const query = db
    .select()
    .from(publications)
    .where(and(...ofKind(clientId, kind, api), ...whereOf(where)))
    .orderBy(desc(publications.dateCreated))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** Every publication of a kind matching `where`, oldest first; locked with `lock`. */
export async function findPublications(db: DbOrTx, clientId: string, kind: PublicationKind, api: Api, where: PublicationWhere, options: { lock?: boolean; target?: number; contentIdFilter?: string | undefined } = {}): Promise<PublicationRow[]> {
  const query = readerFor(db, options.contentIdFilter)
    .select()
    .from(publications)
    .where(and(...ofKind(clientId, kind, api), ...whereOf(where), ...targetIs(options.target), ...contentFilter(options.contentIdFilter)))
    .orderBy(asc(publications.dateCreated), asc(publications.id));
  return options.lock ? query.for('update') : query;
}

/** A publication of the client by id, whatever its kind; locked with `lock`. */
export async function publicationById(db: DbOrTx, clientId: string, id: string, options: { lock?: boolean } = {}): Promise<PublicationRow | undefined> {
  const query = db
    .select()
    .from(publications)
    .where(and(eq(publications.clientId, clientId), eq(publications.id, id)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** Publications of the client by id, in the order given (unknown ones left out). */
export async function publicationsByIds(db: DbOrTx, clientId: string, ids: readonly string[]): Promise<PublicationRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(publications)
    .where(and(eq(publications.clientId, clientId), inArray(publications.id, [...ids])));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is PublicationRow => r !== undefined);
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function contentFilter(text: string | undefined): SQL[] {
  return text ? [ilike(publications.contentId, `%${escapeLike(text)}%`)] : [];
}

export function targetIs(target: number | undefined): SQL[] {
  return target === undefined ? [] : [eq(publications.target, target)];
}

/**
 * The handle a publication read runs on: with a content filter, outside the row-level policy, so
 * that its trigram index serves the `ILIKE` (the filters always name the client, `ofKind`).
 */
export function readerFor<T extends DbOrTx>(db: T, contentIdFilter: string | undefined) {
  return contentIdFilter ? asService(db) : db;
}

export interface PublicationListQuery {
  target?: number | undefined;
  contentIdFilter?: string | undefined;
  orderBy?: 'Created' | 'Started' | 'Completed' | undefined;
  from?: string | undefined;
  to?: string | undefined;
  pageNumber: number;
  pageSize: number;
}

/** A page of publications of a kind, newest first by the date asked for (empty dates last), and how many match. */
export async function listPublications(db: DbOrTx, clientId: string, kind: PublicationKind, api: Api, query: PublicationListQuery, options: { count?: boolean } = {}): Promise<{ rows: PublicationRow[]; total: number }> {
  const column = query.orderBy === 'Started' ? publications.dateStarted : query.orderBy === 'Completed' ? publications.dateCompleted : publications.dateCreated;
  const where = and(
    ...ofKind(clientId, kind, api),
    ...targetIs(query.target),
    ...contentFilter(query.contentIdFilter),
    ...(query.from ? [gte(column, new Date(query.from))] : []),
    ...(query.to ? [lt(column, new Date(query.to))] : []),
  );
  const reader = readerFor(db, query.contentIdFilter);
  const rows = await reader
    .select()
    .from(publications)
    .where(where)
    .orderBy(sql`${column} desc nulls last`, desc(publications.id))
    .limit(query.pageSize)
    .offset((query.pageNumber - 1) * query.pageSize);
  if (!options.count) return { rows, total: rows.length };
  const [total] = await reader.select({ n: count() }).from(publications).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

/** An event's live publications the watcher looks after: running, or asked to run. */
export async function watchedPublications(db: DbOrTx, clientId: string, eventId: string): Promise<PublicationRow[]> {
  return db
    .select()
    .from(publications)
    .where(
      and(
        eq(publications.clientId, clientId),
        eq(publications.eventId, eventId),
        eq(publications.kind, 'live'),
        or(eq(publications.state, 2), and(eq(publications.state, 1), eq(publications.startRequested, true))),
      ),
    );
}

export async function insertPublication(db: DbOrTx, values: NewPublication): Promise<PublicationRow> {
  const [row] = await db.insert(publications).values(values).returning();
  return row!;
}

/** Writes a publication's columns: only `transition` (core.ts) calls it, so every change is one of state. */
export async function updatePublication(db: DbOrTx, clientId: string, id: string, values: Partial<NewPublication>): Promise<PublicationRow | undefined> {
  const [row] = await db
    .update(publications)
    .set(values)
    .where(and(eq(publications.clientId, clientId), eq(publications.id, id)))
    .returning();
  return row;
}

export async function deletePublication(db: DbOrTx, clientId: string, id: string): Promise<void> {
  await db.delete(publications).where(and(eq(publications.clientId, clientId), eq(publications.id, id)));
}

// ---- History and callbacks ----------------------------------------------------------------------

export async function insertHistory(db: DbOrTx, values: typeof publicationHistory.$inferInsert): Promise<void> {
  await db.insert(publicationHistory).values(values);
}

export async function historyOf(db: DbOrTx, clientId: string, publicationId: string): Promise<HistoryRow[]> {
  return db
    .select()
    .from(publicationHistory)
    .where(and(eq(publicationHistory.clientId, clientId), eq(publicationHistory.publicationId, publicationId)))
    .orderBy(asc(publicationHistory.seq));
}

export async function callbacksOf(db: DbOrTx, clientId: string, publicationIds: readonly string[]): Promise<CallbackRow[]> {
  if (publicationIds.length === 0) return [];
  return db
    .select()
    .from(publicationCallbacks)
    .where(and(eq(publicationCallbacks.clientId, clientId), inArray(publicationCallbacks.publicationId, [...publicationIds])))
    .orderBy(asc(publicationCallbacks.url));
}

/** Sets a publication's callback URLs (those it had go). */
export async function replaceCallbacks(db: DbOrTx, clientId: string, publicationId: string, urls: readonly string[]): Promise<void> {
  await db.delete(publicationCallbacks).where(and(eq(publicationCallbacks.clientId, clientId), eq(publicationCallbacks.publicationId, publicationId)));
  if (urls.length > 0) await db.insert(publicationCallbacks).values(urls.map((url) => ({ clientId, publicationId, url })));
}

/** A callback by id, for its job (the service's, for no client in particular). */
export async function findCallback(db: DbOrTx, id: string): Promise<CallbackRow | undefined> {
  const [row] = await db.select().from(publicationCallbacks).where(eq(publicationCallbacks.id, id));
  return row;
}

export async function recordCallbackResult(db: DbOrTx, callback: Pick<CallbackRow, 'clientId' | 'id'>, values: { lastTriggered?: Date; lastResult: string | null }): Promise<void> {
  await db
    .update(publicationCallbacks)
    .set(values)
    .where(and(eq(publicationCallbacks.clientId, callback.clientId), eq(publicationCallbacks.id, callback.id)));
}

// ---- What the area reads of events and channel profiles ------------------------------------------

/** The client's event, unless deleted. */
export async function findEvent(db: DbOrTx, clientId: string, eventId: string): Promise<EventRow | undefined> {
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.clientId, clientId), eq(events.id, eventId)));
  return row && row.dateDeleted === null ? row : undefined;
}

/** The client's events (not deleted) of content ids, by content id. */
export async function eventsByContent(db: DbOrTx, clientId: string, contentIds: readonly string[]): Promise<Map<string, Pick<EventRow, 'id' | 'contentId' | 'mp4State'>>> {
  if (contentIds.length === 0) return new Map();
  const rows = await db
    .select({ id: events.id, contentId: events.contentId, mp4State: events.mp4State, dateDeleted: events.dateDeleted })
    .from(events)
    .where(and(eq(events.clientId, clientId), inArray(events.contentId, [...new Set(contentIds)])));
  return new Map(rows.filter((r) => r.dateDeleted === null).map((r) => [r.contentId!, r]));
}

/** The ids of the audio inputs of the event's channel profile. */
export async function audioInputsOf(db: DbOrTx, clientId: string, eventId: string): Promise<Set<string>> {
  const rows = await db
    .select({ id: channelProfileAudioInputs.id })
    .from(channelProfileAudioInputs)
    .innerJoin(channelProfiles, and(eq(channelProfiles.clientId, channelProfileAudioInputs.clientId), eq(channelProfiles.id, channelProfileAudioInputs.profileId)))
    .where(and(eq(channelProfiles.clientId, clientId), eq(channelProfiles.eventId, eventId)));
  return new Set(rows.map((r) => r.id));
}
