/** Events: the central resource (service-interface.md "Event"; enumerations from public-facts.md §2). */
import { z } from 'zod';
import { DateTime, enumeration, Guid, NullableDateTime, TEXT_MAX, TimeSpan, Version } from '../common.ts';
import { CustomPropertySchema } from './custom-property.ts';
import { jsonText } from './json-text.ts';

export const EventState = enumeration('EventState', {
  PRE_LIVE: 0,
  LIVE_UNPUBLISHED: 1,
  LIVE_PUBLISHED: 2,
  SUSPENDED: 3,
  STOPPED: 4,
  INSTANT_VOD: 5,
  INSTANT_VOD_BACKUP: 6,
  INSTANT_VOD_DELETE: 7,
  PRE_VOD: 8,
  VOD_INGESTING: 9,
  VOD_PRIVATE: 10,
  VOD_PUBLIC: 11,
  REMIX_GENERATING: 12,
  REMIX_PRIVATE: 13,
  REMIX_PUBLIC: 14,
  REMIX_ERROR: 15,
  VOD_ERROR: 16,
  ARCHIVER_PRIVATE: 17,
  ARCHIVER_PUBLIC: 18,
  COMPOSE_GENERATING: 19,
  // Note the order: PUBLIC (20) comes before PRIVATE (21).
  COMPOSE_PUBLIC: 20,
  COMPOSE_PRIVATE: 21,
  COMPOSE_WAITING: 22,
  COMPOSE_ERROR: 23,
  LIVE_STARTING: 24,
  LIVE_STOPPING: 25,
});
export type EventStateName = (typeof EventState.names)[number];

/** No value 3; FAILED behaves like NONE for a new request. */
export const Mp4State = enumeration('Mp4State', { NONE: 0, AVAILABLE: 1, GENERATING: 2, FAILED: 4 });

export const ProvisionState = enumeration('ProvisionState', {
  SCHEDULED: 0,
  PROVISIONING: 1,
  PROVISIONING_FAILED: 2,
  PROVISIONED: 3,
  PROVISIONED_PARTIAL: 4,
  TERMINATING: 5,
  TERMINATING_FAILED: 6,
  TERMINATED: 7,
});
export type ProvisionStateName = (typeof ProvisionState.names)[number];

/** 1 HLSe is inferred (public-facts.md §2). */
export const StreamProtocol = enumeration('StreamProtocol', { HLS: 0, HLSe: 1, HSS: 2, DASH: 3, HDS: 4 });

/** Values beyond 2 are inferred from the documented order (public-facts.md §2). Index = encoder channel. */
export const StreamSource = enumeration('StreamSource', {
  CDN_PRIMARY_INDEX_0: 0,
  CDN_PRIMARY_INDEX_1: 1,
  ORIGIN_PRIMARY_INDEX_0: 2,
  ORIGIN_SECONDARY_INDEX_0: 3,
  ORIGIN_PRIMARY_INDEX_1: 4,
  ORIGIN_SECONDARY_INDEX_1: 5,
});

export const StreamUrlSchema = z
  .object({
    streamProtocol: z.number().int(),
    streamProtocolString: z.string(),
    url: z.string(),
    absoluteUrlWithPathNoQuery: z.string(),
    streamSource: z.number().int(),
    streamSourceString: z.string(),
  })
  .meta({ id: 'StreamUrl' });
export type StreamUrl = z.infer<typeof StreamUrlSchema>;

export const RequestedStreamTimeSchema = z.object({
  inPointOriginalString: z.string().nullable(),
  outPointOriginalString: z.string().nullable(),
  inPointDateTime: NullableDateTime,
  outPointDateTime: NullableDateTime,
  inPointTimeSpan: z.string(),
  outPointTimeSpan: z.string(),
  inPointHasValue: z.boolean(),
  outPointHasValue: z.boolean(),
  inPointIsAbsoluteDateTime: z.boolean(),
  outPointIsAbsoluteDateTime: z.boolean(),
});

export const PublishingPointUrlSchema = z.object({
  url: z.string(),
  state: z.string(),
  hasStarted: z.boolean(),
  lastUpdated: NullableDateTime,
  receivingData: z.boolean(),
});

