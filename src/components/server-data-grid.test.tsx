import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '#app/theme.ts';
import { ServerDataGrid, type ServerGridColDef } from './server-data-grid.tsx';

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
