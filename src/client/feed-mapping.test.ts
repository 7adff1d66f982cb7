/** What a change of a record other than an event makes stale (feed-mapping.ts), on the real query keys pages use. */
import { describe, expect, it } from 'vitest';
import type { QueryKey } from '@tanstack/react-query';
import { CHANGE_KINDS, endpoints, type EntityChange } from '#schema';
import { FEED_MAPPING, isFeedCovered, isStaleAfter, staleAfter } from './feed-mapping.ts';
import { createApi } from './query.ts';

/** The keys pages build; no call is made. */
const api = createApi(() => {
  throw new Error('keys only');
});
const E1 = '11111111-1111-4111-8111-111111111111';
const E2 = '22222222-2222-4222-8222-222222222222';

function staleOf<K extends string>(keys: Record<K, QueryKey>, ...changes: EntityChange[]): K[] {
  return (Object.keys(keys) as K[]).filter((name) => changes.some((change) => isStaleAfter(change, keys[name])));
}

describe('the archiver', () => {
  const archiver = {
    captures: api.archiverCapture.list.queryOptions({ query: { onlyIds: false } }).queryKey,
    allStats: api.archiverCapture.allStats.queryOptions({}).queryKey,
    availableA: api.archiverCapture.available.queryOptions({ params: { id: 'cap_a' } }).queryKey,
    segmentsA: api.archiverCapture.segments.queryOptions({ params: { id: 'cap_a' }, query: {} }).queryKey,
    availableB: api.archiverCapture.available.queryOptions({ params: { id: 'cap_b' } }).queryKey,
    profiles: api.archiverPlayoutProfile.list.queryOptions({ query: { onlyIds: false } }).queryKey,
    streams: api.archiverStream.list.queryOptions({}).queryKey,
    flows: api.archiverflow.list.queryOptions({}).queryKey,
    events: api.event.list.queryOptions({ query: { pageSize: 25 } }).queryKey,
  };

  it('segments of a capture: that capture’s content, all stats and the streams, not another capture’s', () => {
    expect(staleOf(archiver, { kind: 'segments', id: 'cap_a', action: 'Updated' })).toEqual(['allStats', 'availableA', 'segmentsA', 'streams']);
  });
  it('a capture: every capture read, the profiles and streams; a profile: the profiles, stats and streams; a flow: the flows', () => {
    expect(staleOf(archiver, { kind: 'capture', id: 'cap_a', action: 'Deleted' })).toEqual(['captures', 'allStats', 'availableA', 'segmentsA', 'availableB', 'profiles', 'streams']);
    expect(staleOf(archiver, { kind: 'profile', id: 'p', action: 'Added' })).toEqual(['allStats', 'profiles', 'streams']);
    expect(staleOf(archiver, { kind: 'flow', id: 'f', action: 'Updated' })).toEqual(['flows']);
  });
});

