import { describe, expect, it } from 'vitest';
import { EncoderComposeBody, EncoderPlaylistBody, StandardComposeBody, StandardPlaylistBody, type ComposePlaylist, type Event } from '#schema';
import { canRedo, canUndo, createEditorState, documentFromService, emptyDocument, eventItem, HISTORY_LIMIT, isDirty, mp4Item, redoLabel, undoLabel, withKey, type EditorAction, type EditorItem, type EditorState } from './playlist-document.ts';
import { moveKeys, moveSelected } from './playlist-moves.ts';
import { playlistReducer } from './playlist-reducer.ts';
import { encoderCreateBody, eventPatch, mapServerErrors, playlistBody, standardCreateBody } from './playlist-service.ts';
import { computeTimeline, customProperties, withCustomProperties, type SourceInfo } from './playlist-timing.ts';
import { validateDocument, validateItem } from './playlist-validation.ts';

const ids = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333', '44444444-4444-4444-8444-444444444444'];

function run(state: EditorState, ...actions: EditorAction[]): EditorState {
  return actions.reduce(playlistReducer, state);
}

function withItems(count: number, kind: 'standard' | 'encoder' = 'standard'): EditorState {
  const items = Array.from({ length: count }, (_, i) => withKey(eventItem(ids[i % ids.length]!, { n: i })));
  return createEditorState(kind, { ...emptyDocument(), items });
}

const order = (state: EditorState) => state.doc.items.map((i) => i.properties.n);
const keys = (state: EditorState, ...indexes: number[]) => indexes.map((i) => state.doc.items[i]!.key);

const source = (durationMs: number | null, title = 'Source'): SourceInfo => ({ title, durationMs, thumbnailUrl: null, startedAt: '2026-01-10T10:00:00Z' });

describe('list operations', () => {
  const list = ['a', 'b', 'c', 'd', 'e'].map((key) => ({ key }));
  const names = (items: { key: string }[]) => items.map((i) => i.key).join('');

  it('move one item like arrayMove, and a block keeping its order', () => {
    expect(names(moveKeys(list, ['e'], 0))).toBe('eabcd');
    expect(names(moveKeys(list, ['a'], 4))).toBe('bcdea');
    expect(names(moveKeys(list, ['b', 'd'], 0))).toBe('bdace');
    expect(names(moveKeys(list, ['d', 'b'], 3))).toBe('acebd');
    expect(names(moveKeys(list, ['a'], 99))).toBe('bcdea');
    expect(names(moveKeys(list, ['zz'], 0))).toBe('abcde');
  });

  it('move a selection up, down, to the top and to the bottom as list boxes do', () => {
    expect(names(moveSelected(list, ['c', 'd'], 'up'))).toBe('acdbe');
    expect(names(moveSelected(list, ['a', 'c'], 'up'))).toBe('acbde');
    expect(names(moveSelected(list, ['b', 'e'], 'down'))).toBe('acbde');
    expect(names(moveSelected(list, ['b', 'd'], 'top'))).toBe('bdace');
    expect(names(moveSelected(list, ['b', 'd'], 'bottom'))).toBe('acebd');
  });
});

