/**
 * "Copy from another event": find the event by title, see its audio inputs, and copy them to this
 * event (GET /channelprofile/clone/), which replaces this event's inputs.
 */
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import type { ChannelProfile, Event } from '#schema';
import { useDescribeError } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { type PickedEvent } from '#components/event-picker.tsx';
import { PickEventDialog } from '#components/pick-event-dialog.tsx';
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
  const [source, setSource] = useState<PickedEvent | null>(null);
  const preview = useQuery({
    ...api.channelProfile.getForEvent.queryOptions({ params: { id: source?.id ?? event.id }, query: { noCache: true } }),
    enabled: open && source !== null,
  });
  const clone = useMutation(api.channelProfile.clone.mutationOptions());
  const sourceProfile = source && preview.data !== undefined ? preview.data : undefined;

  const close = () => {
    setSource(null);
    onClose();
  };

  return (
    <PickEventDialog
      open={open}
      title="Copy audio inputs from another event"
      intro={
        <>
          {current && current.audioInputs.length > 0
            ? `The copy replaces this event’s ${current.audioInputs.length === 1 ? 'audio input' : `${current.audioInputs.length} audio inputs`} (${describeInputs(current)}).`
            : 'The copy becomes this event’s channel profile.'}
          {unsaved && ' Your unsaved changes to the inputs are discarded.'}
        </>
      }
      excludeId={event.id}
      pickerLabel="Event to copy from"
      picked={source}
      onPick={setSource}
      actionLabel={current ? 'Replace with these inputs' : 'Copy these inputs'}
      actionColor={current ? 'warning' : 'primary'}
      disabled={!sourceProfile}
      mutation={clone}
      onClose={close}
      onAct={(picked) =>
        clone.mutate(
          { query: { sourceEventId: picked.id, targetEventId: event.id, removeSource: false } },
          {
            onSuccess: (profile) => {
              onCloned(profile, picked);
              setSource(null);
            },
          },
        )
      }
    >
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
      </Box>
    </PickEventDialog>
  );
}