describe('media work, publications, destinations, deliveries, mail', () => {
  const keys = {
    monitor: api.publicationMonitor.list.queryOptions({ query: {} }).queryKey,
    monitorOfE2: api.publicationMonitor.list.queryOptions({ query: { eventId: E2 } }).queryKey,
    drawerP1: api.publicationMonitor.get.queryOptions({ params: { id: 'p1' } }).queryKey,
    historyP2: api.publicationMonitor.history.queryOptions({ params: { id: 'p2' } }).queryKey,
    live: api.livePublication.list.queryOptions({ query: {} }).queryKey,
    assetsE1: api.asset.list.queryOptions({ query: { eventId: E1 } }).queryKey,
    assetsE2: api.asset.list.queryOptions({ query: { eventId: E2 } }).queryKey,
    downloads: api.vodDownload.list.queryOptions({}).queryKey,
    downloadsE1: api.vodDownload.listForEvent.queryOptions({ params: { eventId: E1 } }).queryKey,
    mailbox: api.vodDownload.mailbox.queryOptions({}).queryKey,
    destinations: api.destination.list.queryOptions({}).queryKey,
    mediaDestination: api.mediaDestination.get.queryOptions({ params: { id: 'd1' } }).queryKey,
    deliveriesW1: api.webhook.deliveries.queryOptions({ params: { id: 'w1' }, query: {} }).queryKey,
    deliveriesW2: api.webhook.deliveries.queryOptions({ params: { id: 'w2' }, query: {} }).queryKey,
    webhooks: api.webhook.list.queryOptions({}).queryKey,
  };

  it('a publication: the publication lists and the monitor, its own drawer, not another event’s list or another’s history', () => {
    expect(staleOf(keys, { kind: 'publication', id: 'p1', action: 'Updated', eventId: E1 })).toEqual(['monitor', 'drawerP1', 'live']);
  });
  it('an asset: the assets of its event only; a download: the downloads (its event’s) and the mailbox; a mail: the mailbox', () => {
    expect(staleOf(keys, { kind: 'asset', id: 'a1', action: 'Updated', eventId: E1, progress: { percent: 40, etaSeconds: 3 } })).toEqual(['assetsE1']);
    expect(staleOf(keys, { kind: 'download', id: 'v1', action: 'Updated' })).toEqual(['downloads', 'downloadsE1', 'mailbox']);
    expect(staleOf(keys, { kind: 'mail', id: 'm1', action: 'Added' })).toEqual(['mailbox']);
  });
  it('a destination: the destination lists and that destination; deliveries of a webhook: that webhook’s log', () => {
    expect(staleOf(keys, { kind: 'destination', id: 'd1', action: 'Updated' })).toEqual(['destinations', 'mediaDestination']);
    expect(staleOf(keys, { kind: 'delivery', id: 'w1', action: 'Updated' })).toEqual(['deliveriesW1']);
  });
});

describe('coverage', () => {
  it('every kind maps to families of real operations, and every query of them is kept fresh by the feed', () => {
    const operations = Object.values(endpoints).flatMap((area) => Object.values(area).map((endpoint) => [endpoint.area, endpoint.id]));
    for (const kind of CHANGE_KINDS) {
      for (const family of FEED_MAPPING[kind].families) {
        const members = operations.filter(([area, id]) => area === family || id === family);
        expect(members.length, `${kind}: ${family}`).toBeGreaterThan(0);
        expect(members.filter(([area, id]) => !isFeedCovered([area, id])).map(([, id]) => id)).toEqual(family === 'livePublication' ? ['livePublication.statistics'] : []);
      }
      for (const id of FEED_MAPPING[kind].byId ?? []) expect(operations.some(([, op]) => op === id), `${kind}: ${id}`).toBe(true);
    }
  });
  it('lookups, billing and a target’s live statistics are not (nothing on the feed says they changed)', () => {
    expect(isFeedCovered(api.livePublication.statistics.key())).toBe(false);
    expect(isFeedCovered(api.channel.list.queryOptions({ query: {} }).queryKey)).toBe(false);
    expect(isFeedCovered(api.stats.billing.key())).toBe(false);
  });
});

describe('reads of every kind of record (feed: everyChange)', () => {
  const alerts = api.alert.list.queryOptions({ query: { includeAcknowledged: false } }).queryKey;
  const noEvents = { count: 0 } as unknown as Parameters<typeof staleAfter>[0]['events'];
  it('the alert centre is stale after any change the feed carries, and the feed keeps it fresh', () => {
    expect(staleAfter({ events: noEvents, entities: [{ kind: 'flow', id: 'f', action: 'Added' }] })(alerts)).toBe(true);
    expect(staleAfter({ events: noEvents, entities: [{ kind: 'delivery', id: 'w', action: 'Updated' }] })(alerts)).toBe(true);
    expect(staleAfter({ events: noEvents, entities: [] })(alerts)).toBe(false);
    expect(isFeedCovered(alerts)).toBe(true);
  });
});
