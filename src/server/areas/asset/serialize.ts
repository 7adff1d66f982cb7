/**
 * Asset rows as the interface answers them (service-interface.md "Asset"). `url` is the event's
 * xflow's storageUrlPublic joined with the path (each segment percent-encoded); null when the
 * event has no xflow or its configuration has no storageUrlPublic: the interface builds asset URLs
 * from it alone. The demo's xflows point it at this service (/api/storage/public/<tier>/), which
 * serves the files (extension.ts).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { AssetState, AssetType, parseJsonText, XflowConfigurationSchema, type Asset, type WorkProgress } from '#schema';
import type { DbOrTx } from '../../db/database.ts';
import { type assets, events, xflows } from '../../db/tables/index.ts';

export type AssetRow = typeof assets.$inferSelect;

export function assetUrl(storageUrlPublic: string | null, path: string): string | null {
  if (!storageUrlPublic) return null;
  const base = storageUrlPublic.endsWith('/') ? storageUrlPublic : `${storageUrlPublic}/`;
  return base + path.split('/').map(encodeURIComponent).join('/');
}

export function storageUrlOf(configurationJson: string | null | undefined): string | null {
  if (!configurationJson) return null;
  const parsed = parseJsonText(XflowConfigurationSchema, configurationJson);
  return parsed.success ? (parsed.data.storageUrlPublic ?? null) : null;
}

/** The storageUrlPublic of each event's xflow (null when none), for a page of assets. */
export async function storageUrlsOf(db: DbOrTx, clientId: string, eventIds: readonly string[]): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>();
  const ids = [...new Set(eventIds)];
  if (ids.length === 0) return out;
  const rows = await db
    .select({ id: events.id, configurationJson: xflows.configurationJson })
    .from(events)
    .leftJoin(xflows, and(eq(xflows.id, events.xflowId), eq(xflows.clientId, events.clientId)))
    .where(and(eq(events.clientId, clientId), inArray(events.id, ids)));
  for (const row of rows) out.set(row.id, storageUrlOf(row.configurationJson));
  return out;
}

/** How far a GENERATING asset has got, and the time left at the pace so far; null when not started. */
export function workProgressOf(row: Pick<AssetRow, 'state' | 'progress' | 'startedAt'>, now: Date = new Date()): WorkProgress | null {
  if (row.state !== AssetState.values.GENERATING || !row.startedAt) return null;
  const percent = Math.max(0, Math.min(100, row.progress));
  const elapsed = Math.max(0, now.getTime() - row.startedAt.getTime());
  return { percent, timeLeftMs: percent > 0 ? Math.round((elapsed * (100 - percent)) / percent) : null };
}

export function toAsset(row: AssetRow, storageUrl: string | null): Asset {
  return {
    id: row.id,
    eventId: row.eventId,
    name: row.name,
    path: row.path,
    extension: row.extension,
    state: row.state,
    stateString: AssetState.nameOf(row.state) ?? String(row.state),
    type: row.type,
    typeString: AssetType.nameOf(row.type) ?? String(row.type),
    jobId: row.jobId,
    contentId: row.contentId,
    dateCreated: row.dateCreated.toISOString(),
    dateModified: row.dateModified.toISOString(),
    url: assetUrl(storageUrl, row.path),
    error: row.state === AssetState.values.FAILED ? (row.error ?? 'the asset could not be made') : null,
    progress: workProgressOf(row),
  };
}

export async function toAssets(db: DbOrTx, clientId: string, rows: readonly AssetRow[]): Promise<Asset[]> {
  const urls = await storageUrlsOf(db, clientId, rows.map((r) => r.eventId));
  return rows.map((row) => toAsset(row, urls.get(row.eventId) ?? null));
}
