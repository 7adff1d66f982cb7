/**
 * One webhook: where it sends, whom for and how, with its actions (send a test, edit, delete) and
 * its delivery log. Used by /webhooks/:id and by the event page's Webhooks tab (`?webhook=`).
 * The edit dialog is in the URL (`edit=1`).
 */
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { Tooltip } from '#components/tooltip.tsx';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import SendIcon from '@mui/icons-material/SendOutlined';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { useDescribeError } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { RoleNotice } from '#app/role-notice.tsx';
import { useCan } from '#app/use-role.ts';
import { useHotkeys } from '#app/hotkeys.tsx';
import { notify } from '#app/notifications.tsx';
import { BackLink } from '#components/back-link.tsx';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { CopyButton } from '#components/copy-button.tsx';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { DeliveryLog } from './delivery-log.tsx';
import { useEventTitle } from '#components/event-picker.tsx';
import { SendTestResult } from './send-test.tsx';
import { useQueryFlag, useWebhook, type AnyWebhook } from './use-webhooks.ts';
import { WebhookFormDialog } from './webhook-form-dialog.tsx';
import { headersOf } from './webhook-form-values.ts';

export interface WebhookDetailProps {
  webhookId: string;
  /** Where "back" goes: the list this webhook was opened from. */
  backTo: string;
  backLabel: string;
  /** h1 on its own page, h2 inside the event page. */
  headingLevel: 'h1' | 'h2';
  /** After a delete, where to go (the list). */
  onDeleted: () => void;
}

export function WebhookDetail({ webhookId, backTo, backLabel, headingLevel, onDeleted }: WebhookDetailProps) {
  const describeError = useDescribeError();
  const query = useWebhook(webhookId);
  const webhook = query.data;
  if (query.error && webhook === undefined) {
    return (
      <>
        <BackLink to={backTo} label={backLabel} />
        <ErrorState
          title="Could not load the webhook"
          message={describeError(query.error).message}
          actions={
            <Button variant="contained" onClick={() => void query.refetch()}>
              Retry
            </Button>
          }
        />
      </>
    );
  }
  if (webhook === undefined) {
    return (
      <Box aria-busy="true" aria-label="Loading the webhook">
        <Skeleton variant="text" width={120} />
        <Skeleton variant="text" width="70%" height={40} />
        <Skeleton variant="rounded" height={96} sx={{ my: 2 }} />
        <Skeleton variant="rounded" height={240} />
      </Box>
    );
  }
  if (webhook === null) {
    return (
      <>
        <BackLink to={backTo} label={backLabel} />
        <EmptyState
          icon={<LinkOffIcon />}
          title="This webhook does not exist"
          titleAs={headingLevel}
          hint={
            <>
              There is no webhook <code>{webhookId}</code> for this account. It may have been deleted, with its delivery log.
            </>
          }
          action={
            <Button variant="contained" component={RouterLink} to={backTo}>
              {backLabel}
            </Button>
          }
        />
      </>
    );
  }
  return <LoadedWebhook webhook={webhook} backTo={backTo} backLabel={backLabel} headingLevel={headingLevel} onDeleted={onDeleted} />;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Box sx={{ fontSize: 14, mt: 0.25 }}>{children}</Box>
    </Box>
  );
}

