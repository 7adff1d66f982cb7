/**
 * "Copy from another event": find the event by title, see its audio inputs, and copy them to this
 * event (GET /channelprofile/clone/), which replaces this event's inputs.
 */
import { useId, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ChannelProfile, Event } from '#schema';
import { useDescribeError } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { EventPicker, type PickedEvent } from '#components/event-picker.tsx';
import { languageLabel } from './languages.ts';

function describeInputs(profile: ChannelProfile): string {
  return profile.audioInputs.map((i) => `${languageLabel(i.languageCode)} on channel ${i.audioChannel}${i.audioEnabled ? '' : ' (disabled)'}`).join(', ');
}

export interface CloneProfileDialogProps {
  open: boolean;
  event: Event;
  /** This event's profile now, to say what is replaced. */
  current: ChannelProfile | null;
  /** This event's rows have unsaved edits, which the copy discards. */
  unsaved: boolean;
  onClose: () => void;
  onCloned: (profile: ChannelProfile, source: PickedEvent) => void;
}

export function CloneProfileDialog({ open, event, current, unsaved, onClose, onCloned }: CloneProfileDialogProps) {
  const describeError = useDescribeError();
  const titleId = useId();
  const [source, setSource] = useState<PickedEvent | null>(null);
  const preview = useQuery({
    ...api.channelProfile.getForEvent.queryOptions({ params: { id: source?.id ?? event.id }, query: { noCache: true } }),
    enabled: open && source !== null,
  });
  const clone = useMutation(api.channelProfile.clone.mutationOptions());
  const sourceProfile = source && preview.data !== undefined ? preview.data : undefined;

  const close = () => {
    if (clone.isPending) return;
    clone.reset();
    setSource(null);
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Copy audio inputs from another event</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {current && current.audioInputs.length > 0
            ? `The copy replaces this event’s ${current.audioInputs.length === 1 ? 'audio input' : `${current.audioInputs.length} audio inputs`} (${describeInputs(current)}).`
            : 'The copy becomes this event’s channel profile.'}
          {unsaved && ' Your unsaved changes to the inputs are discarded.'}
        </Typography>
        <EventPicker value={source?.id ?? null} onChange={(_id, next) => setSource(next)} excludeId={event.id} label="Event to copy from" placeholder="Search by title" autoFocus />
        <Box sx={{ mt: 2, minHeight: 56 }} aria-live="polite">
          {source && preview.isPending && <Skeleton variant="rounded" height={48} />}
          {source && preview.isError && <Alert severity="error">{describeError(preview.error).message}</Alert>}
          {source && sourceProfile === null && <Alert severity="info">‘{source.title || 'Untitled event'}’ has no channel profile: there is nothing to copy.</Alert>}
          {source && sourceProfile && (
            <Alert severity={current ? 'warning' : 'info'} icon={false}>
              {sourceProfile.audioInputs.length === 0
                ? `‘${source.title || 'Untitled event'}’ has a channel profile without inputs: copying it leaves this event without audio inputs.`
                : `‘${source.title || 'Untitled event'}’ has ${sourceProfile.audioInputs.length === 1 ? 'one input' : `${sourceProfile.audioInputs.length} inputs`}: ${describeInputs(sourceProfile)}.`}
            </Alert>
          )}
          {clone.isError && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {describeError(clone.error).message}
            </Alert>
          )}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} disabled={clone.isPending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          color={current ? 'warning' : 'primary'}
          disabled={!source || !sourceProfile || clone.isPending}
          startIcon={clone.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          onClick={() => {
            if (!source) return;
            clone.mutate(
              { query: { sourceEventId: source.id, targetEventId: event.id, removeSource: false } },
              {
                onSuccess: (profile) => {
                  onCloned(profile, source);
                  setSource(null);
                },
              },
            );
          }}
        >
          {current ? 'Replace with these inputs' : 'Copy these inputs'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