describe('the editor reducer', () => {
  it('adds items at the end or at a position, selecting what it added', () => {
    let state = withItems(2);
    state = run(state, { type: 'insert', items: [eventItem(ids[2]!, { n: 'x' })], index: 1 });
    expect(order(state)).toEqual([0, 'x', 1]);
    expect(state.selection).toEqual(keys(state, 1));
    expect(state.announcement).toBe('Added 1 item at position 2.');
    state = run(state, { type: 'insert', items: [mp4Item('https://cdn.example.com/a.mp4')] });
    expect(state.doc.items.at(-1)).toMatchObject({ type: 1, value: 'https://cdn.example.com/a.mp4' });
  });

  it('gives every item its own key, so one event can be in the playlist twice', () => {
    const state = run(createEditorState('standard', emptyDocument()), { type: 'insert', items: [eventItem(ids[0]!), eventItem(ids[0]!)] });
    const [a, b] = state.doc.items;
    expect(a!.value).toBe(b!.value);
    expect(a!.key).not.toBe(b!.key);
  });

  it('reorders by drag (move) and by the selection commands', () => {
    let state = withItems(5);
    state = run(state, { type: 'move', keys: keys(state, 4), to: 0 });
    expect(order(state)).toEqual([4, 0, 1, 2, 3]);
    expect(state.announcement).toBe('Moved 1 item to position 1.');
    state = run(state, { type: 'select', key: keys(state, 2)[0]!, mode: 'only' }, { type: 'select', key: keys(state, 4)[0]!, mode: 'toggle' });
    state = run(state, { type: 'moveSelection', direction: 'top' });
    expect(order(state)).toEqual([1, 3, 4, 0, 2]);
    state = run(state, { type: 'moveSelection', direction: 'down' });
    expect(order(state)).toEqual([4, 1, 3, 0, 2]);
    state = run(state, { type: 'moveSelection', direction: 'bottom' });
    expect(order(state)).toEqual([4, 0, 2, 1, 3]);
  });

  it('does not record a move that changes nothing', () => {
    const state = withItems(3);
    const moved = run(state, { type: 'move', keys: keys(state, 0), to: 0 });
    expect(moved).toBe(state);
    const selected = run(state, { type: 'select', key: keys(state, 0)[0]!, mode: 'only' });
    expect(run(selected, { type: 'moveSelection', direction: 'up' })).toBe(selected);
  });

  it('duplicates items right after their originals, deep copies included', () => {
    let state = withItems(3);
    state = run(state, { type: 'updateItem', key: keys(state, 0)[0]!, patch: { markers: [{ startAt: '00:00:10.000', duration: '00:00:30', frameAccurate: null, type: 0 }] } });
    state = run(state, { type: 'duplicate', keys: keys(state, 0, 2) });
    expect(order(state)).toEqual([0, 0, 1, 2, 2]);
    expect(state.selection).toEqual(keys(state, 1, 4));
    expect(state.doc.items[1]!.markers).toEqual(state.doc.items[0]!.markers);
    expect(state.doc.items[1]!.markers).not.toBe(state.doc.items[0]!.markers);
    expect(state.doc.items[1]!.properties).not.toBe(state.doc.items[0]!.properties);
  });

  it('removes items, and forgets them in the selection and the open details', () => {
    let state = withItems(4);
    const [a, b] = keys(state, 1, 2);
    state = run(state, { type: 'select', key: a!, mode: 'only' }, { type: 'select', key: b!, mode: 'range' }, { type: 'setActive', key: b! });
    state = run(state, { type: 'remove', keys: [b!] });
    expect(order(state)).toEqual([0, 1, 3]);
    expect(state.selection).toEqual([a]);
    expect(state.active).toBeNull();
    expect(state.announcement).toBe('Removed 1 item.');
  });

  it('selects ranges from the anchor, toggles, all and none, without touching the history', () => {
    let state = withItems(6);
    state = run(state, { type: 'select', key: keys(state, 1)[0]!, mode: 'only' }, { type: 'select', key: keys(state, 4)[0]!, mode: 'range' });
    expect(state.selection).toEqual(keys(state, 1, 2, 3, 4));
    state = run(state, { type: 'select', key: keys(state, 2)[0]!, mode: 'toggle' });
    expect(state.selection).toEqual(keys(state, 1, 3, 4));
    state = run(state, { type: 'selectAll' });
    expect(state.selection).toHaveLength(6);
    state = run(state, { type: 'clearSelection' });
    expect(state.selection).toEqual([]);
    expect(canUndo(state)).toBe(false);
  });

  it('sets and removes item properties, keeping properties it does not know', () => {
    let state = withItems(1);
    const key = keys(state, 0)[0]!;
    state = run(state, { type: 'setProperty', key, name: 'start', value: '00:00:05.000' });
    expect(state.doc.items[0]!.properties).toEqual({ n: 0, start: '00:00:05.000' });
    state = run(state, { type: 'setProperty', key, name: 'start', value: undefined });
    expect(state.doc.items[0]!.properties).toEqual({ n: 0 });
    const same = run(state, { type: 'setProperty', key, name: 'start', value: undefined });
    expect(same).toBe(state);
  });
});

