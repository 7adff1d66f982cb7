/** The event page's Downloads tab: the clip builder on the event's player, and the event's downloads. */
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Event } from '#schema';
import { api } from '#app/api.ts';
import { EmptyState } from '#components/empty-state.tsx';
import { definePagedView, usePagedView } from '#components/use-paged-view.ts';
import { pageOf } from '#components/whole-list.ts';
import { ClipBuilder } from './clip-builder.tsx';
import { DownloadsTable } from './downloads-table.tsx';
import { DOWNLOADS_VIEW, filterDownloads } from './downloads-page.tsx';
import { useDownloadDetails } from './use-downloads.ts';

const EVENT_DOWNLOADS_VIEW = definePagedView({ ...DOWNLOADS_VIEW, filters: undefined });

export function EventDownloadsTab({ event}: { event: Event }) {
  const downloads = useDownloadDetails(event.id);
  const mailbox = useQuery({ ...api.vodDownload.mailbox.queryOptions({}), retry: false, staleTime: 60_000 });
  // The event page's URL holds the tab's view too (`?tab=downloads&page=2`); the tab has no filters.
  const [view, , grid] = usePagedView(EVENT_DOWNLOADS_VIEW);
  const rows = downloads.data ? filterDownloads(downloads.data, { state: null, q: '' }, view.sort) : [];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <ClipBuilder event={event} />
      <Box>
        <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
          Downloads with clips of this event
        </Typography>
        <Box sx={{ height: rows.length > 0 ? Math.min(120 + rows.length * 56, 520) : 220, display: 'flex' }}>
          <DownloadsTable
            label="Downloads of this event"
            rows={pageOf(rows, view)}
            total={downloads.data ? rows.length : undefined}
            loading={downloads.isFetching && !downloads.data}
            grid={grid}
            mailbox={mailbox.isSuccess}
            empty={<EmptyState title="No downloads of this event yet" hint="Mark clips on the player above and request a download." />}
          />
        </Box>
      </Box>
    </Box>
  );
}
