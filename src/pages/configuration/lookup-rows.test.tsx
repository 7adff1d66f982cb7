/** A lookup list's order: by a column's sortValue, ties by name, the name for columns without one. */
import { describe, expect, it } from 'vitest';
import { sortItems } from './lookup-rows.ts';

const items = [
  { id: '1', name: 'b10', encoders: 2 },
  { id: '2', name: 'B2', encoders: 1 },
  { id: '3', name: 'a', encoders: 2 },
];
const def = { columns: [{ key: 'encoders', label: 'Encoders', render: () => null, sortValue: (item: (typeof items)[number]) => item.encoders }] };
const names = (rows: readonly { name: string }[]) => rows.map((row) => row.name);

describe('sortItems', () => {
  it('sorts by name as the operator reads it (case aside, numbers by value) without a sort', () => {
    expect(names(sortItems(items, null, def as never))).toEqual(['a', 'B2', 'b10']);
    expect(names(sortItems(items, { field: 'name', direction: 'desc' }, def as never))).toEqual(['b10', 'B2', 'a']);
  });

  it("sorts by a column's value, equal values by name", () => {
    expect(names(sortItems(items, { field: 'encoders', direction: 'asc' }, def as never))).toEqual(['B2', 'a', 'b10']);
    expect(names(sortItems(items, { field: 'encoders', direction: 'desc' }, def as never))).toEqual(['a', 'b10', 'B2']);
  });
});
