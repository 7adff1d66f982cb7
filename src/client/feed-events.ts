// Over ~250 lines on purpose: one pure decision (what a batch of notifications makes stale), a rule per operation, and the state they carry written into the cache, tested in feed-events.test.ts; no component.
/**
 * The feed mapping's rules for events (feed-mapping.ts has the rest): what a batch of the
 * interface's notifications makes stale in the query cache, and the state they carry written into
 * it. Query keys are `[area, operationId, input]` (query.ts), so a key says which operation it
 * reads and for which event.
 *
 * For each changed event:
 * - always its own reads: `event.get` (any options), `event.getExternalUpdate`, and the reads
 *   by its reference or external id;
 * - the event lists (the events list, the status strip's counts, the schedule, the lists of a
 *   channel/room/category/type/tag, search) when something a row shows changed: the state, the
 *   metadata, the thumbnail, MP4 or provisioning state, capturing — or the event was added,
 *   deleted or restored; `event.listDeleted` on delete and restore;
 * - per flag, the metadata queries it names: custom properties, client properties, tags and the
 *   compose playlist (metadataChanged); chapter points and their properties (chapterPointsChanged);
 *   the channel profile (audioChanged); assets (assetsChanged, thumbnailChanged); downloads
 *   (mp4StateChanged);
 * - on add, delete and restore, every query that names the event.
 * And a read that gathers from every kind of record (`feed: 'everyChange'` in its record: the
 * alert centre) goes stale with any change.
 * A notification without any flag (a write that could not say what changed) counts as a change
 * of everything a row shows.
 */
import type { QueryKey } from '@tanstack/react-query';
import { EventState, Mp4State, type WebhookAction, type WebhookNotification } from '#schema';

export const CHANGE_FLAGS = [
  'stateChanged',
  'metadataChanged',
  'thumbnailChanged',
  'audioChanged',
  'mp4StateChanged',
  'chapterPointsChanged',
  'assetsChanged',
  'provisionStateChanged',
  'capturingLive2VodFlagChanged',
] as const;
export type ChangeFlag = (typeof CHANGE_FLAGS)[number];

/** Flags that change what a row of an events list shows. */
const ROW_FLAGS: readonly ChangeFlag[] = ['stateChanged', 'metadataChanged', 'thumbnailChanged', 'mp4StateChanged', 'provisionStateChanged', 'capturingLive2VodFlagChanged'];

export interface EventChanges {
  eventId: string;
  /** Every reference and external id the event had in the batch (a change may rename it). */
  referenceIds: Set<string>;
  externalIds: Set<string>;
  actions: Set<WebhookAction>;
  flags: Set<ChangeFlag>;
  /** The last notification: the event's state as it is now. */
  latest: WebhookNotification;
}

export interface ChangeBatch {
  events: Map<string, EventChanges>;
  /** How many notifications were coalesced. */
  count: number;
}

/** Coalesces notifications (in feed order) per event. */
export function summarize(notifications: readonly WebhookNotification[]): ChangeBatch {
  const events = new Map<string, EventChanges>();
  for (const n of notifications) {
    let entry = events.get(n.eventId);
    if (!entry) {
      entry = { eventId: n.eventId, referenceIds: new Set(), externalIds: new Set(), actions: new Set(), flags: new Set(), latest: n };
      events.set(n.eventId, entry);
    }
    entry.latest = n;
    entry.actions.add(n.action);
    if (n.referenceId) entry.referenceIds.add(n.referenceId);
    if (n.externalId) entry.externalIds.add(n.externalId);
    const flagged = CHANGE_FLAGS.filter((flag) => n[flag]);
    // Nothing said: assume what a row shows changed.
    for (const flag of flagged.length > 0 ? flagged : (['metadataChanged'] as const)) entry.flags.add(flag);
  }
  return { events, count: notifications.length };
}

// ---- Reading query keys ---------------------------------------------------------------------------

interface KeyInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
}

function inputOf(key: QueryKey): KeyInput {
  const input = key[2];
  return input !== null && typeof input === 'object' ? (input as KeyInput) : {};
}

export const param = (key: QueryKey, name: string): unknown => inputOf(key).params?.[name];
const queryParam = (key: QueryKey, name: string): unknown => inputOf(key).query?.[name];

