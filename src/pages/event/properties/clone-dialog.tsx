/**
 * Copy the custom properties of another event onto this one (GET /customproperty/event/clone/).
 * The operator finds the source event by typing part of its title, sees what the copy will do to
 * this event (pairs it lacks are added, pairs it has take the source's value, its other
 * properties stay) and may move instead of copy (removeSource: the source loses its properties).
 */
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Event } from '#schema';
import { api } from '#app/api.ts';
import { notify } from '#app/notifications.tsx';
import { useDescribeError } from '#app/use-describe-error.ts';
import { type PickedEvent } from '#components/event-picker.tsx';
import { PickEventDialog } from '#components/pick-event-dialog.tsx';
import { planPaste, countActions } from './paste.ts';
import { type PropertyRow } from './property-source.ts';

export interface CloneDialogProps {
  open: boolean;
  /** The event that receives the properties. */
  event: Event;
  existing: readonly PropertyRow[];
  onClose: () => void;
}

export function CloneDialog(props: CloneDialogProps) {
  return props.open ? <CloneDialogBody {...props} /> : null;
}

function CloneDialogBody({ event, existing, onClose }: CloneDialogProps) {
  const describe = useDescribeError();
  const [picked, setPicked] = useState<PickedEvent | null>(null);
  const [removeSource, setRemoveSource] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const sourceProps = useQuery({
    ...api.customProperty.list.queryOptions({ query: { eventId: picked?.id ?? '' } }),
    enabled: picked !== null,
  });
  const clone = useMutation(api.customProperty.clone.mutationOptions());

  const incoming = sourceProps.data ?? [];
  const counts = countActions(planPaste(incoming.map((p, i) => ({ line: i + 1, category: p.category, key: p.key, value: p.value })), existing));
  const n = incoming.length;
  const plural = (k: number, one: string, many: string) => `${k} ${k === 1 ? one : many}`;

  const run = async (picked: PickedEvent) => {
    setError(null);
    try {
      // The copy's `invalidates` refreshes this event's list before it answers.
      await clone.mutateAsync({ query: { sourceEventId: picked.id, targetEventId: event.id, removeSource } });
      notify(`${removeSource ? 'Moved' : 'Copied'} ${plural(n, 'property', 'properties')} from ‘${picked.title}’.`, { severity: 'success' });
      onClose();
    } catch (e) {
      setError(describe(e).message);
    }
  };

  return (
    <PickEventDialog
      title="Copy properties from another event"
      intro="Every custom property of the event you pick is copied onto this one. A category and key this event has already takes the other event’s value; this event’s other properties stay."
      excludeId={event.id}
      pickerLabel="Event to copy from"
      placeholder="Type part of its title"
      picked={picked}
      onPick={(next) => {
        setPicked(next);
        setError(null);
      }}
      actionLabel={picked && n > 0 ? `${removeSource ? 'Move' : 'Copy'} ${plural(n, 'property', 'properties')}` : removeSource ? 'Move' : 'Copy'}
      actionColor={removeSource ? 'warning' : 'primary'}
      disabled={n === 0}
      busy={clone.isPending}
      error={error ?? undefined}
      onClose={onClose}
      onAct={(source) => void run(source)}
    >
      {picked && (
        <Box sx={{ mt: 2 }} role="status" aria-live="polite">
          {sourceProps.isPending ? (
            <Skeleton width="70%" />
          ) : sourceProps.error ? (
            <Alert severity="error">Could not read its properties. {describe(sourceProps.error).message}</Alert>
          ) : n === 0 ? (
            <Alert severity="info">‘{picked.title}’ has no custom properties: there is nothing to copy.</Alert>
          ) : (
            <Typography variant="body2">
              ‘{picked.title}’ has {plural(n, 'custom property', 'custom properties')}:{' '}
              {[
                counts.add && `${counts.add} new here`,
                counts.update && `${plural(counts.update, 'replaces a value', 'replace values')} here`,
                counts.unchanged && `${counts.unchanged} already the same`,
              ]
                .filter(Boolean)
                .join(', ')}
              .
            </Typography>
          )}
        </Box>
      )}
      <FormControlLabel
        sx={{ mt: 1 }}
        control={<Checkbox checked={removeSource} onChange={(e) => setRemoveSource(e.target.checked)} />}
        label="Move instead of copy"
      />
      <FormHelperText sx={{ mt: -0.5, ml: 4 }}>
        {removeSource
          ? `The properties are deleted from ${picked ? `‘${picked.title}’` : 'the other event'} afterwards.`
          : `${picked ? `‘${picked.title}’` : 'The other event'} keeps its properties.`}
      </FormHelperText>
    </PickEventDialog>
  );
}
