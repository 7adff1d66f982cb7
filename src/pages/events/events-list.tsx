/**
 * The events list itself: the grid (its rows drawn by the preview until the grid's code is in,
 * lazy-parts.tsx) in its frame, Enter on a cell opening the event. Memoised: the page re-renders
 * as its requests start and finish (the "refreshing…" of its subtitle), and the list, the
 * heaviest part of it, only when what it shows changes.
 */
import { memo, useMemo } from 'react';
import type { GridColumnVisibilityModel } from '@mui/x-data-grid';
import Paper from '@mui/material/Paper';
import type { Event } from '#schema';
import { ServerDataGrid } from '#components/lazy-parts.tsx';
import type { GridPaging } from '#components/server-data-grid.tsx';
import type { EventColumn } from './event-columns.tsx';
import { EventsEmpty, type EventsEmptyProps } from './events-empty.tsx';
import type { EventSortField } from './events-view.ts';

export interface EventsListProps {
  rows: readonly Event[];
  /** Undefined until the first page arrived. */
  rowCount: number | undefined;
  loading: boolean;
  columns: readonly EventColumn[];
  paging: GridPaging<EventSortField>;
  columnVisibilityModel: GridColumnVisibilityModel;
  onColumnVisibilityChange: (model: GridColumnVisibilityModel) => void;
  selection: readonly string[];
  onSelectionChange: (ids: string[]) => void;
  rowHeight: number;
  /** What the empty list says, and its ways out. */
  empty: EventsEmptyProps;
  onOpen: (id: string) => void;
  /** Pointer and focus handlers: while the operator works with the list, rows keep their places. */
  interaction: Pick<React.HTMLAttributes<HTMLElement>, 'onPointerEnter' | 'onPointerLeave' | 'onFocus' | 'onBlur'>;
}

const eventId = (event: Event) => event.id;

export const EventsList = memo(function EventsList(props: EventsListProps) {
  const { onOpen } = props;
  const { totalCount, page, lastPage, filtered, allDates, onFirstPage, onClearFilters } = props.empty;
  const empty = useMemo(
    () => <EventsEmpty totalCount={totalCount} page={page} lastPage={lastPage} filtered={filtered} allDates={allDates} onFirstPage={onFirstPage} onClearFilters={onClearFilters} />,
    [totalCount, page, lastPage, filtered, allDates, onFirstPage, onClearFilters],
  );
  return (
    <Paper
      variant="outlined"
      {...props.interaction}
      onKeyDown={(event) => {
        // Enter on a cell opens its event, as a click on the row does (not on the checkbox or a control in a cell).
        const target = event.target as HTMLElement;
        const cell = target.closest('[role="gridcell"]');
        if (event.key !== 'Enter' || !cell || target !== cell || cell.getAttribute('data-field') === '__check__') return;
        const id = cell.closest('[role="row"]')?.getAttribute('data-id');
        if (id) onOpen(id);
      }}
      // Fills what the page leaves (the grid scrolls inside it, the page does not: one scrollbar).
      sx={{ flex: 1, minHeight: 240, display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
    >
      <ServerDataGrid<Event, EventSortField>
        label="Events"
        rows={props.rows}
        columns={props.columns}
        getRowId={eventId}
        rowCount={props.rowCount}
        // Only while a new view loads: live refreshes in the background must not flash the bar.
        loading={props.loading}
        {...props.paging}
        empty={empty}
        columnVisibilityModel={props.columnVisibilityModel}
        onColumnVisibilityModelChange={props.onColumnVisibilityChange}
        selection={props.selection}
        onSelectionChange={props.onSelectionChange}
        onRowClick={(row) => onOpen(row.id)}
        rowHeight={props.rowHeight}
      />
    </Paper>
  );
});
