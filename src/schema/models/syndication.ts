/**
 * Media syndication (service-interface.md "Destination", "Media Destination", "Publication" and the
 * syndication endpoint sections; public-facts.md §2 and §6): destinations give access to external
 * publishing targets; live and VOD publications put content on them.
 */
import { z } from 'zod';
import { DateTime, enumeration, Guid, noCache, NullableDateTime, TEXT_MAX, Version } from '../common.ts';
import { jsonText, JsonObjectSchema } from './json-text.ts';

// ---- Targets -------------------------------------------------------------------------------------

/** The targets of the older public documentation; newer services have more values. */
export const DestinationTarget = enumeration('DestinationTarget', {
  SocialNetwork: 0,
  MicroBlog: 1,
  VideoSite: 2,
  MediaPlatform: 3,
  Custom: 4,
});
export type DestinationTargetName = (typeof DestinationTarget.names)[number];

/**
 * A target given by its text name only ("target (text name, not the enumerated value)"),
 * case-insensitive, resolved to its number.
 */
export const DestinationTargetByName = z
  .string()
  .max(TEXT_MAX.name)
  .transform((v, ctx) => {
    const name = DestinationTarget.names.find((n) => n.toLowerCase() === v.trim().toLowerCase());
    if (name === undefined) {
      ctx.addIssue({ code: 'custom', message: `not a target name: expected one of ${DestinationTarget.names.join(', ')}` });
      return z.NEVER;
    }
    return DestinationTarget.values[name];
  })
  .describe(`Target name: ${DestinationTarget.names.join(', ')}`);

/**
 * A target as read: an integer. Not limited to the known values, since newer services have more;
 * `DestinationTarget.nameOf` names the known ones.
 */
const TargetValue = z.number().int().describe(DestinationTarget.value.description ?? 'DestinationTarget');

// ---- Destinations --------------------------------------------------------------------------------

/** A destination of the syndication integration. `active` is set by an internal activation workflow. */
export const MediaDestinationSchema = z
  .object({ id: Guid, name: z.string(), target: TargetValue, configJson: z.string().nullable(), active: z.boolean(), version: Version })
  .meta({ id: 'MediaDestination' });
export type MediaDestination = z.infer<typeof MediaDestinationSchema>;

/**
 * POST /media/destination/ and PUT /media/destination/{id}. The configuration is sent as
 * `destinationJson` and read back as `configJson`.
 */
export const MediaDestinationBody = z
  .object({
    name: z.string().trim().min(1).max(TEXT_MAX.name),
    target: DestinationTarget.input.describe('Target value or name'),
    destinationJson: jsonText(JsonObjectSchema, 'JSON text of the target configuration (shape per target not shown)').default('{}'),
    active: z.boolean().optional().describe('Not recommended: false resets the activation'),
  })
  .meta({ id: 'MediaDestinationBody' });
export type MediaDestinationBody = z.input<typeof MediaDestinationBody>;

export function mediaDestinationToBody(d: MediaDestination): MediaDestinationBody {
  return { name: d.name, target: d.target, destinationJson: d.configJson ?? '{}' };
}

export const MediaDestinationListQuery = z
  .object({
    targetFilter: z.string().max(TEXT_MAX.name).optional().describe('Target name'),
    onlyActive: z.boolean().optional(),
    noCache,
  })
  .meta({ id: 'MediaDestinationListQuery' });

/** A custom property of a destination; (category, key) is unique per destination. */
export const MediaDestinationPropertySchema = z
  .object({
    id: Guid,
    category: z.string(),
    key: z.string(),
    value: z.string(),
    client: z.string().nullable(),
    destinationId: Guid,
    version: Version,
  })
  .meta({ id: 'MediaDestinationProperty' });
export type MediaDestinationProperty = z.infer<typeof MediaDestinationPropertySchema>;

