/**
 * The guided publishing form's values, its checks, and the publicationJson each target gets from
 * them (public-facts.md §6): VideoSite takes title, description, region, category (of that
 * region), privacy, licence and playlist, the choices coming from the metadata lookups;
 * SocialNetwork takes title, description and the page; the other targets their title (or post
 * text) and description. The checks are the schema module's own (targetFields, checkTargetField),
 * so the form refuses what the service would refuse, before sending.
 */
import { z } from 'zod';
import { checkTargetField, DestinationTarget, targetFields, type Destination } from '#schema';

export interface GuidedValues {
  title: string;
  description: string;
  region: string | null;
  category: string | null;
  privacy: string | null;
  license: string | null;
  playlist: string | null;
  page: string | null;
}

export interface DirectPublishValues {
  selected: string[];
  forms: Record<string, GuidedValues>;
}

const VS = DestinationTarget.values.VideoSite;
const SN = DestinationTarget.values.SocialNetwork;

export function emptyGuided(title: string): GuidedValues {
  return { title, description: '', region: null, category: null, privacy: null, license: null, playlist: null, page: null };
}

/** The target's keys for the title (or post text) and the description. */
export function textKeys(target: number): { title?: string; description?: string } {
  const fields = targetFields(target, 'vod');
  return {
    title: fields.find((f) => /_(title|text)$/.test(f.key))?.key,
    description: fields.find((f) => /_description$/.test(f.key))?.key,
  };
}

/** The region a destination's configuration gives (`region` or `vs_region`), as the service reads it. */
export function configRegion(destination: Pick<Destination, 'configJson'>): string | null {
  try {
    const config = JSON.parse(destination.configJson ?? '{}') as Record<string, unknown>;
    const value = config.region ?? config.vs_region;
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
  } catch {
    return null;
  }
}

/** The publicationJson of one destination's form. */
export function publicationFields(target: number, v: GuidedValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const put = (key: string | undefined, value: string | null) => {
    if (key && value !== null && value.trim() !== '') out[key] = value.trim();
  };
  const keys = textKeys(target);
  put(keys.title, v.title);
  put(keys.description, v.description);
  if (target === VS) {
    put('vs_region', v.region);
    put('vs_category', v.category);
    put('vs_privacyStatus', v.privacy);
    put('vs_license', v.license);
    put('vs_playlist', v.playlist);
  }
  if (target === SN) put('sn_pageId', v.page);
  return out;
}

/** The form's schema for these destinations: at least one chosen, each chosen one's fields as its target asks. */
export function directPublishSchema(destinations: readonly Destination[]) {
  const byId = new Map(destinations.map((d) => [d.id, d]));
  return z
    .object({
      selected: z.array(z.string()).min(1, 'Choose at least one destination'),
      forms: z.record(
        z.string(),
        z.object({
          title: z.string(),
          description: z.string(),
          region: z.string().nullable(),
          category: z.string().nullable(),
          privacy: z.string().nullable(),
          license: z.string().nullable(),
          playlist: z.string().nullable(),
          page: z.string().nullable(),
        }),
      ),
    })
    .superRefine((values, ctx) => {
      for (const id of values.selected) {
        const destination = byId.get(id);
        const form = values.forms[id];
        if (!destination || !form) continue;
        const fields = publicationFields(destination.target, form);
        const keys = textKeys(destination.target);
        for (const field of targetFields(destination.target, 'vod')) {
          const path = ['forms', id, field.key === keys.title ? 'title' : field.key === keys.description ? 'description' : ''];
          if (path[2] === '') continue;
          const value = fields[field.key];
          if (field.required && (value === undefined || value === '')) {
            ctx.addIssue({ code: 'custom', path, message: `${field.label} is required by ${DestinationTarget.nameOf(destination.target) ?? 'the target'}` });
            continue;
          }
          const why = checkTargetField(field, value);
          if (why) ctx.addIssue({ code: 'custom', path, message: `${field.label} ${why}` });
        }
        if (destination.target === VS && form.category && !form.region && !configRegion(destination)) {
          ctx.addIssue({ code: 'custom', path: ['forms', id, 'region'], message: 'Choose the region the category belongs to' });
        }
      }
    });
}

/** Where a 400 of the service lands: the form field of a publication's key, else null. */
export function fieldOfKey(target: number, key: string): keyof GuidedValues | null {
  const keys = textKeys(target);
  if (key === keys.title) return 'title';
  if (key === keys.description) return 'description';
  const own: Record<string, keyof GuidedValues> = { vs_region: 'region', vs_category: 'category', vs_privacyStatus: 'privacy', vs_license: 'license', vs_playlist: 'playlist', sn_pageId: 'page' };
  return own[key] ?? null;
}
