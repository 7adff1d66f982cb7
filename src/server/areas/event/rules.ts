/**
 * The rules of writing an event that go beyond its body schema: which states an event may be
 * created in, when channel and infrastructure changes are ignored, what counts as which kind of
 * change for the webhook flags, and the limits of DVR lengths, thumbnails and task lists.
 */
import { EventState, Mp4State, ProvisionState } from '#schema';
import type { ChangeFlags } from '../../changes/record.ts';
import type { EventRow } from './serialize.ts';

const S = EventState.values;

/**
 * States an event may be created in (POST /event/ EventState, POST /event/xflow/add/): resting
 * states, where nothing is in flight. Live, transitional and processing states are reached
 * through PUT /event/state/{id} (or the workflows that own them); error states are the outcome of
 * a failed process, never a starting point.
 */
export const INITIAL_STATES: ReadonlySet<number> = new Set([
  S.PRE_LIVE,
  S.INSTANT_VOD,
  S.INSTANT_VOD_BACKUP,
  S.INSTANT_VOD_DELETE,
  S.PRE_VOD,
  S.VOD_PRIVATE,
  S.VOD_PUBLIC,
  S.REMIX_PRIVATE,
  S.REMIX_PUBLIC,
  S.ARCHIVER_PRIVATE,
  S.ARCHIVER_PUBLIC,
  S.COMPOSE_PUBLIC,
  S.COMPOSE_PRIVATE,
]);

/** MP4 states an event may be created in: every resting one (GENERATING is a process under way). */
export const INITIAL_MP4_STATES: ReadonlySet<number> = new Set([Mp4State.values.NONE, Mp4State.values.AVAILABLE, Mp4State.values.FAILED]);

/** The encoder is starting, streaming, holding its publishing point or stopping. */
export const STREAMING_STATES: ReadonlySet<number> = new Set([
  S.LIVE_STARTING,
  S.LIVE_UNPUBLISHED,
  S.LIVE_PUBLISHED,
  S.SUSPENDED,
  S.LIVE_STOPPING,
]);

const stateName = (state: number): string => EventState.nameOf(state) ?? String(state);

/** Why an event is busy (streaming, starting or provisioning), or undefined when it is not. */
export function busyReason(row: Pick<EventRow, 'state' | 'provisionState'>): string | undefined {
  if (STREAMING_STATES.has(row.state)) return `the event is ${stateName(row.state)}`;
  if (row.provisionState === ProvisionState.values.PROVISIONING) return 'its infrastructure is PROVISIONING';
  return undefined;
}

/**
 * Body fields whose changes are ignored while the event is busy (service-interface.md: "Changes to
 * channelId and infrastructureProfileId can be ignored while the event is streaming, starting or
 * provisioning"): moving a running encoder or its infrastructure is the live controls' work.
 */
export const LOCKED_WHILE_BUSY = [
  ['ChannelId', 'channelId'],
  ['InfrastructureProfileId', 'infrastructureProfileId'],
] as const;

/** The response header that names the body fields a write ignored. */
export const IGNORED_FIELDS_HEADER = 'X-Ignored-Fields';

export function initialStateError(state: number): string | undefined {
  if (INITIAL_STATES.has(state)) return undefined;
  return (
    `an event cannot be created in ${stateName(state)}: create it in a resting state ` +
    `(${[...INITIAL_STATES].map(stateName).join(', ')}) and change its state with PUT /event/state/{id}`
  );
}

export function stateChangeError(from: number, to: number): string {
  return `the state of an event is not changed by this operation (${stateName(from)} to ${stateName(to)}): use PUT /event/state/{id}`;
}

/** The state a clone starts in: the waiting state of the source's family (VOD-like or live). */
export function cloneState(state: number): number {
  const live = [S.PRE_LIVE, S.LIVE_UNPUBLISHED, S.LIVE_PUBLISHED, S.SUSPENDED, S.STOPPED, S.INSTANT_VOD, S.INSTANT_VOD_BACKUP, S.INSTANT_VOD_DELETE, S.LIVE_STARTING, S.LIVE_STOPPING];
  return (live as number[]).includes(state) ? S.PRE_LIVE : S.PRE_VOD;
}

// ---- Limits -------------------------------------------------------------------------------------

/**
 * The longest DVR window accepted, in seconds: 24 hours. Origins keep a DVR window in memory or
 * on fast storage; longer look-back is what archiver captures are for.
 */
export const MAX_DVR_SECONDS = 86_400;

/**
 * The largest inline thumbnail (a data URI), in characters. Thumbnails travel in every event of
 * every list, so bigger images should be hosted and given by URL.
 */
export const MAX_INLINE_THUMBNAIL = 1_000_000;

export function dvrLengthError(seconds: number, allowZero: boolean): string | undefined {
  if (seconds < 0 || (!allowZero && seconds === 0)) return allowZero ? 'must be ≥ 0' : 'must be > 0 seconds';
  if (seconds > MAX_DVR_SECONDS) return `must be at most ${MAX_DVR_SECONDS} seconds (24 hours)`;
  return undefined;
}

export function thumbnailError(thumbnail: string): string | undefined {
  if (thumbnail.length > MAX_INLINE_THUMBNAIL) {
    return `is ${thumbnail.length} characters long, more than the ${MAX_INLINE_THUMBNAIL} accepted: host the image and give its URL`;
  }
  return undefined;
}