describe('undo and redo', () => {
  it('undo every kind of edit, in order, and redo them', () => {
    let state = withItems(3);
    const start = state.doc;
    const [k0, k2] = keys(state, 0, 2);
    const actions: EditorAction[] = [
      { type: 'insert', items: [eventItem(ids[3]!, { n: 3 })] },
      { type: 'move', keys: [k2!], to: 0 },
      { type: 'duplicate', keys: [k0!] },
      { type: 'remove', keys: [k0!] },
      { type: 'setProperty', key: k2!, name: 'end', value: '00:00:20.000' },
      { type: 'updateItem', key: k2!, patch: { markers: [] } },
      { type: 'setSettings', patch: { looped: true } },
      { type: 'setEvent', patch: { roomId: ids[0]! } },
    ];
    const docs = [start];
    for (const action of actions) {
      state = run(state, action);
      docs.push(state.doc);
    }
    expect(new Set(docs).size).toBe(actions.length + 1);
    for (let i = actions.length - 1; i >= 0; i--) {
      state = run(state, { type: 'undo' });
      expect(state.doc).toBe(docs[i]);
    }
    expect(canUndo(state)).toBe(false);
    expect(isDirty(state)).toBe(false);
    for (let i = 1; i <= actions.length; i++) {
      state = run(state, { type: 'redo' });
      expect(state.doc).toBe(docs[i]);
    }
    expect(canRedo(state)).toBe(false);
  });

  it('names what undo and redo will do, and announces it', () => {
    let state = withItems(2);
    state = run(state, { type: 'remove', keys: keys(state, 0) });
    expect(undoLabel(state)).toBe('removed 1 item');
    state = run(state, { type: 'undo' });
    expect(state.announcement).toBe('Undone: removed 1 item.');
    expect(redoLabel(state)).toBe('removed 1 item');
    state = run(state, { type: 'redo' });
    expect(state.announcement).toBe('Redone: removed 1 item.');
  });

  it('a new edit after undo drops the redo history', () => {
    let state = withItems(2);
    state = run(state, { type: 'setSettings', patch: { name: 'A' } }, { type: 'undo' });
    expect(canRedo(state)).toBe(true);
    state = run(state, { type: 'setSettings', patch: { looped: true } });
    expect(canRedo(state)).toBe(false);
  });

  it('typing in one field is one step; another field or a pause in editing starts a new one', () => {
    let state = withItems(1);
    for (const name of ['M', 'Mo', 'Mor', 'Morning']) state = run(state, { type: 'setSettings', patch: { name }, coalesce: 'name' });
    expect(state.past).toHaveLength(1);
    state = run(state, { type: 'setEvent', patch: { title: 'T' }, coalesce: 'title' });
    expect(state.past).toHaveLength(2);
    state = run(state, { type: 'setActive', key: null }, { type: 'setEvent', patch: { title: 'Ti' }, coalesce: 'title' });
    expect(state.past).toHaveLength(3);
    state = run(state, { type: 'undo' }, { type: 'undo' });
    expect(state.doc.settings.name).toBe('Morning');
    expect(state.doc.event.title).toBe('');
    state = run(state, { type: 'undo' });
    expect(state.doc.settings.name).toBe('');
  });

  it('keeps the selection to items that exist after an undo', () => {
    let state = withItems(1);
    state = run(state, { type: 'insert', items: [eventItem(ids[1]!)] });
    expect(state.selection).toHaveLength(1);
    state = run(state, { type: 'undo' });
    expect(state.selection).toEqual([]);
  });

  it('keeps at most HISTORY_LIMIT steps', () => {
    let state = withItems(1);
    for (let i = 0; i < HISTORY_LIMIT + 20; i++) state = run(state, { type: 'setSettings', patch: { name: `n${i}` } });
    expect(state.past).toHaveLength(HISTORY_LIMIT);
  });

  it('is clean when back at the saved document, dirty otherwise; saving makes the current one clean', () => {
    let state = withItems(2);
    expect(isDirty(state)).toBe(false);
    state = run(state, { type: 'setSettings', patch: { looped: true } });
    expect(isDirty(state)).toBe(true);
    state = run(state, { type: 'undo' });
    expect(isDirty(state)).toBe(false);
    state = run(state, { type: 'redo', }, { type: 'markSaved' });
    expect(isDirty(state)).toBe(false);
    state = run(state, { type: 'undo' });
    expect(isDirty(state)).toBe(true);
  });

  it('an edit made while a save was on its way stays unsaved', () => {
    let state = withItems(2);
    state = run(state, { type: 'setSettings', patch: { name: 'sent' } });
    const sent = state.doc;
    state = run(state, { type: 'setSettings', patch: { looped: true } }, { type: 'markSaved', doc: sent });
    expect(isDirty(state)).toBe(true);
    state = run(state, { type: 'undo' });
    expect(isDirty(state)).toBe(false);
  });
});

