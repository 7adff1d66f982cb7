/**
 * VOD downloads: every download of the client with its state (processing with progress, ready,
 * failed with the reason, expired), its link, retry and delete. The view lives in the URL:
 * `?state=processing|ready|failed|expired`, `?q=` (file, content id, recipient, event title),
 * `?page=`, `?size=`, `?sort=created|state|file` and `?dir=asc|desc`. It refreshes fast while a
 * download is processing or its mail is on the way.
 */
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import SearchIcon from '@mui/icons-material/Search';
import MailIcon from '@mui/icons-material/MailOutlined';
import { DOWNLOAD_STATES, type DownloadState, type VodDownloadDetails } from '#schema';
import { api } from '#app/api.ts';
import { describeApiError, isConnectionProblem } from '#app/api-errors.ts';
import { useConnection, useConnectionDialog } from '#app/connection-context.tsx';
import { resolveBaseUrl } from '#app/connection.ts';
import { useDocumentTitle } from '#app/document-title.ts';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { PageHeader } from '#components/page-header.tsx';
import type { GridSort } from '#components/server-data-grid.tsx';
import { useUrlParams } from '#components/use-url-params.ts';
import { STATE_LABELS } from './download-format.ts';
import { DownloadsTable, type SortField } from './downloads-table.tsx';
import { useDownloadDetails } from './use-downloads.ts';

const SIZES = [20, 50, 100];
const SORTS: readonly SortField[] = ['created', 'state', 'file'];
const STATE_ORDER: Record<DownloadState, number> = { processing: 0, failed: 1, ready: 2, expired: 3 };

export interface DownloadsView {
  state: DownloadState | null;
  q: string;
  page: number;
  pageSize: number;
  sort: GridSort<SortField>;
}

export function parseDownloadsView(params: URLSearchParams): DownloadsView {
  const state = params.get('state');
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  const sort = params.get('sort') as SortField | null;
  return {
    state: state && (DOWNLOAD_STATES as readonly string[]).includes(state) ? (state as DownloadState) : null,
    q: params.get('q') ?? '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: SIZES.includes(size) ? size : SIZES[0]!,
    sort: { field: sort && SORTS.includes(sort) ? sort : 'created', direction: params.get('dir') === 'asc' ? 'asc' : 'desc' },
  };
}

export function filterDownloads(rows: readonly VodDownloadDetails[], view: Pick<DownloadsView, 'state' | 'q' | 'sort'>): VodDownloadDetails[] {
  const q = view.q.trim().toLowerCase();
  const matching = rows.filter(
    (row) =>
      (!view.state || row.state === view.state) &&
      (!q ||
        [row.mp4Filename, row.contentId, row.emailAddress, ...row.clips.map((c) => c.title)].some((text) => text.toLowerCase().includes(q))),
  );
  const sign = view.sort.direction === 'asc' ? 1 : -1;
  const key = (row: VodDownloadDetails): string | number =>
    view.sort.field === 'state' ? STATE_ORDER[row.state] : view.sort.field === 'file' ? row.mp4Filename.toLowerCase() : row.creationDate ?? '';
  return matching.sort((a, b) => (key(a) < key(b) ? -sign : key(a) > key(b) ? sign : 0));
}

