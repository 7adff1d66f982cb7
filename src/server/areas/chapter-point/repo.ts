/**
 * Chapter points (a tree per event) and their custom properties. Every query is scoped to the
 * client; chapter points of deleted events are left out like their events.
 */
import { and, asc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { ChapterPoint, ChapterPointCustomProperty } from '#schema';
import type { DbOrTx } from '../../db/database.ts';
import { chapterPointCustomProperties, chapterPoints, events } from '../../db/tables/index.ts';
import { validationError } from '../../http/errors.ts';
import { foreignIds, ownIdsAmong, planPropertyWrites, type PlanOptions, type PropertyItem } from '../custom-property/index.ts';
import { slices, type WriteResult } from '../custom-property/index.ts';

export type ChapterPointRow = typeof chapterPoints.$inferSelect;
export type PointPropertyRow = { id: string; chapterPointId: string; category: string; key: string; value: string; version?: number };

const liveEvent = (clientId: string) => and(eq(events.id, chapterPoints.eventId), eq(events.clientId, clientId), isNull(events.dateDeleted));

// ---- Chapter points -------------------------------------------------------------------------------

/** Start times sort by their key (see the table), then by title, then id: a stable order. */
const pointOrder = [asc(chapterPoints.startKey), asc(chapterPoints.title), asc(chapterPoints.id)];

export async function eventChapterPoints(db: DbOrTx, clientId: string, eventId: string): Promise<ChapterPointRow[]> {
  return db
    .select()
    .from(chapterPoints)
    .where(and(eq(chapterPoints.clientId, clientId), eq(chapterPoints.eventId, eventId)))
    .orderBy(...pointOrder);
}

/** The client's chapter point, unless its event is deleted. */
export async function getChapterPoint(db: DbOrTx, clientId: string, id: string): Promise<ChapterPointRow | undefined> {
  const [row] = await db
    .select({ point: chapterPoints })
    .from(chapterPoints)
    .innerJoin(events, liveEvent(clientId))
    .where(and(eq(chapterPoints.clientId, clientId), eq(chapterPoints.id, id)));
  return row?.point;
}

export type ChapterPointValues = Pick<ChapterPointRow, 'parentId' | 'referenceId' | 'title' | 'tag' | 'startTime' | 'endTime' | 'startKey'>;

export async function insertChapterPoint(
  db: DbOrTx,
  values: ChapterPointValues & { id?: string; clientId: string; eventId: string },
  now: Date,
): Promise<ChapterPointRow> {
  const [row] = await db
    .insert(chapterPoints)
    .values({ ...values, dateCreated: now, dateModified: now })
    .returning();
  return row!;
}

export async function updateChapterPoint(db: DbOrTx, clientId: string, id: string, values: ChapterPointValues, now: Date): Promise<ChapterPointRow> {
  const [row] = await db
    .update(chapterPoints)
    .set({ ...values, dateModified: now })
    .where(and(eq(chapterPoints.clientId, clientId), eq(chapterPoints.id, id)))
    .returning();
  return row!;
}

/** Deletes a chapter point; its subtree and all their properties go with it (foreign keys cascade). */
export async function deleteChapterPoint(db: DbOrTx, clientId: string, id: string): Promise<void> {
  await db.delete(chapterPoints).where(and(eq(chapterPoints.clientId, clientId), eq(chapterPoints.id, id)));
}

// ---- Chapter point custom properties ----------------------------------------------------------------

export interface PointPropertyFilter {
  chapterPointId?: string;
  category?: string;
  key?: string;
  value?: string;
}

const propertyColumns = {
  id: chapterPointCustomProperties.id,
  chapterPointId: chapterPointCustomProperties.chapterPointId,
  category: chapterPointCustomProperties.category,
  key: chapterPointCustomProperties.key,
  value: chapterPointCustomProperties.value,
  version: chapterPointCustomProperties.version,
};

export const toPointProperty = (p: PointPropertyRow): ChapterPointCustomProperty => ({
  id: p.id,
  key: p.key,
  category: p.category,
  value: p.value,
  chapterPointId: p.chapterPointId,
  version: p.version,
});

function propertyConditions(clientId: string, filter: PointPropertyFilter): SQL[] {
  const where: SQL[] = [eq(chapterPointCustomProperties.clientId, clientId)];
  if (filter.chapterPointId !== undefined) where.push(eq(chapterPointCustomProperties.chapterPointId, filter.chapterPointId));
  if (filter.category !== undefined) where.push(eq(chapterPointCustomProperties.category, filter.category));
  if (filter.key !== undefined) where.push(eq(chapterPointCustomProperties.key, filter.key));
  if (filter.value !== undefined) where.push(eq(chapterPointCustomProperties.value, filter.value));
  return where;
}

function selectPointProperties(db: DbOrTx, clientId: string) {
  return db
    .select({ ...propertyColumns, eventId: chapterPoints.eventId })
    .from(chapterPointCustomProperties)
    .innerJoin(chapterPoints, and(eq(chapterPoints.id, chapterPointCustomProperties.chapterPointId), eq(chapterPoints.clientId, clientId)))
    .innerJoin(events, liveEvent(clientId));
}

/** Filters combine with AND and match exactly; ordered by chapter point, category, key. */
export function listPointProperties(db: DbOrTx, clientId: string, filter: PointPropertyFilter) {
  return selectPointProperties(db, clientId)
    .where(and(...propertyConditions(clientId, filter)))
    .orderBy(
      asc(chapterPointCustomProperties.chapterPointId),
      asc(chapterPointCustomProperties.category),
      asc(chapterPointCustomProperties.key),
      asc(chapterPointCustomProperties.id),
    );
}

export async function getPointProperty(db: DbOrTx, clientId: string, id: string) {
  const [row] = await selectPointProperties(db, clientId).where(
    and(eq(chapterPointCustomProperties.clientId, clientId), eq(chapterPointCustomProperties.id, id)),
  );
  return row;
}

/** The properties of every chapter point of an event, by chapter point order, then category and key. */
export async function eventPointProperties(db: DbOrTx, clientId: string, eventId: string): Promise<PointPropertyRow[]> {
  return selectPointProperties(db, clientId)
    .where(and(eq(chapterPointCustomProperties.clientId, clientId), eq(chapterPoints.eventId, eventId)))
    .orderBy(...pointOrder, asc(chapterPointCustomProperties.category), asc(chapterPointCustomProperties.key));
}

/** The properties of these chapter points, grouped by chapter point. */
export async function propertiesOfPoints(db: DbOrTx, clientId: string, pointIds: string[]): Promise<Map<string, PointPropertyRow[]>> {
  const byPoint = new Map<string, PointPropertyRow[]>();
  if (pointIds.length === 0) return byPoint;
  const rows = await db
    .select(propertyColumns)
    .from(chapterPointCustomProperties)
    .where(and(eq(chapterPointCustomProperties.clientId, clientId), inArray(chapterPointCustomProperties.chapterPointId, pointIds)))
    .orderBy(asc(chapterPointCustomProperties.category), asc(chapterPointCustomProperties.key), asc(chapterPointCustomProperties.id));
  for (const row of rows) {
    const list = byPoint.get(row.chapterPointId) ?? [];
    list.push(row);
    byPoint.set(row.chapterPointId, list);
  }
  return byPoint;
}

/** Adds or updates properties of a chapter point, with the rules of event properties (custom-property/plan.ts). */
export async function writePointProperties(
  db: DbOrTx,
  clientId: string,
  chapterPointId: string,
  items: readonly PropertyItem[],
  field: PlanOptions['field'],
): Promise<WriteResult> {
  const existing = (await propertiesOfPoints(db, clientId, [chapterPointId])).get(chapterPointId) ?? [];
  const elsewhere = await ownIdsAmong(db, clientId, chapterPointCustomProperties, foreignIds(existing, items));
  const plan = planPropertyWrites(existing, items, { field, elsewhere, noun: 'chapter point custom property', owner: 'chapter point' });
  if (plan.errors.length > 0) throw validationError(plan.errors, 'The chapter point custom properties are not valid');
  for (const p of plan.updates) {
    await db
      .update(chapterPointCustomProperties)
      .set({ category: p.category, key: p.key, value: p.value })
      .where(and(eq(chapterPointCustomProperties.clientId, clientId), eq(chapterPointCustomProperties.id, p.id)));
  }
  // In slices: a statement has at most 65,535 parameters (see custom-property/repo.ts).
  for (const slice of slices(plan.inserts)) {
    await db.insert(chapterPointCustomProperties).values(slice.map((p) => ({ ...p, clientId, chapterPointId })));
  }
  return { written: plan.written, changed: plan.updates.length + plan.inserts.length > 0 };
}

/** Deletes the matching properties; answers the events whose chapter points lost some. */
export async function deletePointProperties(db: DbOrTx, clientId: string, filter: PointPropertyFilter): Promise<Set<string>> {
  const matching = await listPointProperties(db, clientId, filter);
  if (matching.length === 0) return new Set();
  const ids = matching.map((r) => r.id);
  // In slices: a filter as wide as one category may match many rows, and a statement has at most 65,535 parameters.
  for (const slice of slices(ids, 10_000)) {
    await db
      .delete(chapterPointCustomProperties)
      .where(and(eq(chapterPointCustomProperties.clientId, clientId), inArray(chapterPointCustomProperties.id, slice)));
  }
  return new Set(matching.map((r) => r.eventId));
}

/** Deletes one property; answers the event of its chapter point, or undefined when the client has no such property. */
export async function deletePointProperty(db: DbOrTx, clientId: string, id: string): Promise<string | undefined> {
  const row = await getPointProperty(db, clientId, id);
  if (!row) return undefined;
  await db
    .delete(chapterPointCustomProperties)
    .where(and(eq(chapterPointCustomProperties.clientId, clientId), eq(chapterPointCustomProperties.id, id)));
  return row.eventId;
}

// ---- The interface's shape -------------------------------------------------------------------------

export function toChapterPoint(row: ChapterPointRow, properties: PointPropertyRow[], children: ChapterPoint[] = []): ChapterPoint {
  return {
    id: row.id,
    eventId: row.eventId,
    parentId: row.parentId,
    referenceId: row.referenceId,
    title: row.title,
    tag: row.tag,
    startTime: row.startTime,
    endTime: row.endTime,
    chapterPointCustomProperties: properties.map(toPointProperty),
    children,
    version: row.version,
  };
}