describe('custom properties', () => {
  it('are the properties without their own control, replaced in order and keeping the known ones', () => {
    const item: EditorItem = { key: 'k', type: 0, value: ids[0]!, properties: { start: '00:00:01.000', Custom_Thing: { a: 1 }, note: 'x' }, markers: null };
    expect(customProperties(item)).toEqual([['Custom_Thing', { a: 1 }], ['note', 'x']]);
    expect(withCustomProperties(item, [['lang', 'en'], ['  ', 'dropped'], ['start', 'not a custom one'], ['note', 'y']])).toEqual({
      start: '00:00:01.000',
      lang: 'en',
      note: 'y',
    });
  });
});

describe('the programme timeline', () => {
  const items: EditorItem[] = [
    { key: 'a', type: 0, value: ids[0]!, properties: {}, markers: null },
    { key: 'b', type: 0, value: ids[1]!, properties: { start: '00:01:00.000', end: '00:03:30.000' }, markers: null },
    { key: 'c', type: 0, value: ids[2]!, properties: { start: '00:00:30.000' }, markers: null },
  ];
  const sources: Record<string, SourceInfo> = { [ids[0]!]: source(600_000), [ids[1]!]: source(1_200_000), [ids[2]!]: source(90_000) };
  const lookup = (item: EditorItem) => sources[item.value];

  it('starts each item where the one before ends, trims applied, and sums the total', () => {
    const timeline = computeTimeline(items, lookup);
    expect(timeline.items.map((t) => [t.startMs, t.durationMs])).toEqual([
      [0, 600_000],
      [600_000, 150_000],
      [750_000, 60_000],
    ]);
    expect(timeline.totalMs).toBe(810_000);
    expect(timeline.unknown).toBe(0);
  });

  it('follows a reorder and a trim at once', () => {
    const swapped = [items[2]!, { ...items[0]!, properties: { end: '00:02:00.000' } }, items[1]!];
    const timeline = computeTimeline(swapped, lookup);
    expect(timeline.items.map((t) => t.startMs)).toEqual([0, 60_000, 180_000]);
    expect(timeline.totalMs).toBe(330_000);
  });

  it('counts items of unknown length and marks the starts after them as lower bounds', () => {
    const withMp4 = [items[0]!, { key: 'm', type: 1, value: 'https://x.example/a.mp4', properties: {}, markers: null }, items[2]!];
    const timeline = computeTimeline(withMp4, lookup);
    expect(timeline.unknown).toBe(1);
    expect(timeline.items[1]!.durationMs).toBeNull();
    expect(timeline.items[2]).toMatchObject({ startMs: 600_000, approximate: true });
    expect(timeline.totalMs).toBe(660_000);
  });

  it('measures ISO trim points from the start of the recording', () => {
    const iso: EditorItem = { key: 'i', type: 0, value: ids[0]!, properties: { start: '2026-01-10T10:01:00Z', end: '2026-01-10T10:02:30Z' }, markers: null };
    expect(computeTimeline([iso], lookup).items[0]).toMatchObject({ inMs: 60_000, durationMs: 90_000 });
  });
});

