/**
 * The top bar's bell: how many alerts are open, a link to the alert centre, and the same count
 * first in the tab's title. Nothing shows against a service that does not offer alerts.
 */
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { Tooltip } from '#components/tooltip.tsx';
import AlertsIcon from '@mui/icons-material/NotificationsOutlined';
import ActiveIcon from '@mui/icons-material/NotificationsActive';
import { setTitleAlertCount } from '#app/document-title.ts';
import { useAlerts } from './use-alerts.ts';

export function AlertsBell() {
  const alerts = useAlerts();
  const open = alerts.data?.open ?? 0;
  useEffect(() => setTitleAlertCount(open), [open]);
  if (!alerts.data) return null;
  const label = open === 0 ? 'Alerts: none open' : `Alerts: ${open} open`;
  return (
    <Tooltip title={label}>
      <IconButton component={RouterLink} to="/alerts" color="inherit" aria-label={label} data-alert-count={open}>
        <Badge badgeContent={open} color="error" max={99}>
          {open > 0 ? <ActiveIcon /> : <AlertsIcon />}
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
