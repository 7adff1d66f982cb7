/**
 * Resources events refer to by id (public-facts.md §4): categories, rooms, tags, channels, xflows,
 * chapter points, property configurations (client property templates), infrastructure profiles.
 * JSON text fields stay strings on the wire; the schemas of their parsed content are exported
 * beside them so the server and forms validate the same way.
 */
import { z } from 'zod';
import { DateOrTime, enumeration, Guid, TEXT_MAX, Version } from '../common.ts';
import { ChapterPointCustomPropertySchema, CustomPropertyItemBody, CustomPropertySchema } from './custom-property.ts';
import { RampServerSchema, StreamProtocol, TagModelBody, TagModelSchema, TagName } from './event.ts';
import { jsonText, JsonObjectSchema } from './json-text.ts';

const Name = z.string().trim().min(1).max(TEXT_MAX.name);
const ReferenceId = z.string().max(TEXT_MAX.reference).nullish();

// ---- Category ---------------------------------------------------------------------------------

export const CategorySchema = z
  .object({
    id: Guid,
    name: z.string(),
    /** Unique per client: a clash answers 400. */
    label: z.string(),
    description: z.string().nullable(),
    customProperties: z.array(CustomPropertySchema),
    version: Version,
  })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof CategorySchema>;

export const CategoryBody = z
  .object({
    name: Name,
    label: Name,
    description: z.string().max(TEXT_MAX.text).nullish(),
    customProperties: z.array(CustomPropertyItemBody).optional(),
  })
  .meta({ id: 'CategoryBody' });
export type CategoryBody = z.input<typeof CategoryBody>;

// ---- Room -------------------------------------------------------------------------------------

export const RoomSchema = z.object({ id: Guid, name: z.string(), referenceId: z.string().nullable(), version: Version }).meta({ id: 'Room' });
export type Room = z.infer<typeof RoomSchema>;

export const RoomBody = z.object({ name: Name, referenceId: ReferenceId }).meta({ id: 'RoomBody' });
export type RoomBody = z.input<typeof RoomBody>;

// ---- Tag --------------------------------------------------------------------------------------

/** A tag is the interface's TagModel `{id, name}`. */
export const TagSchema = TagModelSchema;
export type Tag = z.infer<typeof TagSchema>;

export const TagBody = z.object({ name: TagName }).meta({ id: 'TagBody' });
/** PUT /tag/ carries the id in the body. */
export const TagUpdateBody = z.object({ id: Guid, name: TagName }).meta({ id: 'TagUpdateBody' });
/** PUT /tag/event/{id}: the event's complete set of tags; tags are matched by id, else by name. */
export const EventTagsBody = z.array(TagModelBody).meta({ id: 'EventTagsBody' });

export const TagExistsSchema = z.object({ exists: z.boolean() }).meta({ id: 'TagExists' });

// ---- Channel ----------------------------------------------------------------------------------

/** Output URLs of one stream protocol on a channel's encoder. */
export const ChannelOutputUrlSchema = z.object({
  streamProtocol: StreamProtocol.nameSchema,
  liveCdnUrl: z.url(),
  vodCdnUrl: z.url().optional().describe('Where the live event is played once it is an instant VOD'),
  liveOriginPrimaryUrl: z.url(),
  liveOriginSecondaryUrl: z.url().optional(),
});

/** Where an encoder publishes: the publishing points, and the DVR window in seconds. */
export const ChannelStreamingServerSchema = z.object({
  primaryPublishingPoint: z.url(),
  secondaryPublishingPoint: z.url().nullish(),
  dvrWindowLength: z.number().int().min(0).optional(),
});

/** An encoder of a channel; its position in `encoders` is the INDEX_n of StreamSource. */
export const ChannelEncoderSchema = z.object({
  name: z.string().max(TEXT_MAX.name).optional(),
  streamingServer: ChannelStreamingServerSchema,
  outputUrls: z
    .array(ChannelOutputUrlSchema)
    .min(1)
    .refine((urls) => new Set(urls.map((u) => u.streamProtocol)).size === urls.length, 'one entry per streamProtocol'),
  supportsComposition: z.boolean().default(false).describe('The encoder can play encoder compose playlists'),
});

/** The parsed content of a channel's configurationJson. */
export const ChannelConfigurationSchema = z
  .object({
    encoders: z.array(ChannelEncoderSchema).min(1),
    /** Players' ramp servers, copied into an event's video structure. */
    rampServers: z.array(RampServerSchema).optional(),
  })
  .meta({ id: 'ChannelConfiguration' });
export type ChannelConfiguration = z.infer<typeof ChannelConfigurationSchema>;

export const ChannelSchema = z
  .object({ id: Guid, name: z.string(), referenceId: z.string().nullable(), configurationJson: z.string(), version: Version })
  .meta({ id: 'Channel' });
export type Channel = z.infer<typeof ChannelSchema>;

