/**
 * Compose playlists (service-interface.md "Compose Playlist", "Compose playlists"): a standard
 * composition is generated through a workflow into a VOD-like event; an encoder composition is a
 * live event played out by the encoder.
 */
import { z } from 'zod';
import { DateOrTime, enumeration, Guid, NullableDateTime, TEXT_MAX, TimeSpan, Version } from '../common.ts';
import { DrmConfigurationSchema } from './event.ts';
import { jsonText } from './json-text.ts';

/** DRM JSON text, as the event's drmJson. */
const DrmJson = jsonText(DrmConfigurationSchema, { allowEmpty: true, description: 'Escaped JSON text: see DrmConfiguration' });

/** DIRECT_DREF_MP4 is unsupported by both compositions; it is listed so that it can be read. */
export const PlaylistItemType = enumeration('PlaylistItemType', { EVENT: 0, DIRECT_FULL_MP4: 1, DIRECT_DREF_MP4: 2 });

export const MarkerType = enumeration('MarkerType', { INSERTION: 0, REPLACEMENT: 1 });

/** An SCTE-35 marker. Not supported by encoder composition. */
export const MarkerSchema = z
  .object({
    startAt: DateOrTime,
    duration: TimeSpan,
    frameAccurate: z.boolean().nullable().default(null).describe('null: the client default'),
    type: MarkerType.value,
  })
  .meta({ id: 'Marker' });
export type Marker = z.infer<typeof MarkerSchema>;

/**
 * One item of a playlist. `properties` is kept exactly as sent (other properties are returned
 * as-is), so it is a free record; `StandardItemPropertiesSchema` reads the known ones.
 */
export const PlaylistItemSchema = z
  .object({
    type: PlaylistItemType.value,
    value: z.string().max(TEXT_MAX.url).describe('An event id for EVENT items; the MP4 URL for DIRECT_FULL_MP4 items'),
    properties: z.record(z.string(), z.unknown()).default({}),
    markers: z.array(MarkerSchema).nullable().default(null),
  })
  .meta({ id: 'PlaylistItem' });
export type PlaylistItem = z.infer<typeof PlaylistItemSchema>;

/** The properties standard composition understands on EVENT items; others are kept as sent. */
export const StandardItemPropertiesSchema = z
  .looseObject({
    start: DateOrTime.optional().describe('Trims the content'),
    end: DateOrTime.optional().describe('Trims the content'),
    frameAccurate: z.boolean().optional().describe('Default is client specific'),
    outputDescription: z.boolean().optional(),
  })
  .meta({ id: 'StandardItemProperties' });
export type StandardItemProperties = z.infer<typeof StandardItemPropertiesSchema>;

/** STANDARD (POST /compose/, generated) or ENCODER (POST /compose/encoder/, played live); fixed at creation. */
export const CompositionKind = z.enum(['STANDARD', 'ENCODER']);
export type CompositionKind = z.infer<typeof CompositionKind>;

/**
 * Beyond the interface: where the generation of a standard composition stands. WAITING for
 * liveStreamStart, GENERATING (progress 0..1 on the service's clock), DONE, or FAILED with the
 * reason (a missing or unplayable source, an item outside its source, an unlicensed liveStreamStart).
 */
export const ComposeGenerationSchema = z
  .object({
    status: z.enum(['WAITING', 'GENERATING', 'DONE', 'FAILED']),
    progress: z.number().min(0).max(1),
    startedAt: NullableDateTime,
    readyAt: NullableDateTime.describe('When the generation in hand is expected to finish'),
    finishedAt: NullableDateTime,
    error: z.string().nullable(),
    /** Length of the generated result (hh:mm:ss.fff), once done. */
    duration: z.string().nullable(),
  })
  .meta({ id: 'ComposeGeneration' });
export type ComposeGeneration = z.infer<typeof ComposeGenerationSchema>;

export const ComposePlaylistSchema = z
  .object({
    id: Guid,
    name: z.string(),
    items: z.array(PlaylistItemSchema),
    looped: z.boolean(),
    liveStreamStart: NullableDateTime,
    /** Beyond the interface: which composition the playlist belongs to. */
    composition: CompositionKind.optional(),
    /** Beyond the interface: the generation of a standard composition (null for encoder composition). */
    generation: ComposeGenerationSchema.nullable().optional(),
    version: Version,
  })
  .meta({ id: 'ComposePlaylist' });
export type ComposePlaylist = z.infer<typeof ComposePlaylistSchema>;

type ItemInput = z.output<typeof PlaylistItemSchema>;

/** Checks each item's type and value; `allowed` lists the item types the composition supports. */
function checkItems(items: ItemInput[], allowed: readonly number[], ctx: z.RefinementCtx, kind: string): void {
  items.forEach((item, index) => {
    if (!allowed.includes(item.type)) {
      const names = allowed.map((v) => PlaylistItemType.nameOf(v)).join(' and ');
      ctx.addIssue({ code: 'custom', path: ['items', index, 'type'], message: `${kind} composition supports ${names} items only` });
    } else if (item.type === PlaylistItemType.values.EVENT && !Guid.safeParse(item.value).success) {
      ctx.addIssue({ code: 'custom', path: ['items', index, 'value'], message: 'an EVENT item takes an event id' });
    } else if (item.type === PlaylistItemType.values.DIRECT_FULL_MP4 && !z.url({ protocol: /^https?$/ }).safeParse(item.value).success) {
      ctx.addIssue({ code: 'custom', path: ['items', index, 'value'], message: 'a DIRECT_FULL_MP4 item takes the http(s) URL of an MP4 file' });
    }
  });
}

