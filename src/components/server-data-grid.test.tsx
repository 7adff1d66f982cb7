import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import type { GridSortModel } from '@mui/x-data-grid';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '#app/theme.ts';
import { ServerDataGrid, useResetAfterSort, type ServerGridColDef } from './server-data-grid.tsx';

interface Row {
  id: string;
  title: string;
  note: string;
  created: string;
}

const columns: ServerGridColDef<Row>[] = [
  { field: 'title', headerName: 'Title', flex: 1 },
  { field: 'note', headerName: 'Note', width: 200, hideBelow: 'sm' },
  { field: 'created', headerName: 'Created', width: 150, hideBelow: 1200 },
];

const initialWidth = window.innerWidth;
afterEach(() => {
  cleanup();
  window.innerWidth = initialWidth;
});

function resizeTo(width: number) {
  act(() => {
    window.innerWidth = width;
    window.dispatchEvent(new Event('resize'));
  });
}

function renderGrid(props: { selectionHideBelow?: 'sm' } = {}) {
  render(
    <ThemeProvider theme={theme}>
      <ServerDataGrid<Row>
        label="Things"
        rows={[{ id: '1', title: 'First', note: 'A note', created: 'today' }]}
        columns={columns}
        rowCount={1}
        loading={false}
        page={1}
        pageSize={20}
        pageSizeOptions={[20]}
        onPageChange={() => undefined}
        empty="Nothing"
        selection={[]}
        onSelectionChange={() => undefined}
        {...props}
      />
    </ThemeProvider>,
  );
}

const headers = () => screen.queryAllByRole('columnheader').map((header) => header.getAttribute('data-field'));

describe('ServerDataGrid on narrow screens', () => {
  it('leaves out a column below its hideBelow width, and shows it again above', () => {
    resizeTo(1440);
    renderGrid();
    expect(headers()).toEqual(['__check__', 'title', 'note', 'created']);
    resizeTo(1000);
    expect(headers()).toEqual(['__check__', 'title', 'note']);
    resizeTo(390);
    expect(headers()).toEqual(['__check__', 'title']);
    resizeTo(1440);
    expect(headers()).toEqual(['__check__', 'title', 'note', 'created']);
  });

  it('leaves out the checkbox column on a phone when asked', () => {
    resizeTo(390);
    renderGrid({ selectionHideBelow: 'sm' });
    expect(headers()).toEqual(['title']);
  });
});

describe('useResetAfterSort: the grid’s own return to the first page after a sort change', () => {
  const byStart: GridSortModel = [{ field: 'start', sort: 'desc' }];
  const unsorted: GridSortModel = [];
  const firstPage = { page: 0, pageSize: 20 };

  it('recognises the reset after Back to another sort on a later page, however late it comes, and only once', async () => {
    const { result, rerender } = renderHook(({ sort, page }) => useResetAfterSort(sort, page), { initialProps: { sort: byStart, page: 1 } });
    // Back: the URL's sort and page change together.
    rerender({ sort: unsorted, page: 2 });
    // The grid's reset comes after its own effects and timers: on a busy page, well after 100 ms.
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(result.current(firstPage)).toBe(true);
    // An operator's own move to the first page afterwards is theirs.
    expect(result.current(firstPage)).toBe(false);
  });

  it('expects no reset when the sort changes on the first page (the caller reset it) or when only the page changes', () => {
    const { result, rerender } = renderHook(({ sort, page }) => useResetAfterSort(sort, page), { initialProps: { sort: unsorted, page: 3 } });
    rerender({ sort: byStart, page: 1 });
    expect(result.current(firstPage)).toBe(false);
    rerender({ sort: byStart, page: 4 });
    expect(result.current(firstPage)).toBe(false);
  });
});
