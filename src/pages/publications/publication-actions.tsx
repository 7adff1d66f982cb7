/**
 * What can be done to a publication in its state, and doing it: start, stop, publish, unpublish,
 * recreate, retry (a failed publication tries again as itself, publicationMonitor.retry: one row
 * with its history, and the Failed count clears when it succeeds), delete. Actions that
 * change what a live audience sees (stop, publish, unpublish, recreate a running one, delete a
 * running one) confirm first and say what will happen.
 */
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Tooltip } from '#components/tooltip.tsx';
import Typography from '@mui/material/Typography';
import MoreIcon from '@mui/icons-material/MoreVert';
import PlayIcon from '@mui/icons-material/PlayArrow';
import StopIcon from '@mui/icons-material/Stop';
import PublicIcon from '@mui/icons-material/Public';
import PrivateIcon from '@mui/icons-material/PublicOff';
import RetryIcon from '@mui/icons-material/Replay';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import type { Endpoint, MonitorRow } from '#schema';
import { useDescribeError } from '#app/use-describe-error.ts';
import { invalidatesOf } from '#client';
import { api, getApiClient } from '#app/api.ts';
import { useCan } from '#app/use-role.ts';

import { notify } from '#app/notifications.tsx';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { endpoints } from '#schema';
import { publicationStateLabel, stateGroup, targetName } from './targets.tsx';

export type ActionId = 'start' | 'cancelStart' | 'stop' | 'publish' | 'unpublish' | 'recreate' | 'retry' | 'delete';

interface ActionInfo {
  id: ActionId;
  label: string;
  icon: typeof PlayIcon;
  /** The confirmation, when the action affects a live audience or cannot be undone. */
  confirm?: { title: string; body: string; button: string; destructive: boolean };
}

export function actionsFor(row: MonitorRow): ActionInfo[] {
  const where = `${row.destinationName ?? 'the destination'} (${targetName(row.target)})`;
  const group = stateGroup(row.kind, row.publicationState);
  const del = (running: boolean): ActionInfo => ({
    id: 'delete',
    label: 'Delete',
    icon: DeleteIcon,
    confirm: {
      title: 'Delete the publication?',
      body: running
        ? `The broadcast on ${where} ends for its viewers, and the publication is deleted from Control Room.`
        : `The publication is deleted from Control Room. What it put on ${where} stays there unless you also remove it.`,
      button: 'Delete',
      destructive: true,
    },
  });
  if (row.kind === 'live') {
    const out: ActionInfo[] = [];
    if (group === 'Scheduled') out.push(row.startRequested ? { id: 'cancelStart', label: 'Do not start', icon: StopIcon } : { id: 'start', label: 'Start', icon: PlayIcon });
    if (group === 'InProgress') {
      out.push({ id: 'stop', label: 'Stop', icon: StopIcon, confirm: { title: 'Stop the live publication?', body: `The broadcast on ${where} ends for everyone watching it there. A stopped broadcast cannot go live again; recreate the publication to broadcast again.`, button: 'Stop', destructive: true } });
      out.push(
        row.visibility === 'public'
          ? { id: 'unpublish', label: 'Unpublish', icon: PrivateIcon, confirm: { title: 'Unpublish the broadcast?', body: `The broadcast on ${where} becomes private: its public viewers lose it. It keeps streaming.`, button: 'Unpublish', destructive: true } }
          : { id: 'publish', label: 'Publish', icon: PublicIcon, confirm: { title: 'Publish the broadcast?', body: `The broadcast on ${where} becomes public: anyone on ${targetName(row.target)} can watch it.`, button: 'Publish', destructive: false } },
      );
    }
    if (group === 'Failed') out.push({ id: 'retry', label: 'Retry', icon: RetryIcon });
    if (group === 'Completed' || group === 'InProgress') {
      out.push({
        id: 'recreate',
        label: 'Recreate',
        icon: RetryIcon,
        ...(group === 'InProgress' ? { confirm: { title: 'Recreate the running publication?', body: `The current broadcast on ${where} ends and a new one is created and started.`, button: 'Recreate', destructive: true } } : {}),
      });
    }
    out.push(del(group === 'InProgress'));
    return out;
  }
  const out: ActionInfo[] = [];
  if (group === 'Failed') out.push({ id: 'retry', label: 'Retry', icon: RetryIcon });
  // Direct VOD publications change their visibility on the target (where the target supports it).
  if (row.api === 'direct' && (group === 'Completed' || group === 'Scheduled')) {
    if (row.visibility !== 'public') out.push({ id: 'publish', label: 'Publish', icon: PublicIcon, confirm: { title: 'Publish the video?', body: `The video on ${where} becomes public: anyone on ${targetName(row.target)} can watch it.`, button: 'Publish', destructive: false } });
    if (row.visibility !== 'private') out.push({ id: 'unpublish', label: 'Unpublish', icon: PrivateIcon, confirm: { title: 'Unpublish the video?', body: `The video on ${where} becomes private: its viewers there lose it.`, button: 'Unpublish', destructive: true } });
  }
  if (row.api === 'direct') {
    out.push({
      ...del(false),
      confirm: {
        title: 'Delete the publication?',
        body: row.target === 0 ? `The publication is deleted from Control Room. The post on ${where} stays there.` : `The publication is deleted from Control Room and its video is removed from ${where}.`,
        button: 'Delete',
        destructive: true,
      },
    });
    return out;
  }
  out.push(del(false));
  return out;
}

