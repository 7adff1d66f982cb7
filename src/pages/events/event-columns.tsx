import type { GridColDef, GridColumnVisibilityModel } from '@mui/x-data-grid';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Event } from '#schema';
import { ColourSwatch } from '#components/colour-swatch.tsx';
import { DateTimeText } from '#components/date-time-text.tsx';
import { StateChip } from '#components/state-chip.tsx';
import { TruncatedText } from '#components/truncated-text.tsx';
import { EventThumbnail } from '#components/thumbnail.tsx';
import { eventStateInfo } from '#components/event-state.ts';
import type { EventSortField } from './events-view.ts';

export type EventColumn = GridColDef<Event> & { field: EventSortField };

/** Cells lay out with flex so one-line and two-line cells centre alike. */
const cell = { display: 'flex' } as const;

/** The start and end operators plan by: the displayed times, else the scheduled ones (what DisplayLiveStart sorts). */
export const eventStart = (event: Event) => event.displayStart ?? event.scheduledStart;
export const eventEnd = (event: Event) => event.displayEnd ?? event.scheduledEnd;

function PlainText({ value }: { value: string | null | undefined }) {
  return value ? (
    <Typography variant="body2" noWrap>
      {value}
    </Typography>
  ) : (
    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
      —
    </Typography>
  );
}

/** Every column sorts on the service (the field names are the URL's sort names). */
export const eventColumns: readonly EventColumn[] = [
  {
    field: 'state',
    ...cell,
    headerName: 'State',
    width: 210,
    valueGetter: (_value, row) => eventStateInfo(row.state).label,
    renderCell: ({ row }) => <StateChip state={row.state} />,
  },
  {
    field: 'title',
    ...cell,
    headerName: 'Title',
    flex: 1,
    minWidth: 220,
    valueGetter: (_value, row) => row.title,
    // The picture beside the title: a fixed box, so rows keep their height while pictures load.
    renderCell: ({ row, hasFocus }) => (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0, width: '100%' }}>
        <EventThumbnail event={row} title={row.title} width={48} />
        <TruncatedText text={row.title || '(untitled)'} focused={hasFocus} fontWeight={500} />
      </Box>
    ),
  },
  {
    field: 'start',
    ...cell,
    headerName: 'Start',
    width: 180,
    valueGetter: (_value, row) => eventStart(row),
    renderCell: ({ row }) => <DateTimeText value={eventStart(row)} empty="Not scheduled" />,
  },
  {
    field: 'end',
    ...cell,
    headerName: 'End',
    width: 180,
    valueGetter: (_value, row) => eventEnd(row),
    renderCell: ({ row }) => <DateTimeText value={eventEnd(row)} empty="Open-ended" />,
  },
  {
    field: 'type',
    ...cell,
    headerName: 'Type',
    width: 150,
    valueGetter: (_value, row) => row.eventType,
    renderCell: ({ row }) => <ColourSwatch colour={row.eventTypeColour} label={row.eventType} />,
  },
  {
    field: 'room',
    ...cell,
    headerName: 'Room',
    width: 130,
    valueGetter: (_value, row) => row.room,
    renderCell: ({ row }) => <PlainText value={row.room} />,
  },
  {
    field: 'channel',
    ...cell,
    headerName: 'Channel',
    width: 140,
    valueGetter: (_value, row) => row.channel,
    renderCell: ({ row }) => <PlainText value={row.channel} />,
  },
  {
    field: 'refId',
    ...cell,
    headerName: 'Ref ID',
    width: 120,
    valueGetter: (_value, row) => row.refId,
    renderCell: ({ row }) => <PlainText value={row.refId} />,
  },
];

export type ScreenWidth = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

/** On a phone the state moves under the title, so the two fit the screen side by side with the start. */
const compactTitleColumn: EventColumn = {
  ...(eventColumns.find((column) => column.field === 'title') as EventColumn),
  minWidth: 170,
  renderCell: ({ row, hasFocus }) => (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0, width: '100%' }}>
      <TruncatedText text={row.title || '(untitled)'} focused={hasFocus} fontWeight={500} />
      <Box>
        <StateChip state={row.state} />
      </Box>
    </Box>
  ),
};

export function columnsFor(width: ScreenWidth): readonly EventColumn[] {
  if (width !== 'xs') return eventColumns;
  return eventColumns.map((column) =>
    column.field === 'title' ? compactTitleColumn : column.field === 'start' ? { ...column, width: 124 } : column,
  );
}

/**
 * Columns shown by default for a screen width: state, title and start always; the rest as room
 * allows, so the title keeps a readable width. Users can show any column from a column menu.
 */
export function responsiveVisibility(width: ScreenWidth): GridColumnVisibilityModel {
  switch (width) {
    case 'xs':
      return { state: false, end: false, type: false, room: false, channel: false, refId: false };
    case 'sm':
    case 'md':
      return { end: false, type: false, room: false, channel: false, refId: false };
    case 'lg':
      return { room: false, channel: false, refId: false };
    default:
      return {};
  }
}
