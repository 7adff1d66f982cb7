/**
 * The playlist editor's state: one document (playlist settings, the composition event's own
 * fields, the items) edited through a reducer that keeps a history, so every edit can be undone
 * and redone. Selection and the opened item are view state: they are not edits and never enter
 * the history. Everything here is pure; the page (compose-editor.tsx) only dispatches.
 *
 * Items carry a local `key`: the same event may be in a playlist several times, so the event id
 * cannot identify a row. Keys never leave the editor.
 *
 * @example
 * const [state, dispatch] = useReducer(playlistReducer, undefined, () => createEditorState('standard', emptyDocument()));
 * dispatch({ type: 'insert', items: [eventItem(eventId)] });
 * dispatch({ type: 'undo' });
 */
import { PlaylistItemType, type ComposePlaylist, type Event, type Marker, type PlaylistItem } from '#schema';
import { formatTimecode, isDateOrTime, isIsoDateTime, parseTimeSpan, parseTimecode } from './timecode.ts';

export type CompositionKind = 'standard' | 'encoder';

export const ITEM_TYPES = PlaylistItemType.values;

/** The properties the editor has its own controls for; every other property is a custom one. */
export const KNOWN_PROPERTIES = ['start', 'end', 'frameAccurate', 'outputDescription'] as const;

export interface EditorItem {
  key: string;
  type: number;
  /** The event id (EVENT) or the MP4 URL (DIRECT_FULL_MP4). */
  value: string;
  /** As the service sent them: the known ones and any others, kept as they are. */
  properties: Record<string, unknown>;
  markers: Marker[] | null;
}

export type NewItem = Omit<EditorItem, 'key'>;

export interface PlaylistSettings {
  name: string;
  looped: boolean;
  /** ISO date-time or null (standard composition only). */
  liveStreamStart: string | null;
}

/** The composition event's own fields: sent with the playlist when it is created, patched later. */
export interface CompositionEventFields {
  title: string;
  description: string;
  refId: string;
  externalId: string;
  eventTypeId: string | null;
  roomId: string | null;
  categoryIds: string[];
  /** Standard: the xflow that generates the composition. */
  workflowId: string | null;
  setPrivateAfterGeneration: boolean;
  vodDrm: boolean;
  /** Encoder: the channel whose encoder plays the playlist. */
  channelId: string | null;
  scheduledStart: string | null;
  scheduledEnd: string | null;
  autoStart: boolean;
  autoEnd: boolean;
}

export interface PlaylistDocument {
  settings: PlaylistSettings;
  event: CompositionEventFields;
  items: readonly EditorItem[];
}

interface HistoryEntry {
  doc: PlaylistDocument;
  /** What the edit after this document did: "Undo <label>". */
  label: string;
  /** Consecutive edits with the same coalesce key (typing in one field) make one entry. */
  coalesce?: string;
}

export interface EditorState {
  kind: CompositionKind;
  doc: PlaylistDocument;
  /** The document as last loaded or saved: the editor is clean while `doc` is this very object. */
  saved: PlaylistDocument;
  past: readonly HistoryEntry[];
  future: readonly HistoryEntry[];
  /** The coalesce key of the newest edit, while it can still absorb the next one. */
  openCoalesce: string | null;
  selection: readonly string[];
  /** Where a shift-click range starts. */
  anchor: string | null;
  /** The item whose details are open. */
  active: string | null;
  /** A short sentence about the last change, for the live region ("Moved 2 items to the top."). */
  announcement: string;
}

export const HISTORY_LIMIT = 200;

export type MoveDirection = 'top' | 'up' | 'down' | 'bottom';

export type EditorAction =
  | { type: 'load'; kind: CompositionKind; doc: PlaylistDocument }
  | { type: 'markSaved'; doc?: PlaylistDocument }
  | { type: 'insert'; items: readonly NewItem[]; index?: number }
  | { type: 'move'; keys: readonly string[]; to: number }
  | { type: 'moveSelection'; direction: MoveDirection }
  | { type: 'duplicate'; keys: readonly string[] }
  | { type: 'remove'; keys: readonly string[] }
  | { type: 'updateItem'; key: string; patch: Partial<Omit<EditorItem, 'key'>>; label?: string; coalesce?: string }
  | { type: 'setProperty'; key: string; name: string; value: unknown; label?: string; coalesce?: string }
  | { type: 'setSettings'; patch: Partial<PlaylistSettings>; label?: string; coalesce?: string }
  | { type: 'setEvent'; patch: Partial<CompositionEventFields>; label?: string; coalesce?: string }
  | { type: 'select'; key: string; mode: 'only' | 'toggle' | 'range' }
  | { type: 'selectAll' }
  | { type: 'clearSelection' }
  | { type: 'setActive'; key: string | null }
  | { type: 'undo' }
  | { type: 'redo' };

