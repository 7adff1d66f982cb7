import { describe, expect, it } from 'vitest';
import { coerceStrings, endpoints } from '#schema';
import { INTERFACE_OPERATIONS } from '../interface-operations.ts';

describe('search operations', () => {
  it('declare every operation of the interface, event search at GET /search/', () => {
    const declared = new Set(Object.values(endpoints.search).map((e) => `${e.method} ${e.path}`));
    const expected = INTERFACE_OPERATIONS.filter(([, p]) => p.startsWith('/search/'));
    expect(expected).toHaveLength(6);
    for (const [m, p] of expected) expect(declared).toContain(`${m} ${p}`);
    expect(endpoints.search.indexAll.responses).toEqual({ 201: null });
  });

  it('page chapter points by 10 and require a keyword', () => {
    const query = endpoints.search.chapterPoints.query;
    expect(query.parse({ keywordsChapterPoint: 'intro' })).toMatchObject({ pageSize: 10, pageNumber: 1 });
    expect(query.parse(coerceStrings(query, { keywordsCustomProperties: 'speaker', pageSize: '50' })).pageSize).toBe(50);
    expect(query.safeParse({}).success).toBe(false);
    expect(query.safeParse({ keywordsChapterPoint: '  ' }).success).toBe(false);
  });

  it('require the clipping user to search clips', () => {
    expect(endpoints.search.clips.query.safeParse({ keywords: 'goal' }).success).toBe(false);
    expect(endpoints.search.clips.query.parse({ clippingUser: 'u1' })).toMatchObject({ pageSize: 20, pageNumber: 1 });
  });
});