export const RampServerSchema = z.object({
  serverAddress: z.string(),
  apiKey: z.string(),
  location: z.string(),
  proxyPass: z.string(),
  playerAddress: z.string(),
  proxyPassEmpty: z.string(),
});

/** The video structure: generated only for a single event requested with processVideo=true. */
export const VideoSchema = z
  .object({
    webPageUrl: z.string(),
    playerUrl: z.string(),
    embedCode: z.string(),
    scriptablePlayerUrl: z.string(),
    scriptableEmbedCode: z.string(),
    requestedStreamTime: RequestedStreamTimeSchema,
    requestedAudioOnly: z.boolean(),
    requestedAutoStart: z.boolean(),
    liveUrls: z.array(StreamUrlSchema),
    currentStateUrls: z.array(StreamUrlSchema),
    livePlayoutProfileUrls: z.record(z.string(), z.unknown()),
    vodUrls: z.array(StreamUrlSchema),
    archiverCapturePublishingPointUrls: z.array(StreamUrlSchema),
    remixUrls: z.array(StreamUrlSchema),
    archiverUrls: z.array(StreamUrlSchema),
    privateMp4Url: z.string(),
    publicMp4Url: z.string(),
    websiteplayerUrl: z.string(),
    websiteEmbedCode: z.string(),
    scriptableWebsitePlayerUrl: z.string(),
    scriptableWebsiteEmbedCode: z.string(),
    publishingPointUrls: z.array(PublishingPointUrlSchema),
    rampServers: z.array(RampServerSchema),
  })
  .meta({ id: 'Video' });
export type Video = z.infer<typeof VideoSchema>;

export const TagModelSchema = z.object({ id: Guid, name: z.string(), version: Version }).meta({ id: 'TagModel' });
export type TagModel = z.infer<typeof TagModelSchema>;

export const EventCategorySchema = z
  .object({ id: Guid, name: z.string(), label: z.string(), description: z.string().nullable() })
  .meta({ id: 'EventCategory' });

/** Value types the interface leaves unshown (only null in its reference shape) are `unknown`. */
const unshown = z.unknown();

export const EventSchema = z
  .object({
    video: VideoSchema.nullable().optional(),
    id: Guid,
    channelId: Guid.nullable(),
    channel: z.string().nullable(),
    xflowId: Guid.nullable(),
    xflow: z.string().nullable(),
    remixflowId: Guid.nullable(),
    remixflow: z.string().nullable(),
    archiverflowId: Guid.nullable(),
    archiverflow: z.string().nullable(),
    liveComposePlaylistId: Guid.nullable(),
    infrastructureProfileId: Guid.nullable(),
    infrastructureProfile: z.string().nullable(),
    state: z.number().int(),
    stateString: z.string(),
    mp4State: z.number().int(),
    mp4StateString: z.string(),
    eventTypeId: Guid.nullable(),
    eventType: z.string().nullable(),
    eventTypeColour: unshown,
    roomId: Guid.nullable(),
    room: z.string().nullable(),
    channelProfileId: Guid.nullable(),
    customPropertyConfigurationId: Guid.nullable(),
    title: z.string(),
    refId: z.string().nullable(),
    externalId: z.string().nullable(),
    contentId: z.string().nullable(),
    description: z.string().nullable(),
    autoStart: z.boolean(),
    autoEnd: z.boolean(),
    autoPublish: z.boolean(),
    autoStartPublications: z.boolean(),
    autoProvisionInfrastructure: z.boolean(),
    autoTerminateInfrastructure: z.boolean(),
    embededVodTimestamps: z.boolean(),
    capturingLive2Vod: z.boolean(),
    externalUpdateAllowed: z.boolean(),
    displayStart: NullableDateTime,
    displayEnd: NullableDateTime,
    scheduledStart: NullableDateTime,
    scheduledEnd: NullableDateTime,
    scheduledChannelStart: NullableDateTime,
    scheduledChannelEnd: NullableDateTime,
    actualLiveStart: NullableDateTime,
    actualLiveEnd: NullableDateTime,
    publishedStart: NullableDateTime,
    publishedEnd: NullableDateTime,
    instantVodStart: NullableDateTime,
    instantVodEnd: NullableDateTime,
    scheduledProvisionAt: NullableDateTime,
    scheduledTerminateAt: NullableDateTime,
    captureVodStart: NullableDateTime,
    captureVodEnd: NullableDateTime,
    dateCreated: NullableDateTime,
    dateModified: NullableDateTime,
    dateDeleted: NullableDateTime,
    duration: TimeSpan.nullable(),
    durationTrimmed: TimeSpan.nullable(),
    drmJson: z.string().nullable(),
    drmData: unshown,
    additionalStreamingOptions: z.string().nullable(),
    dvrLength: z.number().int().nullable(),
    dvrLengthUrlParam: z.number().int().nullable(),
    maxBitrateUrlParam: z.number().int().nullable(),
    minBitrateUrlParam: z.number().int().nullable(),
    vodDrm: z.boolean(),
    taskEngineJson: z.string().nullable(),
    thumbnail: z.string().nullable(),
    thumbnailUrl: z.string().nullable(),
    documentUrl: z.string().nullable(),
    tagUrl: z.string().nullable(),
    setPrivateAfterGeneration: z.boolean(),
    customProperties: z.array(CustomPropertySchema),
    categories: z.array(EventCategorySchema),
    category: z.string().nullable(),
    categoryId: Guid.nullable(),
    provisionInfo: unshown,
    remixDrmJson: unshown,
    remixDrmData: unshown,
    archiverCaptureId: unshown,
    archiverProfileId: unshown,
    archiverStart: NullableDateTime,
    archiverEnd: NullableDateTime,
    remixDrm: z.boolean(),
    /** Not in the interface's field table, but events carry tags (POST /event/ Tags, /tag/event/{id}). */
    tags: z.array(TagModelSchema).optional(),
    version: Version,
  })
  .meta({ id: 'Event' });
