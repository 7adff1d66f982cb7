/**
 * Events (service-interface.md "Events": all 14 operations), plus the further event routes of the
 * original service that public-facts.md §4 lists (not in the interface; their descriptions say so).
 */
import { z } from 'zod';
import { defineArea } from '../define.ts';
import { recordOperations } from '../record-operations.ts';
import { DateTime, Guid, IdParams, noCache, NoCacheQuery, Order } from '../common.ts';
import {
  DvrWindowLengthBody,
  EventBody,
  EventCollectionSchema,
  EventOrderColumn,
  EventPatchBody,
  EventSchema,
  EventStateBody,
  EventStatusCountsSchema,
  EventThumbnailBody,
  StreamSource,
  XflowTaskBody,
} from '../models/event.ts';

/** GET /event/ query: every filter of the interface. Comma-separated filters stay text. */
export const EventListQuery = z
  .object({
    from: DateTime.optional().describe('Events scheduled from'),
    to: DateTime.optional().describe('Events scheduled until'),
    fromModified: DateTime.optional(),
    toModified: DateTime.optional(),
    pageSize: z.number().int().min(1).max(1000).default(20),
    pageNumber: z.number().int().min(1).default(1),
    eventState: z.string().optional().describe('Comma-separated state names or numbers'),
    provisionState: z.string().optional().describe('Comma-separated provision state names or numbers'),
    mp4State: z.string().optional().describe('Comma-separated MP4 state names or numbers'),
    room: z.string().optional().describe('Room name'),
    eventType: z.string().optional().describe('Event type name'),
    channel: z.string().optional().describe('Channel name'),
    tags: z.string().optional().describe('Comma-separated tags'),
    category: z.array(z.string()).optional().describe('Category name; may repeat, matches any'),
    search: z.string().optional(),
    noScheduledEnd: z.boolean().optional(),
    clipsOnly: z.boolean().default(false),
    containsXflow: z.boolean().optional(),
    skipEvents: z.string().optional().describe('Comma-separated event ids to omit'),
    order: Order.default('ASC'),
    orderColumn: EventOrderColumn.optional(),
    noCache,
  })
  .meta({ id: 'EventListQuery' });
export type EventListQuery = z.input<typeof EventListQuery>;

/** GET /event/export.csv: the list's filters and order, without paging (every page is in the file). */
export const EventExportQuery = EventListQuery.omit({ pageSize: true, pageNumber: true, noCache: true }).meta({ id: 'EventExportQuery' });

/** GET one event: what the video structure should contain. */
export const EventGetQuery = z
  .object({
    in: DateTime.optional().describe('Streaming in point'),
    out: DateTime.optional().describe('Streaming out point'),
    audioOnly: z.boolean().optional(),
    autoStart: z.boolean().optional(),
    processVideo: z.boolean().optional(),
    viewUnpublished: z.boolean().optional(),
    streamSource: StreamSource.input.optional(),
    livePlayoutProfileId: Guid.optional(),
    noCache,
  })
  .meta({ id: 'EventGetQuery' });

/** GET /event/deleted/: the list query without noCache, which that operation does not support. */
export const EventDeletedListQuery = EventListQuery.omit({ noCache: true });

/** GET /event/reference and /event/external: the id to look up plus the one-event query. */
export const EventLookupQuery = EventGetQuery.extend({
  id: z.string().min(1).describe('The reference or external id (percent-encoded in the URL)'),
});

/** DELETE /event/{id}: soft by default, so that GET /event/restore/{id} can bring it back. */
export const EventDeleteQuery = z.object({
  hardDelete: z.boolean().default(false).describe('Delete for good instead of moving to /event/deleted/'),
});

/**
 * What a change to an event makes stale besides the event itself: search results and the
 * `/{resource}/{id}/events/` lists of the areas that show events.
 */
const EVENT_VIEWS = ['event', 'search', 'eventType', 'category', 'room', 'tag', 'channel'] as const;

