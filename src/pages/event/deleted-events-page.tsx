/**
 * Deleted events (GET /event/deleted/), a page at a time, each with Restore (GET /event/restore/{id}).
 * The page number is in the URL, as on the Events list.
 */
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import RestoreIcon from '@mui/icons-material/RestoreFromTrashOutlined';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweepOutlined';
import type { Event } from '#schema';
import { useDescribeError } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { useDocumentTitle } from '#app/document-title.ts';
import { notify } from '#app/notifications.tsx';
import { DateTimeText } from '#components/date-time-text.tsx';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { ServerDataGrid } from '#components/lazy-parts.tsx';
import type { ServerGridColDef } from '#components/server-data-grid.tsx';
import { StateChip } from '#components/state-chip.tsx';
import { TruncatedText } from '#components/truncated-text.tsx';
import { definePagedView, usePagedView } from '#components/use-paged-view.ts';
import { BackToEvents } from './event-header.tsx';

const DELETED_VIEW = definePagedView({ pageSizes: [10, 20, 50, 100], defaultPageSize: 20 });

export default function DeletedEventsPage() {
  const describeError = useDescribeError();
  useDocumentTitle('Deleted events');
  const [{ page, pageSize }, , grid] = usePagedView(DELETED_VIEW);
  const navigate = useNavigate();
  const [restoring, setRestoring] = useState<string | null>(null);

  const deleted = useQuery({
    ...api.event.listDeleted.queryOptions({ query: { pageNumber: page, pageSize } }),
    placeholderData: keepPreviousData,
  });
  const restore = useMutation(api.event.restore.mutationOptions());

  const onRestore = (event: Event) => {
    setRestoring(event.id);
    restore.mutate(
      { params: { id: event.id } },
      {
        onSuccess: (restored) => {
          notify(`Restored ‘${restored.title}’.`, { severity: 'success', action: { label: 'Open', onClick: () => void navigate(`/events/${restored.id}`) } });
        },
        onError: (e) => notify(`Could not restore ‘${event.title}’: ${describeError.action(e, 'event.restore')}`, { severity: 'error' }),
        onSettled: () => setRestoring(null),
      },
    );
  };

  // On a phone the title and Restore; the state and the date stay on wider screens.
  const columns: ServerGridColDef<Event>[] = [
    {
      field: 'title',
      headerName: 'Title',
      flex: 1,
      minWidth: 200,
      sortable: false,
      display: 'flex',
      renderCell: ({ row, hasFocus }) => <TruncatedText text={row.title || '(untitled)'} focused={hasFocus} fontWeight={500} />,
    },
    { field: 'state', headerName: 'State', width: 190, sortable: false, hideBelow: 'sm', display: 'flex', renderCell: ({ row }) => <StateChip state={row.state} /> },
    { field: 'dateDeleted', headerName: 'Deleted', width: 170, sortable: false, hideBelow: 'sm', display: 'flex', renderCell: ({ row }) => <DateTimeText value={row.dateDeleted} /> },
    {
      field: 'restore',
      headerName: '',
      width: 130,
      sortable: false,
      display: 'flex',
      // The grid moves focus between cells; the button takes part through the cell's tabIndex.
      renderCell: ({ row, tabIndex }) => (
        <Button size="small" tabIndex={tabIndex} startIcon={<RestoreIcon />} onClick={() => onRestore(row)} disabled={restoring === row.id} aria-label={`Restore ${row.title}`}>
          Restore
        </Button>
      ),
    },
  ];

  const described = deleted.error ? describeError(deleted.error) : undefined;
  const total = deleted.data?.totalCount;
  return (
    <>
      <BackToEvents />
      <PageHeader
        title="Deleted events"
        subtitle={total === undefined ? (deleted.isPending && !deleted.error ? 'Loading…' : '') : `${total.toLocaleString()} deleted ${total === 1 ? 'event' : 'events'}`}
      />
      {described && !deleted.data ? (
        <ErrorState
          title="Could not load the deleted events"
          message={described.message}
          detail={described.detail}
          actions={
            <Button variant="contained" onClick={() => void deleted.refetch()}>
              Retry
            </Button>
          }
        />
      ) : (
        <Paper variant="outlined" sx={{ flex: 1, minHeight: 360, display: 'flex', flexDirection: 'column', overflow: 'hidden' }}>
          <ServerDataGrid<Event>
            label="Deleted events"
            rows={deleted.data?.results ?? []}
            columns={columns}
            getRowId={(event) => event.id}
            rowCount={total}
            loading={deleted.isFetching}
            {...grid}
            empty={
              <EmptyState
                icon={<DeleteSweepIcon />}
                title="No deleted events"
                hint={
                  <>
                    Events you delete land here and can be restored. <Typography component={RouterLink} to="/events" variant="body2">Back to the events</Typography>
                  </>
                }
              />
            }
          />
        </Paper>
      )}
    </>
  );
}