/** Updates when id is given or when (category, key) already exists on the destination. */
export const MediaDestinationPropertyBody = z
  .object({
    id: Guid.nullish(),
    destinationId: Guid,
    category: z.string().trim().min(1).max(TEXT_MAX.key),
    key: z.string().trim().min(1).max(TEXT_MAX.key),
    value: z.string().max(TEXT_MAX.text),
  })
  .meta({ id: 'MediaDestinationPropertyBody' });
export type MediaDestinationPropertyBody = z.input<typeof MediaDestinationPropertyBody>;

export const DestinationPropertyFilterQuery = z.object({
  category: z.string().max(TEXT_MAX.key).optional(),
  key: z.string().max(TEXT_MAX.key).optional(),
  value: z.string().max(TEXT_MAX.text).optional(),
});

export const DestinationPropertyKeyQuery = z.object({ category: z.string().min(1).max(TEXT_MAX.key), key: z.string().min(1).max(TEXT_MAX.key) });

/** A direct destination: a target location for content. A Custom destination need not identify a fixed location. */
export const DestinationSchema = z
  .object({
    id: Guid,
    name: z.string(),
    target: TargetValue,
    configJson: z.string().nullable(),
    client: z.string().nullable(),
    active: z.boolean(),
    link: z.string().nullable(),
    destinationProperties: z.array(MediaDestinationPropertySchema),
    version: Version,
  })
  .meta({ id: 'Destination' });
export type Destination = z.infer<typeof DestinationSchema>;

const ConfigJson = jsonText(JsonObjectSchema, 'JSON text of the target configuration (shape per target not shown)');

/** POST /destination/: the target is its text name. */
export const DestinationCreateBody = z
  .object({ name: z.string().trim().min(1).max(TEXT_MAX.name), target: DestinationTargetByName, configJson: ConfigJson.default('{}') })
  .meta({ id: 'DestinationCreateBody' });
export type DestinationCreateBody = z.input<typeof DestinationCreateBody>;

/** PUT /destination/{id}: the target by name or value. */
export const DestinationUpdateBody = z
  .object({
    name: z.string().trim().min(1).max(TEXT_MAX.name),
    target: DestinationTarget.input.describe('Target value or name'),
    configJson: ConfigJson.default('{}'),
    active: z.boolean(),
  })
  .meta({ id: 'DestinationUpdateBody' });
export type DestinationUpdateBody = z.input<typeof DestinationUpdateBody>;

export function destinationToBody(d: Destination): DestinationUpdateBody {
  return { name: d.name, target: d.target, configJson: d.configJson ?? '{}', active: d.active };
}

/** The answer of the activate operations. */
export const ActivationResponseSchema = z
  .object({ actionTitle: z.string().nullable(), actionDescription: z.string().nullable(), actionRequired: z.boolean() })
  .meta({ id: 'ActivationResponse' });
export type ActivationResponse = z.infer<typeof ActivationResponseSchema>;

export const DestinationActiveQuery = z.object({ active: z.boolean() });

// ---- Destination metadata ------------------------------------------------------------------------

export const DestinationMetadataName = z.enum([
  'VideoSiteRegions',
  'VideoSiteVideoCategories',
  'VideoSitePrivacyStatus',
  'VideoSiteLicense',
  'VideoSitePlaylists',
  'SocialNetworkPages',
]);
export type DestinationMetadataName = z.infer<typeof DestinationMetadataName>;

/** Choices a target offers for a publication field: `Data` (capitalised as the interface writes it) maps value to label. */
export const DestinationMetadataSchema = z
  .object({ name: z.string(), target: TargetValue, Data: z.record(z.string(), z.string()) })
  .meta({ id: 'DestinationMetadata' });
export type DestinationMetadata = z.infer<typeof DestinationMetadataSchema>;