/** Most event operations answer the event as it is after the change (our choice where the interface says only 200). */
const afterChange = 'Answers the event as it is after the change.';

const ORIGINAL = 'A route of the original service (public-facts.md §4), not in the interface.';

const events = recordOperations({ kind: 'event', path: '/event/', role: 'operator', schema: EventSchema, invalidates: EVENT_VIEWS });

export const event = defineArea('event', {
  upsert: events.upsert('Add or update an event', {
    resource: { kind: 'event', id: 'body.Id' },
    description: 'Updates the event `Id` when the client has it, otherwise adds one (with that Id when given). Answers 201 with the event in both cases. ' +
      'On update, a field left out keeps its value and null clears it (AutoExpirePublishingPoints defaults to false). ' +
      'Ids of a channel, room, event type, category, xflow or infrastructure profile must name one of the client\'s (400 naming the field otherwise); ' +
      'Tags given by name reuse the client\'s tag of that name or add it; CategoryId becomes the first of the event\'s categories, null clears them. ' +
      'EventState sets the initial state when adding (a resting state only: PRE_LIVE by default, PRE_VOD, INSTANT_VOD, VOD_PRIVATE, VOD_PUBLIC...); ' +
      'a different EventState on update is a 400: states change through PUT /event/state/{id}. ' +
      'Changes to ChannelId and InfrastructureProfileId are ignored while the event is streaming, starting or stopping ' +
      '(LIVE_STARTING, LIVE_UNPUBLISHED, LIVE_PUBLISHED, SUSPENDED, LIVE_STOPPING) or its infrastructure is PROVISIONING: the rest is saved, ' +
      'and the response header `X-Ignored-Fields` names the fields ignored (e.g. `X-Ignored-Fields: ChannelId`). ' +
      'The Id of a deleted event answers 409 (restore it first). Nothing is recorded when an update changes nothing.',
    body: EventBody,
    responses: { 201: EventSchema },
  }),
  patch: events.action('PATCH', '/event/{id}', 'Patch an event', {
    description:
      'JSON Patch (RFC 6902) operations add, replace and remove on the fields of the POST /event/ body, e.g. ' +
      '`{"op": "replace", "path": "/Title", "value": "..."}`; field names in any case, `/Tags/0` and `/Tags/-` reach into the tags. ' +
      'Removing a field clears it (null, false for a flag). The result is checked with the rules of POST /event/ and saved, with ' +
      '`X-Ignored-Fields` as there. A failure is a 400 whose fields name the operation (`body.<index>.path` or `body.<index>.value`) ' +
      'and nothing is changed; an unknown or deleted event is a 404. The body must be sent as application/json-patch+json. ' +
      afterChange,
    body: EventPatchBody,
    contentType: 'application/json-patch+json',
  }),
  /** @legacy The parameter is spelled `{referenceid}`, all lower case, where fields say refId. */
  patchByReference: {
    method: 'PATCH',
    role: 'operator',
    resource: { kind: 'event', id: 'params.referenceid', by: 'reference' },
    path: '/event/reference/{referenceid}',
    summary: 'Patch an event by reference id',
    description: `As PATCH /event/{id}, e.g. \`{"op": "replace", "path": "/DrmJson", "value": "{\\"drm_provider\\": ...}"}\`; 404 when no event has the reference id (the most recently modified wins when several do). ${afterChange}`,
    params: z.object({ referenceid: z.string().min(1) }),
    body: EventPatchBody,
    contentType: 'application/json-patch+json',
    responses: { 200: EventSchema },
    invalidates: EVENT_VIEWS,
  },
  setDvrWindowLength: events.action('POST', '/event/stream/dvrwindowlength/{id}', 'Set the DVR window length of an event', {
    description: `DvrWindowLength in seconds, from 1 to 86400 (24 hours); stored as the event's dvrLength. ${afterChange}`,
    body: DvrWindowLengthBody,
    invalidates: ['event'],
  }),
  addXflowTask: {
    method: 'POST',
    role: 'operator',
    resource: { kind: 'event', id: 'body.Id' },
    path: '/event/xflow/add/',
    summary: 'Add an xflow task to an event, or create an event with it',
    description:
      'With Id: the task is appended to the event\'s taskEngineJson, kept as `{"tasks": [...]}` (other top-level keys stay): ' +
      'TaskEngineJson may be one task (an object), several (an array) or a document with its own `tasks` array. EventState or Mp4State ' +
      'different from the event\'s is a 400 (states change through their own operations). Without Id: an event is created with ' +
      'the task, titled by the task\'s title or name, in EventState (a resting state; PRE_VOD by default) and Mp4State (NONE, AVAILABLE ' +
      'or FAILED; NONE by default). Answers the event the task was added to, or the event created.',
    body: XflowTaskBody,
    responses: { 200: EventSchema },
    invalidates: EVENT_VIEWS,
  },
  setExternalUpdate: events.action('PUT', '/event/{id}/externalupdate/{flag}', 'Allow or forbid external updates of an event', {
    description: `Sets externalUpdateAllowed to flag. ${afterChange}`,
    params: z.object({ id: Guid, flag: z.boolean() }),
    invalidates: ['event'],
  }),
  forceStop: events.action('PUT', '/event/forcestop/{id}', 'Force-stop the encoder channel of an event', {
    description: `No safety checks, by design: bypasses the concurrency lock and removes existing locks. ${afterChange}`,
  }),
  forceRestart: events.action('PUT', '/event/forcerestart/{id}', 'Restart a live event', {
    description: `The event must be LIVE_UNPUBLISHED or LIVE_PUBLISHED; the channel is stopped completely, the event goes ` +
      `pre-live and then back to its live state. A failed safe stop falls back to a force stop. ${afterChange}`,
  }),
  setState: events.action('PUT', '/event/state/{id}', 'Change the state of an event', {
    description: 'The state is a number or a name. With waitUntilCompleted (default) the call returns once the state is reached; ' +
      `without, it returns at once, the event passing through LIVE_STARTING or LIVE_STOPPING. ${afterChange}`,
    body: EventStateBody,
  }),

  list: {
    method: 'GET',
    path: '/event/',
    summary: 'List events',
    description: 'Lists omit `video`.',
    query: EventListQuery,
    responses: { 200: EventCollectionSchema },
  },
  statusCounts: {
    method: 'GET',
    path: '/event/statuscounts/',
    summary: 'Count the events of each status the dashboard watches',
    description:
      'Beyond the interface: one request for what would be six GET /event/ requests, each count the totalCount that GET /event/ answers ' +
      'with its filter (deleted events never count): live (eventState=LIVE_PUBLISHED,LIVE_UNPUBLISHED), transition (LIVE_STARTING,LIVE_STOPPING), ' +
      'upcoming (PRE_LIVE,PRE_VOD,COMPOSE_WAITING scheduled from `from` until `to`, the caller\'s day; at any date without them), ' +
      'failed (VOD_ERROR,REMIX_ERROR,COMPOSE_ERROR), provisioning (provisionState=PROVISIONING_FAILED,TERMINATING_FAILED) and suspended (SUSPENDED).',
    extension: true,
    query: NoCacheQuery.extend({
      from: DateTime.optional().describe('Upcoming: events scheduled from'),
      to: DateTime.optional().describe('Upcoming: events scheduled until'),
    }),
    responses: { 200: EventStatusCountsSchema },
  },
  exportCsv: {
    method: 'GET',
    path: '/event/export.csv',
    summary: 'The events list as a CSV file',
    description:
      'Every event GET /event/ answers for the same filters and order, all its pages, as one CSV file (text/csv, streamed, with a Content-Disposition): id, title, state, times, channel, type, room, categories, tags, ids, MP4 state, dates.',
    query: EventExportQuery,
    responses: { 200: z.string().describe('RFC 4180 CSV, UTF-8 with a byte order mark') },
    produces: 'text/csv',
    extension: true,
  },
  listDeleted: {
    method: 'GET',
    path: '/event/deleted/',
    summary: 'List deleted events',
    description: 'The filters of GET /event/, without noCache.',
    query: EventDeletedListQuery,
    responses: { 200: EventCollectionSchema },
  },
  get: events.get('Get an event', { query: EventGetQuery, responses: { 200: EventSchema, 204: null } }),
  getByReference: {
    method: 'GET',
    resource: { kind: 'event', id: 'query.id', by: 'reference' },
    path: '/event/reference',
    summary: 'Get an event by reference id',
    query: EventLookupQuery,
    responses: { 200: EventSchema, 204: null },
  },
  getByExternal: {
    method: 'GET',
    path: '/event/external',
    summary: 'Get an event by external id',
    query: EventLookupQuery,
    responses: { 200: EventSchema, 204: null },
  },

  // ---- Beyond the interface: further routes of the original service (public-facts.md §4) ----
  getExternalUpdate: {
    method: 'GET',
    path: '/event/{id}/externalupdate/',
    summary: 'Whether external updates of an event are allowed',
    description: `${ORIGINAL} Answers the externalUpdateAllowed flag as a bare JSON boolean.`,
    params: IdParams,
    query: NoCacheQuery,
    responses: { 200: z.boolean() },
  },
  listByChannel: {
    method: 'GET',
    path: '/event/channel/{id}',
    summary: 'List the events of a channel',
    description: `${ORIGINAL} All events on channel {id}, not paged, ordered by scheduled start. For a paged list use GET /channel/{id}/events/.`,
    params: IdParams,
    query: NoCacheQuery,
    responses: { 200: z.array(EventSchema) },
  },
  clone: {
    method: 'GET',
    role: 'operator',
    resource: { kind: 'event' },
    path: '/event/clone/{id}',
    summary: 'Clone an event',
    description: `${ORIGINAL} Creates a copy of the event (new id and content id, title with " (copy)", no reference or external id, ` +
      'PRE_LIVE for a live event or PRE_VOD otherwise, MP4 state NONE, no actual, captured or provisioning data) with its schedule, settings, ' +
      'categories, tags and custom properties, and answers it with 201, as GET /compose/clone/ does. A GET that changes data, as in the original.',
    params: IdParams,
    responses: { 201: EventSchema },
    invalidates: EVENT_VIEWS,
  },
  restore: events.action('GET', '/event/restore/{id}', 'Restore a deleted event', {
    description: `${ORIGINAL} Brings back a soft-deleted event (webhook Action Restored) and answers it; an event that is not deleted is answered as it is. ` +
      'A GET that changes data, as in the original.',
  }),
  delete: events.delete('Delete an event', {
    description: `${ORIGINAL} Soft delete by default: the event moves to GET /event/deleted/ (webhook Action Deleted). hardDelete=true removes it ` +
      'for good with everything that belongs to it, also from GET /event/deleted/. 404 for an unknown event (or, without hardDelete, one deleted already); ' +
      '409 while the event is streaming, starting, stopping or provisioning: stop it first.',
    query: EventDeleteQuery,
  }),
  setThumbnail: events.action('POST', '/event/thumbnail/{id}', 'Set the thumbnail of an event', {
    description: `${ORIGINAL} The image as an http(s) URL or a base64 data URI (at most 1,000,000 characters); webhook flag ThumbnailChanged. ${afterChange}`,
    body: EventThumbnailBody,
  }),
  deleteThumbnail: events.action('DELETE', '/event/thumbnail/{id}', 'Remove the thumbnail of an event', {
    description: `${ORIGINAL} ${afterChange}`,
  }),
});
