import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { coerceStrings, endpoints, EventBody, EventPatchBody, EventState, EventStateBody, normalizeKeys, XflowTaskBody } from '#schema';
import { INTERFACE_OPERATIONS } from '../interface-operations.ts';
import { EventDeletedListQuery, EventLookupQuery } from './event.ts';

const ID = '346eb986-1248-4391-9ebc-c1f35bb27cd8';

/** As the server parses a body: any casing of a field name, then the schema. */
function parseBody<S extends z.ZodType>(schema: S, raw: unknown) {
  return schema.safeParse(normalizeKeys(schema, raw));
}

describe('event operations', () => {
  it('declares every event operation of the interface, paths verbatim', () => {
    const declared = new Set(Object.values(endpoints.event).map((e) => `${e.method} ${e.path}`));
    const expected = INTERFACE_OPERATIONS.filter(([, path]) => path.startsWith('/event/'));
    expect(expected).toHaveLength(14);
    for (const [method, path] of expected) expect(declared).toContain(`${method} ${path}`);
  });

  it('adds with 201 and patches with the JSON Patch content type', () => {
    expect(endpoints.event.upsert.responses).toHaveProperty('201');
    expect(endpoints.event.patch.contentType).toBe('application/json-patch+json');
    expect(endpoints.event.patchByReference.contentType).toBe('application/json-patch+json');
  });

  it('makes event views stale after a change, and nothing after a read', () => {
    expect(endpoints.event.setState.invalidates).toEqual(expect.arrayContaining(['event', 'search']));
    expect(endpoints.event.get.invalidates).toEqual([]);
    // GETs that change data in the original still invalidate.
    expect(endpoints.event.clone.invalidates).toContain('event');
    expect(endpoints.event.restore.invalidates).toContain('event');
  });
});

