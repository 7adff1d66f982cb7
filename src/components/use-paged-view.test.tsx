import { describe, expect, it } from 'vitest';
import { definePagedView, parsePagedView, updatePagedView, writePagedView } from './use-paged-view.ts';

const OUTER = definePagedView({ pageSizes: [20, 50], sortFields: ['name'], defaultSort: { field: 'name', direction: 'asc' } });
const INNER = definePagedView({ pageSizes: [25, 100], sortFields: ['start', 'status'], defaultSort: null, prefix: 'seg' });

describe('a view with a prefix (a second list on one page)', () => {
  it('keeps its page, size, sort and order in parameters of its own', () => {
    const inner = updatePagedView(parsePagedView(new URLSearchParams(), INNER), { page: 3, pageSize: 100 }, INNER);
    const sorted = updatePagedView({ ...inner, page: 3 }, { sort: { field: 'start', direction: 'desc' }, page: 3 }, INNER);
    const url = writePagedView(sorted, INNER, new URLSearchParams('page=2&sort=name&order=desc&tab=captures'));
    expect(url.toString()).toBe('page=2&sort=name&order=desc&tab=captures&segPage=3&segPageSize=100&segSort=start&segOrder=desc');
    expect(parsePagedView(url, INNER)).toEqual({ page: 3, pageSize: 100, sort: { field: 'start', direction: 'desc' }, filters: {} });
    // The other list on the page reads only its own parameters, and writing it leaves these alone.
    expect(parsePagedView(url, OUTER)).toEqual({ page: 2, pageSize: 20, sort: { field: 'name', direction: 'desc' }, filters: {} });
    const outer = writePagedView({ page: 1, pageSize: 50, sort: { field: 'name', direction: 'asc' }, filters: {} }, OUTER, url);
    expect(outer.toString()).toBe('tab=captures&segPage=3&segPageSize=100&segSort=start&segOrder=desc&pageSize=50');
  });

  it('leaves its parameters out at their defaults', () => {
    const url = writePagedView({ page: 1, pageSize: 25, sort: null, filters: {} }, INNER, new URLSearchParams('segPage=4&segSort=status'));
    expect(url.toString()).toBe('');
    expect(parsePagedView(new URLSearchParams('page=4&sort=start'), INNER)).toEqual({ page: 1, pageSize: 25, sort: null, filters: {} });
  });
});
