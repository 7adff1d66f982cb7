import { describe, expect, it } from 'vitest';
import { endpoints, EventBody } from '#schema';

describe('tags', () => {
  it('refuse names with a comma, which the event list filter could never match', () => {
    expect(endpoints.tag.create.body.safeParse({ name: 'news' }).success).toBe(true);
    expect(endpoints.tag.create.body.safeParse({ name: 'news, sport' }).success).toBe(false);
    expect(endpoints.tag.create.body.safeParse({ name: '  ' }).success).toBe(false);
    expect(EventBody.safeParse({ Title: 'x', Tags: [{ name: 'a,b' }] }).success).toBe(false);
  });

  it('answer 410 on delete and make events stale', () => {
    expect(endpoints.tag.delete.responses).toEqual({ 410: null });
    expect(endpoints.tag.setForEvent.invalidates).toEqual(expect.arrayContaining(['tag', 'event']));
    expect(endpoints.room.delete.responses).toEqual({ 410: null });
    expect(endpoints.room.create.responses).toHaveProperty('201');
  });
});
