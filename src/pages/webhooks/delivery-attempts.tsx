/**
 * One delivery in a drawer beside the log: its id, change, redelivery and attempt count, every
 * attempt (time, answer, latency, outcome, the response excerpt) and the notification sent.
 * Esc or the close button closes it; focus goes back to where it was.
 */
import { Fragment, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import type { WebhookDelivery } from '#schema';
import { CopyButton } from '#components/copy-button.tsx';
import { DateTimeText } from '#components/date-time-text.tsx';
import { formatRelative, parseServiceDate } from '#components/format-time.ts';
import { useNow } from '#components/use-now.ts';
import { formatLatency, httpStatusText, isSuccessCode, shortId } from './delivery-format.ts';
import { DeliveryStatusChip } from './delivery-status-chip.tsx';
import { ResponseExcerpt } from './send-test.tsx';

export function DeliveryDrawer({ delivery, onClose }: { delivery: WebhookDelivery | undefined; onClose: () => void }) {
  const titleId = useId();
  // The drawer keeps showing the delivery while it slides away.
  const [last, setLast] = useState(delivery);
  if (delivery && delivery !== last) setLast(delivery);
  const shown = delivery ?? last;
  return (
    <Drawer
      anchor="right"
      open={delivery !== undefined}
      onClose={onClose}
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 560 }, p: 2 }, role: 'dialog', 'aria-labelledby': titleId } }}
    >
      {shown && (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
            <Typography id={titleId} variant="h2" sx={{ flex: 1, fontSize: 18 }}>
              {shown.notification.action} · delivery {shortId(shown.id)}
            </Typography>
            <DeliveryStatusChip delivery={shown} />
            <IconButton aria-label="Close" onClick={onClose}>
              <CloseIcon />
            </IconButton>
          </Box>
          <DeliveryDetail delivery={shown} />
        </>
      )}
    </Drawer>
  );
}

function DeliveryDetail({ delivery }: { delivery: WebhookDelivery }) {
  const now = useNow();
  const next = parseServiceDate(delivery.nextAttemptAt);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', fontSize: 13 }}>
        <Box>
          <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
            Delivery id{' '}
          </Typography>
          <Box component="code" sx={{ fontSize: 12, overflowWrap: 'anywhere' }}>
            {delivery.id}
          </Box>
          <CopyButton text={delivery.id} what="the delivery id" />
        </Box>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          Created <DateTimeText value={delivery.createdAt} />
        </Typography>
        {delivery.seq !== null && (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            Change #{delivery.seq}
          </Typography>
        )}
        {delivery.redeliveryOf && (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            Redelivery of {shortId(delivery.redeliveryOf)}
          </Typography>
        )}
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {delivery.attemptCount} of {delivery.maxAttempts} attempts
          {next ? ` · next ${formatRelative(next, now)}` : ''}
        </Typography>
      </Box>
      {delivery.attempts.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No attempt yet: the first one starts as soon as the deliveries before it for the same event are done.
        </Typography>
      ) : (
        <AttemptsTable delivery={delivery} />
      )}
      <Box component="details" sx={{ '& summary': { cursor: 'pointer', fontSize: 13, color: 'text.secondary' } }}>
        <summary>Notification sent (JSON)</summary>
        <Box component="pre" sx={{ m: 0, mt: 1, p: 1, fontSize: 12, bgcolor: 'action.hover', borderRadius: 1, overflow: 'auto', maxHeight: 320 }}>
          {JSON.stringify(delivery.notification, null, 2)}
        </Box>
      </Box>
    </Box>
  );
}

/** A delivery's attempts: a few rows in the drawer, not a list to page (at most `maxAttempts`). */
function AttemptsTable({ delivery }: { delivery: WebhookDelivery }) {
  const now = useNow();
  return (
    <Table size="small" aria-label={`Attempts of delivery ${shortId(delivery.id)}`}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: 32 }}>#</TableCell>
          <TableCell>Time</TableCell>
          <TableCell>Answer</TableCell>
          <TableCell>Latency</TableCell>
          <TableCell>Outcome</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {delivery.attempts.map((a) => {
          const retry = parseServiceDate(a.nextRetryAt);
          return (
            <Fragment key={a.id}>
              <TableRow sx={{ '& > td': { borderBottom: a.responseExcerpt ? 0 : undefined, verticalAlign: 'top' } }}>
                <TableCell>{a.attempt}</TableCell>
                <TableCell>
                  <DateTimeText value={a.startedAt} />
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  <Typography variant="body2" sx={{ color: isSuccessCode(a.statusCode) ? 'text.primary' : 'error.main' }}>
                    {a.statusCode !== null ? httpStatusText(a.statusCode) : 'No answer'}
                  </Typography>
                  {a.error && (
                    <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                      {a.error}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{formatLatency(a.latencyMs)}</TableCell>
                <TableCell>
                  <Typography variant="body2">{a.outcome === 'delivered' ? 'Delivered' : a.outcome === 'failed' ? 'Given up' : 'Will retry'}</Typography>
                  {retry && (
                    <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                      retry {formatRelative(retry, now)}
                    </Typography>
                  )}
                </TableCell>
              </TableRow>
              {a.responseExcerpt && (
                <TableRow>
                  <TableCell />
                  <TableCell colSpan={4} sx={{ pt: 0 }}>
                    <ResponseExcerpt text={a.responseExcerpt} label={`Response to attempt ${a.attempt}`} />
                  </TableCell>
                </TableRow>
              )}
            </Fragment>
          );
        })}
      </TableBody>
    </Table>
  );
}