export default function DownloadsPage() {
  useDocumentTitle('Downloads');
  const connection = useConnection();
  const connectionDialog = useConnectionDialog();
  const serviceUrl = resolveBaseUrl(connection.baseUrl);
  const [params, setParams] = useUrlParams();
  const view = parseDownloadsView(params);
  const query = useDownloadDetails();
  const mailbox = useQuery({ ...api.vodDownload.mailbox.queryOptions({}), retry: false, staleTime: 60_000 });
  const hasMailbox = mailbox.isSuccess;

  const set = (changes: Record<string, string | null>, replace = true) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [name, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(name);
          else next.set(name, value);
        }
        return next;
      },
      { replace },
    );

  const rows = query.data;
  const filtered = useMemo(() => (rows ? filterDownloads(rows, view) : []), [rows, view.state, view.q, view.sort.field, view.sort.direction]); // eslint-disable-line react-hooks/exhaustive-deps
  const pageRows = filtered.slice((view.page - 1) * view.pageSize, view.page * view.pageSize);
  const counts = useMemo(() => {
    const c: Record<DownloadState, number> = { processing: 0, ready: 0, failed: 0, expired: 0 };
    for (const row of rows ?? []) c[row.state] += 1;
    return c;
  }, [rows]);

  if (query.error && !rows) {
    const described = describeApiError(query.error, { serviceUrl, hasKey: connection.apiKey !== null });
    return (
      <>
        <PageHeader title="Downloads" />
        <ErrorState
          title="Could not load the downloads"
          message={described.message}
          detail={described.detail}
          actions={
            <>
              <Button variant="contained" onClick={() => void query.refetch()}>
                Retry
              </Button>
              {isConnectionProblem(described.kind) && <Button onClick={() => connectionDialog.open()}>Connection settings</Button>}
            </>
          }
        />
      </>
    );
  }

  const subtitle = rows
    ? rows.length === 0
      ? 'No downloads yet'
      : [`${rows.length} ${rows.length === 1 ? 'download' : 'downloads'}`, counts.processing > 0 ? `${counts.processing} processing` : null, counts.failed > 0 ? `${counts.failed} failed` : null]
          .filter(Boolean)
          .join(' · ')
    : 'Loading…';

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 480 }}>
      <PageHeader
        title="Downloads"
        subtitle={subtitle}
        actions={
          <>
            {hasMailbox && (
              <Button component={RouterLink} to="/mailbox" startIcon={<MailIcon />}>
                Mailbox
              </Button>
            )}
            <Button component={RouterLink} to="/downloads/new" variant="contained" startIcon={<DownloadIcon />}>
              New download
            </Button>
          </>
        }
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view.state ?? 'all'}
          onChange={(_e, value: string | null) => value !== null && set({ state: value === 'all' ? null : value, page: null })}
          aria-label="Show downloads that are"
        >
          <ToggleButton value="all">All</ToggleButton>
          {DOWNLOAD_STATES.map((state) => (
            <ToggleButton key={state} value={state}>
              {STATE_LABELS[state]}
              {rows && counts[state] > 0 ? ` (${counts[state]})` : ''}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <TextField
          size="small"
          type="search"
          label="Search"
          placeholder="File, content id, recipient, event"
          value={view.q}
          onChange={(e) => set({ q: e.target.value, page: null })}
          sx={{ minWidth: 260, flex: '0 1 360px' }}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> } }}
        />
      </Box>
      <DownloadsTable
        label="Downloads"
        rows={pageRows}
        total={rows ? filtered.length : undefined}
        loading={query.isFetching && !rows}
        page={view.page}
        pageSize={view.pageSize}
        onPageChange={(page, size) => set({ page: page > 1 ? String(page) : null, size: size !== SIZES[0] ? String(size) : null }, false)}
        sort={view.sort}
        onSortChange={(sort) => set({ sort: sort && sort.field !== 'created' ? sort.field : null, dir: sort && sort.direction === 'asc' ? 'asc' : null })}
        serviceUrl={serviceUrl}
        mailbox={hasMailbox}
        empty={
          rows && rows.length > 0 ? (
            <EmptyState title="No download matches" hint="Clear the search or pick another state." action={<Button onClick={() => set({ q: null, state: null, page: null })}>Show all</Button>} />
          ) : (
            <EmptyState
              icon={<DownloadIcon />}
              title="No downloads yet"
              hint="Mark clips on an event's player (Downloads tab) or start a new download: the clips are stitched into one MP4 and its link is mailed."
              action={
                <Button component={RouterLink} to="/downloads/new" variant="outlined">
                  New download
                </Button>
              }
            />
          )
        }
      />
    </Box>
  );
}
