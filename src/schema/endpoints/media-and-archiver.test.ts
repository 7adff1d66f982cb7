/**
 * The areas of assets, channel profiles, compose, webhooks, media syndication, VOD downloads and the
 * archiver, held to service-interface.md: every operation once, verbatim, with the statuses it states.
 */
import { describe, expect, it } from 'vitest';
import { INTERFACE_OPERATIONS } from '../interface-operations.ts';
import { pathParamNames } from '../path.ts';
import type { Endpoint } from '../define.ts';
import { archiverCapture } from './archiver-capture.ts';
import { archiverPlayoutProfile } from './archiver-playout-profile.ts';
import { archiverStream } from './archiver-stream.ts';
import { archiverflow } from './archiverflow.ts';
import { asset } from './asset.ts';
import { channelProfile } from './channel-profile.ts';
import { compose } from './compose.ts';
import { destination } from './destination.ts';
import { directVodPublication } from './direct-vod-publication.ts';
import { livePublication } from './live-publication.ts';
import { mediaDestinationProperty } from './media-destination-property.ts';
import { mediaDestination } from './media-destination.ts';
import { vodDownload } from './vod-download.ts';
import { vodPublication } from './vod-publication.ts';
import { webhook } from './webhook.ts';

const areas = {
  asset: [asset, 'asset.ts', /^\/asset\//, 9],
  channelProfile: [channelProfile, 'channel-profile.ts', /^\/channelprofile\//, 9],
  compose: [compose, 'compose.ts', /^\/compose\//, 8],
  webhook: [webhook, 'webhook.ts', /^\/web(h)?ook\//, 10],
  mediaDestination: [mediaDestination, 'media-destination.ts', /^\/?media\/destination\//, 7],
  mediaDestinationProperty: [mediaDestinationProperty, 'media-destination-property.ts', /^\/media\/destinationproperty\//, 7],
  livePublication: [livePublication, 'live-publication.ts', /^\/media\/livepublication\//, 14],
  vodPublication: [vodPublication, 'vod-publication.ts', /^\/media\/vodpublications?\//, 6],
  directVodPublication: [directVodPublication, 'direct-vod-publication.ts', /^\/vodpublications\//, 10],
  destination: [destination, 'destination.ts', /^\/destination\//, 10],
  vodDownload: [vodDownload, 'vod-download.ts', /^\/voddownload\//, 11],
  archiverflow: [archiverflow, 'archiverflow.ts', /^\/archiverflow\//, 5],
  archiverCapture: [archiverCapture, 'archiver-capture.ts', /^\/archivercapture\//, 9],
  archiverPlayoutProfile: [archiverPlayoutProfile, 'archiver-playout-profile.ts', /^\/archiverplayoutprofile\//, 6],
  archiverStream: [archiverStream, 'archiver-stream.ts', /^\/?archiverstream/, 3],
} as const;

/** The record files' text (through Vite, since src/schema imports nothing but zod). */
const sources = import.meta.glob<string>('./*.ts', { query: '?raw', import: 'default', eager: true });

const operations = (area: Record<string, Endpoint>) => Object.values(area);
const key = (method: string, path: string) => `${method} ${path}`;

describe.each(Object.entries(areas))('%s', (name, [area, file, prefix, count]) => {
  const records = operations(area as Record<string, Endpoint>);

  it(`has the interface's ${count} operations, verbatim and once each`, () => {
    const expected = INTERFACE_OPERATIONS.filter(([, path]) => prefix.test(path)).map(([m, p]) => key(m, p));
    // Our own operations beyond the interface (the webhook delivery log) are not counted.
    const actual = records.filter((e) => !e.extension).map((e) => key(e.method, e.path));
    expect(actual).toHaveLength(count);
    expect(new Set(actual).size).toBe(actual.length);
    expect([...actual].sort()).toEqual([...expected].sort());
  });

  it('names its operations area.action and declares every path parameter', () => {
    for (const e of records) {
      expect(e.id).toMatch(new RegExp(`^${name}\\.[a-z][A-Za-z]*$`));
      expect(e.summary.length).toBeGreaterThan(0);
      const declared = e.params ? Object.keys(e.params.shape) : [];
      expect(declared.sort()).toEqual(pathParamNames(e.path).sort());
    }
  });

  it('marks every oddity of a path @legacy', () => {
    const source = sources[`./${file}`] ?? '';
    expect(source).toContain('defineArea(');
    // A plain record (`get: {`) or one of recordOperations' (`get: destinations.get(`).
    const marked = new Set([...source.matchAll(/\/\*\*[^]*?@legacy[^]*?\*\/\s*\n\s*(\w+): (?:\{|\w+\.\w+\()/g)].map((m) => m[1]));
    for (const [action, e] of Object.entries(area as Record<string, Endpoint>)) {
      const odd =
        !e.path.startsWith('/') ||
        /webook|\/media\/vodpublications|\{[^}]*[^A-Za-z}][^}]*\}|\{eventid\}|\{eventsId\}/.test(e.path) ||
        // The interface's /asset/{id}/... paths; extensions beyond it are ours and plain.
        (e.path.startsWith('/asset/{id}/') && e.path !== '/asset/{id}/' && !e.extension);
      if (odd) expect(marked, `${name}.${action} (${e.path})`).toContain(action);
    }
  });
});

describe('statuses as the interface states them', () => {
  const statuses = (e: Endpoint) => Object.keys(e.responses).map(Number).sort();

  it('201 for compose add and clone and for adding a direct destination or a VOD download', () => {
    for (const e of [compose.create, compose.createEncoder, compose.clone, destination.create, vodDownload.create]) {
      expect(statuses(e), e.id).toEqual([201]);
    }
  });

  it('compose add answers the new event id as a JSON string', () => {
    const schema = compose.create.responses[201];
    expect(schema.safeParse('3f2504e0-4f89-11d3-9a0c-0305e82c3301').success).toBe(true);
    expect(schema.safeParse({ id: '3f2504e0-4f89-11d3-9a0c-0305e82c3301' }).success).toBe(false);
  });

  it('410 Gone, without a body, for VOD download deletions', () => {
    for (const e of [vodDownload.purgeExpired, vodDownload.delete, vodDownload.deleteByContent, vodDownload.deleteForEvent]) {
      expect(e.responses, e.id).toEqual({ 410: null });
    }
  });

  it('204 where the interface says none', () => {
    const with204 = [
      webhook.list,
      webhook.listForEvent,
      webhook.get,
      webhook.getForEvent,
      vodDownload.get,
      vodDownload.getByContent,
      vodDownload.list,
      vodDownload.listForEvent,
      archiverflow.get,
    ];
    for (const e of with204) expect(e.responses[204], e.id).toBeNull();
  });

  it('400 where the interface names it', () => {
    const with400 = [
      webhook.upsert,
      webhook.upsertForEvent,
      webhook.update,
      webhook.updateForEvent,
      archiverflow.create,
      archiverflow.update,
      channelProfile.create,
      channelProfile.update,
      channelProfile.upsertForEvent,
      compose.delete,
      asset.deleteMany,
    ];
    for (const e of with400) expect(statuses(e), e.id).toContain(400);
  });

  it('archiver lists answer objects, or ids with onlyIds', () => {
    const list = archiverCapture.list.responses[200];
    expect(list.safeParse(['capture_1', 'b']).success).toBe(true);
    expect(list.safeParse(['with-dash']).success).toBe(false);
    expect(archiverPlayoutProfile.list.responses[200].safeParse([]).success).toBe(true);
  });

  it('archiver JSON calls state their content type', () => {
    for (const e of [archiverCapture.create, archiverCapture.update, archiverPlayoutProfile.create, archiverPlayoutProfile.update]) {
      expect(e.contentType, e.id).toBe('application/json');
    }
  });
});

describe('invalidation', () => {
  it('mutations that change events make the event area stale', () => {
    for (const e of [compose.create, compose.update, compose.clone, channelProfile.create, channelProfile.deleteForEvent, archiverflow.update]) {
      expect(e.invalidates, e.id).toContain('event');
    }
  });

  it('GETs that write invalidate like mutations', () => {
    for (const e of [compose.clone, channelProfile.clone, vodDownload.retry, vodDownload.retryByContent]) {
      expect(e.method).toBe('GET');
      expect(e.invalidates.length, e.id).toBeGreaterThan(0);
    }
  });
});

it('the hyphenated and int path parameters parse', () => {
  expect(asset.sync.params.safeParse({ 'event-id': '3f2504e0-4f89-11d3-9a0c-0305e82c3301' }).success).toBe(true);
  expect(archiverStream.get.params.safeParse({ id: 7 }).success).toBe(true);
  expect(archiverStream.get.params.safeParse({ id: '7' }).success).toBe(false);
});
