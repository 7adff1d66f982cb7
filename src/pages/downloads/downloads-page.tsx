/**
 * VOD downloads: every download of the client with its state (processing with progress, ready,
 * failed with the reason, expired), its link, retry and delete. The view lives in the URL:
 * `?state=processing|ready|failed|expired`, `?q=` (file, content id, recipient, event title),
 * `?page=`, `?pageSize=`, `?sort=created|state|file` and `?dir=asc|desc`. It refreshes fast while a
 * download is processing or its mail is on the way.
 */
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import MailIcon from '@mui/icons-material/MailOutlined';
import { DOWNLOAD_STATES, type DownloadState, type VodDownloadDetails } from '#schema';
import { useDescribeError } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { RoleNotice } from '#app/role-notice.tsx';
import { useCan } from '#app/use-role.ts';
import { isConnectionProblem } from '#app/api-errors.ts';
import { useConnectionDialog } from '#app/connection-context.tsx';
import { useDocumentTitle } from '#app/document-title.ts';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { PageHeader } from '#components/page-header.tsx';
import type { GridSort } from '#components/server-data-grid.tsx';
import { definePagedView, setParam, usePagedView } from '#components/use-paged-view.ts';
import { STATE_LABELS } from './download-format.ts';
import { DOWNLOAD_PAGE_SIZES, DownloadsTable, type SortField } from './downloads-table.tsx';
import { useDownloadDetails } from './use-downloads.ts';
import { searchAdornment } from '#components/search-adornment.tsx';
import { pageOf, sortRows, type SortValue } from '#components/whole-list.ts';

const STATE_ORDER: Record<DownloadState, number> = { processing: 0, failed: 1, ready: 2, expired: 3 };

export interface DownloadsFilters {
  state: DownloadState | null;
  q: string;
}

/**
 * The downloads list's view in the URL. The service answers the whole list (GET
 * /voddownload/details/ has no paging), so the page filters, sorts and pages it itself.
 */
export const DOWNLOADS_VIEW = definePagedView<SortField, DownloadsFilters>({
  pageSizes: DOWNLOAD_PAGE_SIZES,
  sortFields: ['created', 'state', 'file'],
  defaultSort: { field: 'created', direction: 'desc' },
  filters: {
    parse: (params) => {
      const state = params.get('state');
      return { state: state && (DOWNLOAD_STATES as readonly string[]).includes(state) ? (state as DownloadState) : null, q: params.get('q') ?? '' };
    },
    write: (filters, next) => {
      setParam(next, 'state', filters.state);
      setParam(next, 'q', filters.q);
    },
  },
});

export function filterDownloads(rows: readonly VodDownloadDetails[], filters: DownloadsFilters, sort: GridSort<SortField> | null): VodDownloadDetails[] {
  const view = { ...filters, sort: sort ?? DOWNLOADS_VIEW.defaultSort! };
  const q = view.q.trim().toLowerCase();
  const matching = rows.filter(
    (row) =>
      (!view.state || row.state === view.state) &&
      (!q ||
        [row.mp4Filename, row.contentId, row.emailAddress, ...row.clips.map((c) => c.title)].some((text) => text.toLowerCase().includes(q))),
  );
  return sortRows(matching, view.sort, SORT_VALUES);
}

const SORT_VALUES = {
  state: (row: VodDownloadDetails) => STATE_ORDER[row.state],
  file: (row: VodDownloadDetails) => row.mp4Filename,
  created: (row: VodDownloadDetails) => row.creationDate ?? '',
} satisfies Record<SortField, SortValue<VodDownloadDetails>>;

export default function DownloadsPage() {
  const describeError = useDescribeError();
  useDocumentTitle('Downloads');
  const connectionDialog = useConnectionDialog();
  const [paged, setView, grid] = usePagedView(DOWNLOADS_VIEW);
  const view = paged.filters;
  const query = useDownloadDetails();
  const request = useCan()(api.vodDownload.create);
  const mailbox = useQuery({ ...api.vodDownload.mailbox.queryOptions({}), retry: false, staleTime: 60_000 });
  const hasMailbox = mailbox.isSuccess;

  // Choosing a state or typing replaces the history entry: Back leaves the list, not each keystroke.
  const set = (changes: Partial<DownloadsFilters>) => setView({ filters: changes }, { replace: true });

  const rows = query.data;
  const filtered = useMemo(() => (rows ? filterDownloads(rows, view, paged.sort) : []), [rows, view.state, view.q, paged.sort?.field, paged.sort?.direction]); // eslint-disable-line react-hooks/exhaustive-deps
  const pageRows = pageOf(filtered, paged);
  const counts = useMemo(() => {
    const c: Record<DownloadState, number> = { processing: 0, ready: 0, failed: 0, expired: 0 };
    for (const row of rows ?? []) c[row.state] += 1;
    return c;
  }, [rows]);

  if (query.error && !rows) {
    const described = describeError(query.error);
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
            <Button component={RouterLink} to="/downloads/new" variant="contained" startIcon={<DownloadIcon />} disabled={!request.allowed}>
              New download
            </Button>
          </>
        }
      />
      <RoleNotice permission={request}>This key reads the downloads and requests, retries and deletes none.</RoleNotice>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view.state ?? 'all'}
          onChange={(_e, value: string | null) => value !== null && set({ state: value === 'all' ? null : (value as DownloadState) })}
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
          onChange={(e) => set({ q: e.target.value })}
          sx={{ minWidth: 260, flex: '0 1 360px' }}
          slotProps={{ input: { startAdornment: searchAdornment} }}
        />
      </Box>
      <DownloadsTable
        label="Downloads"
        rows={pageRows}
        total={rows ? filtered.length : undefined}
        loading={query.isFetching && !rows}
        grid={grid}
        mailbox={hasMailbox}
        empty={
          rows && rows.length > 0 ? (
            <EmptyState title="No download matches" hint="Clear the search or pick another state." action={<Button onClick={() => set({ q: '', state: null })}>Show all</Button>} />
          ) : (
            <EmptyState
              icon={<DownloadIcon />}
              title="No downloads yet"
              hint="Mark clips on an event's player (Downloads tab) or start a new download: the clips are stitched into one MP4 and its link is mailed."
              action={
                <Button component={RouterLink} to="/downloads/new" variant="outlined" disabled={!request.allowed}>
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
