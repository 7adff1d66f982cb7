/** What a batch of change notifications makes stale (live-updates-plan.ts), on the real query keys pages use. */
import { describe, expect, it } from 'vitest';
import type { QueryKey } from '@tanstack/react-query';
import { EventState, type ArchiverChange, type Event, type WebhookNotification } from '#schema';
import { api } from './api.ts';
import { isFeedCovered, patchEventStates, staleArchiverQueries, staleQueries, summarize } from './live-updates-plan.ts';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

function note(eventId: string, patch: Partial<WebhookNotification> = {}): WebhookNotification {
  return {
    eventId,
    referenceId: `ref-${eventId.slice(0, 4)}`,
    externalId: null,
    state: 'PRE_LIVE',
    stateChanged: false,
    metadataChanged: false,
    thumbnailChanged: false,
    isForced: false,
    audioChanged: false,
    mp4State: 'NONE',
    mp4StateChanged: false,
    chapterPointsChanged: false,
    assetsChanged: false,
    provisionState: null,
    provisionStateChanged: false,
    capturingLive2VodFlagChanged: false,
    action: 'Updated',
    ...patch,
  };
}

/** The keys pages build (the schedule adds a suffix to its list key). */
const keys = {
  detailA: api.event.get.queryOptions({ params: { id: A }, query: { processVideo: true, viewUnpublished: true, noCache: true } }).queryKey,
  detailB: api.event.get.queryOptions({ params: { id: B } }).queryKey,
  byReferenceA: api.event.getByReference.queryOptions({ query: { id: 'ref-1111' } }).queryKey,
  list: api.event.list.queryOptions({ query: { pageSize: 25 } }).queryKey,
  count: api.event.list.queryOptions({ query: { eventState: ['LIVE_PUBLISHED'], pageSize: 1 } as never }).queryKey,
  schedule: [...api.event.list.key({ query: { pageSize: 1000 } }), 'all-pages'] as QueryKey,
  deleted: api.event.listDeleted.queryOptions({ query: {} }).queryKey,
  customA: api.customProperty.list.queryOptions({ query: { eventId: A } }).queryKey,
  customB: api.customProperty.list.queryOptions({ query: { eventId: B } }).queryKey,
  clientA: api.clientProperty.get.queryOptions({ params: { eventId: A } }).queryKey,
  chaptersA: api.chapterPoint.listForEvent.queryOptions({ params: { eventId: A }, query: {} }).queryKey,
  audioA: api.channelProfile.getForEvent.queryOptions({ params: { id: A }, query: {} }).queryKey,
  audioB: api.channelProfile.getForEvent.queryOptions({ params: { id: B }, query: {} }).queryKey,
  assetsA: api.asset.list.queryOptions({ query: { eventId: A } }).queryKey,
  composeA: api.compose.get.queryOptions({ params: { eventId: A } }).queryKey,
  webhooksA: api.webhook.listForEvent.queryOptions({ params: { eventsId: A } }).queryKey,
  channels: api.channel.list.queryOptions({ query: {} }).queryKey,
};
type Name = keyof typeof keys;

function staleAfter(...notifications: WebhookNotification[]): Name[] {
  const stale = staleQueries(summarize(notifications));
  return (Object.keys(keys) as Name[]).filter((name) => stale(keys[name]));
}

describe('staleQueries', () => {
  it('a state change: that event’s reads and the event lists (list, counts, schedule), nothing else', () => {
    expect(staleAfter(note(A, { stateChanged: true, state: 'LIVE_STARTING' }))).toEqual(['detailA', 'byReferenceA', 'list', 'count', 'schedule']);
  });

  it('a custom or client property change: those of that event, its reads and the lists (a row shows metadata), its composition', () => {
    expect(staleAfter(note(A, { metadataChanged: true }))).toEqual(['detailA', 'byReferenceA', 'list', 'count', 'schedule', 'customA', 'clientA', 'composeA']);
  });

  it('chapter points, audio, assets: only their own queries and the event, not the lists', () => {
    expect(staleAfter(note(A, { chapterPointsChanged: true }))).toEqual(['detailA', 'byReferenceA', 'chaptersA']);
    expect(staleAfter(note(B, { audioChanged: true }))).toEqual(['detailB', 'audioB']);
    expect(staleAfter(note(A, { assetsChanged: true }))).toEqual(['detailA', 'byReferenceA', 'assetsA']);
  });

  it('a deletion: every query naming the event, the lists and the deleted list', () => {
    expect(staleAfter(note(A, { action: 'Deleted' }))).toEqual([
      'detailA',
      'byReferenceA',
      'list',
      'count',
      'schedule',
      'deleted',
      'customA',
      'clientA',
      'chaptersA',
      'audioA',
      'assetsA',
      'composeA',
      'webhooksA',
    ]);
  });

  it('a notification that says nothing changed counts as a change of what a row shows', () => {
    expect(staleAfter(note(B))).toEqual(['detailB', 'list', 'count', 'schedule', 'customB']);
  });

  it('coalesces a burst per event, keeping the latest state and every flag', () => {
    const burst = Array.from({ length: 1000 }, (_, i) => note(i % 2 ? A : B, { stateChanged: i % 2 === 1, audioChanged: i === 998, state: i === 999 ? 'LIVE_PUBLISHED' : 'LIVE_STARTING' }));
    const batch = summarize(burst);
    expect(batch.count).toBe(1000);
    expect([...batch.events.keys()]).toEqual([B, A]);
    expect(batch.events.get(A)!.latest.state).toBe('LIVE_PUBLISHED');
    expect([...batch.events.get(B)!.flags].sort()).toEqual(['audioChanged', 'metadataChanged']);
  });
});