/** POST /channel/ adds, or updates the channel `id` when given. */
export const ChannelBody = z
  .object({
    id: Guid.optional(),
    name: Name,
    referenceId: ReferenceId,
    configurationJson: jsonText(ChannelConfigurationSchema, { description: 'JSON text: see ChannelConfiguration' }),
  })
  .meta({ id: 'ChannelBody' });
export type ChannelBody = z.input<typeof ChannelBody>;

// ---- Xflow ------------------------------------------------------------------------------------

/** The placeholder a VOD output URL carries for the event's content id. */
export const CONTENT_ID_PLACEHOLDER = '{content_id}';

export const XflowOutputUrlSchema = z.object({
  streamProtocol: StreamProtocol.nameSchema,
  vodCdnUrl: z.url().refine((u) => u.includes(CONTENT_ID_PLACEHOLDER), `must contain ${CONTENT_ID_PLACEHOLDER}`),
  vodOriginUrl: z.url().optional(),
  privateUrl: z.url().optional(),
});

/** The parsed content of an xflow's configurationJson. */
export const XflowConfigurationSchema = z
  .object({
    taskEngine: z.object({ endpoint: z.url(), apiKey: z.string().optional() }),
    streamingServer: z.object({ url: z.url(), apiKey: z.string().optional() }),
    outputUrls: z
      .array(XflowOutputUrlSchema)
      .min(1)
      .refine((urls) => new Set(urls.map((u) => u.streamProtocol)).size === urls.length, 'one entry per streamProtocol'),
    /** Public base URL of the storage; asset URLs cannot be built without it. */
    storageUrlPublic: z.url().optional(),
  })
  .meta({ id: 'XflowConfiguration' });
export type XflowConfiguration = z.infer<typeof XflowConfigurationSchema>;

export const XflowSchema = z.object({ id: Guid, name: z.string(), configurationJson: z.string(), version: Version }).meta({ id: 'Xflow' });
export type Xflow = z.infer<typeof XflowSchema>;

export const XflowBody = z
  .object({ name: Name, configurationJson: jsonText(XflowConfigurationSchema, { description: 'JSON text: see XflowConfiguration' }) })
  .meta({ id: 'XflowBody' });
export type XflowBody = z.input<typeof XflowBody>;

// ---- Chapter point ----------------------------------------------------------------------------

/** A chapter point of an event; `children` is filled only when asked for with buildTree=true. */
export const ChapterPointSchema = z
  .object({
    id: Guid,
    eventId: Guid,
    parentId: Guid.nullable(),
    referenceId: z.string().nullable(),
    title: z.string(),
    tag: z.string().nullable(),
    startTime: DateOrTime,
    endTime: DateOrTime.nullable(),
    chapterPointCustomProperties: z.array(ChapterPointCustomPropertySchema),
    get children(): z.ZodArray<typeof ChapterPointSchema> {
      return z.array(ChapterPointSchema);
    },
    version: Version,
  })
  .meta({ id: 'ChapterPoint' });
export type ChapterPoint = z.infer<typeof ChapterPointSchema>;

/** Seconds of an hh:mm:ss(.fff) time, or milliseconds since the epoch of a date-time. */
function comparable(value: string): { kind: 'time' | 'date'; at: number } {
  const time = /^(\d{2,}):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(value);
  if (time) return { kind: 'time', at: Number(time[1]) * 3600 + Number(time[2]) * 60 + Number(time[3]) };
  return { kind: 'date', at: Date.parse(value) };
}

/**
 * POST /chapterpoint/: add, or update when id is given. `propertyModels` adds chapter point
 * custom properties in the same call.
 */
export const ChapterPointBody = z
  .object({
    id: Guid.nullish(),
    eventId: Guid,
    parentId: Guid.nullish(),
    referenceId: ReferenceId,
    title: z.string().trim().min(1).max(TEXT_MAX.title),
    tag: z.string().max(TEXT_MAX.name).nullish(),
    startTime: DateOrTime,
    endTime: DateOrTime.nullish(),
    propertyModels: z.array(CustomPropertyItemBody).optional(),
    refreshIndex: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.id && body.parentId && body.id === body.parentId) {
      ctx.addIssue({ code: 'custom', path: ['parentId'], message: 'a chapter point cannot be its own parent' });
    }
    if (body.endTime) {
      const start = comparable(body.startTime);
      const end = comparable(body.endTime);
      if (start.kind !== end.kind) {
        ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'startTime and endTime must both be date-times or both be times' });
      } else if (end.at < start.at) {
        ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'endTime must not be before startTime' });
      }
    }
  })
  .meta({ id: 'ChapterPointBody' });
export type ChapterPointBody = z.input<typeof ChapterPointBody>;

// ---- Property configuration (client property templates) ---------------------------------------

/**
 * Field types of a property configuration. The public documentation names these six and says
 * there are more; their numbers follow the documented order (inferred).
 */
export const PropertyFieldType = enumeration('PropertyFieldType', {
  TextField: 0,
  TextArea: 1,
  DateField: 2,
  TimeField: 3,
  CheckBox: 4,
  SelectList: 5,
});

