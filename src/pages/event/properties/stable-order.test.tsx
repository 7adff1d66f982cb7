import { describe, expect, it } from 'vitest';
import { extendOrder, orderItems } from './stable-order.ts';

describe('stable order', () => {
  it('keeps the order shown and puts new ids at the end', () => {
    expect(extendOrder(['b', 'a'], ['a', 'b', 'c'])).toEqual(['b', 'a', 'c']);
    const same = ['b', 'a'];
    expect(extendOrder(same, ['a', 'b'])).toBe(same);
  });

  it('puts expected new ids in the expected order, whatever order they arrive in', () => {
    const rank = (id: string) => ({ z: 0, y: 1 } as Record<string, number>)[id];
    expect(extendOrder(['a'], ['a', 'b', 'y', 'z'], rank)).toEqual(['a', 'z', 'y', 'b']);
  });

  it('orders items by it, leaving out ids without an item (deleted ones)', () => {
    const items = [{ id: 'a' }, { id: 'c' }, { id: 'd' }];
    expect(orderItems(items, ['c', 'b', 'a']).map((i) => i.id)).toEqual(['c', 'a', 'd']);
  });
});