// ---- Construction -------------------------------------------------------------------------------

let nextKey = 1;
/** A fresh local key (unique within the page's lifetime). */
export function newKey(): string {
  return `item-${nextKey++}`;
}

export function withKey(item: NewItem): EditorItem {
  return { ...item, key: newKey() };
}

export function eventItem(eventId: string, properties: Record<string, unknown> = {}): NewItem {
  return { type: ITEM_TYPES.EVENT, value: eventId, properties, markers: null };
}

export function mp4Item(url: string): NewItem {
  return { type: ITEM_TYPES.DIRECT_FULL_MP4, value: url, properties: {}, markers: null };
}

export function emptyEventFields(): CompositionEventFields {
  return {
    title: '',
    description: '',
    refId: '',
    externalId: '',
    eventTypeId: null,
    roomId: null,
    categoryIds: [],
    workflowId: null,
    setPrivateAfterGeneration: false,
    vodDrm: false,
    channelId: null,
    scheduledStart: null,
    scheduledEnd: null,
    autoStart: false,
    autoEnd: false,
  };
}

export function emptyDocument(): PlaylistDocument {
  return { settings: { name: '', looped: false, liveStreamStart: null }, event: emptyEventFields(), items: [] };
}

/** The editor's document for a saved composition: its playlist and its event. */
export function documentFromService(playlist: ComposePlaylist, event: Event): PlaylistDocument {
  return {
    settings: { name: playlist.name, looped: playlist.looped, liveStreamStart: playlist.liveStreamStart },
    event: {
      title: event.title,
      description: event.description ?? '',
      refId: event.refId ?? '',
      externalId: event.externalId ?? '',
      eventTypeId: event.eventTypeId,
      roomId: event.roomId,
      categoryIds: event.categories.map((c) => c.id),
      workflowId: event.xflowId,
      setPrivateAfterGeneration: event.setPrivateAfterGeneration,
      vodDrm: event.vodDrm,
      channelId: event.channelId,
      scheduledStart: event.scheduledStart,
      scheduledEnd: event.scheduledEnd,
      autoStart: event.autoStart,
      autoEnd: event.autoEnd,
    },
    items: playlist.items.map((item: PlaylistItem) =>
      withKey({ type: item.type, value: item.value, properties: { ...item.properties }, markers: item.markers ? item.markers.map((m) => ({ ...m })) : null }),
    ),
  };
}

/**
 * Which composition an event is: the playlist says so when the service tells (`composition`);
 * otherwise an encoder composition is a live event with a playlist attached, a standard one is generated.
 */
export function compositionKindOf(event: Pick<Event, 'liveComposePlaylistId'>, playlist?: Pick<ComposePlaylist, 'composition'>): CompositionKind {
  if (playlist?.composition === 'ENCODER') return 'encoder';
  if (playlist?.composition === 'STANDARD') return 'standard';
  return event.liveComposePlaylistId ? 'encoder' : 'standard';
}

export function createEditorState(kind: CompositionKind, doc: PlaylistDocument): EditorState {
  return { kind, doc, saved: doc, past: [], future: [], openCoalesce: null, selection: [], anchor: null, active: null, announcement: '' };
}

export function isDirty(state: EditorState): boolean {
  return state.doc !== state.saved;
}

export function canUndo(state: EditorState): boolean {
  return state.past.length > 0;
}

export function canRedo(state: EditorState): boolean {
  return state.future.length > 0;
}

export function undoLabel(state: EditorState): string | undefined {
  return state.past.at(-1)?.label;
}

export function redoLabel(state: EditorState): string | undefined {
  return state.future[0]?.label;
}

// ---- Pure list operations ------------------------------------------------------------------------

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function clamp(n: number, min: number, max: number): number {
  return Math.min(Math.max(n, min), max);
}

/**
 * Moves the items with `keys` (kept in their current order, as one block) so that the first of
 * them ends up at index `to` of the resulting list. A single key is arrayMove(from, to).
 */
export function moveKeys<T extends { key: string }>(items: readonly T[], keys: readonly string[], to: number): T[] {
  const moving = new Set(keys);
  const block = items.filter((i) => moving.has(i.key));
  if (block.length === 0) return [...items];
  const rest = items.filter((i) => !moving.has(i.key));
  const at = clamp(to, 0, rest.length);
  return [...rest.slice(0, at), ...block, ...rest.slice(at)];
}

