import { describe, expect, it } from 'vitest';
import { ChapterPointBody, ChapterPointSchema, coerceStrings, endpoints } from '#schema';

const EVENT = '346eb986-1248-4391-9ebc-c1f35bb27cd8';
const A = 'a32a5a2d-88b5-4fae-8a1f-0fb258129def';
const B = 'fcc587e5-0dfd-4ade-b935-d6b0904f358f';

const point = (id: string, parentId: string | null, children: unknown[] = []) => ({
  id,
  eventId: EVENT,
  parentId,
  referenceId: null,
  title: 'Intro',
  tag: null,
  startTime: '00:00:10.000',
  endTime: null,
  chapterPointCustomProperties: [],
  children,
});

describe('chapter points', () => {
  it('parse as a tree of any depth', () => {
    const tree = ChapterPointSchema.parse(point(A, null, [point(B, A, [point(EVENT, B)])]));
    expect(tree.children[0]?.children[0]?.parentId).toBe(B);
  });

  it('fill children only with buildTree=true', () => {
    const query = endpoints.chapterPoint.listForEvent.query;
    expect(query.parse({})).toEqual({ buildTree: false, noCache: false });
    expect(query.parse(coerceStrings(query, { buildTree: 'true' })).buildTree).toBe(true);
  });

  it('reject an end before the start, mixed time forms and a self parent', () => {
    const base = { eventId: EVENT, title: 'Intro', startTime: '00:01:00' };
    expect(ChapterPointBody.safeParse({ ...base, endTime: '00:02:00.500' }).success).toBe(true);
    expect(ChapterPointBody.safeParse({ ...base, endTime: '00:00:59' }).success).toBe(false);
    expect(ChapterPointBody.safeParse({ ...base, endTime: '2030-01-01T00:00:00Z' }).success).toBe(false);
    expect(
      ChapterPointBody.safeParse({ eventId: EVENT, title: 'x', startTime: '2030-01-01T10:00:00Z', endTime: '2030-01-01T09:00:00Z' }).success,
    ).toBe(false);
    expect(ChapterPointBody.safeParse({ ...base, id: A, parentId: A }).success).toBe(false);
  });

  it('take custom properties in the same call', () => {
    const parsed = ChapterPointBody.parse({ eventId: EVENT, title: 'x', startTime: '00:00:00', propertyModels: [{ category: 'c', key: 'k', value: 'v' }] });
    expect(parsed.propertyModels).toEqual([{ category: 'c', key: 'k', value: 'v' }]);
  });
});
