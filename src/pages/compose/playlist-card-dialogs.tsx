/** The event playlist card's dialogs: cloning the playlist to another event, and the DRM of a standard composition. */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DrmConfigurationSchema, type Event } from '#schema';
import { api } from '#app/api.ts';
import { notify } from '#app/notifications.tsx';
import { ActionDialog } from '#components/action-dialog.tsx';
import { type PickedEvent } from '#components/event-picker.tsx';
import { PickEventDialog } from '#components/pick-event-dialog.tsx';
import { type CompositionKind } from './playlist-document.ts';

export function CloneDialog({ open, event, kind, onClose }: { open: boolean; event: Event; kind: CompositionKind; onClose: () => void }) {
  const navigate = useNavigate();
  const [target, setTarget] = useState<PickedEvent | null>(null);
  const clone = useMutation(api.compose.clone.mutationOptions());
  const close = () => {
    setTarget(null);
    onClose();
  };
  return (
    <PickEventDialog
      open={open}
      title="Clone the playlist to another event"
      intro={
        kind === 'standard'
          ? 'The copy replaces the playlist of a standard composition (or of an event waiting for content), which is then generated from it.'
          : 'The copy becomes the playlist of a live event on a channel that supports composition; it replaces the playlist it has.'
      }
      excludeId={event.id}
      pickerLabel="Target event"
      picked={target}
      onPick={setTarget}
      actionLabel="Clone"
      mutation={clone}
      onClose={close}
      onAct={(done) =>
        clone.mutate(
          { params: { sourceEventId: event.id }, query: { targetEventId: done.id } },
          {
            onSuccess: () => {
              close();
              notify(`Cloned the playlist to ‘${done.title || 'Untitled event'}’.`, {
                severity: 'success',
                action: { label: 'Open', onClick: () => void navigate(`/compose/${done.id}`) },
              });
            },
          },
        )
      }
    />
  );
}

export function DrmDialog({ open, event, onClose }: { open: boolean; event: Event; onClose: () => void }) {
  const [text, setText] = useState(event.drmJson ?? '');
  const setDrm = useMutation(api.compose.setDrm.mutationOptions());
  const problem = (() => {
    if (!text.trim()) return undefined;
    try {
      const parsed = DrmConfigurationSchema.safeParse(JSON.parse(text));
      return parsed.success ? undefined : `Not a DRM configuration: ${parsed.error.issues[0]?.path.join('.') || 'value'} ${parsed.error.issues[0]?.message ?? ''}`;
    } catch {
      return 'Not valid JSON.';
    }
  })();
  return (
    <ActionDialog
      open={open}
      title="DRM of the composition"
      actionLabel={text.trim() ? 'Save DRM' : 'Remove DRM'}
      disabled={Boolean(problem)}
      mutation={setDrm}
      onClose={onClose}
      onAction={() =>
        setDrm.mutate(
          { params: { eventId: event.id }, body: { drmJson: text.trim() } },
          {
            onSuccess: () => {
              notify(text.trim() ? 'Saved the DRM of the composition.' : 'Removed the DRM of the composition.', { severity: 'success' });
              onClose();
            },
          },
        )
      }
    >
      <Typography variant="body2" sx={{ mb: 2 }}>
        The DRM configuration the generated video is protected with, as JSON (<code>{'{"drm_provider": "THIRDPARTY", "drm_data": [...]}'}</code>). Empty removes the DRM.
      </Typography>
      <TextField
        label="DRM JSON"
        multiline
        minRows={6}
        fullWidth
        autoFocus
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={Boolean(problem)}
        helperText={problem ?? ' '}
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'ui-monospace, monospace', fontSize: 13 } } }}
      />
    </ActionDialog>
  );
}
