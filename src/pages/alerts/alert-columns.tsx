/**
 * The alert centre's columns: what happened (severity, title, reason, kind), what it is about,
 * when, and what to do (its fix, the way to the thing, Acknowledge). On a phone the when and the
 * about fold into the first column's lines, so the list does not scroll sideways.
 */
import { Link as RouterLink } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import ErrorIcon from '@mui/icons-material/ErrorOutlined';
import WarningIcon from '@mui/icons-material/WarningAmberRounded';
import type { Alert } from '#schema';
import { notify } from '#app/notifications.tsx';
import { useDescribeError } from '#app/use-describe-error.ts';
import { DateTimeText } from '#components/date-time-text.tsx';
import { formatDateTime } from '#components/format-time.ts';
import type { ServerGridColDef } from '#components/server-data-grid.tsx';
import { VisuallyHidden } from '#components/visually-hidden.tsx';
import { FIX_INVALIDATES, fixOf } from './alert-fixes.ts';
import { KIND_LABELS, linkLabel, linkOf } from './alert-words.ts';

/** The alert's fix as a button: runs it, says what happened; the alerts refresh after it. */
function FixButton({ alert }: { alert: Alert }) {
  const describe = useDescribeError();
  const fix = fixOf(alert);
  const run = useMutation({
    mutationFn: () => fix!.run(),
    meta: { invalidates: FIX_INVALIDATES },
    onSuccess: (said) => notify(`${KIND_LABELS[alert.kind]}: ${said}`, { severity: 'success' }),
    onError: (error) => notify(`Could not ${fix!.label.toLowerCase()}: ${describe(error).message}`, { severity: 'error' }),
  });
  if (!fix) return null;
  return (
    <Button size="small" variant="contained" sx={{ whiteSpace: 'nowrap' }} onClick={() => run.mutate()} disabled={run.isPending} startIcon={run.isPending ? <CircularProgress size={14} color="inherit" /> : undefined}>
      {fix.label}
      <VisuallyHidden>: {alert.title}</VisuallyHidden>
    </Button>
  );
}

function What({ alert }: { alert: Alert }) {
  const Icon = alert.severity === 'error' ? ErrorIcon : WarningIcon;
  return (
    <Box sx={{ display: 'flex', gap: 1, py: 1, minWidth: 0, alignItems: 'flex-start' }} data-alert-id={alert.id}>
      <Icon fontSize="small" sx={{ color: `${alert.severity}.main`, mt: 0.25, flex: '0 0 auto' }} aria-label={alert.severity === 'error' ? 'Error' : 'Warning'} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
          {alert.title}
        </Typography>
        {alert.detail && (
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
            {alert.detail}
          </Typography>
        )}
        <Box sx={{ display: 'flex', gap: 0.75, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
          <Chip size="small" variant="outlined" label={KIND_LABELS[alert.kind]} />
          {alert.acknowledgedAt && <Chip size="small" label="Acknowledged" />}
          {/* On a phone the other columns are hidden: when, and the event, say it here. */}
          <Typography component="span" variant="caption" sx={{ color: 'text.secondary', display: { sm: 'none' } }}>
            {formatDateTime(new Date(alert.at))}
            {alert.eventTitle ? ` · ${alert.eventTitle}` : ''}
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}

export function alertColumns({ onAcknowledge, acknowledging }: { onAcknowledge: (alert: Alert) => void; acknowledging: boolean }): ServerGridColDef<Alert>[] {
  return [
    { field: 'title', headerName: 'What happened', flex: 1, minWidth: 180, sortable: false, renderCell: ({ row }) => <What alert={row} /> },
    {
      field: 'eventTitle',
      headerName: 'Event',
      width: 200,
      sortable: false,
      hideBelow: 'md',
      renderCell: ({ row }) =>
        row.eventId ? (
          <Link component={RouterLink} to={`/events/${row.eventId}`} sx={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
            {row.eventTitle ?? 'The event'}
          </Link>
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            —
          </Typography>
        ),
    },
    { field: 'at', headerName: 'When', width: 160, sortable: false, hideBelow: 'sm', renderCell: ({ row }) => <DateTimeText value={row.at} /> },
    {
      field: 'actions',
      headerName: 'Actions',
      renderHeader: () => <VisuallyHidden>Actions</VisuallyHidden>,
      width: 176,
      sortable: false,
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5, py: 1 }} onClick={(e) => e.stopPropagation()}>
          <FixButton alert={row} />
          <Link component={RouterLink} to={linkOf(row)} variant="body2" sx={{ whiteSpace: 'normal' }}>
            {linkLabel(row)}
          </Link>
          {!row.acknowledgedAt && (
            <Button size="small" onClick={() => onAcknowledge(row)} disabled={acknowledging} sx={{ px: 0, minWidth: 0 }}>
              Acknowledge
              <VisuallyHidden>: {row.title}</VisuallyHidden>
            </Button>
          )}
        </Box>
      ),
    },
  ];
}