describe('isFeedCovered', () => {
  it('covers event and metadata reads, not assets, compositions, webhooks or lookups (they change on their own)', () => {
    const covered = (Object.keys(keys) as Name[]).filter((name) => isFeedCovered(keys[name]));
    expect(covered).toEqual(['detailA', 'detailB', 'byReferenceA', 'list', 'count', 'schedule', 'deleted', 'customA', 'customB', 'clientA', 'chaptersA', 'audioA', 'audioB']);
  });
});

describe('patchEventStates', () => {
  const event = (id: string, stateString: keyof typeof EventState.values) => ({ id, state: EventState.values[stateString], stateString, mp4State: 0, mp4StateString: 'NONE', title: id }) as unknown as Event;
  const batch = summarize([note(A, { stateChanged: true, state: 'LIVE_STARTING' })]);

  it('writes the new state into the event, a list page and the schedule, keeping rows in place and untouched rows identical', () => {
    const a = event(A, 'PRE_LIVE');
    const b = event(B, 'PRE_LIVE');
    const patched = patchEventStates(a, batch);
    expect(patched).toMatchObject({ id: A, state: EventState.values.LIVE_STARTING, stateString: 'LIVE_STARTING', title: A });
    const page = patchEventStates({ results: [b, a], totalCount: 2 }, batch);
    expect(page.results.map((row) => [row.id, row.stateString])).toEqual([
      [B, 'PRE_LIVE'],
      [A, 'LIVE_STARTING'],
    ]);
    expect(page.results[0]).toBe(b);
    expect(patchEventStates({ events: [a] }, batch).events[0]!.stateString).toBe('LIVE_STARTING');
  });

  it('answers the same object when nothing changes', () => {
    const page = { results: [event(B, 'PRE_LIVE')], totalCount: 1 };
    expect(patchEventStates(page, batch)).toBe(page);
    const already = event(A, 'LIVE_STARTING');
    expect(patchEventStates(already, batch)).toBe(already);
  });
});

describe('staleArchiverQueries', () => {
  const archiver = {
    captures: api.archiverCapture.list.queryOptions({ query: { onlyIds: false } }).queryKey,
    allStats: api.archiverCapture.allStats.queryOptions({}).queryKey,
    availableA: api.archiverCapture.available.queryOptions({ params: { id: 'cap_a' } }).queryKey,
    segmentsA: api.archiverCapture.segments.queryOptions({ params: { id: 'cap_a' }, query: {} }).queryKey,
    availableB: api.archiverCapture.available.queryOptions({ params: { id: 'cap_b' } }).queryKey,
    profiles: api.archiverPlayoutProfile.list.queryOptions({ query: { onlyIds: false } }).queryKey,
    streams: api.archiverStream.list.queryOptions({}).queryKey,
    flows: api.archiverflow.list.queryOptions({}).queryKey,
    events: keys.list,
  };
  type ArchiverName = keyof typeof archiver;
  const staleAfterArchiver = (...changes: ArchiverChange[]) => {
    const stale = staleArchiverQueries(changes);
    return (Object.keys(archiver) as ArchiverName[]).filter((name) => stale(archiver[name]));
  };

  it('segments of a capture: that capture’s content, all stats and the streams, not another capture’s', () => {
    expect(staleAfterArchiver({ kind: 'segments', id: 'cap_a', action: 'Updated' })).toEqual(['allStats', 'availableA', 'segmentsA', 'streams']);
  });
  it('a capture: every capture read, the profiles and streams; a profile: the profiles, stats and streams; a flow: the flows', () => {
    expect(staleAfterArchiver({ kind: 'capture', id: 'cap_a', action: 'Deleted' })).toEqual(['captures', 'allStats', 'availableA', 'segmentsA', 'availableB', 'profiles', 'streams']);
    expect(staleAfterArchiver({ kind: 'profile', id: 'p', action: 'Added' })).toEqual(['allStats', 'profiles', 'streams']);
    expect(staleAfterArchiver({ kind: 'flow', id: 'f', action: 'Updated' })).toEqual(['flows']);
  });
  it('the feed covers every archiver read (no polling while it is live)', () => {
    expect((Object.keys(archiver) as ArchiverName[]).every((name) => isFeedCovered(archiver[name]))).toBe(true);
  });
});

describe('reads of every kind of record (feed: everyChange)', () => {
  it('the alert centre is stale after any change the feed carries, an event’s or the archiver’s', () => {
    const alerts = api.alert.list.queryOptions({ query: { includeAcknowledged: false } }).queryKey;
    expect(staleQueries(summarize([note(B, { chapterPointsChanged: true })]))(alerts)).toBe(true);
    expect(staleArchiverQueries([{ kind: 'flow', id: 'f', action: 'Added' }])(alerts)).toBe(true);
    expect(staleQueries(summarize([note(B, { chapterPointsChanged: true })]))(keys.channels)).toBe(false);
  });
});