/** A field type as written in a configuration or a client property: number or name, kept as is. */
export const PropertyFieldTypeValue = z
  .union([z.number().int(), z.string()])
  .refine((v) => PropertyFieldType.input.safeParse(v).success, {
    message: `not a field type: expected one of ${PropertyFieldType.names.join(', ')} or ${PropertyFieldType.numbers.join(', ')}`,
  });

/** Options of a field; which keys apply depends on its type. Unknown keys are kept. */
export const PropertyFieldOptionsSchema = z.looseObject({
  /** SelectList: the values to choose from. */
  options: z.array(z.string().max(TEXT_MAX.name)).max(1000).optional(),
  /** DateField: display format, e.g. yyyy-MM-dd. */
  dateFormat: z.string().max(TEXT_MAX.code).optional(),
  /** TimeField: display format, e.g. HH:mm. */
  timeFormat: z.string().max(TEXT_MAX.code).optional(),
});

export const PropertyFieldSchema = z
  .object({
    /** The key of the values dictionary of client properties. */
    name: Name,
    displayName: z.string().max(TEXT_MAX.name),
    type: PropertyFieldTypeValue,
    /** Category and key of the custom property a value becomes. */
    category: z.string().max(TEXT_MAX.key),
    key: Name,
    defaultValue: z.string().max(TEXT_MAX.text).nullish(),
    required: z.boolean().default(false),
    additionalProperties: PropertyFieldOptionsSchema.nullish(),
  })
  .superRefine((field, ctx) => {
    const type = PropertyFieldType.input.safeParse(field.type);
    if (!type.success) return;
    const name = PropertyFieldType.nameOf(type.data);
    const def = field.defaultValue ?? '';
    if (name === 'SelectList') {
      const options = field.additionalProperties?.options;
      if (!options || options.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['additionalProperties', 'options'], message: 'a SelectList needs at least one option' });
      } else if (def !== '' && !options.includes(def)) {
        ctx.addIssue({ code: 'custom', path: ['defaultValue'], message: 'the default value must be one of the options' });
      }
    }
    if (name === 'CheckBox' && !['', 'true', 'false'].includes(def.toLowerCase())) {
      ctx.addIssue({ code: 'custom', path: ['defaultValue'], message: 'a CheckBox default is true or false' });
    }
  })
  .meta({ id: 'PropertyField' });
export type PropertyField = z.infer<typeof PropertyFieldSchema>;

/**
 * The parsed content of a property configuration's configurationJson. Names must be unique (they
 * key the values dictionary) and so must (category, key) (they identify the custom property).
 */
export const PropertyConfigurationContentSchema = z
  .object({ configuration: z.array(PropertyFieldSchema) })
  .superRefine(({ configuration }, ctx) => {
    const names = new Set<string>();
    const pairs = new Set<string>();
    configuration.forEach((field, i) => {
      if (names.has(field.name)) {
        ctx.addIssue({ code: 'custom', path: ['configuration', i, 'name'], message: `duplicate name "${field.name}"` });
      }
      names.add(field.name);
      const pair = JSON.stringify([field.category, field.key]);
      if (pairs.has(pair)) {
        ctx.addIssue({ code: 'custom', path: ['configuration', i, 'key'], message: `duplicate category and key "${field.category}/${field.key}"` });
      }
      pairs.add(pair);
    });
  })
  .meta({ id: 'PropertyConfigurationContent' });
export type PropertyConfigurationContent = z.infer<typeof PropertyConfigurationContentSchema>;

export const PropertyConfigurationSchema = z
  .object({ id: Guid, name: z.string(), referenceId: z.string().nullable(), configurationJson: z.string(), version: Version })
  .meta({ id: 'PropertyConfiguration' });
export type PropertyConfiguration = z.infer<typeof PropertyConfigurationSchema>;

export const PropertyConfigurationBody = z
  .object({
    name: Name,
    referenceId: ReferenceId,
    configurationJson: jsonText(PropertyConfigurationContentSchema, { description: 'JSON text: see PropertyConfigurationContent' }),
  })
  .meta({ id: 'PropertyConfigurationBody' });
export type PropertyConfigurationBody = z.input<typeof PropertyConfigurationBody>;

// ---- Infrastructure profile -------------------------------------------------------------------

/**
 * The parsed content of an infrastructure profile's configurationJson: the provisioning
 * resources. Its shape is not public, so only "a JSON object" is checked.
 */
export const InfrastructureProfileConfigurationSchema = JsonObjectSchema;

export const InfrastructureProfileSchema = z
  .object({ id: Guid, name: z.string(), referenceId: z.string().nullable(), configurationJson: z.string(), version: Version })
  .meta({ id: 'InfrastructureProfile' });
export type InfrastructureProfile = z.infer<typeof InfrastructureProfileSchema>;

export const InfrastructureProfileBody = z
  .object({
    name: Name,
    referenceId: ReferenceId,
    configurationJson: jsonText(InfrastructureProfileConfigurationSchema, { description: 'JSON text: a JSON object' }),
  })
  .meta({ id: 'InfrastructureProfileBody' });
export type InfrastructureProfileBody = z.input<typeof InfrastructureProfileBody>;
