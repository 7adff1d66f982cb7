/**
 * What each syndication target asks for in a publication (public-facts.md §6): the fields of
 * publicationJson per target, for live and VOD publications. The service checks publicationJson
 * against these (400 naming the missing or wrong key), and the dashboard renders a publication's
 * form from the same list, so the two never disagree.
 *
 * Key prefixes: sn_ (SocialNetwork), vs_ (VideoSite) and cstm_ (Custom) are documented. MicroBlog
 * and MediaPlatform have no documented prefix; mb_ and mp_ are ours (inferred, same rule).
 * Shared keys (publishAt, callbackUrls) carry no prefix.
 */
import { z } from 'zod';
import { DateTime } from '../common.ts';
import { DestinationTarget, VodPublicationState, LivePublicationState } from './syndication.ts';

export type PublicationKind = 'live' | 'vod';

export interface TargetField {
  key: string;
  label: string;
  type: 'text' | 'textarea' | 'boolean' | 'select' | 'datetime' | 'urls';
  /** Required unless `suppliedByDestination` names a destinationJson key that gives it. */
  required?: boolean;
  /** destinationJson keys that supply this field when the publication leaves it out. */
  suppliedByDestination?: readonly string[];
  options?: readonly { value: string; label: string }[];
  maxLength?: number;
  help?: string;
}

const publishAt: TargetField = {
  key: 'publishAt',
  label: 'Publish at',
  type: 'datetime',
  help: 'Empty: as soon as the upload is done',
};
const callbackUrls: TargetField = {
  key: 'callbackUrls',
  label: 'Callback URLs',
  type: 'urls',
  help: 'Called with a POST (JSON) when the publication completes',
};
const privacy = (prefix: string, key = 'privacyStatus'): TargetField => ({
  key: `${prefix}${key}`,
  label: 'Privacy',
  type: 'select',
  options: [
    { value: 'public', label: 'Public' },
    { value: 'unlisted', label: 'Unlisted' },
    { value: 'private', label: 'Private' },
  ],
});