const metadataQueryFields = {
  metadata: DestinationMetadataName,
  target: DestinationTargetByName,
  /** Named after the brand in the interface (`?youTubeRegions=X`); kept verbatim. */
  youTubeRegions: z.string().max(TEXT_MAX.code).optional().describe('Region for VideoSiteVideoCategories'),
  noCache,
};

/** GET /destination/metadata: VideoSiteVideoCategories needs a region when no destination gives one. */
export const DestinationMetadataQuery = z
  .object(metadataQueryFields)
  .refine((q) => q.metadata !== 'VideoSiteVideoCategories' || !!q.youTubeRegions, {
    path: ['youTubeRegions'],
    message: 'VideoSiteVideoCategories needs a region (youTubeRegions) unless a destination id is given',
  })
  .meta({ id: 'DestinationMetadataQuery' });

/** GET /destination/metadata/{id}: the region may come from the destination's data. */
export const DestinationMetadataForQuery = z.object(metadataQueryFields).meta({ id: 'DestinationMetadataForQuery' });

// ---- Publications --------------------------------------------------------------------------------

/** Live publication states; 5 is unassigned. */
export const LivePublicationState = enumeration('LivePublicationState', {
  Scheduled: 1,
  InProgress: 2,
  Completed: 3,
  FailedDestination: 4,
  FailedPublication: 6,
});

/** VOD publication states; 2 is unassigned. */
export const VodPublicationState = enumeration('VodPublicationState', {
  Processing: 0,
  Scheduled: 1,
  Completed: 3,
  FailedDestination: 4,
  FailedMediaAsset: 5,
  FailedPublication: 6,
});

/** Live details: where to push the stream. */
export const IngestionDetailSchema = z.object({
  rtmpServerUrl: z.string().nullable(),
  rtmpStreamName: z.string().nullable(),
  rtmpApplicationName: z.string().nullable(),
  isPrimary: z.boolean(),
  isSsl: z.boolean(),
});

/**
 * `details` of a publication: differs per target and between live and VOD. Shared keys are listed;
 * target-specific keys carry a prefix (sn_, vs_, cstm_) and are kept as sent. View values come from
 * the target only with queryTarget=true.
 */
export const PublicationDetailsSchema = z
  .looseObject({
    isUnavailable: z.boolean().describe('true when the item is missing on the target'),
    embedHtml: z.string().nullish(),
    link: z.string().nullish(),
    ingestionDetails: z.array(IngestionDetailSchema).nullish(),
    callbackUrls: z.array(z.string()).nullish(),
    publishAt: z.string().nullish(),
  })
  .meta({ id: 'PublicationDetails' });
export type PublicationDetails = z.infer<typeof PublicationDetailsSchema>;

export const PublicationCallbackSchema = z
  .object({ id: Guid, publicationId: Guid, url: z.string(), lastTriggered: NullableDateTime })
  .meta({ id: 'PublicationCallback' });

/** "datetime (may be empty)": null, or an empty text from the original service. */
const MaybeEmptyDateTime = z.union([DateTime, z.literal('')]).nullable();

/**
 * A live or VOD publication (one shape; `details` differs). `publicationState` is a
 * LivePublicationState or a VodPublicationState value.
 */
export const PublicationSchema = z
  .object({
    id: Guid,
    target: TargetValue,
    destinationId: Guid,
    destinationName: z.string().nullable(),
    transactionId: Guid.describe('Shared by the publications created in one request'),
    contentId: z.string().nullable(),
    dateCreated: MaybeEmptyDateTime,
    dateCompleted: MaybeEmptyDateTime,
    dateStarted: MaybeEmptyDateTime,
    publicationState: z.number().int(),
    publicationStateString: z.string(),
    details: PublicationDetailsSchema.nullable().describe('null when the target data could not be retrieved'),
    callbacks: z.array(PublicationCallbackSchema),
  })
  .meta({ id: 'Publication' });
export type Publication = z.infer<typeof PublicationSchema>;

