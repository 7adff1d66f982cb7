/**
 * Every edit of the playlist editor, as a pure reducer that keeps a history (each edit can be
 * undone and redone; typing in one field makes one entry). The list operations it uses are in
 * playlist-moves.ts.
 */
import { createEditorState, type EditorAction, type EditorItem, type EditorState, HISTORY_LIMIT, type PlaylistDocument, withKey } from './playlist-document.ts';
import { clamp, inListOrder, moveKeys, moveSelected, plural, sameOrder } from './playlist-moves.ts';

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
    case 'rebase': {
      // An undoable edit from the operator's document to the merge; clean when the merge is theirs.
      const next = commit(state, action.doc, action.label);
      const items = action.doc.items;
      return {
        ...next,
        saved: action.saved,
        openCoalesce: null,
        selection: keepExisting(next.selection, items),
        anchor: next.anchor && items.some((i) => i.key === next.anchor) ? next.anchor : null,
        active: next.active && items.some((i) => i.key === next.active) ? next.active : null,
      };
    }
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