/** Fields per target name and publication kind. */
export const TARGET_FIELDS: Readonly<Record<string, Readonly<Record<PublicationKind, readonly TargetField[]>>>> = {
  SocialNetwork: {
    live: [
      { key: 'sn_title', label: 'Title', type: 'text', required: true, maxLength: 255 },
      { key: 'sn_description', label: 'Description', type: 'textarea', maxLength: 5000 },
      {
        key: 'sn_privacy',
        label: 'Audience',
        type: 'select',
        options: [
          { value: 'EVERYONE', label: 'Everyone' },
          { value: 'FRIENDS', label: 'Friends' },
          { value: 'SELF', label: 'Only me' },
        ],
      },
      { ...callbackUrls, help: 'Called with a POST (JSON) when the live publication ends' },
    ],
    vod: [
      { key: 'sn_title', label: 'Title', type: 'text', maxLength: 255, help: "Empty: the event's title" },
      { key: 'sn_description', label: 'Description', type: 'textarea', maxLength: 5000 },
      { key: 'sn_embeddable', label: 'Embeddable', type: 'boolean' },
      { key: 'sn_thumbnailUrl', label: 'Thumbnail URL', type: 'text' },
      publishAt,
      callbackUrls,
    ],
  },
  MicroBlog: {
    live: [
      { key: 'mb_text', label: 'Post text', type: 'textarea', required: true, maxLength: 280 },
      { ...callbackUrls, help: 'Called with a POST (JSON) when the live publication ends' },
    ],
    vod: [{ key: 'mb_text', label: 'Post text', type: 'textarea', required: true, maxLength: 280 }, publishAt, callbackUrls],
  },
  VideoSite: {
    live: [
      { key: 'vs_title', label: 'Title', type: 'text', required: true, maxLength: 100 },
      { key: 'vs_description', label: 'Description', type: 'textarea', maxLength: 5000 },
      privacy('vs_'),
      { ...callbackUrls, help: 'Called with a POST (JSON) when the live publication ends' },
    ],
    vod: [
      { key: 'vs_title', label: 'Title', type: 'text', required: true, maxLength: 100 },
      { key: 'vs_description', label: 'Description', type: 'textarea', maxLength: 5000 },
      { key: 'vs_region', label: 'Region', type: 'text', help: 'Two-letter region code, e.g. GB' },
      { key: 'vs_category', label: 'Category', type: 'text' },
      privacy('vs_'),
      {
        key: 'vs_license',
        label: 'Licence',
        type: 'select',
        options: [
          { value: 'standard', label: 'Standard' },
          { value: 'creativeCommon', label: 'Creative Commons' },
        ],
      },
      { key: 'vs_playlist', label: 'Playlist', type: 'text' },
      publishAt,
      callbackUrls,
    ],
  },
  MediaPlatform: {
    live: [
      { key: 'mp_title', label: 'Title', type: 'text', required: true, maxLength: 128 },
      { key: 'mp_description', label: 'Description', type: 'textarea', maxLength: 5000 },
      { ...callbackUrls, help: 'Called with a POST (JSON) when the live publication ends' },
    ],
    vod: [
      { key: 'mp_title', label: 'Title', type: 'text', required: true, maxLength: 128 },
      { key: 'mp_description', label: 'Description', type: 'textarea', maxLength: 5000 },
      { key: 'mp_tags', label: 'Tags', type: 'text', help: 'Comma-separated' },
      privacy('mp_'),
      publishAt,
      callbackUrls,
    ],
  },
  Custom: {
    live: [
      { key: 'cstm_description', label: 'Description', type: 'text' },
      { key: 'cstm_streamUrl', label: 'Stream URL', type: 'text', required: true, suppliedByDestination: ['cstm_streamUrl', 'streamUrl'], help: 'rtmp:// or rtmps://' },
      { key: 'cstm_streamName', label: 'Stream name (key)', type: 'text', required: true, suppliedByDestination: ['cstm_streamName', 'streamName'] },
      { key: 'cstm_backupStreamUrl', label: 'Backup stream URL', type: 'text' },
      { key: 'cstm_backupStreamName', label: 'Backup stream name', type: 'text' },
      { ...callbackUrls, help: 'Called with a POST (JSON) when the live publication ends' },
    ],
    vod: [
      { key: 'cstm_title', label: 'Title', type: 'text' },
      { key: 'cstm_description', label: 'Description', type: 'textarea' },
      publishAt,
      callbackUrls,
    ],
  },
};

/** The fields of a target (by value); an unknown target has none (anything goes). */
export function targetFields(target: number, kind: PublicationKind): readonly TargetField[] {
  const name = DestinationTarget.nameOf(target);
  return name ? (TARGET_FIELDS[name]?.[kind] ?? []) : [];
}

/** A target field's problem with a value, or undefined when it is fine. */
export function checkTargetField(field: TargetField, value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  switch (field.type) {
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'must be true or false';
    case 'urls': {
      if (!Array.isArray(value)) return 'must be an array of URLs';
      const bad = value.findIndex((u) => typeof u !== 'string' || !/^https?:\/\/[^\s]+$/i.test(u));
      return bad >= 0 ? `item ${bad} is not an http(s) URL` : value.length > 10 ? 'at most 10 URLs' : undefined;
    }
    case 'datetime':
      return typeof value === 'string' && DateTime.safeParse(value).success ? undefined : 'must be an ISO 8601 date and time, or empty';
    case 'select':
      if (typeof value !== 'string') return 'must be text';
      return field.options && !field.options.some((o) => o.value === value) ? `must be one of ${field.options.map((o) => o.value).join(', ')}` : undefined;
    default:
      if (typeof value !== 'string') return 'must be text';
      return field.maxLength !== undefined && value.length > field.maxLength ? `at most ${field.maxLength} characters` : undefined;
  }
}