describe('EventBody', () => {
  it('accepts a minimal body and defaults AutoExpirePublishingPoints to false', () => {
    const parsed = parseBody(EventBody, { Title: 'Morning show' });
    expect(parsed.success && parsed.data).toMatchObject({ Title: 'Morning show', AutoExpirePublishingPoints: false });
  });

  it('matches field names case-insensitively', () => {
    const parsed = EventBody.parse(normalizeKeys(EventBody, { title: 'x', refid: 'r-1', AUTOSTART: true }));
    expect(parsed).toMatchObject({ Title: 'x', RefId: 'r-1', AutoStart: true });
  });

  it('rejects a RefId or ExternalId longer than 100 characters', () => {
    expect(parseBody(EventBody, { Title: 'x', RefId: 'a'.repeat(100) }).success).toBe(true);
    const refId = parseBody(EventBody, { Title: 'x', RefId: 'a'.repeat(101) });
    expect(refId.success).toBe(false);
    expect(refId.error?.issues[0]?.path).toEqual(['RefId']);
    expect(parseBody(EventBody, { Title: 'x', ExternalId: 'e'.repeat(101) }).success).toBe(false);
  });

  it('rejects a period that ends before it starts', () => {
    const parsed = parseBody(EventBody, { Title: 'x', ScheduledStart: '2030-01-01T10:00:00Z', ScheduledEnd: '2030-01-01T09:00:00Z' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['ScheduledEnd']);
    expect(parseBody(EventBody, { Title: 'x', MinBitrate: 5000, MaxBitrate: 1000 }).success).toBe(false);
  });

  it('checks DrmJson against the DRM shape, blank meaning none', () => {
    const drm = JSON.stringify({
      drm_provider: 'THIRDPARTY',
      drm_data: [{ name: 'FAIRPLAY', key_id: 'k', key_iv: 'iv', laurl: 'https://lic.example/fp' }],
    });
    expect(parseBody(EventBody, { Title: 'x', DrmJson: drm }).success).toBe(true);
    expect(parseBody(EventBody, { Title: 'x', DrmJson: '' }).success).toBe(true);
    const broken = parseBody(EventBody, { Title: 'x', DrmJson: '{"drm_provider": "THIRDPARTY", "drm_data": [{"name": "CENC"}]}' });
    expect(broken.success).toBe(false);
    expect(broken.error?.issues[0]?.path).toEqual(['DrmJson']);
    expect(broken.error?.issues[0]?.message).toMatch(/drm_data\[0\]\.key_id/);
    expect(parseBody(EventBody, { Title: 'x', DrmJson: '{not json' }).success).toBe(false);
  });

  it('takes EventState as a number or a name', () => {
    expect(EventBody.parse({ Title: 'x', EventState: 'vod_public' }).EventState).toBe(11);
    expect(EventBody.parse({ Title: 'x', EventState: 2 }).EventState).toBe(2);
  });
});

describe('EventStateBody', () => {
  it('takes the state as a number, a name in any case, or a numeric text', () => {
    expect(EventStateBody.parse({ state: 2 })).toEqual({ state: EventState.values.LIVE_PUBLISHED, waitUntilCompleted: true });
    expect(EventStateBody.parse({ state: 'live_published' }).state).toBe(2);
    expect(EventStateBody.parse({ state: 'LIVE_STARTING', waitUntilCompleted: false })).toEqual({ state: 24, waitUntilCompleted: false });
    expect(EventStateBody.parse({ state: '11' }).state).toBe(11);
    expect(parseBody(EventStateBody, { State: 'COMPOSE_PUBLIC' }).data?.state).toBe(20);
  });

  it('rejects unknown states', () => {
    expect(EventStateBody.safeParse({ state: 26 }).success).toBe(false);
    expect(EventStateBody.safeParse({ state: 'LIVE' }).success).toBe(false);
    expect(EventStateBody.safeParse({}).success).toBe(false);
  });
});

describe('EventPatchBody', () => {
  it('accepts replace operations on event body fields, in any casing', () => {
    const ops = [
      { op: 'replace', path: '/Title', value: 'New title' },
      { op: 'replace', path: '/drmjson', value: '{"drm_provider":"NONE"}' },
      { op: 'remove', path: '/Description' },
      { op: 'add', path: '/Tags/-', value: { name: 'news' } },
    ];
    expect(parseBody(EventPatchBody, ops).success).toBe(true);
  });

  it('rejects unknown fields, missing values and empty patches', () => {
    expect(EventPatchBody.safeParse([{ op: 'replace', path: '/Nope', value: 1 }]).success).toBe(false);
    expect(EventPatchBody.safeParse([{ op: 'replace', path: '/Title' }]).success).toBe(false);
    expect(EventPatchBody.safeParse([{ op: 'move', path: '/Title', from: '/Description' }]).success).toBe(false);
    expect(EventPatchBody.safeParse([]).success).toBe(false);
  });

  it('keeps a null value, which replaces with null', () => {
    expect(EventPatchBody.safeParse([{ op: 'replace', path: '/Description', value: null }]).success).toBe(true);
  });
});

describe('other event inputs', () => {
  it('coerces the flag of PUT /event/{id}/externalupdate/{flag} from the path', () => {
    const params = endpoints.event.setExternalUpdate.params;
    expect(params.parse(coerceStrings(params, { id: ID, flag: 'true' }))).toEqual({ id: ID, flag: true });
    expect(params.parse(coerceStrings(params, { id: ID, flag: 'False' }))).toEqual({ id: ID, flag: false });
  });

  it('requires the TaskEngineJson of an xflow task, as JSON', () => {
    expect(XflowTaskBody.safeParse({ TaskEngineJson: '{"tasks": []}' }).success).toBe(true);
    expect(XflowTaskBody.parse({ TaskEngineJson: '{}', EventState: 'PRE_VOD', Mp4State: 'none' })).toMatchObject({ EventState: 8, Mp4State: 0 });
    expect(XflowTaskBody.safeParse({ TaskEngineJson: '' }).success).toBe(false);
    expect(XflowTaskBody.safeParse({ TaskEngineJson: 'tasks' }).success).toBe(false);
    expect(XflowTaskBody.safeParse({ Id: ID }).success).toBe(false);
  });

  it('lists deleted events without noCache, and looks events up by id plus the one-event query', () => {
    expect(Object.keys(EventDeletedListQuery.shape)).not.toContain('noCache');
    expect(EventDeletedListQuery.parse({})).toMatchObject({ pageSize: 20, pageNumber: 1, order: 'ASC' });
    const query = coerceStrings(EventLookupQuery, { id: 'ref/1', processVideo: 'true', streamSource: '2' });
    expect(EventLookupQuery.parse(query)).toMatchObject({ id: 'ref/1', processVideo: true, streamSource: 2, noCache: false });
    expect(EventLookupQuery.safeParse({}).success).toBe(false);
  });

  it('soft-deletes by default', () => {
    expect(endpoints.event.delete.query.parse({})).toEqual({ hardDelete: false });
  });

  it('takes a thumbnail as an http(s) URL or an image data URI', () => {
    const body = endpoints.event.setThumbnail.body;
    expect(body.safeParse({ Thumbnail: 'https://img.example/t.jpg' }).success).toBe(true);
    expect(body.safeParse({ Thumbnail: 'data:image/png;base64,iVBORw0KGgo=' }).success).toBe(true);
    expect(body.safeParse({ Thumbnail: 'file:///etc/passwd' }).success).toBe(false);
  });
});