/**
 * A standard playlist. POST /compose/ sends {name, liveStreamStart, items} and PUT /compose/event/{eventId}
 * sends {name, looped, items}: one schema with both optional serves the two. EVENT items only; their
 * known properties are checked.
 */
export const StandardPlaylistBody = z
  .object({
    name: z.string().trim().min(1).max(TEXT_MAX.name),
    looped: z.boolean().default(false),
    liveStreamStart: NullableDateTime.optional().describe('A future start puts the event in COMPOSE_WAITING; depends on the licence'),
    items: z.array(PlaylistItemSchema),
  })
  .superRefine((playlist, ctx) => {
    checkItems(playlist.items, [PlaylistItemType.values.EVENT], ctx, 'Standard');
    playlist.items.forEach((item, index) => {
      const parsed = StandardItemPropertiesSchema.safeParse(item.properties);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          ctx.addIssue({ code: 'custom', path: ['items', index, 'properties', ...issue.path.map(String)], message: issue.message });
        }
      }
    });
  })
  .meta({ id: 'StandardPlaylistBody' });
export type StandardPlaylistBody = z.input<typeof StandardPlaylistBody>;

/** An encoder playlist: EVENT and DIRECT_FULL_MP4 items, no markers, custom properties kept. */
export const EncoderPlaylistBody = z
  .object({
    name: z.string().trim().min(1).max(TEXT_MAX.name),
    looped: z.boolean().default(false),
    items: z.array(PlaylistItemSchema),
  })
  .superRefine((playlist, ctx) => {
    checkItems(playlist.items, [PlaylistItemType.values.EVENT, PlaylistItemType.values.DIRECT_FULL_MP4], ctx, 'Encoder');
    playlist.items.forEach((item, index) => {
      if (item.markers && item.markers.length > 0) {
        ctx.addIssue({ code: 'custom', path: ['items', index, 'markers'], message: 'encoder composition does not support markers' });
      }
    });
  })
  .meta({ id: 'EncoderPlaylistBody' });
export type EncoderPlaylistBody = z.input<typeof EncoderPlaylistBody>;

/** The event a standard composition creates. `setPrivateAFterGeneration` is spelled as the interface spells it. */
export const StandardComposeEventBody = z
  .object({
    id: Guid.nullish().describe('The desired id of the new event'),
    workflowId: Guid.describe('The xflow that generates the composition'),
    roomId: Guid.nullish(),
    eventTypeId: Guid.nullish(),
    categoryIds: z.array(Guid).default([]),
    title: z.string().trim().min(1).max(TEXT_MAX.title),
    description: z.string().max(TEXT_MAX.text).nullish(),
    refId: z.string().max(TEXT_MAX.reference).nullish(),
    externalId: z.string().max(TEXT_MAX.reference).nullish(),
    setPrivateAFterGeneration: z.boolean().default(false),
    vodDrm: z.boolean().default(false),
  })
  .meta({ id: 'StandardComposeEventBody' });

/** The live event an encoder composition creates; it then follows live event operations. */
export const EncoderComposeEventBody = z
  .object({
    id: Guid.nullish(),
    channelId: Guid.describe('Validates the playlist and that the encoder supports composition'),
    roomId: Guid.nullish(),
    eventTypeId: Guid.nullish(),
    categoryIds: z.array(Guid).default([]),
    infrastructureProfileId: Guid.nullish(),
    title: z.string().trim().min(1).max(TEXT_MAX.title),
    description: z.string().max(TEXT_MAX.text).nullish(),
    refId: z.string().max(TEXT_MAX.reference).nullish(),
    externalId: z.string().max(TEXT_MAX.reference).nullish(),
    scheduledStart: NullableDateTime.optional(),
    scheduledEnd: NullableDateTime.optional(),
    scheduledChannelStart: NullableDateTime.optional(),
    scheduledChannelEnd: NullableDateTime.optional(),
    scheduledProvisionAt: NullableDateTime.optional(),
    scheduledTerminateAt: NullableDateTime.optional(),
    autoStart: z.boolean().default(false),
    autoEnd: z.boolean().default(false),
    autoPublish: z.boolean().default(false),
    autoStartPublications: z.boolean().default(false),
    autoProvision: z.boolean().default(false),
    autoTerminate: z.boolean().default(false),
    drmJson: DrmJson.nullish(),
  })
  .meta({ id: 'EncoderComposeEventBody' });

export const StandardComposeBody = z
  .object({ event: StandardComposeEventBody, playlist: StandardPlaylistBody })
  .meta({ id: 'StandardComposeBody' });
export type StandardComposeBody = z.input<typeof StandardComposeBody>;

export const EncoderComposeBody = z
  .object({ event: EncoderComposeEventBody, playlist: EncoderPlaylistBody })
  .meta({ id: 'EncoderComposeBody' });
export type EncoderComposeBody = z.input<typeof EncoderComposeBody>;

/** PUT /compose/event/{eventId}/drm/: the body is not shown; ours carries the DRM JSON text of the event. */
export const ComposeDrmBody = z
  .object({ drmJson: DrmJson })
  .meta({ id: 'ComposeDrmBody' });
export type ComposeDrmBody = z.input<typeof ComposeDrmBody>;

export const ComposeCloneQuery = z.object({ targetEventId: Guid });