/**
 * The paginated set of GET /vodpublications/ (its shape is not shown): the page asked for, the
 * number of publications matching the query, and the page's publications.
 */
export const PublicationPageSchema = z
  .object({
    pageSize: z.number().int(),
    pageNumber: z.number().int(),
    totalCount: z.number().int(),
    results: z.array(PublicationSchema),
  })
  .meta({ id: 'PublicationPage' });
export type PublicationPage = z.infer<typeof PublicationPageSchema>;

/** The answer of publish and unpublish. */
export const OperationResponseSchema = z
  .object({ description: z.string().nullable(), isSuccessful: z.boolean() })
  .meta({ id: 'OperationResponse' });
export type OperationResponse = z.infer<typeof OperationResponseSchema>;

/** The answer of the syndication backend for live statistics: passed through, shape not shown. */
export const PublicationStatisticsSchema = z.record(z.string(), z.unknown()).meta({ id: 'PublicationStatistics' });

export const PublicationOrderBy = z.enum(['Created', 'Started', 'Completed']);

/** The list query of media publications (live and VOD) and of direct VOD publications. */
export const PublicationListQuery = z
  .object({
    targetFilter: z.string().max(TEXT_MAX.name).optional().describe('Target name'),
    contentIdFilter: z.string().max(TEXT_MAX.reference).optional().describe('Substring of the content id'),
    queryTarget: z.boolean().default(false).describe('Fetch the details from the target'),
    noCache,
    orderBy: PublicationOrderBy.optional(),
    from: DateTime.optional(),
    to: DateTime.optional(),
    pageNumber: z.number().int().min(1).default(1),
    pageSize: z.number().int().min(1).max(1000).default(20),
  })
  .meta({ id: 'PublicationListQuery' });
export type PublicationListQuery = z.input<typeof PublicationListQuery>;

/** Reading publications of one transaction (live and VOD media publications). */
export const PublicationTransactionQuery = z.object({
  contentIdFilter: z.string().max(TEXT_MAX.reference).optional(),
  queryTarget: z.boolean().default(false),
  noCache,
});

/** Reading one publication: the destination is required. */
export const PublicationGetQuery = z.object({ destinationId: Guid, queryTarget: z.boolean().default(false), noCache });

/**
 * publicationJson: JSON text whose shape depends on the target (not shown). Checked to be a JSON
 * object; the known shapes follow.
 */
export const PublicationJson = jsonText(JsonObjectSchema, 'JSON text; its shape depends on the target');

/** Custom live publication: stream URL and name are required unless the destination supplies them. */
export const CustomLivePublicationJsonSchema = z.looseObject({
  cstm_description: z.string().optional(),
  cstm_streamUrl: z.string().optional(),
  cstm_streamName: z.string().optional(),
  cstm_backupStreamUrl: z.string().optional(),
  cstm_backupStreamName: z.string().optional(),
});

/** SocialNetwork VOD publication. publishAt empty: as soon as possible. */
export const SocialNetworkVodPublicationJsonSchema = z.looseObject({
  sn_title: z.string().optional(),
  sn_description: z.string().optional(),
  sn_embeddable: z.boolean().optional(),
  sn_thumbnailUrl: z.string().optional(),
  publishAt: z.union([DateTime, z.literal('')]).optional(),
  callbackUrls: z.array(z.string()).optional(),
});

/**
 * VideoSite VOD publication: the fields the metadata lookups provide choices for. The vs_ key
 * names are inferred from the prefix rule (public-facts.md §6 names the fields, not the keys).
 */
export const VideoSiteVodPublicationJsonSchema = z.looseObject({
  vs_title: z.string().optional(),
  vs_description: z.string().optional(),
  vs_region: z.string().optional(),
  vs_category: z.string().optional(),
  vs_privacyStatus: z.string().optional(),
  vs_license: z.string().optional(),
  vs_playlist: z.string().optional(),
  publishAt: z.union([DateTime, z.literal('')]).optional(),
  callbackUrls: z.array(z.string()).optional(),
});