/** Runs one action; resolves to a message for the operator. */
export async function runAction(row: MonitorRow, action: ActionId, options: { hardDelete?: boolean } = {}): Promise<string> {
  const client = getApiClient();
  const ids = { eventId: row.eventId ?? '', publicationId: row.id, destinationId: row.destinationId };
  switch (action) {
    case 'start': {
      const p = await client.call(endpoints.livePublication.start, { body: ids });
      return p.publicationStateString === 'InProgress' ? 'Started' : p.publicationState >= 4 ? `Did not start: ${publicationStateLabel(p.publicationStateString).toLowerCase()}` : 'Starts when the event is live';
    }
    case 'cancelStart':
    case 'stop':
      await client.call(endpoints.livePublication.stop, { body: ids });
      return action === 'stop' ? 'Stopped' : 'Will not start';
    case 'publish':
    case 'unpublish': {
      if (row.api === 'direct') {
        const r = await client.call(action === 'publish' ? endpoints.directVodPublication.publish : endpoints.directVodPublication.unpublish, { body: { publicationId: row.id, destinationId: row.destinationId } });
        if (!r.isSuccessful) throw new Error(r.description ?? 'The target refused');
        return r.description ?? 'Done';
      }
      const r = await client.call(action === 'publish' ? endpoints.livePublication.publish : endpoints.livePublication.unpublish, { body: ids });
      if (!r.isSuccessful) throw new Error(r.description ?? 'The target refused');
      return r.description ?? 'Done';
    }
    case 'recreate': {
      const p = await client.call(endpoints.livePublication.recreate, { body: { ...ids, removeOriginal: true } });
      return `Recreated: ${publicationStateLabel(p.publicationStateString).toLowerCase()}`;
    }
    case 'retry': {
      const p = await client.call(endpoints.publicationMonitor.retry, { params: { id: row.id } });
      return `Retrying: ${publicationStateLabel(p.publicationStateString).toLowerCase()}`;
    }
    case 'delete':
      if (row.kind === 'live') {
        await client.call(endpoints.livePublication.delete, { body: { eventId: row.eventId ?? '', publications: [{ publicationId: row.id, destinationId: row.destinationId, hardDelete: options.hardDelete ?? false }] } });
      } else if (row.api === 'direct') {
        await client.call(endpoints.directVodPublication.delete, { params: { id: row.id }, query: { destinationId: row.destinationId } });
      } else {
        await client.call(endpoints.vodPublication.delete, { params: { id: row.id }, query: { hardDelete: options.hardDelete ?? false } });
      }
      return 'Deleted';
  }
}

