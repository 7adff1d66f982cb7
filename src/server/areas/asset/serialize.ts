/**
 * Asset rows as the interface answers them (service-interface.md "Asset"). `url` is the event's
 * xflow's storageUrlPublic joined with the path (each segment percent-encoded); null when the
 * event has no xflow or its configuration has no storageUrlPublic: the interface builds asset URLs
 * from it alone. The demo's xflows point it at this service (/api/storage/public/<tier>/), which
 * serves the files (extension.ts): stored as `http://{service}/...` and answered with the
 * service's URL for the request (http/service-url.ts).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { AssetState, AssetType, parseJsonText, XflowConfigurationSchema, type Asset } from '#schema';
import type { DbOrTx } from '../../db/database.ts';
import { answerUrl } from '../../http/service-url.ts';
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

/** The storageUrlPublic of each event's xflow (null when none) as answered to `serviceUrl`, for a page of assets. */
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
  };
}

export async function toAssets(db: DbOrTx, clientId: string, rows: readonly AssetRow[], serviceUrl: string): Promise<Asset[]> {
  const urls = await storageUrlsOf(db, clientId, rows.map((r) => r.eventId), serviceUrl);
  return rows.map((row) => toAsset(row, urls.get(row.eventId) ?? null));
}
