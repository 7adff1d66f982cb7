/**
 * The columns of a list of publications (the monitor, and an event's Publications tab): state,
 * actions, target and kind, destination, event, reason and the dates. Below a wide screen the
 * start date and the content id stay in the drawer, so the rest fits 1440 px without scrolling
 * sideways; on a phone the state, the action and what the row is (the event on the monitor, the
 * target on an event's tab) stay, the rest is in the drawer. An event's own tab leaves out the event.
 */
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { MonitorRow } from '#schema';
import { DateTimeText } from '#components/date-time-text.tsx';
import { EventThumbnail } from '#components/thumbnail.tsx';
import type { ServerGridColDef } from '#components/server-data-grid.tsx';
import { VisuallyHidden } from '#components/visually-hidden.tsx';
import { PublicationActions } from './publication-actions.tsx';
import { PublicationStateChip, TargetLabel } from './targets.tsx';

/** The screen width from which the start date and the content id fit beside the rest. */
const WIDE = 1760;

const COLUMNS: ServerGridColDef<MonitorRow>[] = [
  {
    field: 'publicationState',
    headerName: 'State',
    // Fits the longest chip ("Publication failed", "Processing 100 %") with its icon; with the
    // other widths and minimums the columns fit 1440 px without scrolling sideways.
    width: 190,
    sortable: false,
    renderCell: ({ row }) => <PublicationStateChip kind={row.kind} state={row.publicationState} stateString={row.publicationStateString} progress={row.progress} />,
  },
  { field: 'actions', headerName: 'Actions', renderHeader: () => <VisuallyHidden>Actions</VisuallyHidden>, width: 48, sortable: false, renderCell: ({ row }) => <PublicationActions row={row} /> },
  {
    field: 'target',
    headerName: 'Target',
    width: 160,
    sortable: false,
    // The kind (live or VOD, direct or by event) under the target, as the dates carry their
    // age: one column fewer, and long target names keep their room.
    renderCell: ({ row }) => (
      <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', minWidth: 0, height: '100%', lineHeight: 1.3 }}>
        <TargetLabel target={row.target} />
        <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }} noWrap>
          {row.kind === 'live' ? 'Live' : row.api === 'direct' ? 'VOD, direct' : 'VOD'}
        </Typography>
      </Box>
    ),
  },
  { field: 'destinationName', headerName: 'Destination', flex: 0.6, minWidth: 140, sortable: false, hideBelow: 'sm' },
  {
    field: 'eventTitle',
    headerName: 'Event',
    flex: 1,
    // Beside the state and the action on a phone (390 px) without scrolling sideways.
    minWidth: 120,
    sortable: false,
    renderCell: ({ row }) =>
      row.eventId ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, height: '100%' }}>
          <EventThumbnail event={{ id: row.eventId }} title={row.eventTitle ?? ''} width={40} />
          <Link component={RouterLink} to={`/events/${row.eventId}?tab=publications`} onClick={(e) => e.stopPropagation()} noWrap title={row.eventTitle ?? undefined}>
            {row.eventTitle ?? row.eventId}
          </Link>
        </Box>
      ) : (
        '—'
      ),
  },
  {
    field: 'reason',
    headerName: 'Reason',
    flex: 1.2,
    minWidth: 150,
    sortable: false,
    hideBelow: 'sm',
    renderCell: ({ row }) => (
      <Typography variant="body2" noWrap title={row.reason ?? undefined} sx={{ color: row.publicationState >= 4 ? 'error.main' : 'text.secondary', lineHeight: 'inherit' }}>
        {row.reason ?? ''}
      </Typography>
    ),
  },
  { field: 'dateCreated', headerName: 'Created', width: 146, sortable: false, hideBelow: 'sm', renderCell: ({ row }) => <DateCell value={row.dateCreated} /> },
  { field: 'dateStarted', headerName: 'Started', width: 146, sortable: false, hideBelow: WIDE, renderCell: ({ row }) => <DateCell value={row.dateStarted} /> },
  { field: 'dateCompleted', headerName: 'Completed', width: 146, sortable: false, hideBelow: 'sm', renderCell: ({ row }) => <DateCell value={row.dateCompleted} /> },
  { field: 'contentId', headerName: 'Content id', width: 140, sortable: false, hideBelow: WIDE },
];

/** A date and its age, centred in the row like the other cells. */
function DateCell({ value }: { value: string | null | undefined }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%', lineHeight: 1.43 }}>
      <DateTimeText value={value} />
    </Box>
  );
}

/**
 * The monitor's phone layout names the event; an event's tab, the target, which there takes
 * the room the event leaves (and fits beside the state and the action on a phone).
 */
const MONITOR_COLUMNS = COLUMNS.map((column): ServerGridColDef<MonitorRow> => (column.field === 'target' ? { ...column, hideBelow: 'sm' } : column));
const EVENT_COLUMNS = COLUMNS.filter((column) => column.field !== 'eventTitle').map(
  (column): ServerGridColDef<MonitorRow> => (column.field === 'target' ? { ...column, width: undefined, flex: 0.8, minWidth: 120 } : column),
);

export function publicationColumns({ showEvent }: { showEvent: boolean }): readonly ServerGridColDef<MonitorRow>[] {
  return showEvent ? MONITOR_COLUMNS : EVENT_COLUMNS;
}
