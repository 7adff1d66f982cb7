/**
 * The feed mapping: what a change on the change feed (change-feed.ts) makes stale in the query
 * cache, by kind of record, the one place besides the operations' `invalidates` (query.ts) that
 * says which queries go stale (docs/README.md "Data"). Query keys are `[area, operationId,
 * input]`, so a family is an area (`vodDownload`) or one operation (`vodDownload.mailbox`).
 *
 * - `event`: the interface's notifications, rule by rule (feed-events.ts EVENT_RULES).
 * - every other kind (EntityChange): FEED_MAPPING below. A query of a family that reads one record
 *   by id (`byId`) is stale only for that record; a query that names an event other than the
 *   change's is not stale.
 *
 * The queries of these families are the ones the feed keeps fresh (`isFeedCovered`): while the
 * feed is live they do not poll; while it is down they poll every FALLBACK_POLL_MS.
 */
import type { QueryKey } from '@tanstack/react-query';
import type { ChangeKind, EntityChange } from '#schema';
import { EVENT_RULES, param, staleEventQueries, type ChangeBatch } from './feed-events.ts';
import { readsEveryChange } from './query.ts';

export interface KindMapping {
  /** The query families (an area, or an operation id) a change of this kind makes stale. */
  families: readonly string[];
  /** Of those, the operations that read one record of this kind by its id (`params.id`): stale only for that id. */
  byId?: readonly string[];
}

export const FEED_MAPPING: Readonly<Record<ChangeKind, KindMapping>> = {
  publication: {
    families: ['livePublication', 'vodPublication', 'directVodPublication', 'publicationMonitor'],
    byId: ['livePublication.get', 'vodPublication.get', 'directVodPublication.get', 'publicationMonitor.get', 'publicationMonitor.history'],
  },
  asset: { families: ['asset'], byId: ['asset.get'] },
  download: { families: ['vodDownload'], byId: ['vodDownload.get', 'vodDownload.retry'] },
  mail: { families: ['vodDownload.mailbox', 'vodDownload.mail'], byId: ['vodDownload.mail'] },
  capture: { families: ['archiverCapture', 'archiverPlayoutProfile', 'archiverStream'] },
  segments: {
    families: ['archiverCapture.segments', 'archiverCapture.available', 'archiverCapture.stats', 'archiverCapture.playback', 'archiverCapture.allStats', 'archiverStream'],
    byId: ['archiverCapture.segments', 'archiverCapture.available', 'archiverCapture.stats', 'archiverCapture.playback'],
  },
  profile: { families: ['archiverPlayoutProfile', 'archiverStream', 'archiverCapture.allStats', 'archiverCapture.stats'] },
  stream: { families: ['archiverStream'] },
  flow: { families: ['archiverflow'] },
  destination: {
    families: ['destination', 'mediaDestination', 'mediaDestinationProperty'],
    byId: ['destination.get', 'destination.metadataFor', 'mediaDestination.get'],
  },
  delivery: { families: ['webhook.deliveries', 'webhook.delivery'], byId: ['webhook.deliveries'] },
};

/** While the feed is down (a service without one, reconnecting, offline), what it covers polls this often. */
export const FALLBACK_POLL_MS = 5_000;

const inFamily = (key: QueryKey, family: string) => key[0] === family || key[1] === family;

/** The names an input gives an event's id (the interface spells it four ways). */
const EVENT_ID_NAMES = ['eventId', 'event-id', 'eventid', 'eventsId'];

function namedEvent(key: QueryKey): string | undefined {
  const input = key[2] as { params?: Record<string, unknown>; query?: Record<string, unknown> } | undefined;
  for (const name of EVENT_ID_NAMES) {
    const value = input?.params?.[name] ?? input?.query?.[name];
    if (typeof value === 'string') return value;
  }
  return undefined;
}

/** Whether a change of a record other than an event makes the query `key` stale. */
export function isStaleAfter(change: EntityChange, key: QueryKey): boolean {
  const mapping = FEED_MAPPING[change.kind];
  if (!mapping.families.some((family) => inFamily(key, family))) return false;
  const operation = String(key[1]);
  if (mapping.byId?.includes(operation) && param(key, 'id') !== change.id) return false;
  const event = namedEvent(key);
  return event === undefined || change.eventId === undefined || event === change.eventId;
}

/** One batch off the feed: the notifications of events (summarized) and the changes of other records. */
export interface FeedBatch {
  events: ChangeBatch;
  entities: readonly EntityChange[];
}

/** Builds the test "is this query stale after the batch?" (one index per batch, then cheap per key). */
export function staleAfter(batch: FeedBatch): (key: QueryKey) => boolean {
  const events = batch.events.count > 0 ? staleEventQueries(batch.events) : () => false;
  const any = batch.events.count > 0 || batch.entities.length > 0;
  // A read that gathers from every kind of record (the alert centre) goes stale with any change.
  return (key) => (any && readsEveryChange(key)) || events(key) || batch.entities.some((change) => isStaleAfter(change, key));
}

const COVERED = new Set([...Object.keys(EVENT_RULES), ...Object.values(FEED_MAPPING).flatMap((mapping) => mapping.families)]);
/** Reads of figures that move with time (a target's viewers), which no write records: they keep their own polling. */
const NOT_ON_THE_FEED = new Set(['livePublication.statistics']);

/** Whether the feed keeps the query fresh (a change of what it reads comes on the feed). */
export function isFeedCovered(key: QueryKey): boolean {
  return !NOT_ON_THE_FEED.has(String(key[1])) && (COVERED.has(String(key[0])) || COVERED.has(String(key[1])) || readsEveryChange(key));
}

