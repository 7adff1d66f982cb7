/**
 * Downloads as a table: file and content id, state (progress while processing, the reason of a
 * failure), clips and length, recipient and mail, dates; per row: open and copy the link, retry a
 * failed or expired one, delete (confirmed). The caller filters and pages (the URL holds that).
 */
import { useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { Tooltip } from '#components/tooltip.tsx';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import OpenIcon from '@mui/icons-material/OpenInNew';
import RetryIcon from '@mui/icons-material/Replay';
import type { VodDownloadDetails } from '#schema';
import { useDescribeError, useServiceUrl } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { useCan } from '#app/use-role.ts';
import { notify } from '#app/notifications.tsx';
import { DeleteDialog } from '#components/delete-dialog.tsx';
import { CopyButton } from '#components/copy-button.tsx';
import { formatBytes } from '#components/format-media.ts';
import { DateTimeText } from '#components/date-time-text.tsx';
import { ServerDataGrid } from '#components/lazy-parts.tsx';
import type { GridPaging, ServerGridColDef } from '#components/server-data-grid.tsx';
import { formatDuration } from './download-format.ts';
import { linkOf, useDeleteDownload, useRetryDownload } from './use-downloads.ts';
import { MailCell, StateCell } from './download-cells.tsx';

export interface DownloadsTableProps {
  label: string;
  rows: readonly VodDownloadDetails[];
  total: number | undefined;
  loading: boolean;
  /** Paging and sort: `usePagedView(...)`'s grid. */
  grid: GridPaging<SortField>;
  empty: ReactNode;
  /** Whether the mailbox exists (the service keeps its mails): links "Mail sent" to it. */
  mailbox: boolean;
}

export type SortField = 'created' | 'state' | 'file';
export const DOWNLOAD_PAGE_SIZES = [20, 50, 100] as const;


export function DownloadsTable(props: DownloadsTableProps) {
  const serviceUrl = useServiceUrl();
  const { mailbox } = props;
  const retry = useRetryDownload();
  const describeError = useDescribeError();
  const remove = useDeleteDownload();
  const [deleting, setDeleting] = useState<VodDownloadDetails | null>(null);
  // A key that may not (the page says why) gets no Retry or Delete.
  const can = useCan();
  const [mayRetry, mayDelete] = [can(api.vodDownload.retry).allowed, can(api.vodDownload.delete).allowed];

  // Below a laptop's width: file, state and actions; the rest is in the row's mail and link.
  const columns = useMemo<ServerGridColDef<VodDownloadDetails>[]>(
    () => [
      {
        field: 'file',
        headerName: 'File',
        flex: 1.6,
        // With the state and the actions, fits a phone (390 px) without scrolling sideways.
        minWidth: 120,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', flexDirection: 'column', minWidth: 0, lineHeight: 1.25 }}>
            <Typography variant="body2" noWrap title={row.mp4Filename} sx={{ fontWeight: 500 }}>
              {row.mp4Filename}
            </Typography>
            <Typography variant="caption" noWrap title={row.contentId} sx={{ color: 'text.secondary' }}>
              {row.contentId}
            </Typography>
          </Box>
        ),
      },
      { field: 'state', headerName: 'State', flex: 1, minWidth: 120, renderCell: ({ row }) => <StateCell row={row} /> },
      {
        field: 'clips',
        headerName: 'Clips',
        sortable: false,
        hideBelow: 'md',
        width: 120,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', flexDirection: 'column', minWidth: 0, lineHeight: 1.25 }}>
            <Typography variant="body2" noWrap>
              {row.clips.length === 1 ? '1 clip' : `${row.clips.length} clips`} · {formatDuration(row.durationMs)}
            </Typography>
            <Typography variant="caption" noWrap sx={{ color: 'text.secondary' }} title={row.clips.map((c) => c.title).join(', ')}>
              {row.fileBytes !== null ? formatBytes(row.fileBytes) : row.clips.map((c) => c.title).join(', ')}
            </Typography>
          </Box>
        ),
      },
      { field: 'recipient', headerName: 'Recipient', sortable: false, hideBelow: 'md', flex: 1, minWidth: 170, renderCell: ({ row }) => <MailCell row={row} mailbox={mailbox} /> },
      { field: 'created', headerName: 'Requested', width: 130, hideBelow: 'md', renderCell: ({ row }) => <DateTimeText value={row.creationDate} /> },
      {
        field: 'expires',
        headerName: 'Link until',
        sortable: false,
        hideBelow: 'md',
        width: 130,
        renderCell: ({ row }) => <DateTimeText value={row.expiresAt} empty={row.state === 'failed' ? '—' : 'When ready'} />,
      },
      {
        field: 'actions',
        headerName: 'Actions',
        sortable: false,
        width: 124,
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) => {
          const link = row.state === 'ready' ? linkOf(row, serviceUrl) : null;
          const canRetry = mayRetry && (row.state === 'failed' || row.state === 'expired');
          return (
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', width: '100%' }}>
              {link && (
                <>
                  <Tooltip title="Open the file">
                    <IconButton size="small" component="a" href={link} target="_blank" rel="noopener" aria-label={`Open ${row.mp4Filename}`}>
                      <OpenIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <CopyButton text={link} what={`the link to ${row.mp4Filename}`} />
                </>
              )}
              {canRetry && (
                <Tooltip title={row.state === 'expired' ? 'Make it again (new link)' : 'Try again'}>
                  <span>
                    <IconButton
                      size="small"
                      aria-label={`Retry ${row.mp4Filename}`}
                      disabled={retry.isPending && retry.variables?.params.id === row.id}
                      onClick={() =>
                        retry.mutate(
                          { params: { id: row.id } },
                          {
                            onSuccess: () => notify(`Making ${row.mp4Filename} again`),
                            onError: (error) => notify(`Could not retry ${row.mp4Filename}: ${describeError(error).message}`, { severity: 'error' }),
                          },
                        )
                      }
                    >
                      <RetryIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
              )}
              {mayDelete && (
                <Tooltip title="Delete">
                  <IconButton size="small" aria-label={`Delete ${row.mp4Filename}`} onClick={() => setDeleting(row)}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
            </Box>
          );
        },
      },
    ],
    [serviceUrl, mailbox, retry, describeError, mayRetry, mayDelete],
  );

  return (
    <>
      <ServerDataGrid<VodDownloadDetails, SortField>
        label={props.label}
        rows={props.rows}
        columns={columns}
        getRowId={(row) => row.id}
        rowCount={props.total}
        loading={props.loading}
        {...props.grid}
        empty={props.empty}
      />
      <DeleteDialog
        record={deleting}
        title={() => 'Delete the download?'}
        confirmLabel="Delete the download"
        mutation={remove}
        deleted={(d) => `Deleted ${d.mp4Filename}`}
        onClose={() => setDeleting(null)}
      >
        <p>
          <strong>{deleting?.mp4Filename}</strong> and its file are deleted; its link stops working at once, also the one in the mail sent to {deleting?.emailAddress}.
        </p>
      </DeleteDialog>
    </>
  );
}
