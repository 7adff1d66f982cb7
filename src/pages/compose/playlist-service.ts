/** The playlist editor and the service: the bodies of create, update and the event's patch, and the service's 400 read back onto items and fields. */
import { type PlaylistItem } from '#schema';
import { type CompositionEventFields, type CompositionKind, type EditorItem, type PlaylistDocument, type PlaylistSettings } from './playlist-document.ts';
import { type ItemIssue } from './playlist-validation.ts';

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