// ---- Publication monitor (extension operations) -----------------------------------------------------

/** Failed states (the same values for live and VOD publications). */
export const FAILED_PUBLICATION_STATES: readonly number[] = [4, 5, 6];

export function publicationStateName(kind: PublicationKind, state: number): string {
  return (kind === 'live' ? LivePublicationState.nameOf(state) : VodPublicationState.nameOf(state)) ?? `State${state}`;
}

export const PublicationKindSchema = z.enum(['live', 'vod']);

/** State groups the monitor filters by (names shared by live and VOD states). */
export const MonitorStateFilter = z.enum(['Failed', 'Processing', 'Scheduled', 'InProgress', 'Completed']);

export const PublicationMonitorQuery = z
  .object({
    kind: PublicationKindSchema.optional(),
    /** Comma-separated state groups: Failed, Processing, Scheduled, InProgress, Completed. */
    states: z
      .string()
      .optional()
      .refine((v) => !v || v.split(',').every((s) => MonitorStateFilter.safeParse(s.trim()).success), {
        message: `comma-separated list of ${MonitorStateFilter.options.join(', ')}`,
      }),
    targetFilter: z.string().optional().describe('Target name or value'),
    destinationId: z.guid().optional(),
    eventId: z.guid().optional(),
    contentIdFilter: z.string().optional().describe('Substring of the content id'),
    from: DateTime.optional().describe('Created at or after'),
    to: DateTime.optional().describe('Created before'),
    failedFirst: z.boolean().default(true),
    pageNumber: z.number().int().min(1).default(1),
    pageSize: z.number().int().min(1).max(500).default(50),
  })
  .meta({ id: 'PublicationMonitorQuery' });
export type PublicationMonitorQuery = z.input<typeof PublicationMonitorQuery>;

export const MonitorRowSchema = z
  .object({
    id: z.guid(),
    kind: PublicationKindSchema,
    /** Which operations own it: media (/media/...publication/) or direct (/vodpublications/). */
    api: z.enum(['media', 'direct']),
    target: z.number().int(),
    destinationId: z.guid(),
    destinationName: z.string().nullable(),
    eventId: z.guid().nullable(),
    eventTitle: z.string().nullable(),
    audioInputId: z.guid().nullable(),
    transactionId: z.guid(),
    contentId: z.string().nullable(),
    publicationState: z.number().int(),
    publicationStateString: z.string(),
    reason: z.string().nullable().describe('Why the publication failed (or what it waits for)'),
    progress: z.number().int().nullable().describe('Upload progress of a VOD publication in processing, 0-100'),
    startRequested: z.boolean().describe('A live publication that starts when its event goes live'),
    visibility: z.string().nullable().describe('public or private on the target, when known'),
    dateCreated: DateTime,
    dateStarted: DateTime.nullable(),
    dateCompleted: DateTime.nullable(),
    dateModified: DateTime,
  })
  .meta({ id: 'PublicationMonitorRow' });
export type MonitorRow = z.infer<typeof MonitorRowSchema>;

export const MonitorPageSchema = z
  .object({
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
    totalCount: z.number().int(),
    /** Publications matching every filter but the state, by state group. */
    counts: z.record(z.string(), z.number().int()),
    results: z.array(MonitorRowSchema),
  })
  .meta({ id: 'PublicationMonitorPage' });
export type MonitorPage = z.infer<typeof MonitorPageSchema>;

export const PublicationHistoryEntrySchema = z
  .object({
    at: DateTime,
    fromState: z.number().int().nullable(),
    fromStateString: z.string().nullable(),
    toState: z.number().int(),
    toStateString: z.string(),
    reason: z.string().nullable(),
    /** Who caused it: request (an API call), target (the platform), event (its event went live or ended). */
    cause: z.string(),
  })
  .meta({ id: 'PublicationHistoryEntry' });
export type PublicationHistoryEntry = z.infer<typeof PublicationHistoryEntrySchema>;