/** The operation an action calls on a row: what the key's role is asked of. */
export function operationOf(row: MonitorRow, action: ActionId): { endpoint: Endpoint } {
  const direct = row.api === 'direct';
  switch (action) {
    case 'start': return api.livePublication.start;
    case 'cancelStart': case 'stop': return api.livePublication.stop;
    case 'publish': return direct ? api.directVodPublication.publish : api.livePublication.publish;
    case 'unpublish': return direct ? api.directVodPublication.unpublish : api.livePublication.unpublish;
    case 'recreate': return api.livePublication.recreate;
    case 'retry': return api.publicationMonitor.retry;
    case 'delete': return row.kind === 'live' ? api.livePublication.delete : direct ? api.directVodPublication.delete : api.vodPublication.delete;
  }
}

/** Every operation runAction may call: their records say what an action makes stale. */
const ACTION_OPERATIONS = [
  api.livePublication.start,
  api.livePublication.stop,
  api.livePublication.publish,
  api.livePublication.unpublish,
  api.livePublication.recreate,
  api.livePublication.delete,
  api.vodPublication.create,
  api.vodPublication.delete,
  api.directVodPublication.publish,
  api.directVodPublication.unpublish,
  api.directVodPublication.update,
  api.directVodPublication.delete,
];

/** The row's action menu, with its confirmations. */
export function PublicationActions({ row, onDone }: { row: MonitorRow; onDone?: () => void }) {
  const describeError = useDescribeError();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [pending, setPending] = useState<ActionInfo | null>(null);
  const [hardDelete, setHardDelete] = useState(false);
  const can = useCan();
  const actions = actionsFor(row).map((a) => ({ ...a, permission: can(operationOf(row, a.id)) }));
  const refused = actions.find((a) => !a.permission.allowed)?.permission;
  const mutation = useMutation({
    mutationFn: (action: ActionId) => runAction(row, action, { hardDelete }),
    meta: { invalidates: invalidatesOf(...ACTION_OPERATIONS) },
    onSuccess: (message) => {
      notify(message, { severity: 'success' });
      setPending(null);
      onDone?.();
    },
    onError: (error) => {
      if (!pending) notify(describeError(error).message, { severity: 'error' });
    },
  });
  const choose = (action: ActionInfo) => {
    setAnchor(null);
    setHardDelete(false);
    if (action.confirm) setPending(action);
    else mutation.mutate(action.id);
  };
  const label = `Actions for the publication on ${row.destinationName ?? targetName(row.target)}`;
  return (
    <>
      <Tooltip title="Actions">
        <IconButton size="small" aria-label={label} aria-haspopup="menu" onClick={(e) => { e.stopPropagation(); setAnchor(e.currentTarget); }} disabled={mutation.isPending}>
          <MoreIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} onClick={(e) => e.stopPropagation()}>
        {refused && (
          <Typography variant="body2" role="note" sx={{ px: 2, py: 1, maxWidth: 320, color: 'text.secondary' }}>
            {refused.reason}
          </Typography>
        )}
        {actions.map((a) => (
          <MenuItem key={a.id} disabled={!a.permission.allowed} onClick={() => choose(a)}>
            <ListItemIcon>
              <a.icon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{a.label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
      {pending?.confirm && (
        <ConfirmDialog
          open
          title={pending.confirm.title}
          confirmLabel={pending.confirm.button}
          destructive={pending.confirm.destructive}
          mutation={mutation}
          onConfirm={() => mutation.mutate(pending.id)}
          onClose={() => {
            setPending(null);
          }}
        >
          <Typography>{pending.confirm.body}</Typography>
          {pending.id === 'delete' && row.api !== 'direct' && (
            <FormControlLabel
              sx={{ mt: 1 }}
              control={<Checkbox checked={hardDelete} onChange={(e) => setHardDelete(e.target.checked)} />}
              label={`Also remove it from ${targetName(row.target)}`}
            />
          )}
        </ConfirmDialog>
      )}
    </>
  );
}

/**
 * Retries a failed publication as its row action does (the alert centre's fix): read as the
 * monitor shows it, then published again (VOD) or recreated (live).
 */
export async function retryPublication(id: string): Promise<string> {
  const row = await getApiClient().call(endpoints.publicationMonitor.get, { params: { id } });
  return runAction(row, row.kind === 'live' ? 'recreate' : 'retry');
}
