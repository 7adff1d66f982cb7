/**
 * The metadata lookups of the simulated targets (GET /destination/metadata[/{id}]): the choices a
 * platform offers for a publication's fields, as the platform's API would list them. Only
 * VideoSite and SocialNetwork answer lookups (service-interface.md "Destination metadata
 * response"); each name belongs to one target:
 *
 * | name                      | target        | Data (value -> label) |
 * |---------------------------|---------------|-----------------------|
 * | VideoSiteRegions          | VideoSite     | region code -> region name |
 * | VideoSiteVideoCategories  | VideoSite     | category id -> title; needs a region: some categories exist in some regions only |
 * | VideoSitePrivacyStatus    | VideoSite     | public, unlisted, private |
 * | VideoSiteLicense          | VideoSite     | standard, creativeCommon |
 * | VideoSitePlaylists        | VideoSite     | the account's playlists: destination configJson `playlists` (array of titles, or object id -> title); else the channel's default ones |
 * | SocialNetworkPages        | SocialNetwork | the pages the account manages: configJson `pages` (same forms); else the account's own page |
 *
 * Values equal the option values of the schema's target fields (syndication-targets.ts), so a
 * choice made from a lookup passes the publication check.
 */
import type { DestinationMetadataName } from '#schema';
import type { MetadataAnswer, MetadataRequest } from '../areas/syndication/index.ts';

/** Which target answers each metadata name (by target name). */
export const METADATA_TARGET: Readonly<Record<DestinationMetadataName, 'VideoSite' | 'SocialNetwork'>> = {
  VideoSiteRegions: 'VideoSite',
  VideoSiteVideoCategories: 'VideoSite',
  VideoSitePrivacyStatus: 'VideoSite',
  VideoSiteLicense: 'VideoSite',
  VideoSitePlaylists: 'VideoSite',
  SocialNetworkPages: 'SocialNetwork',
};

export const REGIONS: Readonly<Record<string, string>> = {
  AU: 'Australia',
  BR: 'Brazil',
  CA: 'Canada',
  DE: 'Germany',
  ES: 'Spain',
  FR: 'France',
  GB: 'United Kingdom',
  IN: 'India',
  IT: 'Italy',
  JP: 'Japan',
  NL: 'Netherlands',
  SE: 'Sweden',
  US: 'United States',
};

/** Categories with the regions they are limited to (none: every region). */
const CATEGORIES: readonly { id: string; title: string; regions?: readonly string[] }[] = [
  { id: '1', title: 'Film & Animation' },
  { id: '2', title: 'Autos & Vehicles' },
  { id: '10', title: 'Music' },
  { id: '15', title: 'Pets & Animals' },
  { id: '17', title: 'Sports' },
  { id: '19', title: 'Travel & Events' },
  { id: '20', title: 'Gaming' },
  { id: '22', title: 'People & Blogs' },
  { id: '23', title: 'Comedy' },
  { id: '24', title: 'Entertainment' },
  { id: '25', title: 'News & Politics' },
  { id: '26', title: 'Howto & Style' },
  { id: '27', title: 'Education' },
  { id: '28', title: 'Science & Technology' },
  { id: '29', title: 'Nonprofits & Activism', regions: ['US', 'GB', 'CA', 'AU'] },
  { id: '30', title: 'Movies', regions: ['US', 'JP', 'IN'] },
  { id: '44', title: 'Trailers', regions: ['US'] },
];

/** The region a destination's configuration gives (`region` or `vs_region`), if any. */
export function regionOfConfig(config: Record<string, unknown>): string | undefined {
  const value = config.region ?? config.vs_region;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** A configuration list: an array of titles (ids made from them) or an object id -> title. */
function listOf(value: unknown): Record<string, string> | undefined {
  if (Array.isArray(value)) {
    const out: Record<string, string> = {};
    for (const [i, v] of value.entries()) if (typeof v === 'string' && v.trim() !== '') out[`PL${String(i + 1).padStart(3, '0')}`] = v.trim();
    return out;
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'));
  }
  return undefined;
}

/** A stable short id from a destination id, for its default playlists and page. */
const shortId = (id: string) => id.replace(/-/g, '').slice(0, 10);

export function lookupMetadata(request: MetadataRequest): MetadataAnswer {
  const { name, destination } = request;
  switch (name) {
    case 'VideoSiteRegions':
      return { ok: true, data: { ...REGIONS } };
    case 'VideoSiteVideoCategories': {
      const region = (request.region ?? (destination ? regionOfConfig(destination.config) : undefined))?.toUpperCase();
      if (!region) {
        return { ok: false, field: 'youTubeRegions', reason: 'VideoSiteVideoCategories needs a region (youTubeRegions), and the destination configuration gives none (region)' };
      }
      if (!REGIONS[region]) return { ok: false, field: 'youTubeRegions', reason: `not a region of VideoSite: expected one of ${Object.keys(REGIONS).join(', ')}` };
      return { ok: true, data: Object.fromEntries(CATEGORIES.filter((c) => !c.regions || c.regions.includes(region)).map((c) => [c.id, c.title])) };
    }
    case 'VideoSitePrivacyStatus':
      return { ok: true, data: { public: 'Public', unlisted: 'Unlisted', private: 'Private' } };
    case 'VideoSiteLicense':
      return { ok: true, data: { standard: 'Standard licence', creativeCommon: 'Creative Commons (attribution)' } };
    case 'VideoSitePlaylists': {
      if (!destination) return { ok: true, data: {} };
      return { ok: true, data: listOf(destination.config.playlists) ?? { [`UU${shortId(destination.id)}`]: 'Uploads', [`PL${shortId(destination.id)}`]: `${destination.name}: highlights` } };
    }
    case 'SocialNetworkPages': {
      if (!destination) return { ok: true, data: {} };
      return { ok: true, data: listOf(destination.config.pages) ?? { [shortId(destination.id)]: destination.name } };
    }
  }
}