/**
 * `thumbnailUrl` for a thumbnail: the thumbnail itself when it is something a browser can load (an
 * http(s) URL or a data URI), otherwise none (a bare file name means nothing outside the original's storage).
 */
export function thumbnailUrlOf(thumbnail: string | null): string | null {
  if (thumbnail === null) return null;
  return /^(https?:\/\/|data:image\/)/i.test(thumbnail) ? thumbnail : null;
}

// ---- Task engine JSON ---------------------------------------------------------------------------

/**
 * Adds the task(s) of POST /event/xflow/add/ to an event's taskEngineJson. The event keeps its
 * tasks as `{"tasks": [...]}` (other top-level keys are kept as they are). The text sent is one
 * task (an object), several (an array), or a document with its own `tasks` array, whose other
 * keys are merged in (the event's own values win).
 */
export function appendTasks(existing: string | null, incoming: string): string {
  const document = parseLoose(existing);
  const base: Record<string, unknown> =
    document === undefined
      ? {}
      : Array.isArray(document)
        ? { tasks: document }
        : isObject(document)
          ? { ...document }
          : { tasks: [document] };
  const current = base.tasks === undefined ? [] : Array.isArray(base.tasks) ? base.tasks : [base.tasks];

  const added = JSON.parse(incoming) as unknown;
  let tasks: unknown[];
  if (Array.isArray(added)) tasks = added;
  else if (isObject(added) && Array.isArray(added.tasks)) {
    const { tasks: own, ...rest } = added;
    for (const [key, value] of Object.entries(rest)) if (!(key in base)) base[key] = value;
    tasks = own as unknown[];
  } else tasks = [added];
  return JSON.stringify({ ...base, tasks: [...current, ...tasks] });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Stored JSON text, or undefined when there is none (or it is not JSON: then it is replaced). */
function parseLoose(text: string | null): unknown {
  if (text === null || text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A title for an event created from a task: the task's own title or name when it has one. */
export function titleFromTask(taskEngineJson: string, now: Date): string {
  const parsed = JSON.parse(taskEngineJson) as unknown;
  const first = Array.isArray(parsed) ? parsed[0] : isObject(parsed) && Array.isArray(parsed.tasks) ? parsed.tasks[0] : parsed;
  for (const candidate of [parsed, first]) {
    if (!isObject(candidate)) continue;
    for (const key of ['title', 'Title', 'name', 'Name']) {
      const value = candidate[key];
      if (typeof value === 'string' && value.trim() !== '') return value.trim();
    }
  }
  return `Xflow task ${now.toISOString().slice(0, 16).replace('T', ' ')}`;
}

// ---- Change flags -------------------------------------------------------------------------------

/** Columns that are not the event's metadata: bookkeeping, or reported by flags of their own. */
const NOT_METADATA = new Set<string>([
  'id',
  'clientId',
  'dateCreated',
  'dateModified',
  'dateDeleted',
  'version',
  'state',
  'mp4State',
  'provisionState',
  'thumbnail',
  'thumbnailUrl',
  'capturingLive2Vod',
  // Made by the database from the title, ids and description, which are compared themselves;
  // reads of events leave it out (record-select.ts).
  'searchVector',
]);

function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;
  }
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return a === b;
}

/** The columns whose values differ between two versions of a row (derived columns included). */
export function changedColumns(before: EventRow, after: EventRow): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => !same((before as Record<string, unknown>)[k], (after as Record<string, unknown>)[k]));
}

export interface Linked {
  tagIds: readonly string[];
  categoryIds: readonly string[];
}

/**
 * The notification flags of an update, from the row and the event's tags and categories before
 * and after it. Metadata is every stored field but those with a flag of their own and the dates
 * the service keeps; tags and categories are metadata too. Categories compare in order (the first
 * is the event's category); tags as a set.
 */
export function updateFlags(before: EventRow, after: EventRow, linkedBefore: Linked, linkedAfter: Linked): ChangeFlags {
  const changed = new Set(changedColumns(before, after));
  const tagsChanged =
    linkedBefore.tagIds.length !== linkedAfter.tagIds.length || linkedAfter.tagIds.some((id) => !linkedBefore.tagIds.includes(id));
  const categoriesChanged = linkedBefore.categoryIds.join() !== linkedAfter.categoryIds.join();
  return {
    stateChanged: changed.has('state'),
    mp4StateChanged: changed.has('mp4State'),
    provisionStateChanged: changed.has('provisionState'),
    thumbnailChanged: changed.has('thumbnail') || changed.has('thumbnailUrl'),
    capturingLive2VodFlagChanged: changed.has('capturingLive2Vod'),
    metadataChanged: tagsChanged || categoriesChanged || [...changed].some((c) => !NOT_METADATA.has(c)),
  };
}

export const anyFlag = (flags: ChangeFlags): boolean => Object.values(flags).some(Boolean);

/**
 * The flags of an added event: all of its metadata is new, and so is its thumbnail when it has
 * one. The state, MP4 state and capture flag are where the event starts, not changes.
 */
export function addedFlags(row: EventRow): ChangeFlags {
  return { metadataChanged: true, thumbnailChanged: row.thumbnail !== null };
}
