/**
 * Clone and delete, in a menu beside the live controls. Delete is soft (the event moves to the
 * deleted events) and its notification offers Undo, which restores it.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Tooltip } from '#components/tooltip.tsx';
import CopyIcon from '@mui/icons-material/ContentCopyOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import MoreIcon from '@mui/icons-material/MoreVert';
import type { Event } from '#schema';
import { invalidateAfter } from '#client';
import { useDescribeError } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { useCan } from '#app/use-role.ts';
import { notify } from '#app/notifications.tsx';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { isLive, isTransitional } from './event-transitions.ts';

type Pending = 'clone' | 'delete';

export function EventMoreMenu({ event}: { event: Event }) {
  const describeError = useDescribeError();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [pending, setPending] = useState<Pending>('clone');
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const clone = useMutation(api.event.clone.mutationOptions());
  const remove = useMutation(api.event.delete.mutationOptions());
  // Deleting an event that is on air would leave an encoder running for an event nobody can see.
  const onAir = isLive(event.state) || isTransitional(event.state);
  const name = `‘${event.title}’`;
  const can = useCan();
  const cloning = can(api.event.clone);
  const deleting = can(api.event.delete);

  const choose = (what: Pending) => {
    setAnchor(null);
    setPending(what);
    setError(undefined);
    setOpen(true);
  };

  const refreshLists = () => void invalidateAfter(queryClient, api.event.restore);

  // Runs from the notification, after this page has gone: a plain call, not this component's mutation.
  const undo = async (id: string) => {
    try {
      const restored = await api.event.restore.call({ params: { id } });
      refreshLists();
      notify(`Restored ‘${restored.title}’.`, { severity: 'success' });
      void navigate(`/events/${restored.id}`);
    } catch (e) {
      notify(`Could not restore ${name}: ${describeError.action(e, 'event.restore')}`, { severity: 'error' });
    }
  };

  const confirm = async () => {
    setError(undefined);
    try {
      if (pending === 'clone') {
        const copy = await clone.mutateAsync({ params: { id: event.id } });
        refreshLists();
        setOpen(false);
        notify(`Cloned ${name}. This is the copy.`, { severity: 'success' });
        void navigate(`/events/${copy.id}`);
      } else {
        await remove.mutateAsync({ params: { id: event.id }, query: { hardDelete: false } });
        refreshLists();
        setOpen(false);
        notify(`Deleted ${name}.`, { severity: 'info', action: { label: 'Undo', onClick: () => void undo(event.id) } });
        void navigate('/events');
      }
    } catch (e) {
      setError(describeError.action(e, pending === 'clone' ? 'event.clone' : 'event.delete'));
    }
  };

  return (
    <>
      <Tooltip title="More actions">
        <IconButton aria-label="More actions" aria-haspopup="menu" aria-expanded={Boolean(anchor)} onClick={(e) => setAnchor(e.currentTarget)}>
          <MoreIcon />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <MenuItem onClick={() => choose('clone')} disabled={!cloning.allowed}>
          <ListItemIcon>
            <CopyIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary="Clone…" secondary={cloning.allowed ? undefined : 'Needs an operator or admin key'} />
        </MenuItem>
        <MenuItem onClick={() => choose('delete')} disabled={onAir || !deleting.allowed} sx={{ color: 'error.main' }}>
          <ListItemIcon sx={{ color: 'inherit' }}>
            <DeleteIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary="Delete…" secondary={!deleting.allowed ? 'Needs an operator or admin key' : onAir ? 'Stop the event first' : undefined} />
        </MenuItem>
      </Menu>
      <ConfirmDialog
        open={open}
        title={pending === 'clone' ? 'Clone the event?' : 'Delete the event?'}
        confirmLabel={pending === 'clone' ? 'Clone' : 'Delete'}
        destructive={pending === 'delete'}
        busy={clone.isPending || remove.isPending}
        error={error}
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      >
        {pending === 'clone'
          ? `Create a copy of ${name} with the same settings, in its first state and without the reference and external IDs. You will be taken to the copy.`
          : `Delete ${name}. It moves to Deleted events, where you can restore it.`}
      </ConfirmDialog>
    </>
  );
}