/**
 * Moves the selected items one step or to an end. Up and down move each contiguous run of
 * selected items past its unselected neighbour, the way list boxes do, so a selection at the
 * edge stays put while the rest of it moves.
 */
export function moveSelected<T extends { key: string }>(items: readonly T[], keys: readonly string[], direction: MoveDirection): T[] {
  const selected = new Set(keys);
  if (direction === 'top' || direction === 'bottom') {
    const block = items.filter((i) => selected.has(i.key));
    const rest = items.filter((i) => !selected.has(i.key));
    return direction === 'top' ? [...block, ...rest] : [...rest, ...block];
  }
  const result = [...items];
  if (direction === 'up') {
    for (let i = 1; i < result.length; i++) {
      if (selected.has(result[i]!.key) && !selected.has(result[i - 1]!.key)) {
        [result[i - 1], result[i]] = [result[i]!, result[i - 1]!];
      }
    }
    return result;
  }
  for (let i = result.length - 2; i >= 0; i--) {
    if (selected.has(result[i]!.key) && !selected.has(result[i + 1]!.key)) {
      [result[i], result[i + 1]] = [result[i + 1]!, result[i]!];
    }
  }
  return result;
}

function sameOrder(a: readonly { key: string }[], b: readonly { key: string }[]): boolean {
  return a.length === b.length && a.every((item, index) => item.key === b[index]!.key);
}

function inListOrder(items: readonly EditorItem[], keys: readonly string[]): string[] {
  const wanted = new Set(keys);
  return items.filter((i) => wanted.has(i.key)).map((i) => i.key);
}

// ---- The reducer ---------------------------------------------------------------------------------

/** Records `doc` as the next document: the old one goes into the history (or absorbs the edit). */
function commit(state: EditorState, doc: PlaylistDocument, label: string, coalesce?: string, extra: Partial<EditorState> = {}): EditorState {
  if (doc === state.doc) return { ...state, ...extra };
  const merging = coalesce !== undefined && coalesce === state.openCoalesce && state.past.length > 0;
  const past = merging ? state.past : [...state.past, { doc: state.doc, label, ...(coalesce ? { coalesce } : {}) }].slice(-HISTORY_LIMIT);
  return { ...state, doc, past, future: [], openCoalesce: coalesce ?? null, announcement: `${label[0]!.toUpperCase()}${label.slice(1)}.`, ...extra };
}

function withItems(state: EditorState, items: readonly EditorItem[]): PlaylistDocument {
  return { ...state.doc, items };
}

function keepExisting(keys: readonly string[], items: readonly EditorItem[]): string[] {
  const present = new Set(items.map((i) => i.key));
  return keys.filter((k) => present.has(k));
}

function setItem(state: EditorState, key: string, change: (item: EditorItem) => EditorItem): PlaylistDocument | null {
  const index = state.doc.items.findIndex((i) => i.key === key);
  if (index < 0) return null;
  const current = state.doc.items[index]!;
  const next = change(current);
  if (next === current) return null;
  const items = [...state.doc.items];
  items[index] = next;
  return withItems(state, items);
}