export type Event = z.infer<typeof EventSchema>;

export const EventCollectionSchema = z
  .object({ pageSize: z.number().int(), totalCount: z.number().int(), results: z.array(EventSchema) })
  .meta({ id: 'EventCollection' });
export type EventCollection = z.infer<typeof EventCollectionSchema>;

/**
 * The statuses the events list counts above its rows (GET /event/statuscounts/, beyond the
 * interface), each a filter of GET /event/: its states or its provisioning states, and for
 * `upcoming` the day asked about (from/to). The dashboard's status tiles apply the same filters
 * when clicked, so a count is what its click lists.
 */
export const EVENT_STATUS_GROUPS = {
  live: { states: ['LIVE_PUBLISHED', 'LIVE_UNPUBLISHED'] },
  transition: { states: ['LIVE_STARTING', 'LIVE_STOPPING'] },
  upcoming: { states: ['PRE_LIVE', 'PRE_VOD', 'COMPOSE_WAITING'], inRange: true },
  failed: { states: ['VOD_ERROR', 'REMIX_ERROR', 'COMPOSE_ERROR'] },
  provisioning: { provisionStates: ['PROVISIONING_FAILED', 'TERMINATING_FAILED'] },
  suspended: { states: ['SUSPENDED'] },
} as const satisfies Record<string, { states?: readonly EventStateName[]; provisionStates?: readonly ProvisionStateName[]; inRange?: true }>;
export type EventStatusGroup = keyof typeof EVENT_STATUS_GROUPS;

const statusCount = z.number().int().min(0);
export const EventStatusCountsSchema = z
  .object({ live: statusCount, transition: statusCount, upcoming: statusCount, failed: statusCount, provisioning: statusCount, suspended: statusCount })
  .meta({ id: 'EventStatusCounts' });
export type EventStatusCounts = z.infer<typeof EventStatusCountsSchema>;

/** The columns GET /event/ can order by. */
export const EventOrderColumn = z.enum([
  'Title',
  'State',
  'DisplayLiveStart',
  'DisplayLiveEnd',
  'EventType',
  'Room',
  'Channel',
  'Xflow',
  'RefId',
  'ExternalId',
]);
export type EventOrderColumn = z.infer<typeof EventOrderColumn>;

// ---- JSON text fields of an event ----------------------------------------------------------------

