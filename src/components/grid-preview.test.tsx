import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '#app/theme.ts';
import { GridPreview } from './grid-preview.tsx';
import type { ServerDataGridProps, ServerGridColDef } from './server-data-grid.tsx';

afterEach(cleanup);

interface Row {
  id: string;
  title: string;
  room: string | null;
  secret: string;
}

const columns: ServerGridColDef<Row>[] = [
  { field: 'title', headerName: 'Title', flex: 1, renderCell: ({ row }) => <strong>{row.title.toUpperCase()}</strong> },
  { field: 'room', headerName: 'Room', width: 120, valueGetter: (_value, row) => row.room ?? 'No room' },
  { field: 'secret', headerName: 'Secret', width: 120 },
  { field: 'wide', headerName: 'Wide only', width: 120, hideBelow: 5000 },
];

function renderPreview(props: Partial<ServerDataGridProps<Row>> = {}) {
  const onRowClick = vi.fn();
  const view = render(
    <ThemeProvider theme={theme}>
      <GridPreview<Row>
        label="Things"
        rows={[
          { id: 'a', title: 'Cup final', room: 'Studio A', secret: 's1' },
          { id: 'b', title: 'News', room: null, secret: 's2' },
        ]}
        columns={columns}
        rowCount={42}
        loading={false}
        page={2}
        pageSize={2}
        pageSizeOptions={[2]}
        onPageChange={() => {}}
        empty={<p>Nothing here</p>}
        columnVisibilityModel={{ secret: false }}
        onRowClick={onRowClick}
        {...props}
      />
    </ThemeProvider>,
  );
  return { ...view, onRowClick };
}

describe('GridPreview: the rows a list shows while the grid’s code arrives', () => {
  it('draws each row with the columns’ own cells and values, the visible columns only, and the page’s place in the total', () => {
    const { container } = renderPreview();
    const rows = [...container.querySelectorAll('[data-preview-row]')];
    expect(rows.map((row) => row.getAttribute('data-id'))).toEqual(['a', 'b']);
    expect(rows[0]!.textContent).toBe('CUP FINALStudio A');
    expect(rows[1]!.textContent).toBe('NEWSNo room');
    expect(container.textContent).toContain('TitleRoom');
    expect(container.textContent).not.toContain('Secret');
    expect(container.textContent).not.toContain('Wide only');
    expect(container.textContent).toContain('3–4 of 42');
  });

  it('draws only the rows the window can show, and counts the whole page in its footer', () => {
    const rows = Array.from({ length: 100 }, (_, n) => ({ id: `r${n}`, title: `Row ${n}`, room: null, secret: '' }));
    const { container } = renderPreview({ rows, rowHeight: 50, page: 1, pageSize: 100, rowCount: 250 });
    expect(container.querySelectorAll('[data-preview-row]')).toHaveLength(Math.ceil(window.innerHeight / 50));
    expect(container.textContent).toContain('1–100 of 250');
  });

  it('is a picture for sighted users only: assistive technology hears that the list is loading', () => {
    renderPreview();
    expect(screen.getByRole('status').textContent).toBe('Loading the list “Things”…');
    expect(screen.queryByRole('row')).toBeNull();
    expect(screen.queryByText('CUP FINAL')?.closest('[aria-hidden="true"]')).toBeTruthy();
  });

  it('takes no focus: the buttons and links of its cells and headers are inert', () => {
    const withButtons: ServerGridColDef<Row>[] = [
      { field: 'title', headerName: 'Title', flex: 1, renderHeader: () => <button type="button">Sort</button>, renderCell: ({ row }) => <a href={`#${row.id}`}>{row.title}</a> },
      { field: 'room', headerName: 'Room', width: 120, renderCell: () => <button type="button">Redeliver</button> },
    ];
    const { container } = renderPreview({ columns: withButtons });
    const focusable = [...container.querySelectorAll('a, button')];
    expect(focusable).toHaveLength(5);
    for (const element of focusable) expect(element.closest('[inert]')).not.toBeNull();
  });

  it('opens a row on a click, as the grid does', async () => {
    const { container, onRowClick } = renderPreview();
    await userEvent.setup().click(container.querySelector('[data-id="b"]')!);
    expect(onRowClick).toHaveBeenCalledWith(expect.objectContaining({ id: 'b' }));
  });

  it('shows skeleton rows while loading, and the list’s empty state (not hidden) once it is known to be empty', () => {
    const { container, rerender } = renderPreview({ rows: [], rowCount: undefined, loading: true });
    expect(container.querySelectorAll('.MuiSkeleton-root').length).toBeGreaterThan(0);
    rerender(
      <ThemeProvider theme={theme}>
        <GridPreview<Row> label="Things" rows={[]} columns={columns} rowCount={0} loading={false} page={1} pageSize={2} pageSizeOptions={[2]} onPageChange={() => {}} empty={<p>Nothing here</p>} />
      </ThemeProvider>,
    );
    expect(screen.getByText('Nothing here').closest('[aria-hidden="true"]')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
