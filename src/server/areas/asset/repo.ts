/**
 * Every query of assets, and what the area reads of events and xflows. Each names the client
 * (tenancy: the filter leads the indexes; row-level security is the net under it). An asset
 * changes through `updateAsset` only, so each change of one has one place to be recorded.
 */
import { and, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { AssetState, AssetType, ASSET_PAGE_SIZE } from '#schema';
import type { DbOrTx } from '../../db/database.ts';
import { assets, events, xflows } from '../../db/tables/index.ts';
import { answerUrl } from '../../http/service-url.ts';
import { storageUrlOf, type AssetRow } from './serialize.ts';

export type { AssetRow };
export type NewAsset = typeof assets.$inferInsert;

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The client's event (not deleted), as the asset area needs it. */
export async function eventOf(db: DbOrTx, clientId: string, eventId: string) {
  if (!GUID.test(eventId)) return undefined;
  const [row] = await db
    .select({ id: events.id, contentId: events.contentId, mp4State: events.mp4State, dateModified: events.dateModified })
    .from(events)
    .where(and(eq(events.clientId, clientId), eq(events.id, eventId), isNull(events.dateDeleted)));
  return row;
}

/**
 * The storageUrlPublic of each event's xflow (null when none) as answered to `serviceUrl` (stored
 * as `http://{service}/...` when on this service: http/service-url.ts), for a page of assets.
 */
export async function storageUrlsOf(db: DbOrTx, clientId: string, eventIds: readonly string[], serviceUrl: string): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>();
  const ids = [...new Set(eventIds)];
  if (ids.length === 0) return out;
  const rows = await db
    .select({ id: events.id, configurationJson: xflows.configurationJson })
    .from(events)
    .leftJoin(xflows, and(eq(xflows.id, events.xflowId), eq(xflows.clientId, events.clientId)))
    .where(and(eq(events.clientId, clientId), inArray(events.id, ids)));
  for (const row of rows) {
    const url = storageUrlOf(row.configurationJson);
    out.set(row.id, url && answerUrl(url, serviceUrl));
  }
  return out;
}

// ---- Reading assets -------------------------------------------------------------------------------

/** The event's thumbnail and sprite that were made (their files may still be gone). */
export async function completedCompanionsOf(db: DbOrTx, clientId: string, eventId: string) {
  return db
    .select({ role: assets.role, path: assets.path })
    .from(assets)
    .where(and(eq(assets.clientId, clientId), eq(assets.eventId, eventId), inArray(assets.role, ['thumbnail', 'sprite']), eq(assets.state, AssetState.values.COMPLETED)));
}

/** An asset of the client whose event is not deleted. */
export async function findAsset(db: DbOrTx, clientId: string, id: string): Promise<AssetRow | undefined> {
  if (!GUID.test(id)) return undefined;
  const [row] = await db
    .select({ asset: assets })
    .from(assets)
    .innerJoin(events, and(eq(events.clientId, assets.clientId), eq(events.id, assets.eventId)))
    .where(and(eq(assets.clientId, clientId), eq(assets.id, id), isNull(events.dateDeleted)));
  return row?.asset;
}

/** An asset of the client by id, whatever its event (the media lane's work). */
export async function assetById(db: DbOrTx, clientId: string, id: string): Promise<AssetRow | undefined> {
  const [row] = await db
    .select()
    .from(assets)
    .where(and(eq(assets.clientId, clientId), eq(assets.id, id)));
  return row;
}

export interface AssetFilters {
  eventId?: string | undefined;
  contentId?: string | undefined;
  jobId?: string | undefined;
  name?: string | undefined;
  states?: string | undefined;
  types?: string | undefined;
  extensions?: string | undefined;
}

