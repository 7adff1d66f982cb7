/**
 * Guided publishing: publish a content id (an event's MP4) directly to one or more direct
 * destinations. Each destination's publicationJson is built from a form whose choices come from
 * the target's metadata lookups (GET /destination/metadata/{id}): VideoSite asks for the region,
 * then a category of that region, the privacy, the licence and a playlist of the account;
 * SocialNetwork for one of the account's pages. The form is checked before sending (the schema
 * module's own rules), the service's 400s land on the fields, and after sending the dialog shows
 * each destination's publication as it goes through Processing to Completed.
 */
import { useMemo, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useFormSubmit } from '#components/form/use-form-submit.ts';
import { DestinationTarget, type Destination } from '#schema';
import { api } from '#app/api.ts';
import { notify } from '#app/notifications.tsx';
import { useDescribeError } from '#app/use-describe-error.ts';
import { ActionDialog } from '#components/action-dialog.tsx';
import { Mp4Offer, useEventMp4 } from './event-mp4.tsx';
import { directPublishSchema, emptyGuided, fieldOfKey, publicationFields, type DirectPublishValues } from './direct-publish-form.ts';
import { DestinationChoiceLabel, PublicationStateChip, targetName } from './targets.tsx';
import { DestinationForm } from './direct-publish-fields.tsx';

/** After sending: each destination's publication, followed until it is done. */
function Results({ transactionId }: { transactionId: string }) {
  const describe = useDescribeError();
  const list = useQuery({
    ...api.directVodPublication.listByTransaction.queryOptions({ params: { transactionId }, query: { transactionId } }),
  });
  if (list.error) return <Alert severity="error">{describe(list.error).message}</Alert>;
  if (!list.data) return <Skeleton variant="rounded" height={80} />;
  return (
    <List aria-label="Result per destination" dense>
      {list.data.map((p) => (
        <ListItem key={p.id} divider>
          <ListItemIcon sx={{ minWidth: 140 }}>
            <PublicationStateChip kind="vod" state={p.publicationState} stateString={p.publicationStateString} />
          </ListItemIcon>
          <ListItemText primary={<>{p.destinationName} · {targetName(p.target)}</>} secondary={<RouterLink to={`/publications?pub=${p.id}`}>Open in the publications monitor</RouterLink>} />
        </ListItem>
      ))}
    </List>
  );
}

export function DirectPublishDialog({ eventId, contentId, title, onClose }: { eventId: string; contentId: string | null; title: string; onClose: () => void }) {
  const describe = useDescribeError();
  const mp4 = useEventMp4(eventId);
  const mp4Ready = mp4.ready;
  const destinations = useQuery(api.destination.list.queryOptions({}));
  const list = useMemo(() => destinations.data ?? [], [destinations.data]);
  const schema = useMemo(() => directPublishSchema(list), [list]);
  const form = useForm<DirectPublishValues>({
    resolver: zodResolver(schema) as unknown as Resolver<DirectPublishValues>,
    defaultValues: { selected: [], forms: {} },
  });
  const selected = useWatch({ control: form.control, name: 'selected' });
  const create = useMutation(api.directVodPublication.create.mutationOptions());
  const [transactionId, setTransactionId] = useState<string | null>(null);
  const chosen = list.filter((d) => selected.includes(d.id));

  const toggle = (d: Destination) => {
    const next = selected.includes(d.id) ? selected.filter((id) => id !== d.id) : [...selected, d.id];
    if (!form.getValues(`forms.${d.id}`)) form.setValue(`forms.${d.id}`, emptyGuided(title.slice(0, d.target === DestinationTarget.values.MicroBlog ? 280 : 100)));
    form.setValue('selected', next, { shouldValidate: form.formState.isSubmitted });
  };

  const submit = useFormSubmit(
    form,
    async (values) => {
      if (!contentId) return;
      const created = await create.mutateAsync({
        body: { publications: chosen.map((d) => ({ contentId, destinationId: d.id, publicationJson: JSON.stringify(publicationFields(d.target, values.forms[d.id]!)) })) },
      });
      notify(`${created.length} ${created.length === 1 ? 'publication' : 'publications'} created`, { severity: 'success' });
      setTransactionId(created[0]?.transactionId ?? null);
    },
    {
      // `body.publications.<n>.publicationJson.<key>`: the field of that key in the nth destination's form.
      map: (errors) => {
        const fields: { name: `forms.${string}.${string}`; message: string }[] = [];
        const other: string[] = [];
        for (const f of errors) {
          const m = /^body\.publications\.(\d+)\.publicationJson\.(\w+)/.exec(f.field);
          const d = m ? chosen[Number(m[1])] : undefined;
          const field = d && m ? fieldOfKey(d.target, m[2]!) : null;
          if (d && field) fields.push({ name: `forms.${d.id}.${field}`, message: f.message });
          else other.push(f.message);
        }
        return { fields, other };
      },
    },
  );

  const selectionError = form.formState.errors.selected?.message;
  return (
    <ActionDialog
      title="Publish directly"
      {...(transactionId
        ? { cancelLabel: 'Done' }
        : {
            actionLabel: `Publish to ${chosen.length || ''} ${chosen.length === 1 ? 'destination' : 'destinations'}`.replace('  ', ' '),
            onSubmit: submit.onSubmit,
            disabled: !contentId || !mp4Ready,
          })}
      busy={submit.busy}
      error={transactionId ? undefined : submit.error}
      onClose={onClose}
      maxWidth="md"
      long
    >
      {transactionId ? (
        <Stack spacing={1}>
          <Typography>The MP4 uploads to each destination; this list follows it.</Typography>
          <Results transactionId={transactionId} />
        </Stack>
      ) : (
        <Stack spacing={2} sx={{ pt: 1 }}>
          {!mp4Ready ? (
            <Mp4Offer mp4={mp4} />
          ) : !contentId ? (
            <Alert severity="warning">The event has no content id: direct publications name their content by it.</Alert>
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Content id {contentId}
            </Typography>
          )}
          <Box>
            <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
              Direct destinations
            </Typography>
            {destinations.error ? (
              <Alert severity="error">{describe(destinations.error).message}</Alert>
            ) : destinations.isPending ? (
              <Skeleton variant="rounded" height={40} />
            ) : list.length === 0 ? (
              <Alert severity="info">
                No direct destinations yet. <RouterLink to="/destinations?new=1">Add one</RouterLink> (used for direct publishing) first.
              </Alert>
            ) : (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                {list.map((d) => (
                  <FormControlLabel
                    key={d.id}
                    control={<Checkbox checked={selected.includes(d.id)} onChange={() => toggle(d)} />}
                    label={<DestinationChoiceLabel destination={d} />}
                  />
                ))}
              </Box>
            )}
            {selectionError && <FormHelperText error>{selectionError}</FormHelperText>}
          </Box>
          {chosen.map((d) => (
            <DestinationForm key={d.id} destination={d} control={form.control} setValue={form.setValue} />
          ))}
        </Stack>
      )}
    </ActionDialog>
  );
}