function shallowEqual(a: object, b: object): boolean {
  const ak = Object.keys(a);
  return ak.length === Object.keys(b).length && ak.every((k) => Object.is((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

export function playlistReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'load':
      return createEditorState(action.kind, action.doc);
    case 'markSaved':
      return { ...state, saved: action.doc ?? state.doc, openCoalesce: null };
    case 'insert': {
      if (action.items.length === 0) return state;
      const added = action.items.map(withKey);
      const at = clamp(action.index ?? state.doc.items.length, 0, state.doc.items.length);
      const items = [...state.doc.items.slice(0, at), ...added, ...state.doc.items.slice(at)];
      const keys = added.map((i) => i.key);
      return commit(state, withItems(state, items), `added ${plural(added.length, 'item')} at position ${at + 1}`, undefined, {
        selection: keys,
        anchor: keys[0] ?? null,
      });
    }
    case 'move': {
      const items = moveKeys(state.doc.items, action.keys, action.to);
      if (sameOrder(items, state.doc.items)) return state;
      const first = items.findIndex((i) => i.key === inListOrder(state.doc.items, action.keys)[0]);
      return commit(state, withItems(state, items), `moved ${plural(action.keys.length, 'item')} to position ${first + 1}`);
    }
    case 'moveSelection': {
      if (state.selection.length === 0) return state;
      const items = moveSelected(state.doc.items, state.selection, action.direction);
      if (sameOrder(items, state.doc.items)) return state;
      const where = { top: 'to the top', bottom: 'to the bottom', up: 'up', down: 'down' }[action.direction];
      return commit(state, withItems(state, items), `moved ${plural(state.selection.length, 'item')} ${where}`);
    }
    case 'duplicate': {
      const wanted = new Set(action.keys);
      if (!state.doc.items.some((i) => wanted.has(i.key))) return state;
      const copies: string[] = [];
      const items = state.doc.items.flatMap((item) => {
        if (!wanted.has(item.key)) return [item];
        const copy = withKey({
          type: item.type,
          value: item.value,
          properties: structuredClone(item.properties),
          markers: item.markers ? item.markers.map((m) => ({ ...m })) : null,
        });
        copies.push(copy.key);
        return [item, copy];
      });
      return commit(state, withItems(state, items), `duplicated ${plural(copies.length, 'item')}`, undefined, { selection: copies, anchor: copies[0] ?? null });
    }
    case 'remove': {
      const gone = new Set(action.keys);
      const items = state.doc.items.filter((i) => !gone.has(i.key));
      if (items.length === state.doc.items.length) return state;
      const removed = state.doc.items.length - items.length;
      return commit(state, withItems(state, items), `removed ${plural(removed, 'item')}`, undefined, {
        selection: state.selection.filter((k) => !gone.has(k)),
        active: state.active && gone.has(state.active) ? null : state.active,
        anchor: state.anchor && gone.has(state.anchor) ? null : state.anchor,
      });
    }
    case 'updateItem': {
      const doc = setItem(state, action.key, (item) => {
        const next = { ...item, ...action.patch };
        return shallowEqual(next, item) ? item : next;
      });
      if (!doc) return state;
      return commit(state, doc, action.label ?? 'changed an item', action.coalesce);
    }
    case 'setProperty': {
      const doc = setItem(state, action.key, (item) => {
        const has = Object.hasOwn(item.properties, action.name);
        if (action.value === undefined) {
          if (!has) return item;
          const properties = { ...item.properties };
          delete properties[action.name];
          return { ...item, properties };
        }
        if (has && Object.is(item.properties[action.name], action.value)) return item;
        return { ...item, properties: { ...item.properties, [action.name]: action.value } };
      });
      if (!doc) return state;
      return commit(state, doc, action.label ?? `changed ${action.name}`, action.coalesce);
    }
    case 'setSettings': {
      const settings = { ...state.doc.settings, ...action.patch };
      if (shallowEqual(settings, state.doc.settings)) return state;
      return commit(state, { ...state.doc, settings }, action.label ?? 'changed the playlist settings', action.coalesce);
    }
    case 'setEvent': {
      const event = { ...state.doc.event, ...action.patch };
      if (shallowEqual(event, state.doc.event)) return state;
      return commit(state, { ...state.doc, event }, action.label ?? 'changed the event', action.coalesce);
    }
    case 'select': {
      const { key, mode } = action;
      if (!state.doc.items.some((i) => i.key === key)) return state;
      if (mode === 'only') return { ...state, selection: [key], anchor: key, openCoalesce: null };
      if (mode === 'toggle') {
        const selection = state.selection.includes(key) ? state.selection.filter((k) => k !== key) : inListOrder(state.doc.items, [...state.selection, key]);
        return { ...state, selection, anchor: key, openCoalesce: null };
      }
      const keys = state.doc.items.map((i) => i.key);
      const from = state.anchor ? keys.indexOf(state.anchor) : -1;
      const to = keys.indexOf(key);
      if (from < 0) return { ...state, selection: [key], anchor: key, openCoalesce: null };
      const [lo, hi] = from < to ? [from, to] : [to, from];
      return { ...state, selection: keys.slice(lo, hi + 1), openCoalesce: null };
    }
    case 'selectAll':
      return { ...state, selection: state.doc.items.map((i) => i.key), openCoalesce: null };
    case 'clearSelection':
      return state.selection.length === 0 ? state : { ...state, selection: [], anchor: null, openCoalesce: null };
    case 'setActive':
      return { ...state, active: action.key, openCoalesce: null };
    case 'undo': {
      const entry = state.past.at(-1);
      if (!entry) return state;
      const doc = entry.doc;
      return {
        ...state,
        doc,
        past: state.past.slice(0, -1),
        future: [{ doc: state.doc, label: entry.label }, ...state.future],
        openCoalesce: null,
        selection: keepExisting(state.selection, doc.items),
        active: state.active && doc.items.some((i) => i.key === state.active) ? state.active : null,
        announcement: `Undone: ${entry.label}.`,
      };
    }
    case 'redo': {
      const entry = state.future[0];
      if (!entry) return state;
      const doc = entry.doc;
      return {
        ...state,
        doc,
        past: [...state.past, { doc: state.doc, label: entry.label }],
        future: state.future.slice(1),
        openCoalesce: null,
        selection: keepExisting(state.selection, doc.items),
        active: state.active && doc.items.some((i) => i.key === state.active) ? state.active : null,
        announcement: `Redone: ${entry.label}.`,
      };
    }
  }
}

// ---- Reading items ---------------------------------------------------------------------------------

export function textProperty(item: EditorItem, name: string): string {
  const value = item.properties[name];
  return typeof value === 'string' ? value : '';
}

export function booleanProperty(item: EditorItem, name: string): boolean | undefined {
  const value = item.properties[name];
  return typeof value === 'boolean' ? value : undefined;
}

/** The properties without their own control, in their order. */
export function customProperties(item: EditorItem): [string, unknown][] {
  return Object.entries(item.properties).filter(([name]) => !(KNOWN_PROPERTIES as readonly string[]).includes(name));
}

/**
 * Replaces the custom properties of an item with `entries` (in that order), keeping the known
 * ones. Entries without a name are dropped; a later duplicate name wins.
 */
export function withCustomProperties(item: EditorItem, entries: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const name of KNOWN_PROPERTIES) if (Object.hasOwn(item.properties, name)) properties[name] = item.properties[name];
  for (const [name, value] of entries) {
    const trimmed = name.trim();
    if (trimmed && !(KNOWN_PROPERTIES as readonly string[]).includes(trimmed)) properties[trimmed] = value;
  }
  return properties;
}

// ---- Timing --------------------------------------------------------------------------------------

/** What the editor knows about the event an item plays (from GET /event/). */
export interface SourceInfo {
  title: string;
  /** Milliseconds; null when the service does not say. */
  durationMs: number | null;
  thumbnailUrl: string | null;
  /** Where an ISO trim point is measured from (the recording's start, actualLiveStart), when known. */
  startedAt: string | null;
}

export type SourceLookup = (item: EditorItem) => SourceInfo | null | undefined;

export function sourceInfoOf(event: Event): SourceInfo {
  const durationMs = parseTimeSpan(event.duration);
  return {
    title: event.title,
    durationMs: durationMs === 0 && !event.scheduledStart ? null : durationMs,
    thumbnailUrl: event.thumbnailUrl ?? event.thumbnail ?? null,
    startedAt: event.actualLiveStart ?? event.scheduledStart ?? null,
  };
}

/** A trim point in milliseconds into the source: a timecode, or an ISO time after the source's start. */
export function trimPointMs(value: unknown, source: SourceInfo | null | undefined): number | null {
  if (typeof value !== 'string' || value === '') return null;
  const ms = parseTimecode(value);
  if (ms !== null && /^\d{2,}:\d{2}:\d{2}(\.\d{1,3})?$/.test(value)) return ms;
  if (isIsoDateTime(value) && source?.startedAt) {
    const offset = Date.parse(value) - Date.parse(source.startedAt);
    return Number.isFinite(offset) ? offset : null;
  }
  return null;
}

export interface ItemTiming {
  /** Where the item starts in the programme; with `approximate`, a lower bound. */
  startMs: number;
  /** How long the item plays (trimmed); null when unknown. */
  durationMs: number | null;
  inMs: number;
  outMs: number | null;
  /** An earlier item's length is unknown, so this start is at least startMs. */
  approximate: boolean;
}

export interface Timeline {
  items: ItemTiming[];
  totalMs: number;
  /** Items whose length is unknown (MP4 URLs, sources without a duration). */
  unknown: number;
}

/** Each item's start in the programme and the running total: recomputed on every edit (O(n)). */
export function computeTimeline(items: readonly EditorItem[], lookup: SourceLookup): Timeline {
  let at = 0;
  let unknown = 0;
  const timings = items.map((item): ItemTiming => {
    const source = item.type === ITEM_TYPES.EVENT ? lookup(item) : null;
    const inMs = trimPointMs(item.properties.start, source) ?? 0;
    const end = trimPointMs(item.properties.end, source);
    const outMs = end ?? source?.durationMs ?? null;
    const durationMs = outMs === null ? null : Math.max(0, outMs - inMs);
    const timing = { startMs: at, durationMs, inMs, outMs, approximate: unknown > 0 };
    if (durationMs === null) unknown += 1;
    else at += durationMs;
    return timing;
  });
  return { items: timings, totalMs: at, unknown };
}

// ---- Validation ------------------------------------------------------------------------------------

/** A field of an item a message is about: `start`, `end`, `value`, `type`, `markers`, `markers.0.startAt`, `properties.x`. */
export interface ItemIssue {
  field: string;
  message: string;
}

/**
 * What is wrong with one item, in the operator's words, before the service is asked: the rules
 * of the composition kind, the trim points against each other and against the source, markers.
 */
export function validateItem(item: EditorItem, kind: CompositionKind, source: SourceInfo | null | undefined, timing?: ItemTiming): ItemIssue[] {
  const issues: ItemIssue[] = [];
  if (item.type === ITEM_TYPES.EVENT) {
    if (source === null) issues.push({ field: 'value', message: 'This event no longer exists or cannot be read; remove the item or pick another event.' });
  } else if (item.type === ITEM_TYPES.DIRECT_FULL_MP4) {
    if (kind === 'standard') issues.push({ field: 'type', message: 'Standard composition plays events only; MP4 URLs need an encoder composition.' });
    else if (!/^https?:\/\/[^\s/]+\.[^\s]*$/i.test(item.value) && !/^https?:\/\/localhost(:\d+)?\//i.test(item.value)) {
      issues.push({ field: 'value', message: 'Enter the http(s) URL of an MP4 file.' });
    }
  } else {
    issues.push({ field: 'type', message: 'This item type is not supported by either composition; remove it.' });
  }

  const start = item.properties.start;
  const end = item.properties.end;
  const badStart = start !== undefined && (typeof start !== 'string' || !isDateOrTime(start));
  const badEnd = end !== undefined && (typeof end !== 'string' || !isDateOrTime(end));
  if (badStart) issues.push({ field: 'start', message: 'Use hh:mm:ss.fff, such as 00:01:30.000.' });
  if (badEnd) issues.push({ field: 'end', message: 'Use hh:mm:ss.fff, such as 00:02:00.000.' });
  const inMs = badStart ? null : trimPointMs(start, source);
  const outMs = badEnd ? null : trimPointMs(end, source);
  const sourceMs = source?.durationMs ?? null;
  if (inMs !== null && outMs !== null && outMs <= inMs) {
    issues.push({ field: 'end', message: `The out point must be after the in point (${formatTimecode(inMs)}).` });
  }
  if (sourceMs !== null) {
    if (inMs !== null && inMs >= sourceMs) issues.push({ field: 'start', message: `The in point is past the end of the source (${formatTimecode(sourceMs)}).` });
    if (outMs !== null && outMs > sourceMs) issues.push({ field: 'end', message: `The out point is past the end of the source (${formatTimecode(sourceMs)}).` });
  }

  const markers = item.markers ?? [];
  if (markers.length > 0 && kind === 'encoder') {
    issues.push({ field: 'markers', message: 'Encoder composition does not support SCTE-35 markers; remove them.' });
  } else {
    const length = timing?.durationMs ?? null;
    markers.forEach((marker, index) => {
      if (!isDateOrTime(marker.startAt)) issues.push({ field: `markers.${index}.startAt`, message: 'Use hh:mm:ss.fff for where the marker starts.' });
      else {
        const at = parseTimecode(marker.startAt);
        if (at !== null && length !== null && !isIsoDateTime(marker.startAt) && at >= length) {
          issues.push({ field: `markers.${index}.startAt`, message: `The marker starts after the item ends (${formatTimecode(length)}).` });
        }
      }
      if (parseTimeSpan(marker.duration) === null) issues.push({ field: `markers.${index}.duration`, message: 'Use hh:mm:ss for how long the marker lasts.' });
    });
  }
  return issues;
}

export interface DocumentIssues {
  /** Issues of the playlist settings and the event fields, by field name. */
  fields: Partial<Record<keyof PlaylistSettings | keyof CompositionEventFields | 'items', string>>;
  /** Item issues by item key. */
  items: Map<string, ItemIssue[]>;
  count: number;
}

/** Issues of the playlist settings and the event fields (not the items). */
export function validateFields(doc: PlaylistDocument, kind: CompositionKind, isNew: boolean): DocumentIssues['fields'] {
  const fields: DocumentIssues['fields'] = {};
  if (!doc.settings.name.trim()) fields.name = 'Name the playlist.';
  if (doc.items.length === 0) fields.items = 'Add at least one item.';
  if (!doc.event.title.trim()) fields.title = 'Give the composition a title.';
  if (doc.event.refId.length > 100) fields.refId = 'At most 100 characters.';
  if (doc.event.externalId.length > 100) fields.externalId = 'At most 100 characters.';
  if (isNew && kind === 'standard' && !doc.event.workflowId) fields.workflowId = 'Choose the workflow that generates the composition.';
  if (isNew && kind === 'encoder' && !doc.event.channelId) fields.channelId = 'Choose the channel whose encoder plays the playlist.';
  if (kind === 'encoder' && doc.event.scheduledStart && doc.event.scheduledEnd && Date.parse(doc.event.scheduledEnd) < Date.parse(doc.event.scheduledStart)) {
    fields.scheduledEnd = 'The end must not be before the start.';
  }
  return fields;
}

/** Item issues by item key (only items with issues). */
export function validateItems(items: readonly EditorItem[], kind: CompositionKind, lookup: SourceLookup, timeline: Timeline): Map<string, ItemIssue[]> {
  const result = new Map<string, ItemIssue[]>();
  items.forEach((item, index) => {
    const issues = validateItem(item, kind, lookup(item), timeline.items[index]);
    if (issues.length > 0) result.set(item.key, issues);
  });
  return result;
}

export function countIssues(fields: DocumentIssues['fields'], items: ReadonlyMap<string, readonly ItemIssue[]>): number {
  let count = Object.keys(fields).length;
  for (const list of items.values()) count += list.length;
  return count;
}

/** Everything that keeps the playlist from being saved. `isNew`: the event fields are sent too. */
export function validateDocument(state: Pick<EditorState, 'doc' | 'kind'>, lookup: SourceLookup, timeline: Timeline, isNew: boolean): DocumentIssues {
  const fields = validateFields(state.doc, state.kind, isNew);
  const items = validateItems(state.doc.items, state.kind, lookup, timeline);
  return { fields, items, count: countIssues(fields, items) };
}

// ---- To the service ---------------------------------------------------------------------------------

function cleanProperties(properties: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(properties)) {
    if ((name === 'start' || name === 'end') && (value === '' || value === null)) continue;
    result[name] = value;
  }
  return result;
}