describe('validation on the item it concerns', () => {
  const base: EditorItem = { key: 'k', type: 0, value: ids[0]!, properties: {}, markers: null };

  it('an out point before the in point', () => {
    const issues = validateItem({ ...base, properties: { start: '00:02:00.000', end: '00:01:00.000' } }, 'standard', source(600_000));
    expect(issues).toEqual([{ field: 'end', message: 'The out point must be after the in point (00:02:00.000).' }]);
  });

  it('trim points past the end of the source, and unreadable ones', () => {
    expect(validateItem({ ...base, properties: { start: '00:20:00.000' } }, 'standard', source(600_000))[0]).toMatchObject({ field: 'start', message: expect.stringMatching(/past the end of the source \(00:10:00\.000\)/) });
    expect(validateItem({ ...base, properties: { end: '00:10:00.001' } }, 'standard', source(600_000))[0]?.field).toBe('end');
    expect(validateItem({ ...base, properties: { start: 'soon' } }, 'standard', source(600_000))[0]).toMatchObject({ field: 'start', message: 'Use hh:mm:ss.fff, such as 00:01:30.000.' });
  });

  it('a marker on an encoder playlist', () => {
    const markers = [{ startAt: '00:00:10.000', duration: '00:00:30', frameAccurate: null, type: 0 }];
    expect(validateItem({ ...base, markers }, 'encoder', source(600_000))).toEqual([{ field: 'markers', message: 'Encoder composition does not support SCTE-35 markers; remove them.' }]);
    expect(validateItem({ ...base, markers }, 'standard', source(600_000))).toEqual([]);
  });

  it('markers that start after the item ends or cannot be read', () => {
    const markers = [
      { startAt: '00:05:00.000', duration: '00:00:30', frameAccurate: null, type: 0 },
      { startAt: 'x', duration: '30s', frameAccurate: null, type: 1 },
    ];
    const timing = { startMs: 0, durationMs: 120_000, inMs: 0, outMs: 120_000, approximate: false };
    expect(validateItem({ ...base, markers }, 'standard', source(600_000), timing).map((i) => i.field)).toEqual(['markers.0.startAt', 'markers.1.startAt', 'markers.1.duration']);
  });

  it('MP4 URLs: encoder only, and a real http(s) URL', () => {
    expect(validateItem({ ...base, type: 1, value: 'https://cdn.example.com/a.mp4' }, 'standard', undefined)[0]?.field).toBe('type');
    expect(validateItem({ ...base, type: 1, value: 'https://cdn.example.com/a.mp4' }, 'encoder', undefined)).toEqual([]);
    expect(validateItem({ ...base, type: 1, value: 'ftp://cdn.example.com/a.mp4' }, 'encoder', undefined)[0]?.field).toBe('value');
  });

  it('an event that no longer exists', () => {
    expect(validateItem(base, 'standard', null)[0]?.field).toBe('value');
  });

  it('the document: name, at least one item, the workflow or channel of a new composition', () => {
    const state = createEditorState('standard', emptyDocument());
    const issues = validateDocument(state, () => undefined, computeTimeline([], () => undefined), true);
    expect(Object.keys(issues.fields).sort()).toEqual(['items', 'name', 'title', 'workflowId']);
    const encoder = createEditorState('encoder', emptyDocument());
    expect(validateDocument(encoder, () => undefined, computeTimeline([], () => undefined), true).fields.channelId).toBeDefined();
    expect(validateDocument(encoder, () => undefined, computeTimeline([], () => undefined), false).fields.channelId).toBeUndefined();
  });
});