/** One entry of `drm_data` in drmJson (service-interface.md "DRM JSON shape"). */
export const DrmEntrySchema = z.discriminatedUnion('name', [
  z.object({
    name: z.literal('CENC'),
    key_id: z.string(),
    content_id: z.string(),
    widevine_drmspecific: z.string(),
    widevine_laurl: z.string(),
    key_iv: z.string(),
    playready_laurl: z.string(),
  }),
  z.object({ name: z.literal('FAIRPLAY'), key_id: z.string(), key_iv: z.string(), laurl: z.string(), ask: z.string().optional() }),
]);

/** The parsed content of `drmJson`. drm_provider values seen are NONE and THIRDPARTY; others are kept. */
export const DrmConfigurationSchema = z
  .object({ drm_provider: z.string().min(1), drm_data: z.array(DrmEntrySchema).optional() })
  .meta({ id: 'DrmConfiguration' });
export type DrmConfiguration = z.infer<typeof DrmConfigurationSchema>;

// ---- Request bodies ---------------------------------------------------------------------------

/**
 * A tag name. Commas are refused because the tag filter of GET /event/ is comma-separated, so a
 * name containing one could never be filtered on.
 */
export const TagName = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .refine((name) => !name.includes(','), 'a tag name cannot contain a comma');

/** A tag as sent in a request: a known id, or a name (an existing tag of that name is reused). */
export const TagModelBody = z.object({ id: Guid.optional(), name: TagName }).meta({ id: 'TagModelBody' });
export type TagModelBody = z.infer<typeof TagModelBody>;

const ReferenceText = z.string().max(TEXT_MAX.reference);
const OptionalDateTime = DateTime.nullish();
const OptionalGuid = Guid.nullish();

/** Pairs of an event body that must not end before they start. */
const EVENT_BODY_PERIODS = [
  ['ScheduledStart', 'ScheduledEnd'],
  ['PublishedStart', 'PublishedEnd'],
  ['InstantVodStart', 'InstantVodEnd'],
  ['ScheduledProvisionAt', 'ScheduledTerminateAt'],
  ['ArchiverStart', 'ArchiverEnd'],
] as const;

/**
 * POST /event/ (add or update), PascalCase as the interface writes it. Id is required to update and
 * optional to add, which one schema cannot tell apart: the server decides by whether Id exists.
 */
export const EventBody = z
  .object({
    Id: OptionalGuid,
    Title: z.string().trim().min(1).max(TEXT_MAX.title),
    RefId: ReferenceText.nullish(),
    ExternalId: ReferenceText.nullish(),
    Description: z.string().max(TEXT_MAX.text).nullish(),
    ScheduledStart: OptionalDateTime,
    ScheduledEnd: OptionalDateTime,
    PublishedStart: OptionalDateTime,
    PublishedEnd: OptionalDateTime,
    InstantVodStart: OptionalDateTime,
    InstantVodEnd: OptionalDateTime,
    ScheduledProvisionAt: OptionalDateTime,
    ScheduledTerminateAt: OptionalDateTime,
    ArchiverStart: OptionalDateTime,
    ArchiverEnd: OptionalDateTime,
    RoomId: OptionalGuid,
    EventTypeId: OptionalGuid,
    CategoryId: OptionalGuid,
    ChannelId: OptionalGuid,
    XflowId: OptionalGuid,
    RemixflowId: OptionalGuid,
    InfrastructureProfileId: OptionalGuid,
    ArchiverflowId: OptionalGuid,
    AutoStart: z.boolean().optional(),
    AutoEnd: z.boolean().optional(),
    AutoProvisionInfrastructure: z.boolean().optional(),
    AutoTerminateInfrastructure: z.boolean().optional(),
    AutoPublish: z.boolean().optional(),
    AutoStartPublications: z.boolean().optional(),
    VodEnableDrm: z.boolean().optional(),
    SetPrivateAfterGeneration: z.boolean().optional(),
    RefreshIndex: z.boolean().optional(),
    Tags: z.array(TagModelBody).optional(),
    DrmJson: jsonText(DrmConfigurationSchema, { allowEmpty: true, description: 'Escaped JSON text: see DrmConfiguration' }).nullish(),
    AdditionalStreamingOptions: z.string().max(TEXT_MAX.text).nullish(),
    TaskEngineJson: jsonText(z.json(), { allowEmpty: true }).nullish(),
    Thumbnail: z.string().max(TEXT_MAX.json).nullish(),
    EventState: EventState.input.optional(),
    DvrLength: z.number().int().min(0).nullish(),
    MaxBitrate: z.number().int().min(0).nullish(),
    MinBitrate: z.number().int().min(0).nullish(),
    AutoExpirePublishingPoints: z.boolean().default(false).describe('Restart the event when all publishing points fail'),
  })
  .superRefine((body, ctx) => {
    for (const [start, end] of EVENT_BODY_PERIODS) {
      const from = body[start];
      const to = body[end];
      if (from && to && Date.parse(to) < Date.parse(from)) {
        ctx.addIssue({ code: 'custom', path: [end], message: `${end} must not be before ${start}` });
      }
    }
    if (body.MinBitrate != null && body.MaxBitrate != null && body.MinBitrate > body.MaxBitrate) {
      ctx.addIssue({ code: 'custom', path: ['MinBitrate'], message: 'MinBitrate must not exceed MaxBitrate' });
    }
  })
  .meta({ id: 'EventBody' });
