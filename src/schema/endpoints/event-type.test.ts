import { describe, expect, it } from 'vitest';
import { EventTypeBody, EventTypeSchema } from '#schema';

describe('event type colour', () => {
  it('accepts #rrggbb in either case', () => {
    expect(EventTypeBody.safeParse({ name: 'Sport', colour: '#1a2B3c' }).success).toBe(true);
  });

  it('rejects other colour notations', () => {
    for (const colour of ['1a2b3c', '#abc', '#1a2b3c4d', 'red', 'rgb(1,2,3)', '#gg0000', '']) {
      expect(EventTypeBody.safeParse({ name: 'Sport', colour }).success, colour).toBe(false);
    }
  });

  it('requires a colour to add or update, while a stored type may have none', () => {
    expect(EventTypeBody.safeParse({ name: 'Sport' }).success).toBe(false);
    expect(EventTypeSchema.safeParse({ id: '346eb986-1248-4391-9ebc-c1f35bb27cd8', name: 'Sport', referenceId: null, colour: null }).success).toBe(true);
  });
});