/** Whether any value of the key's params or query is one of `ids` (an event named anywhere). */
function mentions(key: QueryKey, ids: ReadonlySet<string>): boolean {
  const { params, query } = inputOf(key);
  for (const part of [params, query]) {
    for (const value of Object.values(part ?? {})) {
      for (const item of Array.isArray(value) ? value : [value]) if (typeof item === 'string' && ids.has(item)) return true;
    }
  }
  return false;
}

/** Lists whose rows are events. */
const EVENT_LISTS = new Set(['event.list', 'event.listByChannel', 'category.events', 'channel.events', 'room.events', 'eventType.events', 'tag.events', 'search.events']);

type Rule = (key: QueryKey, batch: BatchIndex) => boolean;

interface BatchIndex {
  ids: Set<string>;
  referenceIds: Set<string>;
  externalIds: Set<string>;
  /** Event ids by flag. */
  flagged: Map<ChangeFlag, Set<string>>;
  rowsChanged: boolean;
  deletedOrRestored: boolean;
  /** Added, deleted or restored: every query naming them. */
  lifecycle: Set<string>;
}

function index(batch: ChangeBatch): BatchIndex {
  const flagged = new Map<ChangeFlag, Set<string>>(CHANGE_FLAGS.map((flag) => [flag, new Set<string>()]));
  const result: BatchIndex = {
    ids: new Set(),
    referenceIds: new Set(),
    externalIds: new Set(),
    flagged,
    rowsChanged: false,
    deletedOrRestored: false,
    lifecycle: new Set(),
  };
  for (const entry of batch.events.values()) {
    result.ids.add(entry.eventId);
    for (const id of entry.referenceIds) result.referenceIds.add(id);
    for (const id of entry.externalIds) result.externalIds.add(id);
    for (const flag of entry.flags) flagged.get(flag)!.add(entry.eventId);
    const lifecycle = entry.actions.has('Added') || entry.actions.has('Deleted') || entry.actions.has('Restored');
    if (lifecycle) result.lifecycle.add(entry.eventId);
    if (entry.actions.has('Deleted') || entry.actions.has('Restored')) result.deletedOrRestored = true;
    if (lifecycle || ROW_FLAGS.some((flag) => entry.flags.has(flag))) result.rowsChanged = true;
  }
  return result;
}

const any = (flag: ChangeFlag): Rule => (_key, b) => b.flagged.get(flag)!.size > 0;
const forEvent =
  (flag: ChangeFlag, read: (key: QueryKey) => unknown): Rule =>
  (key, b) => {
    const id = read(key);
    return typeof id === 'string' && b.flagged.get(flag)!.has(id);
  };
/** A list filtered by event (or not filtered: it may hold the event's items). */
const listForEvent =
  (flags: readonly ChangeFlag[]): Rule =>
  (key, b) => {
    const id = queryParam(key, 'eventId');
    return flags.some((flag) => (typeof id === 'string' ? b.flagged.get(flag)!.has(id) : b.flagged.get(flag)!.size > 0));
  };

