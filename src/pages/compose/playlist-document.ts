/**
 * The playlist editor's document and state: one document (playlist settings, the composition
 * event's own fields, the items), the editor's state around it (history, selection, the opened
 * item) and the actions the reducer (playlist-reducer.ts) takes. Selection and the opened item are
 * view state: they are not edits and never enter the history. Everything here is pure.
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
  /** After a refused save (412): `saved` is the document as the service has it now, `doc` the operator's changes put back on it. */
  | { type: 'rebase'; saved: PlaylistDocument; doc: PlaylistDocument; label: string }
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

/** The composition event's own fields as the editor holds them. */
export function eventFieldsFromService(event: Event): CompositionEventFields {
  return {
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
  };
}

/** The playlist's own part of the document: its settings and items. */
export function playlistPartFromService(playlist: ComposePlaylist): Pick<PlaylistDocument, 'settings' | 'items'> {
  return {
    settings: { name: playlist.name, looped: playlist.looped, liveStreamStart: playlist.liveStreamStart },
    items: playlist.items.map((item: PlaylistItem) =>
      withKey({ type: item.type, value: item.value, properties: { ...item.properties }, markers: item.markers ? item.markers.map((m) => ({ ...m })) : null }),
    ),
  };
}

/** The editor's document for a saved composition: its playlist and its event. */
export function documentFromService(playlist: ComposePlaylist, event: Event): PlaylistDocument {
  return { ...playlistPartFromService(playlist), event: eventFieldsFromService(event) };
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
