/** The event playlist card's dialogs: cloning the playlist to another event, and the DRM of a standard composition. */
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DrmConfigurationSchema, type Event } from '#schema';
import { useDescribeError } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { notify } from '#app/notifications.tsx';
import { EventPicker, type PickedEvent } from '#components/event-picker.tsx';
import { type CompositionKind } from './playlist-document.ts';

export function CloneDialog({ open, event, kind, onClose }: { open: boolean; event: Event; kind: CompositionKind; onClose: () => void }) {
  const describeError = useDescribeError();
  const titleId = useId();
  const navigate = useNavigate();
  const [target, setTarget] = useState<PickedEvent | null>(null);
  const clone = useMutation(api.compose.clone.mutationOptions());
  const close = () => {
    if (clone.isPending) return;
    clone.reset();
    setTarget(null);
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Clone the playlist to another event</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {kind === 'standard'
            ? 'The copy replaces the playlist of a standard composition (or of an event waiting for content), which is then generated from it.'
            : 'The copy becomes the playlist of a live event on a channel that supports composition; it replaces the playlist it has.'}
        </Typography>
        <EventPicker value={target?.id ?? null} onChange={(_id, next) => setTarget(next)} excludeId={event.id} label="Target event" placeholder="Search by title" autoFocus />
        {clone.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {describeError(clone.error).message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} disabled={clone.isPending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={!target || clone.isPending}
          startIcon={clone.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          onClick={() => {
            if (!target) return;
            clone.mutate(
              { params: { sourceEventId: event.id }, query: { targetEventId: target.id } },
              {
                onSuccess: () => {
                  const done = target;
                  close();
                  notify(`Cloned the playlist to ‘${done.title || 'Untitled event'}’.`, {
                    severity: 'success',
                    action: { label: 'Open', onClick: () => void navigate(`/compose/${done.id}`) },
                  });
                },
              },
            );
          }}
        >
          Clone
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function DrmDialog({ open, event, onClose }: { open: boolean; event: Event; onClose: () => void }) {
  const describeError = useDescribeError();
  const titleId = useId();
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
    <Dialog open={open} onClose={() => !setDrm.isPending && onClose()} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>DRM of the composition</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          The DRM configuration the generated video is protected with, as JSON (<code>{'{"drm_provider": "THIRDPARTY", "drm_data": [...]}'}</code>). Empty removes the DRM.
        </Typography>
        <TextField
          label="DRM JSON"
          multiline
          minRows={6}
          fullWidth
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={Boolean(problem)}
          helperText={problem ?? ' '}
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'ui-monospace, monospace', fontSize: 13 } } }}
        />
        {setDrm.isError && <Alert severity="error">{describeError(setDrm.error).message}</Alert>}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={setDrm.isPending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={Boolean(problem) || setDrm.isPending}
          startIcon={setDrm.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          onClick={() =>
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
          {text.trim() ? 'Save DRM' : 'Remove DRM'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