function LoadedWebhook({ webhook, backTo, backLabel, headingLevel, onDeleted }: Omit<WebhookDetailProps, 'webhookId'> & { webhook: AnyWebhook }) {
  const [editing, setEditing] = useQueryFlag('edit');
  const [confirmDelete, setConfirmDelete] = useState(false);
  // Its declared `invalidates` (the webhook area) shows the test in the delivery log once answered.
  const test = useMutation(api.webhook.test.mutationOptions());
  const eventTitle = useEventTitle(webhook.eventId);
  const remove = useMutation(webhook.eventId ? api.webhook.deleteForEvent.mutationOptions() : api.webhook.delete.mutationOptions());
  const headers = headersOf(webhook.additionalPropertiesJson);
  const configure = useCan()(api.webhook.update);

  const sendTest = () => {
    if (!test.isPending) test.mutate({ params: { id: webhook.id } });
  };

  useHotkeys(
    configure.allowed
      ? [
          { keys: 't', description: 'Send a test notification', group: 'Webhook', run: sendTest },
          { keys: 'e', description: 'Edit the webhook', group: 'Webhook', run: () => setEditing(true) },
        ]
      : [],
  );

  const scope = webhook.eventId ? (
    <Link component={RouterLink} to={`/events/${webhook.eventId}?tab=webhooks`}>
      {eventTitle ?? `Event ${webhook.eventId.slice(0, 8)}`}
    </Link>
  ) : (
    'All events (system-wide)'
  );

  return (
    <>
      <BackLink to={backTo} label={backLabel} />
      <Box component="header" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2, mb: 2 }}>
        <Box sx={{ flex: '1 1 420px', minWidth: 0 }}>
          <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
            {webhook.eventId ? 'Event webhook' : 'System-wide webhook'}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
            <Typography variant={headingLevel === 'h1' ? 'h1' : 'h2'} component={headingLevel} sx={{ fontFamily: 'monospace', fontSize: { xs: 16, sm: 19 }, fontWeight: 600, overflowWrap: 'anywhere', lineHeight: 1.4 }}>
              {webhook.webhookUrl}
            </Typography>
            <CopyButton text={webhook.webhookUrl} what="the webhook URL" sx={{ mt: 0.25 }} />
          </Box>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Tooltip title="Send one notification now (t)" describeChild>
            <span>
              <Button
                variant="contained"
                startIcon={test.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : <SendIcon />}
                onClick={sendTest}
                disabled={test.isPending || !configure.allowed}
              >
                {test.isPending ? 'Sending…' : 'Send test'}
              </Button>
            </span>
          </Tooltip>
          <Tooltip title="Edit (e)" describeChild>
            <span>
              <Button startIcon={<EditIcon />} disabled={!configure.allowed} onClick={() => setEditing(true)}>
                Edit
              </Button>
            </span>
          </Tooltip>
          <Button color="error" startIcon={<DeleteIcon />} disabled={!configure.allowed} onClick={() => setConfirmDelete(true)}>
            Delete
          </Button>
        </Box>
      </Box>

      <RoleNotice permission={configure}>Webhooks are configuration: editing, testing and deleting them is for admin keys.</RoleNotice>
      {(test.data || test.error) && <SendTestResult result={test.data} error={test.error} onClose={() => test.reset()} />}

      <Paper variant="outlined" sx={{ p: 2, mb: 3, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' } }}>
        <Fact label="Sent for">{scope}</Fact>
        <Fact label="Format">{webhook.useJsonBody ? 'JSON body' : 'Form parameters'}</Fact>
        <Fact label="Authentication">
          {webhook.useHttpBasicAuthentication ? (
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, overflowWrap: 'anywhere' }}>
              <LockIcon sx={{ fontSize: 16 }} aria-hidden /> Basic, as {webhook.username}
            </Box>
          ) : (
            'None'
          )}
        </Fact>
        <Fact label="Extra headers">
          {headers.length === 0 ? (
            'None'
          ) : (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
              {headers.map((h) => (
                <Tooltip key={h.name} title="The value is shown in Edit" describeChild>
                  <Chip size="small" variant="outlined" label={h.name} sx={{ fontFamily: 'monospace', maxWidth: '100%' }} />
                </Tooltip>
              ))}
            </Box>
          )}
        </Fact>
      </Paper>

      <DeliveryLog webhookId={webhook.id} showEvent={webhook.eventId === null} />

      <WebhookFormDialog open={editing && configure.allowed} webhook={webhook} onClose={() => setEditing(false)} onSaved={() => setEditing(false)} />
      <ConfirmDialog
        open={confirmDelete}
        title="Delete this webhook?"
        confirmLabel="Delete webhook"
        destructive
        mutation={remove}
        onClose={() => {
          setConfirmDelete(false);
        }}
        onConfirm={() =>
          remove.mutate(
            { params: { id: webhook.id } },
            {
              onSuccess: () => {
                setConfirmDelete(false);
                notify(`Deleted the webhook for ${webhook.webhookUrl}`, { severity: 'success' });
                onDeleted();
              },
            },
          )
        }
      >
        <p>
          <Box component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {webhook.webhookUrl}
          </Box>{' '}
          will no longer be notified {webhook.eventId ? `of changes to ${eventTitle ? `‘${eventTitle}’` : 'its event'}` : 'of any event'}.
        </p>
        <p>Its delivery log is deleted with it, and deliveries not sent yet are dropped. This cannot be undone.</p>
      </ConfirmDialog>
    </>
  );
}
