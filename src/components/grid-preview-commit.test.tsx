/**
 * The preview's rows are the events list's first rows: they render once. A cell that renders
 * again at once, in the task that commits the rows (MUI's Tooltip setting its child from a ref,
 * a date whose clock moved when it subscribed), made that task the longest before the first row
 * (bench `browser`, issue 27). Rendered as a page renders it (in a transition, on a root of its
 * own: act() would run every later update at once), its renders are counted by a Profiler.
 */
import { afterEach, expect, it } from 'vitest';
import { GridPreview } from './grid-preview.tsx';
import { DateTimeText } from './date-time-text.tsx';
import { StateChip } from './state-chip.tsx';
import { TruncatedText } from './truncated-text.tsx';
import type { ServerGridColDef } from './server-data-grid.tsx';
import { finishTransitionRenders, renderPhasesInTransition } from './test-commit.ts';

interface Row {
  id: string;
  title: string;
  state: string;
  start: string;
}

const columns: ServerGridColDef<Row>[] = [
  { field: 'state', headerName: 'State', width: 200, renderCell: ({ row }) => <StateChip state={row.state} /> },
  { field: 'title', headerName: 'Title', flex: 1, renderCell: ({ row }) => <TruncatedText text={row.title} /> },
  { field: 'start', headerName: 'Starts', width: 160, renderCell: ({ row }) => <DateTimeText value={row.start} /> },
];

const rows: Row[] = Array.from({ length: 20 }, (_, index) => ({
  id: `e${index}`,
  title: `Match ${index}`,
  state: 'LIVE_PUBLISHED',
  start: new Date(Date.now() + index * 3_600_000).toISOString(),
}));

afterEach(() => {
  finishTransitionRenders();
});

it('renders its rows once: nothing in their cells renders again, in the commit task or after it', async () => {
  const view = renderPhasesInTransition(
    <GridPreview<Row>
      label="Events"
      rows={rows}
      columns={columns}
      rowCount={20}
      loading={false}
      page={1}
      pageSize={20}
      pageSizeOptions={[20]}
      onPageChange={() => {}}
      empty={null}
      // Short enough for the window to show all 20 (the preview draws only what fits).
      rowHeight={32}
    />
  );
  const { phases } = view;
  const { container } = view;

  expect(await view.committed).toEqual(['mount']);
  expect(container.querySelectorAll('[data-preview-row]')).toHaveLength(20);
  // The effects (the dates' clock subscribing) have run by the next macrotask or two.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(phases).toEqual(['mount']);
  // The picture keeps the words its tooltips would have given: the state's description as a title.
  expect(container.querySelector('[data-state="LIVE_PUBLISHED"]')?.getAttribute('title')).toBeTruthy();
});
