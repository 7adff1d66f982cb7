/** The event page's Downloads tab: the clip builder on the event's player, and the event's downloads. */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Event } from '#schema';
import { api } from '#app/api.ts';
import { EmptyState } from '#components/empty-state.tsx';
import type { GridSort } from '#components/server-data-grid.tsx';
import { ClipBuilder } from './clip-builder.tsx';
import { DownloadsTable, type SortField } from './downloads-table.tsx';
import { filterDownloads } from './downloads-page.tsx';
import { useDownloadDetails } from './use-downloads.ts';

export function EventDownloadsTab({ event, serviceUrl }: { event: Event; serviceUrl: string }) {
  const downloads = useDownloadDetails(event.id);
  const mailbox = useQuery({ ...api.vodDownload.mailbox.queryOptions({}), retry: false, staleTime: 60_000 });
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const [sort, setSort] = useState<GridSort<SortField>>({ field: 'created', direction: 'desc' });
  const rows = downloads.data ? filterDownloads(downloads.data, { state: null, q: '', sort }) : [];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <ClipBuilder event={event} serviceUrl={serviceUrl} />
      <Box>
        <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
          Downloads with clips of this event
        </Typography>
        <Box sx={{ height: rows.length > 0 ? Math.min(120 + rows.length * 56, 520) : 220, display: 'flex' }}>
          <DownloadsTable
            label="Downloads of this event"
            rows={rows.slice((page.page - 1) * page.pageSize, page.page * page.pageSize)}
            total={downloads.data ? rows.length : undefined}
            loading={downloads.isFetching && !downloads.data}
            page={page.page}
            pageSize={page.pageSize}
            onPageChange={(p, size) => setPage({ page: p, pageSize: size })}
            sort={sort}
            onSortChange={(s) => setSort(s ?? { field: 'created', direction: 'desc' })}
            serviceUrl={serviceUrl}
            mailbox={mailbox.isSuccess}
            empty={<EmptyState title="No downloads of this event yet" hint="Mark clips on the player above and request a download." />}
          />
        </Box>
      </Box>
    </Box>
  );
}