/** By operation id: when a query of that operation is stale after the batch. */
export const EVENT_RULES: Readonly<Record<string, Rule>> = {
  'event.get': (key, b) => b.ids.has(param(key, 'id') as string),
  'event.getExternalUpdate': (key, b) => b.ids.has(param(key, 'id') as string),
  'event.getByReference': (key, b) => b.referenceIds.has(queryParam(key, 'id') as string),
  'event.getByExternal': (key, b) => b.externalIds.has(queryParam(key, 'id') as string),
  'event.listDeleted': (_key, b) => b.deletedOrRestored,
  ...Object.fromEntries([...EVENT_LISTS].map((id): [string, Rule] => [id, (_key, b) => b.rowsChanged])),
  // The events list's status counts change with what its rows show.
  'event.statusCounts': (_key, b) => b.rowsChanged,

  'customProperty.list': listForEvent(['metadataChanged']),
  'customProperty.get': any('metadataChanged'),
  'clientProperty.get': forEvent('metadataChanged', (key) => param(key, 'eventId')),
  'tag.listForEvent': forEvent('metadataChanged', (key) => param(key, 'id')),
  'compose.get': (key, b) => ['metadataChanged', 'stateChanged'].some((flag) => b.flagged.get(flag as ChangeFlag)!.has(param(key, 'eventId') as string)),

  'chapterPoint.listForEvent': forEvent('chapterPointsChanged', (key) => param(key, 'eventId')),
  'chapterPoint.get': any('chapterPointsChanged'),
  'chapterPointCustomProperty.listForEvent': forEvent('chapterPointsChanged', (key) => param(key, 'eventId')),
  'chapterPointCustomProperty.list': any('chapterPointsChanged'),
  'chapterPointCustomProperty.get': any('chapterPointsChanged'),
  'search.chapterPoints': any('chapterPointsChanged'),

  'channelProfile.getForEvent': forEvent('audioChanged', (key) => param(key, 'id')),
  'channelProfile.list': any('audioChanged'),
  'channelProfile.get': any('audioChanged'),

  'asset.list': listForEvent(['assetsChanged', 'thumbnailChanged']),
  'asset.get': (key, b) => b.flagged.get('assetsChanged')!.size > 0 || b.flagged.get('thumbnailChanged')!.size > 0,
  'asset.vodFile': (key, b) => ['assetsChanged', 'mp4StateChanged'].some((flag) => b.flagged.get(flag as ChangeFlag)!.has(param(key, 'id') as string)),

  'vodDownload.listForEvent': forEvent('mp4StateChanged', (key) => param(key, 'eventId')),
  'vodDownload.list': any('mp4StateChanged'),
};

/** Builds the test "is this query stale after the batch?" (one index per batch, then cheap per key). */
export function staleEventQueries(batch: ChangeBatch): (key: QueryKey) => boolean {
  const b = index(batch);
  return (key) => {
    const operation = key[1];
    if (typeof operation !== 'string') return false;
    if (b.lifecycle.size > 0 && mentions(key, b.lifecycle)) return true;
    const rule = EVENT_RULES[operation];
    return rule !== undefined && rule(key, b);
  };
}

// ---- Writing what the notification already says --------------------------------------------------

interface StateFields {
  id: string;
  state: number;
  stateString: string;
  mp4State: number;
  mp4StateString: string;
}

function isEventLike(value: unknown): value is StateFields {
  return (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { id?: unknown }).id === 'string' &&
    typeof (value as { state?: unknown }).state === 'number' &&
    typeof (value as { stateString?: unknown }).stateString === 'string'
  );
}

function patchOne<T>(value: T, batch: ChangeBatch): T {
  if (!isEventLike(value)) return value;
  const latest = batch.events.get(value.id)?.latest;
  if (!latest || latest.action === 'Deleted') return value;
  const state = EventState.values[latest.state];
  const mp4State = Mp4State.values[latest.mp4State];
  const next = { ...value } as StateFields;
  let changed = false;
  if (value.state !== state) {
    Object.assign(next, { state, stateString: latest.state });
    changed = true;
  }
  if (typeof value.mp4State === 'number' && value.mp4State !== mp4State) {
    Object.assign(next, { mp4State, mp4StateString: latest.mp4State });
    changed = true;
  }
  return changed ? (next as T) : value;
}

function patchArray<T>(rows: readonly T[], batch: ChangeBatch): readonly T[] {
  let changed = false;
  const next = rows.map((row) => {
    const patched = patchOne(row, batch);
    if (patched !== row) changed = true;
    return patched;
  });
  return changed ? next : rows;
}

/**
 * Writes the state the notifications carry into cached data at once (an event, an array of
 * events, or a page `{ results }` / `{ events }`), before the refetch brings the rest: the state
 * chip turns without waiting for the round trip. Rows keep their places; the same object comes
 * back when nothing changed.
 */
export function patchEventStates<T>(data: T, batch: ChangeBatch): T {
  if (data === null || data === undefined) return data;
  if (Array.isArray(data)) return patchArray(data, batch) as T;
  if (isEventLike(data)) return patchOne(data, batch);
  if (typeof data === 'object') {
    let result = data;
    for (const field of ['results', 'events'] as const) {
      const rows = (data as Record<string, unknown>)[field];
      if (!Array.isArray(rows)) continue;
      const patched = patchArray(rows, batch);
      if (patched !== rows) result = { ...result, [field]: patched };
    }
    return result;
  }
  return data;
}
