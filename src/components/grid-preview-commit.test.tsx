/**
 * The preview's rows are the events list's first rows: they render once. A cell that renders
 * again at once, in the task that commits the rows (MUI's Tooltip setting its child from a ref,
 * a date whose clock moved when it subscribed), made that task the longest before the first row
 * (bench `browser`, issue 27). Rendered as a page renders it (in a transition, on a root of its
 * own: act() would run every later update at once), its renders are counted by a Profiler.
 */
import { afterEach, expect, it } from 'vitest';
import { Profiler, startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '#app/theme.ts';
import { GridPreview } from './grid-preview.tsx';
import { DateTimeText } from './date-time-text.tsx';
import { StateChip } from './state-chip.tsx';
import { TruncatedText } from './truncated-text.tsx';
import type { ServerGridColDef } from './server-data-grid.tsx';

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

let root: Root | undefined;
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
const previous = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
afterEach(() => {
  root?.unmount();
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = previous;
  document.body.innerHTML = '';
});

it('renders its rows once: nothing in their cells renders again, in the commit task or after it', async () => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  const container = document.body.appendChild(document.createElement('div'));
  const phases: string[] = [];
  const committed = new Promise<string[]>((resolve) => {
    const observer = new MutationObserver(() => {
      observer.disconnect();
      resolve([...phases]);
    });
    observer.observe(container, { childList: true });
  });
  root = createRoot(container);
  startTransition(() =>
    root!.render(
      <ThemeProvider theme={theme}>
        <Profiler id="preview" onRender={(_id, phase) => phases.push(phase)}>
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
          />
        </Profiler>
      </ThemeProvider>,
    ),
  );

  expect(await committed).toEqual(['mount']);
  expect(container.querySelectorAll('[data-preview-row]')).toHaveLength(20);
  // The effects (the dates' clock subscribing) have run by the next macrotask or two.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(phases).toEqual(['mount']);
  // The picture keeps the words its tooltips would have given: the state's description as a title.
  expect(container.querySelector('[data-state="LIVE_PUBLISHED"]')?.getAttribute('title')).toBeTruthy();
});