// ---- Live publication bodies ---------------------------------------------------------------------

export const LivePublicationCreateBody = z
  .object({
    eventId: Guid,
    publications: z
      .array(
        z.object({
          audioInputId: Guid.nullish().describe("An audio input of the event's channel profile"),
          destinationId: Guid,
          publicationJson: PublicationJson,
        }),
      )
      .min(1),
    startInstantly: z.boolean().default(false),
  })
  .meta({ id: 'LivePublicationCreateBody' });
export type LivePublicationCreateBody = z.input<typeof LivePublicationCreateBody>;

/** One live publication of an event: start, stop, publish, unpublish. */
export const LivePublicationActionBody = z
  .object({ eventId: Guid, publicationId: Guid, destinationId: Guid })
  .meta({ id: 'LivePublicationActionBody' });
export type LivePublicationActionBody = z.input<typeof LivePublicationActionBody>;

/** Retries creation against the target and discards earlier details. */
export const LivePublicationRecreateBody = z
  .object({ eventId: Guid, publicationId: Guid, destinationId: Guid, removeOriginal: z.boolean().optional() })
  .meta({ id: 'LivePublicationRecreateBody' });
export type LivePublicationRecreateBody = z.input<typeof LivePublicationRecreateBody>;

/** Start or stop several live publications of an event at once. */
export const LivePublicationBatchBody = z
  .object({ eventId: Guid, publications: z.array(z.object({ publicationId: Guid, destinationId: Guid })).min(1) })
  .meta({ id: 'LivePublicationBatchBody' });
export type LivePublicationBatchBody = z.input<typeof LivePublicationBatchBody>;

export const LivePublicationDeleteBody = z
  .object({
    eventId: Guid,
    publications: z
      .array(z.object({ publicationId: Guid, destinationId: Guid, hardDelete: z.boolean().default(false) }))
      .min(1),
  })
  .meta({ id: 'LivePublicationDeleteBody' });
export type LivePublicationDeleteBody = z.input<typeof LivePublicationDeleteBody>;

// ---- VOD publication bodies ----------------------------------------------------------------------

/** POST /media/vodpublication/: the event must have an available MP4. */
export const VodPublicationCreateBody = z
  .object({
    eventId: Guid,
    publications: z.array(z.object({ destinationId: Guid, publicationJson: PublicationJson })).min(1),
  })
  .meta({ id: 'VodPublicationCreateBody' });
export type VodPublicationCreateBody = z.input<typeof VodPublicationCreateBody>;

export const VodPublicationDeleteQuery = z.object({
  hardDelete: z.boolean().default(false).describe('Remove the item from the target platform too'),
});

/** POST /vodpublications/: all created in one request share one transactionId. */
export const DirectVodPublicationCreateBody = z
  .object({
    publications: z
      .array(z.object({ contentId: z.string().trim().min(1).max(TEXT_MAX.reference), destinationId: Guid, publicationJson: PublicationJson }))
      .min(1),
  })
  .meta({ id: 'DirectVodPublicationCreateBody' });
export type DirectVodPublicationCreateBody = z.input<typeof DirectVodPublicationCreateBody>;

export const DirectVodPublicationUpdateBody = z
  .object({ destinationId: Guid, publicationJson: PublicationJson })
  .meta({ id: 'DirectVodPublicationUpdateBody' });
export type DirectVodPublicationUpdateBody = z.input<typeof DirectVodPublicationUpdateBody>;

/** Publish or unpublish a direct VOD publication: the publication and its destination. */
export const DirectVodPublicationActionBody = z
  .object({ publicationId: Guid, destinationId: Guid })
  .meta({ id: 'DirectVodPublicationActionBody' });
export type DirectVodPublicationActionBody = z.input<typeof DirectVodPublicationActionBody>;
