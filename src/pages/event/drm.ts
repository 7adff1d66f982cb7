/**
 * DrmJson (service-interface.md "DRM JSON shape") between its text and the structured editor.
 * The editor handles providers NONE and THIRDPARTY with CENC and FAIRPLAY entries; anything it
 * could not show without losing a part (another provider, unknown keys, text that does not
 * parse) opens as raw JSON instead.
 */
import { DrmConfigurationSchema, type DrmConfiguration } from '#schema';

export type DrmEntry = NonNullable<DrmConfiguration['drm_data']>[number];
export type CencEntry = Extract<DrmEntry, { name: 'CENC' }>;
export type FairplayEntry = Extract<DrmEntry, { name: 'FAIRPLAY' }>;

export const STRUCTURED_PROVIDERS = ['NONE', 'THIRDPARTY'] as const;

export type ParsedDrm =
  | { kind: 'empty' }
  | { kind: 'structured'; config: DrmConfiguration }
  | { kind: 'raw'; reason: string };

/** Key order as the interface lists the fields, so the text reads the same after an edit. */
function canonical(value: unknown): string {
  return JSON.stringify(value);
}

export function parseDrm(text: string | null | undefined): ParsedDrm {
  if (!text || text.trim() === '') return { kind: 'empty' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { kind: 'raw', reason: 'The DRM setting is not valid JSON.' };
  }
  const parsed = DrmConfigurationSchema.safeParse(json);
  if (!parsed.success) return { kind: 'raw', reason: 'The DRM setting does not have the documented shape.' };
  if (!(STRUCTURED_PROVIDERS as readonly string[]).includes(parsed.data.drm_provider)) {
    return { kind: 'raw', reason: `Provider ${parsed.data.drm_provider} can only be edited as JSON.` };
  }
  // The schema drops keys it does not know; a setting that had some must not lose them in an edit.
  if (canonical(sortKeys(parsed.data)) !== canonical(sortKeys(json))) {
    return { kind: 'raw', reason: 'The DRM setting has fields the form does not know; edit it as JSON to keep them.' };
  }
  return { kind: 'structured', config: parsed.data };
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, sortKeys(v)]),
    );
  }
  return value;
}

/** The text of a structured setting; NONE carries no entries. */
export function serializeDrm(config: DrmConfiguration): string {
  const entries = config.drm_provider === 'NONE' ? undefined : (config.drm_data ?? []).map(orderEntry);
  return JSON.stringify(entries ? { drm_provider: config.drm_provider, drm_data: entries } : { drm_provider: config.drm_provider });
}

function orderEntry(entry: DrmEntry): DrmEntry {
  if (entry.name === 'CENC') {
    const { name, key_id, content_id, widevine_drmspecific, widevine_laurl, key_iv, playready_laurl } = entry;
    return { name, key_id, content_id, widevine_drmspecific, widevine_laurl, key_iv, playready_laurl };
  }
  const { name, key_id, key_iv, laurl, ask } = entry;
  return ask === undefined ? { name, key_id, key_iv, laurl } : { name, key_id, key_iv, laurl, ask };
}

export function emptyEntry(name: 'CENC' | 'FAIRPLAY'): DrmEntry {
  return name === 'CENC'
    ? { name, key_id: '', content_id: '', widevine_drmspecific: '', widevine_laurl: '', key_iv: '', playready_laurl: '' }
    : { name, key_id: '', key_iv: '', laurl: '', ask: '' };
}

/** The fields of each entry kind, labelled for people. */
export const ENTRY_FIELDS = {
  CENC: [
    ['key_id', 'Key ID'],
    ['key_iv', 'Key IV'],
    ['content_id', 'Content ID'],
    ['widevine_laurl', 'Widevine licence URL'],
    ['widevine_drmspecific', 'Widevine DRM-specific data'],
    ['playready_laurl', 'PlayReady licence URL'],
  ],
  FAIRPLAY: [
    ['key_id', 'Key ID'],
    ['key_iv', 'Key IV'],
    ['laurl', 'Licence URL'],
    ['ask', 'Application secret key (ASK)'],
  ],
} as const;
