/** Two cells of the downloads table: the state (progress with the time left, or why it failed) and the mail to the recipient. */
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { Tooltip } from '#components/tooltip.tsx';
import Typography from '@mui/material/Typography';
import MailIcon from '@mui/icons-material/MailOutlined';
import type { VodDownloadDetails } from '#schema';
import { WorkProgressBar } from '#components/work-progress.tsx';
import { MAIL_LABELS, STATE_COLORS, STATE_LABELS } from './download-format.ts';

export function StateCell({ row }: { row: VodDownloadDetails }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, width: '100%', minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Chip size="small" label={STATE_LABELS[row.state]} color={STATE_COLORS[row.state]} variant={row.state === 'expired' ? 'outlined' : 'filled'} />
      </Box>
      {row.state === 'processing' && <WorkProgressBar progress={row.progress} label={`Processing ${row.mp4Filename}`} />}
      {row.state === 'failed' && row.failureReason && (
        <Tooltip title={row.failureReason} describeChild>
          <Typography variant="caption" noWrap sx={{ color: 'error.main' }}>
            {row.failureReason}
          </Typography>
        </Tooltip>
      )}
    </Box>
  );
}

export function MailCell({ row, mailbox }: { row: VodDownloadDetails; mailbox: boolean }) {
  const { mail } = row;
  const color = mail.status === 'failed' || mail.status === 'retrying' ? 'error.main' : 'text.secondary';
  const label = MAIL_LABELS[mail.status];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minWidth: 0, lineHeight: 1.25 }}>
      <Typography variant="body2" noWrap title={row.emailAddress}>
        {row.emailAddress}
      </Typography>
      <Tooltip title={mail.error ?? ''} describeChild disableHoverListener={!mail.error}>
        <Typography variant="caption" noWrap sx={{ color }}>
          {mail.status === 'sent' && mailbox ? (
            <Link component={RouterLink} to="/mailbox" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
              <MailIcon sx={{ fontSize: 14 }} aria-hidden /> {label}
            </Link>
          ) : (
            <>
              {label}
              {mail.status === 'retrying' && mail.attempts > 0 ? ` (try ${mail.attempts + 1})` : ''}
            </>
          )}
        </Typography>
      </Tooltip>
    </Box>
  );
}
