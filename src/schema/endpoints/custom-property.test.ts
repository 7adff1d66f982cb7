import { describe, expect, it } from 'vitest';
import { coerceStrings, CustomPropertyBody, endpoints } from '#schema';
import { INTERFACE_OPERATIONS } from '../interface-operations.ts';

const ID = '346eb986-1248-4391-9ebc-c1f35bb27cd8';

function declared(area: keyof typeof endpoints) {
  return new Set(Object.values(endpoints[area]).map((e) => `${e.method} ${e.path}`));
}

describe('custom property operations', () => {
  it('declare every operation of the interface, the custompropery typo included', () => {
    const events = INTERFACE_OPERATIONS.filter(([, p]) => p.startsWith('/customproperty/') || p.startsWith('/custompropery/'));
    expect(events).toHaveLength(7);
    for (const [m, p] of events) expect(declared('customProperty')).toContain(`${m} ${p}`);
    expect(endpoints.customProperty.get.path).toBe('/custompropery/{id}');
    const chapter = INTERFACE_OPERATIONS.filter(([, p]) => p.startsWith('/chapterpoint/customproperty/'));
    expect(chapter).toHaveLength(8);
    for (const [m, p] of chapter) expect(declared('chapterPointCustomProperty')).toContain(`${m} ${p}`);
  });

  it('refuse a bulk delete without any filter (400)', () => {
    for (const op of [endpoints.customProperty.deleteMany, endpoints.chapterPointCustomProperty.deleteMany]) {
      expect(op.query.safeParse({}).success).toBe(false);
      expect(op.query.safeParse({ key: 'k' }).success).toBe(true);
      expect(op.responses).toHaveProperty('400');
    }
  });

  it('list with no filter at all', () => {
    expect(endpoints.customProperty.list.query.safeParse({}).success).toBe(true);
    expect(endpoints.chapterPointCustomProperty.list.query.safeParse({}).success).toBe(true);
  });

  it('default removeSource to false when cloning', () => {
    const query = endpoints.customProperty.clone.query;
    expect(query.parse({ sourceEventId: ID, targetEventId: ID })).toEqual({ sourceEventId: ID, targetEventId: ID, removeSource: false });
    expect(query.parse(coerceStrings(query, { sourceEventId: ID, targetEventId: ID, removeSource: '1' })).removeSource).toBe(true);
    expect(endpoints.chapterPointCustomProperty.clone.query.safeParse({ sourceChapterId: ID }).success).toBe(false);
  });

  it('require a key; the category may be empty', () => {
    expect(CustomPropertyBody.safeParse({ eventId: ID, category: '', key: 'k', value: '' }).success).toBe(true);
    expect(CustomPropertyBody.safeParse({ eventId: ID, category: 'c', key: ' ', value: 'v' }).success).toBe(false);
  });
});