function enumList(text: string | undefined, e: typeof AssetState | typeof AssetType): number[] | undefined {
  if (!text) return undefined;
  const values = text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .map((item) => e.input.parse(item) as number);
  return values.length > 0 ? values : undefined;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function whereOf(clientId: string, f: AssetFilters): SQL {
  const where: SQL[] = [eq(assets.clientId, clientId)];
  if (f.eventId) where.push(eq(assets.eventId, f.eventId));
  if (f.contentId) where.push(eq(assets.contentId, f.contentId));
  if (f.jobId) where.push(eq(assets.jobId, f.jobId));
  if (f.name) where.push(ilike(assets.name, `%${escapeLike(f.name)}%`));
  const states = enumList(f.states, AssetState);
  if (states) where.push(inArray(assets.state, states));
  const types = enumList(f.types, AssetType);
  if (types) where.push(inArray(assets.type, types));
  const endings = (f.extensions ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter((e) => e !== '');
  if (endings.length > 0) where.push(or(...endings.map((e) => sql`lower(${assets.path}) like ${`%${escapeLike(e)}`}`))!);
  // Assets of deleted events are out of sight with their event (restoring it brings them back).
  where.push(sql`exists (select 1 from ${events} where ${events.clientId} = ${assets.clientId} and ${events.id} = ${assets.eventId} and ${events.dateDeleted} is null)`);
  return and(...where)!;
}

/** A page of the client's assets, newest first. */
export async function listAssets(db: DbOrTx, clientId: string, filters: AssetFilters, pageIndex: number): Promise<AssetRow[]> {
  return db
    .select()
    .from(assets)
    .where(whereOf(clientId, filters))
    .orderBy(desc(assets.dateCreated), desc(assets.id))
    .limit(ASSET_PAGE_SIZE)
    .offset(pageIndex * ASSET_PAGE_SIZE);
}

/** Every asset of the client the filters match (a bulk delete). */
export async function assetsMatching(db: DbOrTx, clientId: string, filters: AssetFilters): Promise<AssetRow[]> {
  return db.select().from(assets).where(whereOf(clientId, filters));
}

export async function assetsOfEvent(db: DbOrTx, clientId: string, eventId: string): Promise<AssetRow[]> {
  return db
    .select()
    .from(assets)
    .where(and(eq(assets.clientId, clientId), eq(assets.eventId, eventId)));
}

/** The event's MP4 (its SYSTEM asset of role `mp4`). */
export async function vodAssetOf(db: DbOrTx, clientId: string, eventId: string): Promise<AssetRow | undefined> {
  const [row] = await db
    .select()
    .from(assets)
    .where(and(eq(assets.clientId, clientId), eq(assets.eventId, eventId), eq(assets.role, 'mp4')));
  return row;
}

// ---- Writing assets -------------------------------------------------------------------------------

export async function insertAsset(db: DbOrTx, values: NewAsset): Promise<AssetRow> {
  const [row] = await db.insert(assets).values(values).returning();
  return row!;
}

/**
 * Writes an asset's columns (every change of an asset goes through here); with `whileGenerating`,
 * only while it is still GENERATING. Answers the row as written, or undefined when nothing was.
 */
export async function updateAsset(db: DbOrTx, clientId: string, id: string, values: Partial<NewAsset>, options: { whileGenerating?: boolean } = {}): Promise<AssetRow | undefined> {
  const [row] = await db
    .update(assets)
    .set(values)
    .where(and(eq(assets.clientId, clientId), eq(assets.id, id), ...(options.whileGenerating ? [eq(assets.state, AssetState.values.GENERATING)] : [])))
    .returning();
  return row;
}

/** Deletes assets of the client; answers the paths of their files. */
export async function deleteAssets(db: DbOrTx, clientId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .delete(assets)
    .where(and(eq(assets.clientId, clientId), inArray(assets.id, [...ids])))
    .returning({ path: assets.path });
  return rows.map((r) => r.path);
}

/** Deletes the SYSTEM files an MP4 request makes (the MP4 and its companions), or one of them; answers their paths. */
export async function deleteSystemAssets(db: DbOrTx, clientId: string, eventId: string, role?: 'mp4' | 'thumbnail' | 'sprite'): Promise<string[]> {
  const rows = await db
    .delete(assets)
    .where(and(eq(assets.clientId, clientId), eq(assets.eventId, eventId), role ? eq(assets.role, role) : isNotNull(assets.role)))
    .returning({ path: assets.path });
  return rows.map((r) => r.path);
}
