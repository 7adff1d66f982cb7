/** The events grid's empty state. */
import Button from '@mui/material/Button';
import EventBusyIcon from '@mui/icons-material/EventBusyOutlined';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOffOutlined';
import { EmptyState } from '#components/empty-state.tsx';
import { countEvents } from './bulk.ts';

export interface EventsEmptyProps {
  /** The list's total (0: none at all, or none matching). */
  totalCount: number;
  page: number;
  lastPage: number | undefined;
  filtered: boolean;
  /** The date filter is "All dates". */
  allDates: boolean;
  onFirstPage: () => void;
  onClearFilters: () => void;
}

/** What the grid shows without rows: past the last page, nothing matching the filters, or no events at all; each with its way out. */
export function EventsEmpty({ totalCount, page, lastPage, filtered, allDates, onFirstPage, onClearFilters }: EventsEmptyProps) {
  return totalCount > 0 ? (
    <EmptyState
      title={`Page ${page} is past the end of the list`}
      hint={`There ${totalCount === 1 ? 'is' : 'are'} ${countEvents(totalCount)}, on ${lastPage} ${lastPage === 1 ? 'page' : 'pages'}.`}
      action={
        <Button variant="outlined" onClick={onFirstPage}>
          Go to the first page
        </Button>
      }
    />
  ) : filtered ? (
    <EmptyState
      icon={<FilterAltOffIcon />}
      title="No events match these filters"
      hint={
        !allDates
          ? 'Only events that start in the chosen dates are shown. Try all dates, or fewer filters.'
          : 'Try fewer filters, or other values.'
      }
      action={
        <Button variant="outlined" onClick={onClearFilters}>
          Clear all filters
        </Button>
      }
    />
  ) : (
    <EmptyState
      icon={<EventBusyIcon />}
      title="No events yet"
      hint="Events created for this account — through the service’s API or by an integration — appear here as soon as they exist."
    />
  );
}
