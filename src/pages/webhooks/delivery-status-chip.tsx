import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import { Tooltip } from '#components/tooltip.tsx';
import type { Theme } from '@mui/material/styles';
import CheckIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorIcon from '@mui/icons-material/ErrorOutlined';
import ScheduleIcon from '@mui/icons-material/ScheduleOutlined';
import type { WebhookDelivery } from '#schema';
import { deliveryStatusInfo } from './delivery-format.ts';

/**
 * A delivery's status as a chip: green delivered, red failed, amber queued or retrying, blue with
 * a spinner while sending. The label says it in words, so colour is never the only cue.
 */
export function DeliveryStatusChip({ delivery }: { delivery: Pick<WebhookDelivery, 'status' | 'attemptCount'> }) {
  const info = deliveryStatusInfo(delivery);
  const icon =
    delivery.status === 'delivered' ? (
      <CheckIcon />
    ) : delivery.status === 'failed' ? (
      <ErrorIcon />
    ) : delivery.status === 'sending' ? (
      <CircularProgress size={12} thickness={6} color="inherit" aria-hidden sx={{ ml: '6px !important' }} />
    ) : (
      <ScheduleIcon />
    );
  return (
    <Tooltip title={info.description} describeChild>
      <Chip
        size="small"
        variant="outlined"
        label={info.label}
        icon={icon}
        data-status={delivery.status}
        sx={(theme: Theme) => {
          const colors = theme.palette.state[info.tone];
          return { color: colors.text, borderColor: colors.text, bgcolor: 'transparent', '& .MuiChip-icon': { color: colors.text, fontSize: 16 } };
        }}
      />
    </Tooltip>
  );
}