describe('to the service and back', () => {
  const playlist: ComposePlaylist = {
    id: ids[3]!,
    name: 'Best of',
    looped: true,
    liveStreamStart: null,
    items: [
      { type: 0, value: ids[0]!, properties: { start: '00:00:10.000', Custom_Thing: { a: 1 } }, markers: [{ startAt: '00:00:05.000', duration: '00:00:30', frameAccurate: true, type: 1 }] },
      { type: 1, value: 'https://cdn.example.com/a.mp4', properties: {}, markers: null },
    ],
  };
  const event = {
    title: 'Best of the week',
    description: null,
    refId: 'R-1',
    externalId: null,
    eventTypeId: null,
    roomId: ids[1]!,
    categories: [{ id: ids[2]!, name: 'c', label: 'C', description: null }],
    xflowId: ids[0]!,
    setPrivateAfterGeneration: false,
    vodDrm: false,
    channelId: null,
    scheduledStart: null,
    scheduledEnd: null,
    autoStart: false,
    autoEnd: false,
  } as unknown as Event;

  it('keeps unknown item properties as sent, through the editor and back', () => {
    const doc = documentFromService(playlist, event);
    const body = playlistBody(doc, 'encoder');
    expect(body.items[0]!.properties).toEqual({ start: '00:00:10.000', Custom_Thing: { a: 1 } });
    expect(doc.event).toMatchObject({ title: 'Best of the week', refId: 'R-1', description: '', roomId: ids[1], categoryIds: [ids[2]], workflowId: ids[0] });
  });

  it('builds bodies the schema module accepts', () => {
    let state = createEditorState('standard', { ...emptyDocument(), event: { ...emptyDocument().event, title: 'T', workflowId: ids[0]! } });
    state = run(state, { type: 'setSettings', patch: { name: 'P' } }, { type: 'insert', items: [eventItem(ids[1]!, { start: '00:00:01.000', end: '' })] });
    const standard = standardCreateBody(state.doc);
    expect(StandardComposeBody.safeParse(standard).success).toBe(true);
    expect(standard.playlist.items[0]!.properties).toEqual({ start: '00:00:01.000' });
    expect(standard.event.setPrivateAFterGeneration).toBe(false);
    expect(StandardPlaylistBody.safeParse(playlistBody(state.doc, 'standard')).success).toBe(true);

    let encoder = createEditorState('encoder', { ...emptyDocument(), event: { ...emptyDocument().event, title: 'E', channelId: ids[0]! } });
    encoder = run(encoder, { type: 'setSettings', patch: { name: 'Loop', looped: true } }, { type: 'insert', items: [mp4Item('https://cdn.example.com/a.mp4'), eventItem(ids[1]!)] });
    expect(EncoderComposeBody.safeParse(encoderCreateBody(encoder.doc)).success).toBe(true);
    const put = playlistBody(encoder.doc, 'encoder');
    expect(put).not.toHaveProperty('liveStreamStart');
    expect(EncoderPlaylistBody.safeParse(put).success).toBe(true);
  });

  it('patches only the event fields that changed', () => {
    const saved = documentFromService(playlist, event).event;
    expect(eventPatch(saved, saved, 'standard')).toEqual([]);
    expect(eventPatch(saved, { ...saved, title: ' New ', refId: '', categoryIds: [] }, 'standard')).toEqual([
      { op: 'replace', path: '/Title', value: 'New' },
      { op: 'replace', path: '/RefId', value: null },
      { op: 'replace', path: '/CategoryId', value: null },
    ]);
    expect(eventPatch(saved, { ...saved, scheduledStart: '2026-02-01T10:00:00.000Z' }, 'encoder')).toEqual([{ op: 'replace', path: '/ScheduledStart', value: '2026-02-01T10:00:00.000Z' }]);
    expect(eventPatch(saved, { ...saved, scheduledStart: '2026-02-01T10:00:00.000Z' }, 'standard')).toEqual([]);
  });

  it('puts the service’s 400 fields on the items and fields they concern', () => {
    const mapped = mapServerErrors([
      { field: 'body.playlist.items.3.properties.end', message: 'end must be after start' },
      { field: 'body.items[3].start', message: 'outside the source' },
      { field: 'body.items.0.markers', message: 'encoder composition does not support markers' },
      { field: 'body.Items.1.Value', message: 'not found' },
      { field: 'body.event.channelId', message: 'does not support composition' },
      { field: 'body.name', message: 'required' },
      { field: 'body.playlist.liveStreamStart', message: 'not licensed' },
      { field: 'query.x', message: 'odd' },
    ]);
    expect(mapped.items.get(3)).toEqual([
      { field: 'end', message: 'end must be after start' },
      { field: 'start', message: 'outside the source' },
    ]);
    expect(mapped.items.get(0)).toEqual([{ field: 'markers', message: 'encoder composition does not support markers' }]);
    expect(mapped.items.get(1)).toEqual([{ field: 'value', message: 'not found' }]);
    expect(mapped.fields).toEqual({ channelId: 'does not support composition', name: 'required', liveStreamStart: 'not licensed' });
    expect(mapped.other).toEqual(['query.x: odd']);
  });
});