export function itemToBody(item: EditorItem): PlaylistItem {
  const markers = item.markers && item.markers.length > 0 ? item.markers.map((m) => ({ ...m })) : null;
  return {
    type: item.type,
    value: item.value,
    properties: cleanProperties(item.properties),
    // Encoder composition refuses markers; they are still sent when present, so the service names the item.
    markers,
  };
}

/** PUT /compose/event/{id} or /compose/encoder/event/{id}: `{name, looped, items}` (standard also liveStreamStart). */
export function playlistBody(doc: PlaylistDocument, kind: CompositionKind) {
  const items = doc.items.map(itemToBody);
  const name = doc.settings.name.trim();
  return kind === 'standard'
    ? { name, looped: doc.settings.looped, liveStreamStart: doc.settings.liveStreamStart, items }
    : { name, looped: doc.settings.looped, items };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The event fields both create operations take. */
function createEventFields(e: CompositionEventFields) {
  return {
    roomId: e.roomId,
    eventTypeId: e.eventTypeId,
    categoryIds: e.categoryIds,
    title: e.title.trim(),
    description: orNull(e.description),
    refId: orNull(e.refId),
    externalId: orNull(e.externalId),
  };
}

/** POST /compose/ : the standard event object and the playlist. */
export function standardCreateBody(doc: PlaylistDocument) {
  const e = doc.event;
  return {
    event: {
      workflowId: e.workflowId ?? '',
      ...createEventFields(e),
      setPrivateAFterGeneration: e.setPrivateAfterGeneration,
      vodDrm: e.vodDrm,
    },
    playlist: playlistBody(doc, 'standard'),
  };
}

/** POST /compose/encoder/ : the live event object and the playlist. */
export function encoderCreateBody(doc: PlaylistDocument) {
  const e = doc.event;
  return {
    event: {
      channelId: e.channelId ?? '',
      ...createEventFields(e),
      scheduledStart: e.scheduledStart,
      scheduledEnd: e.scheduledEnd,
      autoStart: e.autoStart,
      autoEnd: e.autoEnd,
    },
    playlist: playlistBody(doc, 'encoder'),
  };
}

/** One JSON Patch operation for PATCH /event/{id}. */
export interface PatchOperation {
  op: 'replace';
  path: string;
  value: unknown;
}

/**
 * The changes to a saved composition's own event fields as JSON Patch operations (the compose
 * operations take only the playlist). Categories: the event operations set one category.
 */
export function eventPatch(saved: CompositionEventFields, current: CompositionEventFields, kind: CompositionKind): PatchOperation[] {
  const ops: PatchOperation[] = [];
  const text = (field: 'title' | 'description' | 'refId' | 'externalId', path: string) => {
    if (saved[field] !== current[field]) ops.push({ op: 'replace', path, value: field === 'title' ? current.title.trim() : orNull(current[field]) });
  };
  text('title', '/Title');
  text('description', '/Description');
  text('refId', '/RefId');
  text('externalId', '/ExternalId');
  if (saved.eventTypeId !== current.eventTypeId) ops.push({ op: 'replace', path: '/EventTypeId', value: current.eventTypeId });
  if (saved.roomId !== current.roomId) ops.push({ op: 'replace', path: '/RoomId', value: current.roomId });
  if ((saved.categoryIds[0] ?? null) !== (current.categoryIds[0] ?? null)) ops.push({ op: 'replace', path: '/CategoryId', value: current.categoryIds[0] ?? null });
  if (kind === 'encoder') {
    if (saved.scheduledStart !== current.scheduledStart) ops.push({ op: 'replace', path: '/ScheduledStart', value: current.scheduledStart });
    if (saved.scheduledEnd !== current.scheduledEnd) ops.push({ op: 'replace', path: '/ScheduledEnd', value: current.scheduledEnd });
    if (saved.autoStart !== current.autoStart) ops.push({ op: 'replace', path: '/AutoStart', value: current.autoStart });
    if (saved.autoEnd !== current.autoEnd) ops.push({ op: 'replace', path: '/AutoEnd', value: current.autoEnd });
  } else if (saved.setPrivateAfterGeneration !== current.setPrivateAfterGeneration) {
    ops.push({ op: 'replace', path: '/SetPrivateAfterGeneration', value: current.setPrivateAfterGeneration });
  }
  return ops;
}

// ---- From the service's 400 ----------------------------------------------------------------------------

export interface MappedServerErrors {
  /** By item index at the time of the save. */
  items: Map<number, ItemIssue[]>;
  /** Settings and event fields by the editor's field name. */
  fields: Partial<Record<keyof PlaylistSettings | keyof CompositionEventFields, string>>;
  /** Messages that name no field the editor shows. */
  other: string[];
}

const EVENT_FIELD_NAMES: Record<string, keyof CompositionEventFields> = {
  title: 'title',
  description: 'description',
  refid: 'refId',
  externalid: 'externalId',
  eventtypeid: 'eventTypeId',
  roomid: 'roomId',
  categoryids: 'categoryIds',
  categoryid: 'categoryIds',
  workflowid: 'workflowId',
  channelid: 'channelId',
  scheduledstart: 'scheduledStart',
  scheduledend: 'scheduledEnd',
  setprivateaftergeneration: 'setPrivateAfterGeneration',
  voddrm: 'vodDrm',
  autostart: 'autoStart',
  autoend: 'autoEnd',
};

const SETTINGS_NAMES: Record<string, keyof PlaylistSettings> = { name: 'name', looped: 'looped', livestreamstart: 'liveStreamStart' };

/**
 * The failing fields of a 400 (`body.playlist.items.3.properties.end`, `body.items[3].end`,
 * `body.event.title`) on the items and fields they concern. Item fields are named as the editor
 * names them: `start`, `end`, `markers.0.duration`, `value`...
 */
export function mapServerErrors(fieldErrors: readonly { field: string; message: string }[]): MappedServerErrors {
  const items = new Map<number, ItemIssue[]>();
  const fields: MappedServerErrors['fields'] = {};
  const other: string[] = [];
  for (const { field, message } of fieldErrors) {
    const path = field
      .replace(/\[(\d+)\]/g, '.$1')
      .replace(/^body\./i, '')
      .replace(/^playlist\./i, '');
    const item = /^items\.(\d+)(?:\.(.*))?$/i.exec(path);
    if (item) {
      const index = Number(item[1]);
      const rest = (item[2] ?? '').replace(/^properties\./i, '');
      const name = rest === '' ? 'item' : rest.replace(/^(start|end|value|type|markers)\b/i, (m) => m.toLowerCase());
      items.set(index, [...(items.get(index) ?? []), { field: name, message }]);
      continue;
    }
    const eventField = /^event\.(\w+)/i.exec(path);
    if (eventField) {
      const name = EVENT_FIELD_NAMES[eventField[1]!.toLowerCase()];
      if (name) fields[name] = message;
      else other.push(`${eventField[1]}: ${message}`);
      continue;
    }
    const setting = SETTINGS_NAMES[path.toLowerCase()];
    if (setting) fields[setting] = message;
    else if (/^items$/i.test(path)) other.push(`Items: ${message}`);
    else other.push(path ? `${path}: ${message}` : message);
  }
  return { items, fields, other };
}

/** The first item field an issue list is about, for focusing it. */
export function issueFor(issues: readonly ItemIssue[] | undefined, field: string): string | undefined {
  return issues?.find((i) => i.field === field || i.field.startsWith(`${field}.`))?.message;
}
