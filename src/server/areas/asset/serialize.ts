/**
 * Asset rows as the interface answers them (service-interface.md "Asset"). `url` is the event's
 * xflow's storageUrlPublic joined with the path (each segment percent-encoded); null when the
 * event has no xflow or its configuration has no storageUrlPublic: the interface builds asset URLs
 * from it alone. The demo's xflows point it at this service (/api/storage/public/<tier>/), which
 * serves the files (extension.ts): stored as `http://{service}/...` and answered with the
 * service's URL for the request (http/service-url.ts).
 */
import { AssetState, AssetType, parseJsonText, XflowConfigurationSchema, type Asset } from '#schema';
import type { assets } from '../../db/tables/index.ts';
import { mediaProgress } from '../media/index.ts';

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
    progress: mediaProgress(row.state === AssetState.values.GENERATING, row.progress, row.etaSeconds),
  };
}

/** Assets as answered, each with the storage URL of its event's xflow (repo.ts storageUrlsOf). */
export function toAssets(rows: readonly AssetRow[], urls: ReadonlyMap<string, string | null>): Asset[] {
  return rows.map((row) => toAsset(row, urls.get(row.eventId) ?? null));
}
