/**
 * The event's Publications tab: its live and VOD publications on the one table (the monitor's
 * rows for this event, paged by the service, with their actions and the detail drawer), adding
 * live publications, publishing the MP4 to destinations, and publishing directly.
 */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import UploadIcon from '@mui/icons-material/CloudUploadOutlined';
import SendIcon from '@mui/icons-material/SendOutlined';
import type { Event, MonitorRow, PublicationKind } from '#schema';
import { useDescribeError } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { RoleNotice } from '#app/role-notice.tsx';
import { useCan } from '#app/use-role.ts';
import { EmptyState } from '#components/empty-state.tsx';
import { mp4ConditionLabel } from '#components/event-state.ts';
import { ServerDataGrid } from '#components/lazy-parts.tsx';
import { definePagedView, setParam, usePagedView } from '#components/use-paged-view.ts';
import { useUrlParams } from '#components/use-url-params.ts';
import { DirectPublishDialog } from './direct-publish-dialog.tsx';
import { useEventMp4 } from './event-mp4.tsx';
import { publicationColumns } from './publication-columns.tsx';
import { PublicationDrawer } from './publication-drawer.tsx';
import { PublishDialog } from './publish-dialog.tsx';

/** The tab's list: server paging in the URL (no sort: the service's order, newest first). */
const EVENT_PUBLICATIONS_VIEW = definePagedView<never>({ pageSizes: [25, 50, 100] });

export function EventPublicationsTab({ event }: { event: Event }) {
  const describeError = useDescribeError();
  const [params, setParams] = useUrlParams();
  const [paged, , grid] = usePagedView(EVENT_PUBLICATIONS_VIEW);
  const [dialog, setDialog] = useState<PublicationKind | null>(null);
  const mp4 = useEventMp4(event.id);
  const can = useCan();
  const [live, vod, direct] = [can(api.livePublication.create), can(api.vodPublication.create), can(api.directVodPublication.create)];
  const list = useQuery({
    ...api.publicationMonitor.list.queryOptions({ query: { eventId: event.id, failedFirst: false, pageNumber: paged.page, pageSize: paged.pageSize } }),
    placeholderData: keepPreviousData,
  });
  const columns = publicationColumns({ showEvent: false });
  const set = (name: string, value: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      setParam(next, name, value);
      return next;
    });
  return (
    <Box>
      <RoleNotice permission={[live, vod, direct].find((p) => !p.allowed) ?? live}>This key reads the event's publications and changes none.</RoleNotice>
      <Box sx={{ display: 'flex', gap: 1, mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography variant="body2" sx={{ color: 'text.secondary', flex: 1, minWidth: 200 }}>
          MP4: {mp4.condition ? mp4ConditionLabel(mp4.condition) : '…'}. Every publication of every event is also on the <RouterLink to={`/publications?event=${event.id}`}>Publications</RouterLink> page.
        </Typography>
        <Button variant="outlined" startIcon={<AddIcon />} disabled={!live.allowed} onClick={() => setDialog('live')}>
          Add live publications
        </Button>
        <Button variant="outlined" startIcon={<SendIcon />} disabled={!direct.allowed} onClick={() => set('publish', 'direct')}>
          Publish directly
        </Button>
        <Button variant="contained" startIcon={<UploadIcon />} disabled={!vod.allowed} onClick={() => setDialog('vod')}>
          Publish VOD
        </Button>
      </Box>
      {list.error && !list.data ? (
        <Alert severity="error">{describeError(list.error).message}</Alert>
      ) : (
        <Paper variant="outlined">
          {list.error && <Alert severity="warning">Could not refresh: {describeError(list.error).message}. Showing the last rows received.</Alert>}
          <ServerDataGrid<MonitorRow, never>
            label="Publications of the event"
            rows={list.data?.results ?? []}
            columns={columns}
            rowCount={list.data?.totalCount}
            loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
            {...grid}
            onRowClick={(row) => set('pub', row.id)}
            empty={<EmptyState title="No publications for this event" hint="Stream it live to a video site or social network, or publish its MP4 on demand, to one or several destinations at once." />}
          />
        </Paper>
      )}
      {dialog && <PublishDialog event={event} kind={dialog} onClose={() => setDialog(null)} />}
      {params.get('publish') === 'direct' && direct.allowed && (
        <DirectPublishDialog eventId={event.id} contentId={event.contentId} title={event.title} onClose={() => set('publish', null)} />
      )}
      <PublicationDrawer id={params.get('pub')} onClose={() => set('pub', null)} />
    </Box>
  );
}