export type EventBody = z.input<typeof EventBody>;

/** The field names of an event body, as PATCH paths name them (`/Title`, `/DrmJson`). */
export const EVENT_BODY_FIELDS = Object.keys(EventBody.shape) as (keyof typeof EventBody.shape)[];

/** One JSON Patch operation (RFC 6902), limited to what the interface uses. */
export const JsonPatchOperationSchema = z
  .object({
    op: z.enum(['replace', 'add', 'remove']),
    path: z.string().regex(/^\/[^/]/, 'a JSON pointer such as /Title'),
    value: z.unknown().optional(),
  })
  .refine((o) => o.op === 'remove' || o.value !== undefined, { path: ['value'], message: 'value is required for add and replace' })
  .meta({ id: 'JsonPatchOperation' });
export type JsonPatchOperation = z.infer<typeof JsonPatchOperationSchema>;

const eventFieldsByLower = new Set(EVENT_BODY_FIELDS.map((f) => f.toLowerCase()));

/**
 * PATCH /event/{id} (application/json-patch+json): operations on the fields of EventBody, matched
 * case-insensitively like every body field. The server applies them to the event's body and
 * validates the result as an EventBody.
 */
export const EventPatchBody = z
  .array(
    JsonPatchOperationSchema.refine((o) => eventFieldsByLower.has((o.path.split('/')[1] ?? '').toLowerCase()), {
      path: ['path'],
      message: `not a field of an event: expected /${EVENT_BODY_FIELDS.join(', /')}`,
    }),
  )
  .min(1)
  .meta({ id: 'EventPatchBody' });
export type EventPatchBody = z.input<typeof EventPatchBody>;

export const DvrWindowLengthBody = z
  .object({ DvrWindowLength: z.number().int().min(0).describe('Seconds of DVR window') })
  .meta({ id: 'DvrWindowLengthBody' });

/** POST /event/xflow/add/: adds a task to event Id, or creates an event when Id is absent. */
export const XflowTaskBody = z
  .object({
    TaskEngineJson: jsonText(z.json()).refine((t) => t.trim() !== '', 'TaskEngineJson is required'),
    Id: Guid.optional(),
    EventState: EventState.input.optional(),
    Mp4State: Mp4State.input.optional(),
    RefreshIndex: z.boolean().optional(),
  })
  .meta({ id: 'XflowTaskBody' });
export type XflowTaskBody = z.input<typeof XflowTaskBody>;

/** PUT /event/state/{id}: a state by number or name (case-insensitive). */
export const EventStateBody = z
  .object({ state: EventState.input, waitUntilCompleted: z.boolean().default(true) })
  .meta({ id: 'EventStateBody' });
export type EventStateBody = z.input<typeof EventStateBody>;

/**
 * POST /event/thumbnail/{id}: the image as an http(s) URL to fetch or a base64 data URI. (The
 * original takes an upload; our binder speaks JSON only, so the image travels as text.)
 */
export const EventThumbnailBody = z
  .object({
    Thumbnail: z
      .string()
      .refine((t) => /^https?:\/\/\S+$/i.test(t) || /^data:image\/[\w.+-]+;base64,[A-Za-z0-9+/=\s]+$/.test(t), {
        message: 'expected an http(s) URL or a data:image/...;base64, URI',
      }),
  })
  .meta({ id: 'EventThumbnailBody' });
