/**
 * The destination form's values and their mapping to the request body (and back): the name, the
 * target, the target's own fields (Custom: the stream URL and name publications push to; the
 * others: the channel, page or account to publish as), and the rest of destinationJson as raw JSON
 * for experts. The target's fields are keys of destinationJson, so nothing is lost either way.
 */
import { z } from 'zod';
import { DestinationTarget, type Destination, type FieldError, type MediaDestination, type MediaDestinationBody } from '#schema';
import type { MappedServerErrors } from '#components/form/server-errors.ts';

export interface TargetConfigField {
  key: string;
  label: string;
  help?: string;
}

/** destinationJson keys a form shows as fields, per target. */
export const TARGET_CONFIG_FIELDS: Record<string, TargetConfigField[]> = {
  SocialNetwork: [{ key: 'sn_pageId', label: 'Page', help: 'The page to publish to; empty: the authorised account' }],
  MicroBlog: [{ key: 'mb_account', label: 'Account', help: '@handle to post as' }],
  VideoSite: [
    { key: 'vs_channelId', label: 'Channel', help: 'The channel to upload to; empty: the authorised account’s' },
    { key: 'vs_region', label: 'Default region', help: 'Two-letter code, e.g. GB' },
  ],
  MediaPlatform: [{ key: 'mp_folder', label: 'Folder', help: 'Where uploads go' }],
  Custom: [
    { key: 'cstm_streamUrl', label: 'Stream URL', help: 'rtmp(s)://server/app; publications may give their own' },
    { key: 'cstm_streamName', label: 'Stream name (key)' },
  ],
};

/** Which operations own a destination: media syndication (/media/destination/) or direct publishing (/destination/). */
export type DestinationApi = 'media' | 'direct';

/** A destination of either api, as the Destinations page lists it. */
export type AnyDestination = MediaDestination & { api: DestinationApi };

export const DestinationFormSchema = z
  .object({
    name: z.string().trim().min(1, 'Give the destination a name'),
    api: z.enum(['media', 'direct']),
    target: z.enum(DestinationTarget.names as unknown as [string, ...string[]]),
    fields: z.record(z.string(), z.string().optional()),
    rawJson: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.rawJson.trim() === '') return;
    try {
      const parsed: unknown = JSON.parse(v.rawJson);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) ctx.addIssue({ code: 'custom', path: ['rawJson'], message: 'Must be a JSON object, e.g. {"key": "value"}' });
    } catch (error) {
      ctx.addIssue({ code: 'custom', path: ['rawJson'], message: `Not valid JSON: ${(error as Error).message}` });
    }
  });
export type DestinationFormValues = z.infer<typeof DestinationFormSchema>;

export function newDestinationValues(): DestinationFormValues {
  return { name: '', api: 'media', target: 'VideoSite', fields: {}, rawJson: '{}' };
}

export function destinationToValues(d: AnyDestination): DestinationFormValues {
  const target = DestinationTarget.nameOf(d.target) ?? 'Custom';
  let config: Record<string, unknown> = {};
  try {
    config = JSON.parse(d.configJson ?? '{}') as Record<string, unknown>;
  } catch {
    config = {};
  }
  const fields: Record<string, string | undefined> = {};
  const rest: Record<string, unknown> = { ...config };
  for (const f of TARGET_CONFIG_FIELDS[target] ?? []) {
    if (typeof config[f.key] === 'string') {
      fields[f.key] = config[f.key] as string;
      delete rest[f.key];
    }
  }
  return { name: d.name, api: d.api, target, fields, rawJson: JSON.stringify(rest, null, 2) };
}

export function valuesToBody(v: DestinationFormValues): MediaDestinationBody {
  const raw = v.rawJson.trim() === '' ? {} : (JSON.parse(v.rawJson) as Record<string, unknown>);
  const own = Object.fromEntries((TARGET_CONFIG_FIELDS[v.target] ?? []).map((f) => [f.key, (v.fields[f.key] ?? '').trim()]).filter(([, value]) => value !== ''));
  return { name: v.name.trim(), target: v.target, destinationJson: JSON.stringify({ ...raw, ...own }) };
}

/** Where a 400 of the service lands in the form. */
/** The service's 400 onto the form's fields (for `applyServerErrors`): destinationJson and configJson are the raw JSON field. */
export function destinationServerErrors(errors: readonly FieldError[]): MappedServerErrors<'name' | 'target' | 'rawJson'> {
  const fields: MappedServerErrors<'name' | 'target' | 'rawJson'>['fields'] = [];
  const other: string[] = [];
  for (const { field, message } of errors) {
    const name = field === 'body.name' ? 'name' : field === 'body.target' ? 'target' : field.startsWith('body.destinationJson') || field.startsWith('body.configJson') ? 'rawJson' : null;
    if (name) fields.push({ name, message });
    else other.push(`${field}: ${message}`);
  }
  return { fields, other };
}

/** A direct destination in the shape the page lists. */
export function fromDirect(d: Destination): AnyDestination {
  return { id: d.id, name: d.name, target: d.target, configJson: d.configJson, active: d.active, version: d.version, api: 'direct' };
}
