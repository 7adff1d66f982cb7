import Box from '@mui/material/Box';
import { Tooltip } from './tooltip.tsx';
import Typography from '@mui/material/Typography';
import { formatDateTime, formatDateTimeLong, formatRelative, parseServiceDate } from './format-time.ts';
import { useNow } from './use-now.ts';

export interface DateTimeTextProps {
  /** An ISO 8601 date-time as the service sends it; null shows `empty`. */
  value: string | null | undefined;
  /** Shown when there is no date. */
  empty?: string;
}

/**
 * A date-time in the user's locale over a relative hint ("in 2 hr"), with the full date and
 * time zone in a tooltip.
 *
 * @example
 * <DateTimeText value={event.scheduledStart} empty="Not scheduled" />
 */
export function DateTimeText({ value, empty = '—' }: DateTimeTextProps) {
  const now = useNow();
  const date = parseServiceDate(value);
  if (!date) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {empty}
      </Typography>
    );
  }
  return (
    <Tooltip title={formatDateTimeLong(date)} describeChild>
      <Box component="time" dateTime={date.toISOString()} sx={{ display: 'flex', flexDirection: 'column', minWidth: 0, lineHeight: 1.25 }}>
        <Typography component="span" variant="body2" noWrap>
          {formatDateTime(date, now)}
        </Typography>
        <Typography component="span" variant="caption" noWrap sx={{ color: 'text.secondary' }}>
          {formatRelative(date, now)}
        </Typography>
      </Box>
    </Tooltip>
  );
}
