/** Events: the central resource (service-interface.md "Event"; enumerations from public-facts.md §2). */
import { z } from 'zod';
import { enumeration, Guid, NullableDateTime, TimeSpan } from '../common.ts';
import { CustomPropertySchema } from './custom-property.ts';

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

export const TagModelSchema = z.object({ id: Guid, name: z.string() }).meta({ id: 'TagModel' });
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
  })
  .meta({ id: 'Event' });
export type Event = z.infer<typeof EventSchema>;

export const EventCollectionSchema = z
  .object({ pageSize: z.number().int(), totalCount: z.number().int(), results: z.array(EventSchema) })
  .meta({ id: 'EventCollection' });
export type EventCollection = z.infer<typeof EventCollectionSchema>;

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
